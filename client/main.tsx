import { hydrate } from '@tanstack/react-query';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { siteConfigQueryKey } from '#shared/site-config';
import { App } from './app/app';
import { readPageData } from './app/page-data';
import { preloadPage } from './app/routes';
import { hasSignedInHint, userQuery, userQueryKey } from './features/auth/use-user';
import { notePageLoad } from './lib/earlier-page';
import { createQueryClient } from './lib/query-client';
import { reportUncaughtErrors } from './lib/report-error';
import './styles.css';

notePageLoad();
reportUncaughtErrors();
const queryClient = createQueryClient();
const pageData = readPageData();
if (pageData) hydrate(queryClient, pageData.queries);
// A page the server did not render (the Vite dev server) has no settings in it yet.
else void queryClient.prefetchQuery({ queryKey: siteConfigQueryKey });
// Without the signed-in hint there is no session to ask about: the visitor is known at once.
// With it, the user is asked for now, while the page's modules load.
if (hasSignedInHint()) void queryClient.prefetchQuery(userQuery);
else queryClient.setQueryData(userQueryKey, null);

const root = document.getElementById('root')!;
const facts = pageData ?? { userPending: false, renderedAt: new Date().toISOString() };
// Navigations render at once, not as transitions: the app's flows (signing in or out, then
// going on) count on the new page being there in the same tick as the change that caused them.
const app = (
  <BrowserRouter useTransitions={false}>
    <App queryClient={queryClient} facts={facts} />
  </BrowserRouter>
);

if (pageData) {
  // The page's own modules first, so hydration renders the page the server sent, not a fallback.
  void preloadPage({ pathname: location.pathname, facts, queryClient })
    .catch(() => {})
    .then(() => hydrateRoot(root, app));
} else {
  // A page the server did not render (the Vite dev server): render it here.
  createRoot(root).render(app);
}
