import { matchRoute } from '#shared/routes';
import { sameSitePath } from './redirect-after-auth';

/**
 * What signing in is for, by the screen that asks for it (routes.ts's `page`): the "Login
 * Required" card says "Sign in to …", and /auth says the same of the page it will return to.
 */
const purposes: Readonly<Record<string, string>> = {
  subscribe: 'subscribe to premium',
  'checkup-progress': 'see your Check-Up progress',
  account: 'see your account',
  receipt: 'see your receipts',
  'checkout-local': 'pay for your membership',
  'premium-signup': 'start your premium membership',
  teams: 'buy your team plan',
  'team-join': 'join your team',
  'team-checkup': 'run your team Check-Up',
  'team-checkup-round': 'see your team Check-Up round',
  'team-checkup-result': "see your team's Check-Up result",
  'team-checkup-answer': 'keep your team Check-Up result',
  plans: 'see your plans',
  'plan-new': 'make a plan from your result',
  plan: 'see your plan',
  allies: 'open the Allies Directory',
  'field-guide': 'read the whole field guide',
  edition: 'read this edition',
  'admin-setup': 'set up the admin account',
};

const pathnameOf = (path: string) => path.replace(/[?#].*$/, '');

/** "subscribe to premium" for /subscribe?offer=…; null for a page that does not ask for sign-in. */
export function signInPurpose(path: string): string | null {
  const page = matchRoute(pathnameOf(path))?.page;
  return (page && purposes[page]) ?? null;
}

/** What /auth says about the stored way back: what signing in is for, and that an offer's link stays. */
export function wayBackNotice(stored: string | null): string | null {
  const path = stored ? sameSitePath(stored) : null;
  if (!path || path === '/') return null;
  const purpose = signInPurpose(path);
  if (!purpose) return 'After signing in you go back to the page you came from.';
  const offer = new URLSearchParams(path.split('?')[1]?.split('#')[0] ?? '').has('offer');
  return `Sign in or create your free account to ${purpose}. Afterwards you go straight back${offer ? ', with the offer from your link' : ''}.`;
}
