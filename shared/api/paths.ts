import type { AdminList } from '../admin/schemas';
import { shellApiPaths } from './shell-paths';

/**
 * Every API path, in one table used by the server's routes and the client's calls:
 * a path changes here or nowhere. `:name` marks a path value; `apiPath` fills it in, encoded.
 */
export const apiPaths = {
  ...shellApiPaths,

  register: '/api/register',
  login: '/api/login',
  logout: '/api/logout',
  makeAdmin: '/api/auth/make-admin',
  passwordResetRequest: '/api/password-reset/request',
  passwordResetConfirm: '/api/password-reset/confirm',

  account: '/api/account',
  accountExport: '/api/account/export',
  accountPassword: '/api/account/password',
  accountVerifyEmail: '/api/account/verify-email',
  accountVerificationEmail: '/api/account/verification-email',

  checkupResults: '/api/checkup-results',
  checkupResult: '/api/checkup-results/:id',
  checkupBreakdown: '/api/checkup-results/:id/breakdown',
  checkupProgress: '/api/checkup/progress',
  checkupOrganisation: '/api/checkup/organisation',
  checkupAttempt: '/api/checkup/attempts/:id',
  checkupRemindersStop: '/api/checkup/reminders/stop',
  checkupConfirm: '/api/checkup/confirm',
  followUpsUnsubscribe: '/api/follow-ups/unsubscribe',

  contact: '/api/contact',
  newsletterSignup: '/api/newsletter/signup',
  newsletterUnsubscribe: '/api/newsletter/unsubscribe',
  newsletterResubscribe: '/api/newsletter/resubscribe',
  newsletterConfirm: '/api/newsletter/confirm',
  newsletterPreferences: '/api/newsletter/preferences',
  /** The preferences page's plain HTML form (no scripts): answered with a redirect back to the page. */
  newsletterPreferencesForm: '/api/newsletter/preferences/form',
  /** A signed-in member's way to their preferences page: a redirect to it with their own link. */
  accountEmailPreferences: '/api/account/email-preferences',
  editions: '/api/editions',
  edition: '/api/editions/:slug',
  guideFile: '/api/guides/:file',
  premiumResources: '/api/premium/resources',
  page: '/api/pages/:section/:slug',
  resources: '/api/resources',
  search: '/api/search',
  webinars: '/api/webinars',
  webinarSignup: '/api/webinars/:id/signup',
  coaching: '/api/coaching',
  coachingBookings: '/api/coaching/bookings',
  coachingBooking: '/api/coaching/bookings/:id',
  coachingBookingMove: '/api/coaching/bookings/:id/move',

  allies: '/api/allies',
  allySubmit: '/api/allies/submit',
  allyReviews: '/api/allies/:id/reviews',
  allyReview: '/api/allies/:id/review',

  createCheckoutSession: '/api/create-checkout-session',
  createSubscription: '/api/create-subscription',
  membership: '/api/billing/subscription',
  changePlanPreview: '/api/billing/change-plan/preview',
  changePlan: '/api/billing/change-plan',
  receipts: '/api/billing/receipts',
  receipt: '/api/billing/receipts/:id',
  cancel: '/api/billing/cancel',
  resume: '/api/billing/resume',
  portal: '/api/billing/portal',
  updateCard: '/api/billing/update-card',
  stripeWebhook: '/api/webhooks/stripe',
  mailgunWebhook: '/api/webhooks/mailgun',
  localCheckout: '/api/billing/local/checkouts/:id',
  localCheckoutPay: '/api/billing/local/checkouts/:id/pay',
  localPay: '/api/billing/local/pay',
  /** An offer's link: what it gives, and (approval offers) the application (decision 054). */
  offer: '/api/offers/:code',
  offerApply: '/api/offers/:code/apply',
  localClock: '/api/billing/local/clock',

  /** Team plans (decision 055): the buyer's team, its invitations, seats and members. */
  team: '/api/team',
  teamCheckout: '/api/team/checkout',
  teamInvitations: '/api/team/invitations',
  teamInvitation: '/api/team/invitations/:id',
  teamMember: '/api/team/members/:userId',
  teamSeatsPreview: '/api/team/seats/preview',
  teamSeats: '/api/team/seats',
  teamOwnSeat: '/api/team/own-seat',
  teamCancel: '/api/team/cancel',
  teamResume: '/api/team/resume',
  /** An invitation's link: what it offers the person who opens it, and joining with it. */
  teamJoin: '/api/team/join/:token',
  adminTeams: '/api/admin/teams',

  /** The team Check-Up (decisions 077, 078): a team's rounds, one round, its result. */
  teamCheckupRounds: '/api/team/checkup/rounds',
  teamCheckupRound: '/api/team/checkup/rounds/:id',
  teamCheckupRemind: '/api/team/checkup/rounds/:id/remind',
  teamCheckupExtend: '/api/team/checkup/rounds/:id/extend',
  teamCheckupClose: '/api/team/checkup/rounds/:id/close',
  teamCheckupInvitation: '/api/team/checkup/rounds/:id/invitations/:invitationId',
  teamCheckupResult: '/api/team/checkup/rounds/:id/result',
  /** A respondent's personal link: GET what it is for, PUT progress, POST the answer, DELETE the answer. */
  teamCheckupLink: '/api/team-checkup/links/:token',
  teamCheckupLinkResult: '/api/team-checkup/links/:token/result',
  /** The one-click address of the round mails' List-Unsubscribe header: leaves the team Check-Up's invitations and reminders. */
  teamCheckupMailStop: '/api/team-checkup/mail/stop',
  /** Plans (decisions 080-082): a result made into owned, dated actions, and whether it worked. */
  plans: '/api/plans',
  planProposal: '/api/plans/proposal',
  planLibrary: '/api/plans/library',
  /** "Did it work" for one result: `?resultId=` or `?roundId=`. */
  planOutcome: '/api/plans/outcome',
  plan: '/api/plans/:id',
  planClose: '/api/plans/:id/close',
  planActions: '/api/plans/:id/actions',
  planAction: '/api/plans/:id/actions/:actionId',
  planCalendar: '/api/plans/:id/calendar.ics',
  /** The one-click address of the plan reminders' List-Unsubscribe header: leaves plan reminders. */
  planMailStop: '/api/plans/mail/stop',
  adminTeamCheckupRounds: '/api/admin/team-checkup-rounds',
} as const;

/** The names of a path's `:values`. */
type ValueNames<P extends string> = P extends `${string}:${infer Name}/${infer Rest}`
  ? Name | ValueNames<Rest>
  : P extends `${string}:${infer Name}`
    ? Name
    : never;

/** `path` with each `:name` replaced by its value, URL-encoded: `apiPath(apiPaths.receipt, { id })`. */
export function apiPath<P extends string>(path: P, values: Record<ValueNames<P>, string>): string {
  return path.replace(/:(\w+)/g, (_, name: string) => encodeURIComponent((values as Record<string, string>)[name]!));
}

/** Each admin list's path (docs/product.md §7); `<path>.csv` is its CSV export. */
export const adminListPaths = {
  users: '/api/admin/users',
  newsletters: '/api/admin/newsletters',
  signups: '/api/admin/signups',
  checkups: '/api/admin/checkups',
  allies: '/api/admin/allies',
  contacts: '/api/admin/contacts',
  audit: '/api/admin/audit-log',
  bounces: '/api/admin/bounces',
  suppressions: '/api/admin/suppressions',
} as const satisfies Record<AdminList, string>;

/** The lists whose rows carry an outreach flag, and the path that sets it. */
export const adminOutreachPaths = {
  contacts: '/api/admin/contacts/:id/outreach',
  checkups: '/api/admin/checkups/:id/outreach',
  newsletters: '/api/admin/newsletters/:id/outreach',
} as const satisfies Partial<Record<AdminList, string>>;
export type OutreachList = keyof typeof adminOutreachPaths;
