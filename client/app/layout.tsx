import { lazy, type RefObject, Suspense, useEffect, useLayoutEffect, useRef } from 'react';
import { Outlet, useLocation } from 'react-router';
import { useToasts, watchUsedControls } from '../components/ui/use-toast';
import { useUserState } from '../features/auth/user-store';
import { useHydrated } from '../lib/hydrated';
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
const Toaster = lazy(() => import('../components/ui/toaster').then((module) => ({ default: module.Toaster })));

// Said only when the user could not be loaded: most visits never need its code.
const UserLoadAlert = lazy(() => import('../features/auth/user-load-alert').then((module) => ({ default: module.UserLoadAlert })));

function UserLoadFailure() {
  const hydrated = useHydrated();
  const { status, data } = useUserState();
  if (!hydrated || status !== 'error' || data !== undefined) return null;
  return (
    <Suspense fallback={null}>
      <UserLoadAlert />
    </Suspense>
  );
}

function Toasts() {
  const toasts = useToasts();
  useEffect(watchUsedControls, []);
  if (toasts.length === 0) return null;
  return (
    <Suspense fallback={null}>
      <Toaster />
    </Suspense>
  );
}

/**
 * Brings a loading state into sight when it appears above the header. A page reloaded far down is
 * put back where it was scrolled to, but drawn as loading (the account not known yet) it is much
 * shorter: the browser stops at the footer, with the loading state above the header, out of sight.
 * Scrolls just enough to show it right under the header; one already in sight stays where it is.
 */
export function useLoadingInSight(loading: RefObject<HTMLElement | null>) {
  useLayoutEffect(() => {
    const reveal = () => {
      const box = loading.current?.getBoundingClientRect();
      const headerBottom = document.getElementById('site-header')?.getBoundingClientRect().bottom ?? 0;
      if (box && box.top + box.height / 2 < headerBottom) window.scrollBy({ top: box.top - headerBottom, behavior: 'instant' });
    };
    reveal();
    // The browser may put a reloaded page back where it was once more when it has loaded (after a
    // slow image or font), which can come after the page's scripts have drawn this.
    if (document.readyState === 'complete') return;
    window.addEventListener('load', reveal, { once: true });
    return () => window.removeEventListener('load', reveal);
  }, [loading]);
}

export function PageLoading() {
  const box = useRef<HTMLDivElement>(null);
  useLoadingInSight(box);
  return (
    <div ref={box} className="flex min-h-[40vh] items-center justify-center" role="status" aria-live="polite">
      <span className="h-8 w-8 animate-spin rounded-full border-4 border-brand-100 border-t-brand-700" aria-hidden="true" />
      <span className="sr-only">Loading…</span>
    </div>
  );
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
