import { Suspense, useEffect, useRef } from 'react';
import { Outlet, useLocation } from 'react-router';
import { PageLoading } from '../components/page-loading';
import { PlainToasts } from '../components/ui/plain-toasts';
import { useToasts, watchUsedControls } from '../components/ui/use-toast';
import { useUserState } from '../features/auth/user-store';
import { useHydrated } from '../lib/hydrated';
import { preloadable } from '../lib/preloadable';
import { useShellPart } from '../lib/shell-part';
import { PageErrorBoundary } from './error-boundary';
import { Footer } from './footer';
import { Header } from './header';
import { PageHydrated } from './page-hydrated';
import { useRouteHead } from './use-route-head';

const skipLinkClass =
  'sr-only focus:not-sr-only focus:fixed focus:left-4 focus:top-4 focus:z-[200] focus:rounded-md focus:bg-white focus:px-4 focus:py-2 focus:font-semibold focus:text-brand-800 focus:shadow-lg';

function focusById(id: string) {
  const element = document.getElementById(id);
  element?.focus();
  element?.scrollIntoView({ block: 'start' });
}

// Radix's toast code arrives with the first toast: most visits never show one.
const ToasterPart = preloadable(() => import('../components/ui/toaster').then((module) => module.Toaster));

// Said only when the user could not be loaded: most visits never need its code.
const UserLoadAlertPart = preloadable(() => import('../features/auth/user-load-alert').then((module) => module.UserLoadAlert));

function UserLoadFailure() {
  const hydrated = useHydrated();
  const { status, data, fetching } = useUserState();
  const wanted = hydrated && status === 'error' && data === undefined;
  // Its code cannot come while the network is down, which is when it is wanted: asked again at each try.
  const { Loaded } = useShellPart(UserLoadAlertPart, wanted, fetching);
  return wanted && Loaded ? <Loaded /> : null;
}

function Toasts() {
  const toasts = useToasts();
  useEffect(watchUsedControls, []);
  const { Loaded, failed } = useShellPart(ToasterPart, toasts.length > 0, toasts);
  if (toasts.length === 0) return null;
  if (Loaded) return <Loaded />;
  // The network dropped before the toasts' code came: the toast is said plainly, never lost.
  return failed ? <PlainToasts toasts={toasts} /> : null;
}

/** The page frame: skip links, navigation, main content, footer, toasts, and the Alt+M / Alt+N shortcuts. */
export function Layout() {
  useRouteHead();
  const { pathname } = useLocation();
  const firstRender = useRef(true);

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (!event.altKey || event.ctrlKey || event.metaKey) return;
      const key = event.key.toLowerCase();
      if (key === 'm' || event.code === 'KeyM') {
        event.preventDefault();
        focusById('main-content');
      } else if (key === 'n' || event.code === 'KeyN') {
        event.preventDefault();
        focusById('main-navigation');
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);

  useEffect(() => {
    if (firstRender.current) {
      firstRender.current = false;
      return;
    }
    window.scrollTo(0, 0);
    document.getElementById('main-content')?.focus({ preventScroll: true });
  }, [pathname]);

  return (
    <div className="flex min-h-screen flex-col">
      <a href="#main-content" className={skipLinkClass} onClick={(e) => (e.preventDefault(), focusById('main-content'))}>
        Skip to main content
      </a>
      <a href="#main-navigation" className={skipLinkClass} onClick={(e) => (e.preventDefault(), focusById('main-navigation'))}>
        Skip to navigation
      </a>
      <a href="#site-footer" className={skipLinkClass} onClick={(e) => (e.preventDefault(), focusById('site-footer'))}>
        Skip to footer
      </a>
      <Header />
      {/* At least a screen tall, so the footer does not jump down when the page's own chunk arrives (layout shift). */}
      <main id="main-content" tabIndex={-1} className="min-h-screen flex-1 outline-none">
        <PageErrorBoundary key={pathname}>
          <Suspense fallback={<PageLoading />}>
            <Outlet />
            <PageHydrated />
          </Suspense>
        </PageErrorBoundary>
      </main>
      <Footer />
      <Toasts />
      <UserLoadFailure />
    </div>
  );
}
