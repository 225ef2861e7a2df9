/**
 * Every route of docs/product.md §2: its screen, and whether it depends on who the visitor is.
 * `signedIn` routes depend on who the visitor is (an account; for /welcome, the newsletter flag
 * in the browser): the server draws a state that holds for everyone and the page decides once it
 * knows. They are not indexed. Each route's title and description are in route-heads.ts, which
 * the browser loads only when it navigates (the first page's head is the server's): the first
 * script of every visit stays small.
 */
export interface RouteMeta {
  path: string;
  /** The screen's file in client/pages/ (without .tsx); routes not built yet use the placeholder. */
  page?: string;
  signedIn?: boolean;
  /** Pages that only make sense for one person (forms' confirmations, tokens) stay out of search. */
  noindex?: boolean;
}

export const routes: readonly RouteMeta[] = [
  { path: '/', page: 'home' },
  { path: '/auth', page: 'auth' },
  { path: '/reset-password', page: 'reset-password', noindex: true },
  { path: '/verify-email', page: 'verify-email', noindex: true },
  { path: '/newsletter', page: 'newsletter' },
  { path: '/free-resources', page: 'free-resources' },
  { path: '/create-profile', page: 'create-profile' },
  { path: '/start-here', page: 'start-here' },
  { path: '/resources', page: 'resources' },
  { path: '/search', page: 'search', noindex: true },
  { path: '/checkup', page: 'checkup' },
  { path: '/checkup/results/:id', page: 'checkup-results', noindex: true },
  { path: '/checkup/progress', page: 'checkup-progress', signedIn: true, noindex: true },
  { path: '/checkup/reminders', page: 'checkup-reminders', noindex: true },
  { path: '/checkup/confirm', page: 'checkup-confirm', noindex: true },
  { path: '/contact', page: 'contact' },
  { path: '/field-guides', page: 'field-guides' },
  { path: '/five-pillars', page: 'five-pillars' },
  { path: '/weekly-dish/:slug', page: 'edition' },
  { path: '/unsubscribe', page: 'unsubscribe', noindex: true },
  { path: '/preferences', page: 'preferences', noindex: true },
  { path: '/follow-ups/unsubscribe', page: 'follow-ups-unsubscribe', noindex: true },
  { path: '/newsletter/confirm', page: 'newsletter-confirm', noindex: true },
  { path: '/weekly-dish', page: 'editions' },
  { path: '/weekly-dish-thanks', page: 'edition-thanks', noindex: true },
  { path: '/field-guide/impact', page: 'field-guide' },
  { path: '/field-guide/humans', page: 'field-guide' },
  { path: '/field-guide/fuel', page: 'field-guide' },
  { path: '/field-guide/gears', page: 'field-guide' },
  { path: '/field-guide/future', page: 'field-guide' },
  { path: '/privacy-policy', page: 'legal-privacy' },
  { path: '/terms-of-service', page: 'legal-terms' },
  { path: '/cookie-policy', page: 'legal-cookies' },
  { path: '/pricing', page: 'pricing' },
  { path: '/teams', page: 'teams' },
  { path: '/premium', page: 'premium' },
  { path: '/premium-resources', page: 'premium-resources' },
  { path: '/webinars', page: 'webinars' },
  { path: '/coaching', page: 'coaching' },
  { path: '/premium-signup', page: 'premium-signup', signedIn: true, noindex: true },
  { path: '/allies/preview', page: 'allies-preview' },
  { path: '/field-guides/preview', page: 'field-guides-preview' },
  { path: '/toolkits/preview', page: 'toolkits-preview' },
  { path: '/slack/preview', page: 'slack-preview' },
  { path: '/coaching/preview', page: 'coaching-preview' },
  { path: '/welcome', page: 'welcome', signedIn: true, noindex: true },
  { path: '/premium-welcome', page: 'premium-welcome', signedIn: true, noindex: true },
  { path: '/allies/submit', page: 'allies-submit' },
  { path: '/allies/submit/success', page: 'allies-submit-success', noindex: true },
  { path: '/admin-setup', page: 'admin-setup', noindex: true },
  { path: '/allies', page: 'allies', signedIn: true, noindex: true },
  { path: '/subscribe', page: 'subscribe', signedIn: true, noindex: true },
  { path: '/premium-success', page: 'premium-success', signedIn: true, noindex: true },
  { path: '/account', page: 'account', signedIn: true, noindex: true },
  { path: '/account/receipts/:id', page: 'receipt', signedIn: true, noindex: true },
  { path: '/checkout/local/:id', page: 'checkout-local', signedIn: true, noindex: true },
  { path: '/team/join/:token', page: 'team-join', signedIn: true, noindex: true },
  { path: '/team-checkup', page: 'team-checkup', signedIn: true, noindex: true },
  { path: '/team-checkup/rounds/:id', page: 'team-checkup-round', signedIn: true, noindex: true },
  { path: '/team-checkup/rounds/:id/result', page: 'team-checkup-result', signedIn: true, noindex: true },
  { path: '/team-checkup/answer/:token', page: 'team-checkup-answer', noindex: true },
  { path: '/team-checkup/answer/:token/result', page: 'team-checkup-result', noindex: true },
  { path: '/plans', page: 'plans', signedIn: true, noindex: true },
  { path: '/plans/new', page: 'plan-new', signedIn: true, noindex: true },
  { path: '/plans/:id', page: 'plan', signedIn: true, noindex: true },
  { path: '/admin', page: 'admin', signedIn: true, noindex: true },
];

/** Old addresses that still work (docs/product.md (Decisions), "Newsletter marketing page"). */
export const redirects: Readonly<Record<string, string>> = {
  '/newsletter-info': '/weekly-dish',
  '/ally-submit': '/allies/submit',
};

/** Finds the route a path belongs to; `:name` segments match any single segment. */
export function matchRoute(pathname: string): RouteMeta | undefined {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  const parts = path.split('/');
  return routes.find((route) => {
    const pattern = route.path.split('/');
    return pattern.length === parts.length && pattern.every((seg, i) => (seg.startsWith(':') ? parts[i] !== '' : seg === parts[i]));
  });
}
