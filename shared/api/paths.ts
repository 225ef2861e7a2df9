import type { AdminList } from '../admin/schemas';

/**
 * Every API path, in one table used by the server's routes and the client's calls (issue 27.9):
 * a path changes here or nowhere. `:name` marks a path value; `apiPath` fills it in, encoded.
 */
export const apiPaths = {
  config: '/api/config',
  events: '/api/events',

  user: '/api/user',
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

  contact: '/api/contact',
  newsletterSignup: '/api/newsletter/signup',
  newsletterUnsubscribe: '/api/newsletter/unsubscribe',
  newsletterResubscribe: '/api/newsletter/resubscribe',
  newsletterConfirm: '/api/newsletter/confirm',
  editions: '/api/editions',
  edition: '/api/editions/:slug',
  guideFile: '/api/guides/:file',
  premiumResources: '/api/premium/resources',
  page: '/api/pages/:section/:slug',
  resources: '/api/resources',
  media: '/media/:file',

  allies: '/api/allies',
  allySubmit: '/api/allies/submit',
  allyReviews: '/api/allies/:id/reviews',
  allyReview: '/api/allies/:id/review',

  createCheckoutSession: '/api/create-checkout-session',
  createSubscription: '/api/create-subscription',
  subscription: '/api/billing/subscription',
  changePlanPreview: '/api/billing/change-plan/preview',
  changePlan: '/api/billing/change-plan',
  receipts: '/api/billing/receipts',
  receipt: '/api/billing/receipts/:id',
  cancel: '/api/billing/cancel',
  resume: '/api/billing/resume',
  portal: '/api/billing/portal',
  updateCard: '/api/billing/update-card',
  stripeWebhook: '/api/webhooks/stripe',
  localCheckout: '/api/billing/local/checkouts/:id',
  localCheckoutPay: '/api/billing/local/checkouts/:id/pay',
  localPay: '/api/billing/local/pay',
  localClock: '/api/billing/local/clock',

  adminSummary: '/api/admin/summary',
  adminActivity: '/api/admin/activity',
  adminCharts: '/api/admin/charts',
  adminFunnel: '/api/admin/funnel',
  adminUserAdmin: '/api/admin/users/:id/admin',
  adminUserPremium: '/api/admin/users/:id/premium',
  adminUserMembership: '/api/admin/users/:id/membership',
  adminUser: '/api/admin/users/:id',
  adminAllyApprove: '/api/admin/allies/:id/approve',
  adminAllyUnapprove: '/api/admin/allies/:id/unapprove',
  adminAllyVerify: '/api/admin/allies/:id/verify',
  adminAlly: '/api/admin/allies/:id',
  adminReviewHidden: '/api/admin/reviews/:id/hidden',
  adminContactStatus: '/api/admin/contacts/:id/status',
  adminEditions: '/api/admin/editions',
  adminEditionPreview: '/api/admin/editions/preview',
  adminEditionAudience: '/api/admin/editions/audience/:audience',
  adminEdition: '/api/admin/editions/:id',
  adminEditionTest: '/api/admin/editions/:id/test',
  adminEditionSchedule: '/api/admin/editions/:id/schedule',
  adminEditionSend: '/api/admin/editions/:id/send',
  adminEditionCancel: '/api/admin/editions/:id/cancel',
  adminEditionPause: '/api/admin/editions/:id/pause',
  adminEditionResume: '/api/admin/editions/:id/resume',
  adminContent: '/api/admin/content',
  adminContentPreview: '/api/admin/content/preview',
  adminContentItem: '/api/admin/content/:id',
  adminContentPublish: '/api/admin/content/:id/publish',
  adminContentUnpublish: '/api/admin/content/:id/unpublish',
  adminContentVersions: '/api/admin/content/:id/versions',
  adminContentVersion: '/api/admin/content/:id/versions/:number',
  adminContentRestore: '/api/admin/content/:id/versions/:number/restore',
  adminImages: '/api/admin/images',
  adminNewsletterImport: '/api/admin/newsletters/import',
  adminSlackInvitations: '/api/admin/slack-invitations',
  adminSlackInvitationSend: '/api/admin/slack-invitations/:id/send',
  adminSlackInvitationMark: '/api/admin/slack-invitations/:id/invited',
} as const;

/** The names of a path's `:values`. */
type ValueNames<P extends string> = P extends `${string}:${infer Name}/${infer Rest}` ? Name | ValueNames<Rest> : P extends `${string}:${infer Name}` ? Name : never;

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
} as const satisfies Record<AdminList, string>;

/** The lists whose rows carry an outreach flag, and the path that sets it. */
export const adminOutreachPaths = {
  contacts: '/api/admin/contacts/:id/outreach',
  checkups: '/api/admin/checkups/:id/outreach',
  newsletters: '/api/admin/newsletters/:id/outreach',
} as const satisfies Partial<Record<AdminList, string>>;
export type OutreachList = keyof typeof adminOutreachPaths;
