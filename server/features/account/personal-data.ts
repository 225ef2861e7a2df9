/**
 * Every table that holds something about a person (a column referring to users, or a person's
 * email), and what "Download my data" and "Delete my account" do with it. A table is either in
 * the export (under `exported`) and gone for the member after deletion (`erased`), or kept, with
 * the reason (`kept`). personal-data.test.ts walks the schema: a new table with a user column or
 * an email is not covered until it is listed here.
 */
export type Coverage = { exported: string; erased: true; how: string } | { exported?: string; kept: string };

export const personalData: Record<string, Coverage> = {
  users: { exported: 'account', erased: true, how: 'the account row is deleted' },
  sessions: { exported: 'sessions', erased: true, how: 'when each sign-in started and ends, never the token; deleted with the account' },
  email_verification_tokens: {
    exported: 'emailVerifications',
    erased: true,
    how: 'the address each link was sent to and when, never the token; deleted with the account',
  },
  password_reset_tokens: {
    exported: 'resetRequests',
    erased: true,
    how: 'when each reset link was asked for and used, never the token; deleted with the account',
  },
  newsletter_signups: { exported: 'newsletterSignups', erased: true, how: "the account's own, and those under its verified address; deleted" },
  community_signups: { exported: 'communitySignups', erased: true, how: "the account's own, and those under its verified address; deleted" },
  checkup_results: { exported: 'checkupResults', erased: true, how: "the account's own, and those under its verified address; deleted" },
  mail_topic_opt_outs: {
    exported: 'emailTopicOptOuts',
    erased: true,
    how: 'the kinds of email the verified address left (the newsletter, news, Check-Up follow-ups and reminders; decision 071), and when; deleted',
  },
  contact_messages: { exported: 'contactMessages', erased: true, how: "the account's own, and those under its verified address; deleted" },
  subscriptions: { exported: 'subscriptions', erased: true, how: 'cancelled at the provider first, then deleted with the account' },
  billing_charges: { exported: 'receipts', erased: true, how: 'every charge and refund; deleted with the account' },
  billing_customers: { exported: 'paymentCustomer', erased: true, how: "the payment provider's customer id; deleted with the account" },
  ally_reviews: { exported: 'allyReviews', erased: true, how: 'deleted with the account' },
  allies: {
    exported: 'allySubmissions',
    erased: true,
    how: "listings submitted under the verified address: the listing stays in the directory (it is the vendor's), the submitter's name and email are cleared",
  },
  webinar_signups: { exported: 'webinarSignups', erased: true, how: 'deleted with the account' },
  offer_redemptions: {
    exported: 'offerRedemptions',
    erased: true,
    how: 'the offers the member applied for or used, the budget band they gave, and where each stands (decision 054); deleted with the account',
  },
  teams: {
    exported: 'teamsBought',
    erased: true,
    how: 'team plans the member bought (decision 055): cancelled at the provider first, then deleted with the account',
  },
  team_seats: { exported: 'teamSeats', erased: true, how: 'the team seats the member held and when; deleted with the account' },
  team_invitations: {
    exported: 'teamInvitations',
    erased: true,
    how: 'invitations to a team sent to the verified address or used by the member; deleted with the account (those the member sent go with their team)',
  },
  told_once: {
    exported: 'toldOnce',
    erased: true,
    how: 'what the site told the member once (webinar emails and reminders, coaching reminders, the Slack invitation, by whom and how) and when; deleted with the account, and those under the verified address',
  },
  follow_up_enrolments: {
    exported: 'checkupFollowUps',
    erased: true,
    how: "the Check-Up follow-up sequences the member's results enrolled them in, and how far each went; deleted with those results (and the account)",
  },
  coaching_bookings: { exported: 'coachingBookings', erased: true, how: 'deleted with the account' },
  mail_outbox: { exported: 'emails', erased: true, how: 'every email to the verified address, sent or waiting; deleted' },
  edition_deliveries: { exported: 'weeklyDishDeliveries', erased: true, how: 'each edition sent to the verified address; deleted' },
  edition_bounces: {
    exported: 'weeklyDishBounces',
    erased: true,
    how: "each bounce or complaint about an edition sent to the verified address; deleted with those editions' deliveries",
  },
  coaching_slots: {
    exported: 'coachingSlotsOffered',
    kept: "a coach's slots stay, with the coach's name, for the members who booked them; the link to the deleted account is cleared",
  },
  mail_suppressions: {
    exported: 'mailSuppressions',
    kept: 'an address a mail server refused for good is never mailed again, whoever gives it next: only the address, the refusal and its date',
  },
  admin_audit_log: {
    exported: 'auditLog',
    kept: "what admins did stays answerable after an admin's account is gone; entries about the member lose the member's email (anonymised)",
  },
  newsletter_editions: { kept: "updated_by is the admin who last saved an edition: the newsletter's editorial record" },
  newsletter_segments: { kept: "updated_by is the admin who last saved a segment of subscribers: the newsletter's editorial record" },
  follow_up_sequences: { kept: "updated_by is the admin who last saved or switched a follow-up sequence: the site's editorial record" },
  content_items: { kept: "updated_by is the admin who last saved a page: the site's editorial record" },
  content_versions: { kept: "published_by is the admin who published a version: the site's editorial record" },
  images: { kept: "uploaded_by is the admin who uploaded an image: the site's editorial record" },
  local_billing_checkouts: { kept: "the local test payment provider's own records, standing for what Stripe keeps on its side; never used with Stripe" },
  local_billing_subscriptions: { kept: "the local test payment provider's own records, standing for what Stripe keeps on its side; never used with Stripe" },
};
