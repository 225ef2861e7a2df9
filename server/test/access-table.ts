/**
 * Who may call each API route: the table the authorization matrix (server/authorization-matrix.test.ts)
 * checks every registered route against, and the fuzzer uses to call each route as someone
 * who gets past its door.
 */
export type Who = 'visitor' | 'free' | 'premium' | 'admin';
export const people: Who[] = ['visitor', 'free', 'premium', 'admin'];

/**
 * Who gets past the door. `open`: everyone; `signedIn`: 401 for visitors; `premium`: 401 for
 * visitors, 403 for members without premium (the test's admin has no premium); `admin`: 401 for
 * visitors, 403 for everyone but admins. Past the door, an answer may still be a 4xx about the
 * (empty or made-up) input, never a 401/403 and never a 5xx.
 */
export type Access = 'open' | 'signedIn' | 'premium' | 'admin';

export const accessTable: Record<string, Access> = {
  'GET /api/user': 'signedIn',
  'POST /api/register': 'open',
  'POST /api/login': 'open',
  'POST /api/logout': 'open',
  'POST /api/auth/make-admin': 'open',
  'POST /api/password-reset/request': 'open',
  'POST /api/password-reset/confirm': 'open',
  'GET /api/config': 'open',
  'POST /api/events': 'open',
  'POST /api/newsletter/signup': 'open',
  // The link's token is the key: they work signed out.
  'GET /api/newsletter/unsubscribe': 'open',
  'POST /api/newsletter/unsubscribe': 'open',
  'POST /api/newsletter/resubscribe': 'open',
  'POST /api/newsletter/confirm': 'open',
  'GET /api/newsletter/preferences': 'open',
  'POST /api/newsletter/preferences': 'open',
  'POST /api/newsletter/preferences/form': 'open',
  'GET /api/account/email-preferences': 'signedIn',
  'GET /api/admin/newsletter-segments': 'admin',
  'POST /api/admin/newsletter-segments': 'admin',
  'PUT /api/admin/newsletter-segments/:id': 'admin',
  'DELETE /api/admin/newsletter-segments/:id': 'admin',
  'GET /api/follow-ups/unsubscribe': 'open',
  'POST /api/follow-ups/unsubscribe': 'open',
  'GET /api/admin/searches': 'admin',
  'GET /api/admin/deliverability': 'admin',
  'GET /api/admin/follow-ups': 'admin',
  'POST /api/admin/follow-ups': 'admin',
  'POST /api/admin/follow-ups/preview': 'admin',
  'PUT /api/admin/follow-ups/:id': 'admin',
  'POST /api/admin/follow-ups/:id/switch': 'admin',
  'GET /api/editions': 'open',
  'GET /api/editions/:slug': 'open',
  'GET /api/admin/editions': 'admin',
  'POST /api/admin/editions': 'admin',
  'POST /api/admin/editions/preview': 'admin',
  'GET /api/admin/editions/audience/:audience': 'admin',
  'GET /api/admin/editions/:id': 'admin',
  'PUT /api/admin/editions/:id': 'admin',
  'DELETE /api/admin/editions/:id': 'admin',
  'POST /api/admin/editions/:id/test': 'admin',
  'POST /api/admin/editions/:id/schedule': 'admin',
  'POST /api/admin/editions/:id/send': 'admin',
  'POST /api/admin/editions/:id/cancel': 'admin',
  'POST /api/admin/editions/:id/pause': 'admin',
  'POST /api/admin/editions/:id/resume': 'admin',
  'GET /api/admin/editions/:id/report': 'admin',
  'POST /api/admin/newsletters/import': 'admin',
  'GET /api/admin/slack-invitations': 'admin',
  'GET /api/admin/content': 'admin',
  'POST /api/admin/content': 'admin',
  'POST /api/admin/content/preview': 'admin',
  'GET /api/admin/content/:id': 'admin',
  'PUT /api/admin/content/:id': 'admin',
  'POST /api/admin/content/:id/publish': 'admin',
  'POST /api/admin/content/:id/unpublish': 'admin',
  'GET /api/admin/content/:id/versions': 'admin',
  'GET /api/admin/content/:id/versions/:number': 'admin',
  'POST /api/admin/content/:id/versions/:number/restore': 'admin',
  'POST /api/admin/images': 'admin',
  'GET /api/admin/checkup-peers': 'admin',
  'POST /api/admin/checkup-peers/recompute': 'admin',
  'GET /api/admin/coaching': 'admin',
  'POST /api/admin/coaching': 'admin',
  'DELETE /api/admin/coaching/:id': 'admin',
  'GET /api/admin/webinars': 'admin',
  'POST /api/admin/webinars': 'admin',
  'PUT /api/admin/webinars/:id': 'admin',
  'POST /api/admin/webinars/:id/cancel': 'admin',
  'POST /api/admin/webinars/:id/recording': 'admin',
  'GET /api/admin/webinars/:id/signups': 'admin',
  'GET /api/admin/webinars/:id/signups.csv': 'admin',
  'GET /api/admin/offers': 'admin',
  'GET /api/admin/teams': 'admin',
  'POST /api/admin/offers': 'admin',
  'PATCH /api/admin/offers/:id/archive': 'admin',
  'GET /api/admin/offers/:id/applications': 'admin',
  'PATCH /api/admin/offer-applications/:id': 'admin',
  'POST /api/admin/slack-invitations/:id/send': 'admin',
  'POST /api/admin/slack-invitations/:id/invited': 'admin',
  'POST /api/contact': 'open',
  'POST /api/checkup-results': 'open',
  'GET /api/checkup-results/:id': 'open',
  'POST /api/checkup-results/:id/breakdown': 'open',
  'GET /api/checkup/progress': 'signedIn',
  'DELETE /api/checkup/attempts/:id': 'signedIn',
  // The stop link of a retake reminder: its signed token is the key.
  'GET /api/checkup/reminders/stop': 'open',
  'POST /api/checkup/reminders/stop': 'open',
  'GET /api/guides/:file': 'open',
  'GET /api/login': 'open',
  // Payments: the webhook is open and proves itself with its signature; the rest need a member.
  'POST /api/webhooks/stripe': 'open',
  // Bounce and complaint events: open, proven by Mailgun's signature (decision 043).
  'POST /api/webhooks/mailgun': 'open',
  'POST /api/create-checkout-session': 'signedIn',
  'POST /api/create-subscription': 'signedIn',
  'GET /api/billing/subscription': 'signedIn',
  'GET /api/billing/receipts': 'signedIn',
  'GET /api/billing/receipts/:id': 'signedIn',
  'POST /api/billing/change-plan': 'signedIn',
  'POST /api/billing/change-plan/preview': 'signedIn',
  'POST /api/account/verification-email': 'signedIn',
  'POST /api/account/verify-email': 'open',
  'POST /api/billing/cancel': 'signedIn',
  'POST /api/billing/resume': 'signedIn',
  'POST /api/billing/portal': 'signedIn',
  'POST /api/billing/update-card': 'signedIn',
  'GET /api/billing/local/checkouts/:id': 'signedIn',
  'POST /api/billing/local/checkouts/:id/pay': 'signedIn',
  'POST /api/billing/local/pay': 'signedIn',
  // An offer's link is open (a visitor sees its price); applying needs an account (decision 054).
  'GET /api/offers/:code': 'open',
  'POST /api/offers/:code/apply': 'signedIn',
  // Team plans (decision 055): the buyer's own team; an invitation's link is open, joining needs an account.
  'GET /api/team': 'signedIn',
  'POST /api/team/checkout': 'signedIn',
  'POST /api/team/invitations': 'signedIn',
  'DELETE /api/team/invitations/:id': 'signedIn',
  'DELETE /api/team/members/:userId': 'signedIn',
  'POST /api/team/seats/preview': 'signedIn',
  'POST /api/team/seats': 'signedIn',
  'POST /api/team/own-seat': 'signedIn',
  'POST /api/team/cancel': 'signedIn',
  'POST /api/team/resume': 'signedIn',
  'GET /api/team/join/:token': 'open',
  'POST /api/team/join/:token': 'signedIn',
  // Only from the server's own machine without a proxy in between (the tests call from there).
  'POST /api/billing/local/clock': 'open',
  'GET /api/account/export': 'signedIn',
  'POST /api/account/password': 'signedIn',
  'DELETE /api/account': 'signedIn',
  'GET /api/premium/resources': 'premium',
  // Published pages are open; a premium section's page answers 401/403 itself (content.test.ts).
  'GET /api/pages/:section/:slug': 'open',
  'GET /api/resources': 'open',
  // Everyone may search; premium items come locked unless the session is premium (search.test.ts).
  'GET /api/search': 'open',
  // Upcoming webinars are a teaser for everyone; signing up is premium.
  'GET /api/webinars': 'open',
  // Free slots are shown to everyone; booking is premium.
  'GET /api/coaching': 'open',
  'POST /api/coaching/bookings': 'premium',
  'DELETE /api/coaching/bookings/:id': 'premium',
  'POST /api/coaching/bookings/:id/move': 'premium',
  'POST /api/webinars/:id/signup': 'premium',
  // Withdrawing is for anyone signed up, premium or no longer.
  'DELETE /api/webinars/:id/signup': 'signedIn',
  'GET /api/allies': 'premium',
  'POST /api/allies/submit': 'open',
  'GET /api/allies/:id/reviews': 'premium',
  'PUT /api/allies/:id/review': 'premium',
  'DELETE /api/allies/:id/review': 'premium',
  'GET /api/admin/users': 'admin',
  'GET /api/admin/users/:id/membership': 'admin',
  'GET /api/admin/users.csv': 'admin',
  'GET /api/admin/newsletters': 'admin',
  'GET /api/admin/newsletters.csv': 'admin',
  'GET /api/admin/signups': 'admin',
  'GET /api/admin/signups.csv': 'admin',
  'GET /api/admin/checkups': 'admin',
  'GET /api/admin/checkups.csv': 'admin',
  'GET /api/admin/allies': 'admin',
  'GET /api/admin/allies.csv': 'admin',
  'GET /api/admin/contacts': 'admin',
  'GET /api/admin/contacts.csv': 'admin',
  'GET /api/admin/audit-log': 'admin',
  'GET /api/admin/audit-log.csv': 'admin',
  'GET /api/admin/bounces': 'admin',
  'GET /api/admin/bounces.csv': 'admin',
  'GET /api/admin/suppressions': 'admin',
  'GET /api/admin/suppressions.csv': 'admin',
  'POST /api/admin/suppressions/lift': 'admin',
  'GET /api/admin/summary': 'admin',
  'GET /api/admin/activity': 'admin',
  'GET /api/admin/charts': 'admin',
  'GET /api/admin/funnel': 'admin',
  'PATCH /api/admin/users/:id/admin': 'admin',
  'PATCH /api/admin/users/:id/premium': 'admin',
  'DELETE /api/admin/users/:id': 'admin',
  'PATCH /api/admin/allies/:id/approve': 'admin',
  'PATCH /api/admin/allies/:id/unapprove': 'admin',
  'PATCH /api/admin/allies/:id/verify': 'admin',
  'DELETE /api/admin/allies/:id': 'admin',
  'PATCH /api/admin/reviews/:id/hidden': 'admin',
  'PATCH /api/admin/contacts/:id/status': 'admin',
  'PATCH /api/admin/contacts/:id/outreach': 'admin',
  'PATCH /api/admin/checkups/:id/outreach': 'admin',
  'PATCH /api/admin/newsletters/:id/outreach': 'admin',
};

/** Routes whose open door still refuses some people for a reason of their own. */
export const exceptions: Record<string, Partial<Record<Who, number>>> = {
  // Only the first admin (or ADMIN_EMAILS) may claim admin; a visitor must sign in first.
  'POST /api/auth/make-admin': { visitor: 401, free: 403, premium: 403 },
  // The signed-in hint: a visitor asking for the user is told "nobody".
  'GET /api/user': { visitor: 401 },
};

export const expectedStatus = (access: Access, who: Who): 'allowed' | 401 | 403 => {
  if (access === 'open') return 'allowed';
  if (who === 'visitor') return 401;
  if (access === 'signedIn') return 'allowed';
  if (access === 'premium') return who === 'premium' ? 'allowed' : 403;
  return who === 'admin' ? 'allowed' : 403;
};
