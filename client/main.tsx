import { createRoot, hydrateRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import type { SiteConfig } from '#shared/site-config';
import { shellApiPaths } from '#shared/api/shell-paths';
import { App } from './app/app';
import { readPageData } from './app/page-data';
import { preloadPage } from './app/routes';
import { hasSignedInHint, loadUser, setUser } from './features/auth/user-store';
import { apiRequest } from './lib/api';
import { notePageLoad } from './lib/earlier-page';
import { reportUncaughtErrors } from './lib/report-error';
import './styles.css';

notePageLoad();
reportUncaughtErrors();
// Without the signed-in hint there is no session to ask about: the visitor is known at once.
// With it, the user is asked for now, while the page's modules load.
if (hasSignedInHint()) void loadUser();
else setUser(null);

// TanStack Query loads only for a page that uses it (decision 021).
const queryClient = () => import('./lib/query-client').then((module) => module.browserQueryClient());
const root = document.getElementById('root')!;
const pageData = readPageData();

if (pageData) {
  const { queries, siteConfig, ...facts } = pageData;
  const app = appFor(siteConfig, facts);
  // The page's own modules and the data the server looked up first, so hydration renders the
  // page the server sent, not a fallback. The data goes into the query cache before the page's
  // preload runs, which then finds it there instead of asking the API for it.
  void (async () => {
    if (queries) await import('./lib/query-client').then((module) => module.hydrateQueries(queries)).catch(() => {});
    await preloadPage({ pathname: location.pathname, facts, queryClient }).catch(() => {});
    hydrateRoot(root, app);
  })();
} else {
  // A page the server did not render (the Vite dev server): its settings, then the page.
  void apiRequest<SiteConfig>('GET', shellApiPaths.config).then((siteConfig) =>
    createRoot(root).render(appFor(siteConfig, { userPending: false, renderedAt: new Date().toISOString() })),
  );
}

// Navigations render at once, not as transitions: the app's flows (signing in or out, then
// going on) count on the new page being there in the same tick as the change that caused them.
function appFor(siteConfig: SiteConfig, facts: { userPending: boolean; renderedAt: string }) {
  return (
    <BrowserRouter useTransitions={false}>
      <App siteConfig={siteConfig} facts={facts} />
    </BrowserRouter>
  );
}
