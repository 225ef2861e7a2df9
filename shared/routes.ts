import { site } from './site';

/**
 * Every route of docs/product.md §2, with the head tags the server writes into the HTML before any
 * script runs and the client keeps up to date while navigating. `signedIn` routes depend on who
 * the visitor is (an account; for /welcome, the newsletter flag in the browser): the server
 * draws a state that holds for everyone and the page decides once it knows. They are not indexed.
 */
export interface RouteMeta {
  path: string;
  /** The screen's file in client/pages/ (without .tsx); routes not built yet use the placeholder. */
  page?: string;
  title: string;
  description: string;
  signedIn?: boolean;
  /** Pages that only make sense for one person (forms' confirmations, tokens) stay out of search. */
  noindex?: boolean;
}

const guide = (slug: string, name: string, about: string): RouteMeta => ({
  path: `/field-guide/${slug}`,
  page: 'field-guide',
  title: `The ${name} Field Guide`,
  description: `The ${name} field guide for nonprofit leaders: ${about}. Practical sections, checklists and questions to ask.`,
});

export const routes: readonly RouteMeta[] = [
  { path: '/', page: 'home', title: `${site.name}: resources and community for nonprofit leaders`, description: 'Free field guides, a 10-minute organisational Check-Up, The Weekly Dish newsletter and a premium community with vetted vendors for nonprofit leaders.' },
  { path: '/auth', page: 'auth', title: 'Sign in or create your free account', description: 'Sign in to your account or create a free one to unlock all five field guides, the Check-Up and the resources library.' },
  { path: '/reset-password', page: 'reset-password', title: 'Reset your password', description: 'Choose a new password for your account.', noindex: true },
  { path: '/verify-email', page: 'verify-email', title: 'Confirm your email', description: 'Confirm that this email address is yours.', noindex: true },
  { path: '/newsletter', page: 'newsletter', title: 'Get The Weekly Dish, free', description: 'Join The Weekly Dish: one short email every Tuesday morning with trends, spotlights and tips for nonprofit leaders. Free.' },
  { path: '/free-resources', page: 'free-resources', title: 'Free resources for nonprofit leaders', description: 'Sign up free to unlock all five field guides, the essential resources library and The Weekly Dish newsletter.' },
  { path: '/create-profile', page: 'create-profile', title: 'Create your free profile', description: 'Create your free profile to unlock the field guides and resources for nonprofit leaders.' },
  { path: '/start-here', page: 'start-here', title: 'Start here: about the community', description: 'Who we are, who this is for and how to get the most out of the field guides, the Check-Up, the resources library and the community.' },
  { path: '/resources', page: 'resources', title: 'Resources library for nonprofit leaders', description: 'Checklists, templates and worksheets for nonprofit leaders, grouped by the five pillars: Impact, Humans, Fuel, Gears and Future.' },
  { path: '/checkup', page: 'checkup', title: 'The nonprofit Check-Up: a 10-minute health assessment', description: 'Twenty honest questions across the five pillars. Get a grade for your organisation and each pillar, with what to read next.' },
  { path: '/checkup/results/:id', page: 'checkup-results', title: 'Your Check-Up results', description: 'Your organisational Check-Up results: your overall grade, each pillar and what to read next.', noindex: true },
  { path: '/contact', page: 'contact', title: 'Contact us', description: 'Questions, partnerships, media or feedback: write to the team. We reply within 1-2 business days.' },
  { path: '/field-guides', page: 'field-guides', title: 'The five field guides', description: 'Five practical field guides for nonprofit leaders, one per pillar: Impact, Humans, Fuel, Gears and Future.' },
  { path: '/five-pillars', page: 'five-pillars', title: 'The five pillars of a healthy nonprofit', description: 'Impact, Humans, Fuel, Gears and Future: the five pillars we use to look at the health of a nonprofit.' },
  { path: '/weekly-dish/:slug', page: 'weekly-dish-edition', title: 'The Weekly Dish', description: 'An edition of The Weekly Dish, the free Tuesday newsletter for nonprofit leaders.' },
  { path: '/unsubscribe', page: 'unsubscribe', title: 'Unsubscribe from The Weekly Dish', description: 'Stop receiving The Weekly Dish.', noindex: true },
  { path: '/newsletter/confirm', page: 'newsletter-confirm', title: 'Confirm your subscription', description: 'Confirm that you want The Weekly Dish at this address.', noindex: true },
  { path: '/weekly-dish', page: 'weekly-dish', title: 'The Weekly Dish newsletter', description: 'The Weekly Dish: global trends, org spotlights and monthly tips for nonprofit leaders, every Tuesday morning. About 5 minutes, free.' },
  guide('impact', 'Impact', 'mission-driven tools and services'),
  guide('humans', 'Humans', 'people, culture, and team building'),
  guide('fuel', 'Fuel', 'fundraising and financial sustainability'),
  guide('gears', 'Gears', 'operations, systems, and technology'),
  guide('future', 'Future', 'strategy, growth, and innovation'),
  { path: '/privacy-policy', page: 'legal-privacy', title: 'Privacy Policy', description: 'What we collect, why, how long we keep it and the choices you have.' },
  { path: '/terms-of-service', page: 'legal-terms', title: 'Terms of Service', description: 'The terms for using the site and the premium membership: billing, cancellation and community conduct.' },
  { path: '/cookie-policy', page: 'legal-cookies', title: 'Cookie Policy', description: 'The cookies and local storage we use, how long they last and how to control them.' },
  { path: '/pricing', page: 'pricing', title: 'Pricing: premium membership', description: 'Premium membership for nonprofit leaders: $19/month or $190/year. The Allies Directory, coaching, webinars and the private Slack community.' },
  { path: '/premium', page: 'premium', title: 'Premium membership', description: 'Everything in premium: the Allies Directory of 50+ vetted vendors, monthly coaching, expert webinars, toolkits and the private Slack community.' },
  { path: '/premium-resources', page: 'premium-resources', title: 'Premium resources', description: 'The premium resources: expanded field guides, toolkits, webinar recordings, the Slack community and coaching.' },
  { path: '/webinars', page: 'webinars', title: 'Premium webinars', description: 'Monthly expert webinars for nonprofit leaders: sign up, join live, and find every recording in the library. Part of premium membership.' },
  { path: '/premium-signup', page: 'premium-signup', title: 'Start your premium membership', description: 'Choose monthly or yearly and start your premium membership.', signedIn: true, noindex: true },
  { path: '/allies/preview', page: 'allies-preview', title: 'Preview: the Allies Directory', description: 'A preview of the Allies Directory: vetted vendors for nonprofits with peer reviews, pricing and contact details.' },
  { path: '/field-guides/preview', page: 'field-guides-preview', title: 'Preview: the expanded field guides', description: 'A preview of the expanded premium field guides, with a sample leadership pipeline.' },
  { path: '/toolkits/preview', page: 'toolkits-preview', title: 'Preview: premium toolkits', description: 'A preview of the premium toolkits: governance, impact, finance, operations, fundraising and funding.' },
  { path: '/slack/preview', page: 'slack-preview', title: 'Preview: the Slack community', description: 'A preview of the private Slack community of 500+ nonprofit leaders.' },
  { path: '/coaching/preview', page: 'coaching-preview', title: 'Preview: one-on-one coaching', description: 'A preview of premium coaching: one 60-minute session a month by video or phone.' },
  { path: '/welcome', page: 'welcome', title: 'Welcome!', description: 'Welcome to the community: your free resources are unlocked.', signedIn: true, noindex: true },
  { path: '/premium-welcome', page: 'premium-welcome', title: 'Welcome to premium!', description: 'Your premium membership is active: here is everything you have unlocked.', signedIn: true, noindex: true },
  { path: '/allies/submit', page: 'allies-submit', title: 'Become an Ally: submit your profile', description: 'Vendors serving nonprofits: submit your profile for the Allies Directory. We review every submission within 3-5 business days.' },
  { path: '/allies/submit/success', page: 'allies-submit-success', title: 'Submission received', description: 'Thanks for applying to the Allies Directory.', noindex: true },
  { path: '/admin-setup', page: 'admin-setup', title: 'Admin setup', description: 'Grant the first administrator account.', noindex: true },
  { path: '/allies', page: 'allies', title: 'The Allies Directory', description: 'The premium directory of vetted vendors for nonprofits.', signedIn: true, noindex: true },
  { path: '/subscribe', page: 'subscribe', title: 'Subscribe to premium', description: 'Set up your premium subscription.', signedIn: true, noindex: true },
  { path: '/premium-success', page: 'premium-success', title: 'Thank you for going premium', description: 'Your premium membership is active.', signedIn: true, noindex: true },
  { path: '/account', page: 'account', title: 'Your account', description: 'Your membership, password and data: renew, cancel, download or delete.', signedIn: true, noindex: true },
  { path: '/account/receipts/:id', page: 'receipt', title: 'Receipt', description: 'A receipt for your premium membership.', signedIn: true, noindex: true },
  { path: '/checkout/local/:id', page: 'checkout-local', title: 'Checkout', description: 'Pay for your premium membership.', signedIn: true, noindex: true },
  { path: '/admin', page: 'admin', title: 'Admin dashboard', description: 'Run the site: users, newsletter, signups, check-ups, allies and contact messages.', signedIn: true, noindex: true },
];

/** Old addresses that still work (docs/product.md (Decisions), "Newsletter marketing page"). */
export const redirects: Readonly<Record<string, string>> = {
  '/newsletter-info': '/weekly-dish',
  '/ally-submit': '/allies/submit',
};

export const notFoundMeta = {
  title: 'Oops! Page Not Found',
  description: 'This page does not exist. Go home or go back.',
} as const;

/** Finds the route a path belongs to; `:name` segments match any single segment. */
export function matchRoute(pathname: string): RouteMeta | undefined {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  const parts = path.split('/');
  return routes.find((route) => {
    const pattern = route.path.split('/');
    return pattern.length === parts.length && pattern.every((seg, i) => seg.startsWith(':') ? parts[i] !== '' : seg === parts[i]);
  });
}

export function pageTitle(meta: { title: string }, path: string): string {
  return path === '/' ? meta.title : `${meta.title} | ${site.name}`;
}
