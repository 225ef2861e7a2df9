import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  customType,
  bigserial,
  boolean,
  check,
  date,
  foreignKey,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type { CategoryScores } from '#shared/checkup/grading';
import { followUpTargetKinds, type FollowUpStep } from '#shared/checkup/follow-ups';
import type { CheckupSubmission } from '#shared/checkup/schemas';
import { budgetBandValues, focusAreaValues, type PillarSpread, staffBandValues } from '#shared/checkup/organisation';
import type { Pillar } from '#shared/checkup/questions';
import { searchKinds } from '#shared/search/search';
import { contactTypes } from '#shared/contact/schemas';
import type { UsageEvent } from '#shared/events/kinds';
import type { OfferTerms } from '#shared/membership/offer-price';
import { editionAudiences, editionStatuses, feedbackAnswers } from '#shared/newsletter/editions';
import { mailTopics } from '#shared/newsletter/preferences';
import type { SegmentFilter } from '#shared/newsletter/segments';
import { type ContentFields, contentSections, type ImageType } from '#shared/content/pages';
import { signupSources, storedSubscriberStatuses } from '#shared/newsletter/schemas';
import { bounceKinds, bounceSources } from '#shared/newsletter/bounces';

/**
 * Every entity of docs/product.md §3 plus what the server needs (sessions, reset tokens,
 * subscriptions, processed webhooks, usage events). Emails are stored trimmed and are unique
 * case-insensitively through an index on lower(email).
 */
/** Binary data: node-postgres reads a Buffer, PGlite a Uint8Array; both take either. */
const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});
const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
/**
 * The admin lists' case-insensitive search (decisions 017 and 027): a search of three characters
 * or more matches inside values, `lower(col) LIKE '%text%'`, through a trigram GIN index (pg_trgm);
 * a shorter one matches the start, `lower(col) LIKE 'te%'`, through a btree on lower(col) with
 * text_pattern_ops (whatever the database's collation), where trigrams would not narrow it.
 */
const searchIndexes = (name: string, column: AnyPgColumn) => [
  index(`${name}_search_idx`).using('btree', sql`lower(${column}) text_pattern_ops`),
  index(`${name}_trgm_idx`).using('gin', sql`lower(${column}) gin_trgm_ops`),
];

const outreach = () => ({
  outreachCompleted: boolean('outreach_completed').notNull().default(false),
  outreachDate: timestamp('outreach_date', { withTimezone: true }),
});

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    email: text('email').notNull(),
    passwordHash: text('password_hash'),
    firstName: text('first_name'),
    lastName: text('last_name'),
    name: text('name'),
    profileImageUrl: text('profile_image_url'),
    isAdmin: boolean('is_admin').notNull().default(false),
    isPremium: boolean('is_premium').notNull().default(false),
    /**
     * When the account proved it owns its email (the link mailed at registration). Until then
     * the account reaches only what it did itself, never what was submitted under that address
     * without an account (docs/auth.md).
     */
    emailVerifiedAt: timestamp('email_verified_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('users_email_lower_idx').on(sql`lower(${t.email})`),
    index('users_created_at_idx').on(t.createdAt, t.id),
    // The admin's cards count premium members, all and since a day or month began: a scan of
    // the few premium rows, not of every user (docs/benchmarks.md).
    index('users_premium_created_at_idx')
      .on(t.createdAt)
      .where(sql`${t.isPremium}`),
    ...searchIndexes('users_email', t.email),
    ...searchIndexes('users_first_name', t.firstName),
    ...searchIndexes('users_last_name', t.lastName),
    ...searchIndexes('users_name', t.name),
    index('users_email_idx').on(t.email, t.id),
    index('users_last_name_idx').on(t.lastName, t.id),
  ],
);

export const sessions = pgTable(
  'sessions',
  {
    /** SHA-256 of the cookie's random token: a database leak gives no usable session. */
    tokenHash: text('token_hash').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('sessions_user_idx').on(t.userId), index('sessions_expires_idx').on(t.expiresAt)],
);

/** A link that proves an account owns its email: one purpose, one address, stored hashed, expiring. */
export const emailVerificationTokens = pgTable(
  'email_verification_tokens',
  {
    tokenHash: text('token_hash').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The address the link was sent to: it verifies only that one. */
    email: text('email').notNull(),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [index('email_verification_tokens_user_idx').on(t.userId)],
);

export const passwordResetTokens = pgTable(
  'password_reset_tokens',
  {
    tokenHash: text('token_hash').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [index('password_reset_tokens_user_idx').on(t.userId)],
);

export const newsletterSignups = pgTable(
  'newsletter_signups',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull().default(''),
    email: text('email').notNull(),
    organization: text('organization').notNull().default(''),
    /** The account that submitted it while signed in (null: submitted without an account). */
    userId: uuid('user_id').references((): AnyPgColumn => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    /**
     * 'pending' until the confirmation link is clicked (confirmed opt-in), 'bounced' once a mail
     * server refused it for good. Signups from before confirmed opt-in count as subscribed.
     * Leaving the newsletter is not here: it is the address's opt-out of the topic 'newsletter'
     * (mail_topic_opt_outs, decision 071), and the check below keeps it out.
     */
    status: text('status', { enum: storedSubscriberStatuses }).notNull().default('subscribed'),
    /** The form the address first signed up with (null: imported, or never signed up). Segments filter by it. */
    source: text('source', { enum: signupSources }),
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
    ...outreach(),
  },
  (t) => [
    check('newsletter_signups_stored_status', sql`${t.status} in ('pending', 'subscribed', 'bounced')`),
    index('newsletter_signups_status_idx').on(t.status, t.createdAt, t.id),
    uniqueIndex('newsletter_signups_email_lower_idx').on(sql`lower(${t.email})`),
    index('newsletter_signups_created_at_idx').on(t.createdAt, t.id),
    index('newsletter_signups_user_idx').on(t.userId),
    ...searchIndexes('newsletter_signups_email', t.email),
    ...searchIndexes('newsletter_signups_name', t.name),
    ...searchIndexes('newsletter_signups_organization', t.organization),
    index('newsletter_signups_email_idx').on(t.email, t.id),
    index('newsletter_signups_name_idx').on(t.name, t.id),
  ],
);

export const communitySignups = pgTable(
  'community_signups',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull().default(''),
    email: text('email').notNull(),
    organization: text('organization').notNull().default(''),
    signupType: text('signup_type', { enum: signupSources }).notNull(),
    /** The account that submitted it while signed in (null: submitted without an account). */
    userId: uuid('user_id').references((): AnyPgColumn => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    index('community_signups_created_at_idx').on(t.createdAt, t.id),
    index('community_signups_user_idx').on(t.userId),
    ...searchIndexes('community_signups_email', t.email),
    ...searchIndexes('community_signups_name', t.name),
    ...searchIndexes('community_signups_organization', t.organization),
  ],
);

export const checkupResults = pgTable(
  'checkup_results',
  {
    /** Random and unguessable: the emailed results link is the only key to a result. */
    id: uuid('id').primaryKey().defaultRandom(),
    email: text('email').notNull(),
    score: integer('score').notNull(),
    totalScore: integer('total_score').notNull(),
    categoryScores: jsonb('category_scores').$type<CategoryScores>().notNull(),
    answers: jsonb('answers').$type<CheckupSubmission['answers']>().notNull(),
    /** The account that submitted it while signed in (null: submitted without an account). */
    userId: uuid('user_id').references((): AnyPgColumn => users.id, { onDelete: 'set null' }),
    // Peers (decision 040): the three optional answers about the organisation, null when left out.
    budgetBand: text('budget_band', { enum: budgetBandValues }),
    staffBand: text('staff_band', { enum: staffBandValues }),
    focusArea: text('focus_area', { enum: focusAreaValues }),
    createdAt: createdAt(),
    ...outreach(),
    // Progress and the retake reminder (decision 038).
    /** The question set the answers are to (shared/checkup/versions.ts): an attempt is never rescored. */
    questionSetVersion: integer('question_set_version').notNull().default(1),
    /** When the retake reminder job dealt with it (sent, or skipped for good); null until then. */
    retakeReminderHandledAt: timestamp('retake_reminder_handled_at', { withTimezone: true }),
    /**
     * Its place among its organisation's attempts (decision 038: the account, else the address),
     * oldest first. Kept by the database itself (triggers of migration 0026), whatever changes
     * the attempts: a new one, a deletion, signed-out attempts joining a verified account, an
     * account deleted. Set at the end of the inserting statement: an insert's RETURNING has null.
     */
    attemptNumber: integer('attempt_number'),
    /**
     * Made signed out under the address of an account that had already verified it: it joins
     * that account only when the address's owner confirms it from the link mailed to them, never
     * by itself (not even when the account verifies an address again). Decision 038.
     */
    awaitsConfirmation: boolean('awaits_confirmation').notNull().default(false),
  },
  (t) => [
    index('checkup_results_created_at_idx').on(t.createdAt, t.id),
    // An organisation's attempts in order: the triggers renumber one through it.
    index('checkup_results_organisation_idx').on(sql`(coalesce('u:' || ${t.userId}::text, 'e:' || lower(${t.email})))`, t.createdAt, t.id),
    // A member's attempts in order: the progress page, and "has this person retaken since".
    index('checkup_results_user_idx').on(t.userId, t.createdAt),
    // Only attempts the reminder job has not dealt with: its scan stays small whatever the table's size.
    index('checkup_results_reminder_due_idx')
      .on(t.createdAt)
      .where(sql`${t.retakeReminderHandledAt} is null`),
    ...searchIndexes('checkup_results_email', t.email),
    index('checkup_results_email_idx').on(t.email, t.id),
    index('checkup_results_score_idx').on(t.score, t.id),
  ],
);

export const allies = pgTable(
  'allies',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    tagline: text('tagline').notNull().default(''),
    category: text('category').notNull(),
    description: text('description').notNull().default(''),
    services: text('services').notNull().default(''),
    howTheyHelp: text('how_they_help').notNull().default(''),
    whatMakesDifferent: text('what_makes_different').notNull().default(''),
    traction: text('traction').notNull().default(''),
    offerForMembers: text('offer_for_members').notNull().default(''),
    vibeCheck: text('vibe_check').notNull().default(''),
    website: text('website').notNull().default(''),
    email: text('email').notNull().default(''),
    phone: text('phone').notNull().default(''),
    submitterName: text('submitter_name').notNull().default(''),
    submitterEmail: text('submitter_email').notNull(),
    approved: boolean('approved').notNull().default(false),
    /** Set when an admin approves the ally or marks it re-verified: members see how fresh a listing is. */
    lastVerifiedAt: timestamp('last_verified_at', { withTimezone: true }),
    /** When it was first approved: the week's Allies news names the allies new to the directory (decision 053). */
    listedAt: timestamp('listed_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('allies_approved_category_idx').on(t.approved, t.category),
    index('allies_created_at_idx').on(t.createdAt, t.id),
    index('allies_approved_created_at_idx').on(t.approved, t.createdAt, t.id),
    ...searchIndexes('allies_name', t.name),
    ...searchIndexes('allies_email', t.email),
    ...searchIndexes('allies_submitter_email', t.submitterEmail),
    ...searchIndexes('allies_category', t.category),
    // The directory lists approved allies by name: this index serves the order and the page limit.
    index('allies_approved_name_idx').on(t.approved, sql`lower(${t.name})`),
  ],
);

export const contactMessages = pgTable(
  'contact_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    organization: text('organization').notNull().default(''),
    contactType: text('contact_type', { enum: contactTypes }).notNull(),
    subject: text('subject').notNull().default(''),
    message: text('message').notNull(),
    status: text('status', { enum: ['new', 'contacted', 'resolved'] })
      .notNull()
      .default('new'),
    /** The account that submitted it while signed in (null: submitted without an account). */
    userId: uuid('user_id').references((): AnyPgColumn => users.id, { onDelete: 'set null' }),
    /** Sent by a signed-in premium member: priority support, a reply within 1 business day. */
    premium: boolean('premium').notNull().default(false),
    createdAt: createdAt(),
    ...outreach(),
  },
  (t) => [
    // The admin's default order: new premium messages first, then newest first.
    index('contact_messages_priority_idx').on(sql`(${t.status} = 'new' and ${t.premium}) desc`, sql`${t.createdAt} desc`, sql`${t.id} desc`),
    index('contact_messages_created_at_idx').on(t.createdAt, t.id),
    index('contact_messages_user_idx').on(t.userId),
    ...searchIndexes('contact_messages_email', t.email),
    ...searchIndexes('contact_messages_name', t.name),
    ...searchIndexes('contact_messages_subject', t.subject),
    ...searchIndexes('contact_messages_organization', t.organization),
    index('contact_messages_email_idx').on(t.email, t.id),
    index('contact_messages_status_idx').on(t.status, t.createdAt, t.id),
  ],
);

export const subscriptions = pgTable(
  'subscriptions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    provider: text('provider').notNull(),
    providerCustomerId: text('provider_customer_id'),
    providerSubscriptionId: text('provider_subscription_id').notNull().unique(),
    plan: text('plan', { enum: ['monthly', 'yearly'] }).notNull(),
    status: text('status').notNull(),
    currentPeriodEnd: timestamp('current_period_end', { withTimezone: true }),
    cancelAtPeriodEnd: boolean('cancel_at_period_end').notNull().default(false),
    /** Set when the premium welcome email went out for this subscription: it is sent once. */
    welcomedAt: timestamp('welcomed_at', { withTimezone: true }),
    /**
     * The period end the "membership ends" email was sent for: cancelling, resuming and
     * cancelling again in one period sends it once.
     */
    cancelMailedFor: timestamp('cancel_mailed_for', { withTimezone: true }),
    /** The period end the "membership resumed" email was sent for: at most once a period too. */
    resumeMailedFor: timestamp('resume_mailed_for', { withTimezone: true }),
    /**
     * When an admin ended this paid membership at the end of its period: the member cannot resume
     * it (the team's decision stands); they can buy again once it has ended.
     */
    endedByAdminAt: timestamp('ended_by_admin_at', { withTimezone: true }),
    /** A duplicate (status 'duplicate'): when it was cancelled and refunded at the provider and the member told. */
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
    /** A team plan's seats (decision 055); null for a member's own membership. The payer is `userId`. */
    seats: integer('seats'),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // One membership per member (decision 025): a second live subscription cannot be stored,
    // whatever the code above it does. The statuses are server/payment-providers/provider.ts's liveStatuses.
    // A team plan the member buys for others is not their membership (decision 055): one of those each.
    uniqueIndex('subscriptions_one_live_per_user_idx')
      .on(t.userId)
      .where(sql`status in ('active', 'trialing', 'past_due') and seats is null`),
    uniqueIndex('subscriptions_one_live_team_per_user_idx')
      .on(t.userId)
      .where(sql`status in ('active', 'trialing', 'past_due') and seats is not null`),
    index('subscriptions_user_idx').on(t.userId),
    index('subscriptions_status_period_end_idx').on(t.status, t.currentPeriodEnd),
    index('subscriptions_created_at_idx').on(t.createdAt),
  ],
);

/**
 * Every charge a member paid, from the provider's invoice.paid events: the receipt history on
 * /account and its printable receipts. Amounts in cents, as charged.
 */
export const billingCharges = pgTable(
  'billing_charges',
  {
    /** The provider's invoice id. */
    id: text('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    provider: text('provider').notNull(),
    providerSubscriptionId: text('provider_subscription_id').notNull(),
    plan: text('plan', { enum: ['monthly', 'yearly'] }).notNull(),
    amountCents: integer('amount_cents').notNull(),
    currency: text('currency').notNull(),
    paidAt: timestamp('paid_at', { withTimezone: true }).notNull(),
    refundedAt: timestamp('refunded_at', { withTimezone: true }),
    /** Part of the charge refunded (a move to a team seat refunds the unused part, decision 055); null: all of it when refundedAt is set. */
    refundedCents: integer('refunded_cents'),
    /** A team plan's seats when it was charged (decision 055); null for one person's membership. */
    seats: integer('seats'),
    /** What an offer's discount took off this charge, and which offer (decision 054): the offer's cost in revenue. */
    discountCents: integer('discount_cents').notNull().default(0),
    offerId: uuid('offer_id').references(() => offers.id, { onDelete: 'set null' }),
  },
  (t) => [index('billing_charges_user_idx').on(t.userId, t.paidAt), index('billing_charges_offer_idx').on(t.offerId)],
);

/** The payment provider's customer of each member, made once and reused for every checkout and the portal. */
export const billingCustomers = pgTable('billing_customers', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  provider: text('provider').notNull(),
  customerId: text('customer_id').notNull().unique(),
  createdAt: createdAt(),
});

/**
 * The local test provider's own records (server/payment-providers/local-provider.ts): what a real payment
 * provider keeps on its side. They are not the app's view of a membership (that is
 * `subscriptions`, written only from verified events), so they carry no foreign keys to users.
 */
export const localBillingCheckouts = pgTable('local_billing_checkouts', {
  id: text('id').primaryKey(),
  /** The client secret's random part: /subscribe's embedded form proves it holds the secret. */
  secret: text('secret').notNull(),
  userId: uuid('user_id').notNull(),
  customerId: text('customer_id').notNull(),
  plan: text('plan', { enum: ['monthly', 'yearly'] }).notNull(),
  mode: text('mode', { enum: ['checkout', 'subscription'] }).notNull(),
  status: text('status', { enum: ['open', 'complete'] })
    .notNull()
    .default('open'),
  successUrl: text('success_url').notNull(),
  cancelUrl: text('cancel_url').notNull(),
  subscriptionId: text('subscription_id'),
  /** The offer the checkout was opened with, and its terms then (an archived offer keeps them). */
  offerId: uuid('offer_id'),
  offerTerms: jsonb('offer_terms').$type<OfferTerms>(),
  /** A team plan's seats (decision 055); null for one person's membership. */
  seats: integer('seats'),
  createdAt: createdAt(),
});

export const localBillingSubscriptions = pgTable(
  'local_billing_subscriptions',
  {
    id: text('id').primaryKey(),
    customerId: text('customer_id').notNull(),
    userId: uuid('user_id').notNull(),
    plan: text('plan', { enum: ['monthly', 'yearly'] }).notNull(),
    status: text('status', { enum: ['active', 'trialing', 'past_due', 'canceled'] }).notNull(),
    currentPeriodStart: timestamp('current_period_start', { withTimezone: true }).notNull(),
    currentPeriodEnd: timestamp('current_period_end', { withTimezone: true }).notNull(),
    cancelAtPeriodEnd: boolean('cancel_at_period_end').notNull().default(false),
    cardLast4: text('card_last4').notNull(),
    /** Test card 4000 0000 0000 0341: the first payment succeeds, every renewal is declined. */
    cardFailsRenewal: boolean('card_fails_renewal').notNull().default(false),
    failedAttempts: integer('failed_attempts').notNull().default(0),
    /** Left over from switching to a cheaper plan mid-period: taken off the next charges, as Stripe's customer balance. */
    creditCents: integer('credit_cents').notNull().default(0),
    /** An offer's discount, as Stripe's coupon on a subscription: its terms and how many charges were made under them. */
    offerTerms: jsonb('offer_terms').$type<OfferTerms>(),
    /** A team plan's seats (decision 055), as Stripe's item quantity; null for one person's membership. */
    seats: integer('seats'),
    charges: integer('charges').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('local_billing_subscriptions_due_idx').on(t.status, t.currentPeriodEnd)],
);

/**
 * Offers (issue 40 part 2, decision 054): a discount or a trial a link applies on /subscribe,
 * mapped to the provider's coupon and promotion code. `redeemed` counts paid redemptions, raised
 * in the paying transaction only while under `max_redemptions`, so the cap holds under any load.
 */
export const offers = pgTable('offers', {
  id: uuid('id').primaryKey().defaultRandom(),
  code: text('code').notNull().unique(),
  label: text('label').notNull(),
  kind: text('kind', { enum: ['percent', 'amount', 'trial'] }).notNull(),
  percentOff: integer('percent_off'),
  amountOffCents: integer('amount_off_cents'),
  trialDays: integer('trial_days'),
  duration: text('duration', { enum: ['once', 'repeating', 'forever'] }),
  durationMonths: integer('duration_months'),
  appliesTo: text('applies_to', { enum: ['monthly', 'yearly', 'both'] }).notNull(),
  endsAt: timestamp('ends_at', { withTimezone: true }),
  maxRedemptions: integer('max_redemptions'),
  redeemed: integer('redeemed').notNull().default(0),
  requiresApproval: boolean('requires_approval').notNull().default(false),
  archivedAt: timestamp('archived_at', { withTimezone: true }),
  providerCouponId: text('provider_coupon_id'),
  providerPromotionCodeId: text('provider_promotion_code_id'),
  createdAt: createdAt(),
});

/** A member's use of an offer: asked for (approval offers), approved or refused, then redeemed by a paid checkout. */
export const offerRedemptions = pgTable(
  'offer_redemptions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    offerId: uuid('offer_id')
      .notNull()
      .references(() => offers.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    status: text('status', { enum: ['requested', 'approved', 'refused', 'redeemed'] }).notNull(),
    budgetBand: text('budget_band'),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('offer_redemptions_offer_user_idx').on(t.offerId, t.userId), index('offer_redemptions_user_idx').on(t.userId, t.status)],
);

/** Signed events the local provider has produced, kept until the webhook route accepted them (it retries, as a real provider does). */
export const localBillingEvents = pgTable(
  'local_billing_events',
  {
    id: text('id').primaryKey(),
    /** Delivery order: events made in one transaction share a timestamp. */
    seq: bigserial('seq', { mode: 'number' }).notNull(),
    payload: text('payload').notNull(),
    createdAt: createdAt(),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
  },
  (t) => [index('local_billing_events_undelivered_idx').on(t.deliveredAt, t.seq)],
);

/** The local provider's billing clock: how far `npm run billing:clock` has moved it ahead of real time. One row. */
export const localBillingClock = pgTable('local_billing_clock', {
  id: integer('id').primaryKey(),
  offsetMs: bigint('offset_ms', { mode: 'number' }).notNull().default(0),
});

/** A premium member's rating of an ally: one per member and ally; an admin can hide it. */
export const allyReviews = pgTable(
  'ally_reviews',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    allyId: uuid('ally_id')
      .notNull()
      .references(() => allies.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    rating: integer('rating').notNull(),
    comment: text('comment').notNull().default(''),
    hidden: boolean('hidden').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('ally_reviews_ally_user_idx').on(t.allyId, t.userId), index('ally_reviews_user_idx').on(t.userId)],
);

/** Every admin action, append-only: who did what to which record, when. */
export const adminAuditLog = pgTable(
  'admin_audit_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    /** Kept as text, not a foreign key: the log outlives a deleted admin account. */
    adminId: uuid('admin_id').notNull(),
    adminEmail: text('admin_email').notNull(),
    action: text('action').notNull(),
    targetType: text('target_type').notNull(),
    targetId: text('target_id').notNull(),
    details: jsonb('details').$type<Record<string, string | number | boolean | null>>().notNull().default({}),
    createdAt: createdAt(),
  },
  (t) => [
    index('admin_audit_log_created_at_idx').on(t.createdAt, t.id),
    ...searchIndexes('admin_audit_log_admin_email', t.adminEmail),
    ...searchIndexes('admin_audit_log_action', t.action),
    ...searchIndexes('admin_audit_log_target_id', t.targetId),
  ],
);

/** A payment provider may deliver the same webhook twice: its id is recorded once. */
export const webhookEvents = pgTable('webhook_events', {
  id: text('id').primaryKey(),
  type: text('type').notNull(),
  receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
});

export const usageEvents = pgTable(
  'usage_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    kind: text('kind').notNull(),
    path: text('path').notNull(),
    props: jsonb('props').$type<NonNullable<UsageEvent['props']>>().notNull().default({}),
    createdAt: createdAt(),
  },
  (t) => [index('usage_events_kind_created_idx').on(t.kind, t.createdAt)],
);

/**
 * Rate-limit counters shared by every server on the database, so a limit holds across all of
 * them (server/http/rate-limit-store.ts). One row per key and window.
 */
export const rateLimits = pgTable(
  'rate_limits',
  {
    key: text('key').primaryKey(),
    count: integer('count').notNull(),
    resetAt: timestamp('reset_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('rate_limits_reset_at_idx').on(t.resetAt)],
);

/**
 * Every email, written before it is sent: a job delivers it and retries with backoff while the
 * mail server is down, so a promised email is never lost (server/mail/outbox.ts).
 */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    to: text('to').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    html: text('html'),
    /** A calendar invitation sent with the email (a webinar's .ics), as nodemailer's icalEvent. */
    icalEvent: jsonb('ical_event').$type<{ method: 'REQUEST' | 'CANCEL'; content: string; filename: string }>(),
    /** Extra headers sent with it (the welcome email's List-Unsubscribe). */
    headers: jsonb('headers').$type<Record<string, string>>(),
    status: text('status', { enum: ['pending', 'sent', 'failed'] })
      .notNull()
      .default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    /** While a server is sending it, no other one takes it; a crashed sender's claim runs out. */
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    lastError: text('last_error'),
    createdAt: createdAt(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (t) => [index('mail_outbox_due_idx').on(t.status, t.nextAttemptAt)],
);

/**
 * "This person was told this, once" (decision 034): one row per topic and person, unique, written
 * in the transaction that stores the email (or records a thing told another way, such as a Slack
 * invitation sent outside the site). Whatever runs twice, on whichever server, finds the row and
 * tells nobody again. The topic names what was told: `webinar:<id>:reminder-day:<start>`,
 * `coaching:<booking>:reminder`, `slack-invitation`.
 */
export const toldOnce = pgTable(
  'told_once',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    topic: text('topic').notNull(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
    /** For someone without an account. */
    email: text('email'),
    /** How, and by whom, when that matters (a Slack invitation: sent from here or marked sent elsewhere, by which admin). */
    details: jsonb('details').$type<Record<string, string>>(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('told_once_topic_person_idx').on(t.topic, sql`coalesce(${t.userId}::text, lower(${t.email}))`),
    index('told_once_user_idx').on(t.userId),
    check('told_once_has_person', sql`${t.userId} is not null or ${t.email} is not null`),
  ],
);

/** Secrets every server shares, made once on first start (the key that signs unsubscribe links). */
export const siteSecrets = pgTable('site_secrets', {
  name: text('name').primaryKey(),
  value: text('value').notNull(),
  createdAt: createdAt(),
});

/** Addresses a mail server refused for good (5xx at RCPT): never mailed an edition again. */
export const mailSuppressions = pgTable(
  'mail_suppressions',
  {
    email: text('email').notNull(),
    reason: text('reason').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('mail_suppressions_email_lower_idx').on(sql`lower(${t.email})`),
    // The admin's list of suppressed addresses: paged newest first, searched by address.
    index('mail_suppressions_created_at_idx').on(t.createdAt, t.email),
    ...searchIndexes('mail_suppressions_email', t.email),
  ],
);

/**
 * What each address has left, by topic (decision 071): the newsletter, the news topics, the
 * Check-Up's follow-ups and retake reminders. One row per address and topic, read by every
 * sender through server/mail/topic-opt-outs.ts; refused addresses are mail_suppressions.
 */
export const mailTopicOptOuts = pgTable(
  'mail_topic_opt_outs',
  {
    email: text('email').notNull(),
    topic: text('topic', { enum: mailTopics }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('mail_topic_opt_outs_email_topic_idx').on(sql`lower(${t.email})`, t.topic)],
);

/** A saved segment of The Weekly Dish's subscribers (decision 046): a name and a filter. */
export const newsletterSegments = pgTable(
  'newsletter_segments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    filter: jsonb('filter').$type<SegmentFilter>().notNull(),
    updatedBy: text('updated_by'),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('newsletter_segments_name_idx').on(sql`lower(${t.name})`)],
);

/** An edition of The Weekly Dish: a draft until it is scheduled or sent, then archived on the site. */
export const newsletterEditions = pgTable(
  'newsletter_editions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    slug: text('slug').notNull(),
    title: text('title').notNull(),
    summary: text('summary').notNull().default(''),
    body: text('body').notNull(),
    audience: text('audience', { enum: editionAudiences }).notNull().default('subscribers'),
    /**
     * The segment of an edition for one (audience 'segment'). A segment an unsent edition uses
     * cannot be deleted (409); a sent edition's recipients were fixed when it started, so it lets go.
     */
    segmentId: uuid('segment_id').references((): AnyPgColumn => newsletterSegments.id, { onDelete: 'set null' }),
    status: text('status', { enum: editionStatuses }).notNull().default('draft'),
    /** Raised by every save: a save from an older version is refused, so a second tab loses nothing. */
    version: integer('version').notNull().default(1),
    issueNumber: integer('issue_number'),
    scheduledAt: timestamp('scheduled_at', { withTimezone: true }),
    /** When sending started: the recipients were fixed then, and unsubscribes are counted from then. */
    startedAt: timestamp('started_at', { withTimezone: true }),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    /** The body as the site shows it and its reading time, worked out when saved; null until then (see renderMissingHtml). */
    bodyHtml: text('body_html'),
    readingMinutes: integer('reading_minutes'),
    /** Rendered once when sending starts; each recipient's copy only fills in its own unsubscribe link. */
    html: text('html'),
    text: text('text'),
    /** Its email ends with "Was this useful? Yes / No" (decision 045): counted per answer and day, never per person. */
    askFeedback: boolean('ask_feedback').notNull().default(false),
    updatedBy: text('updated_by'),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('newsletter_editions_slug_idx').on(t.slug),
    uniqueIndex('newsletter_editions_issue_idx').on(t.issueNumber),
    index('newsletter_editions_status_idx').on(t.status, t.scheduledAt),
    index('newsletter_editions_segment_idx').on(t.segmentId),
  ],
);

/**
 * One row per edition and recipient (unique): the edition goes to an address at most once.
 * Claimed in batches with FOR UPDATE SKIP LOCKED and marked sent right after the mail server
 * accepts it (decision 028).
 */
export const editionDeliveries = pgTable(
  'edition_deliveries',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    editionId: uuid('edition_id')
      .notNull()
      .references(() => newsletterEditions.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    status: text('status', { enum: ['pending', 'sent', 'failed', 'skipped'] })
      .notNull()
      .default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    lastError: text('last_error'),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('edition_deliveries_recipient_idx').on(t.editionId, sql`lower(${t.email})`),
    // What is left to send, in claiming order: only the pending rows, so a half-sent edition's claims never walk the sent ones.
    index('edition_deliveries_pending_idx')
      .on(t.editionId, t.id)
      .where(sql`status = 'pending'`),
  ],
);

/**
 * The next free start of a sending rate shared by every server (decision 049): one row per queue
 * ('weekly-dish'), moved on by each block of starts a sender reserves.
 */
export const sendRateSlots = pgTable('send_rate_slots', {
  name: text('name').primaryKey(),
  nextStart: timestamp('next_start', { withTimezone: true }).notNull(),
});

/**
 * The links of an edition's email as its copy was rendered (decision 045): its /r/<edition>/<number>
 * redirect leads only to these, so it is never an open redirect.
 */
export const editionLinks = pgTable(
  'edition_links',
  {
    editionId: uuid('edition_id')
      .notNull()
      .references(() => newsletterEditions.id, { onDelete: 'cascade' }),
    number: integer('number').notNull(),
    url: text('url').notNull(),
  },
  (t) => [primaryKey({ columns: [t.editionId, t.number] })],
);

/** How often each link of an edition was followed, per day in the site's time zone: a count, nobody's click. */
export const editionLinkClicks = pgTable(
  'edition_link_clicks',
  {
    editionId: uuid('edition_id').notNull(),
    number: integer('number').notNull(),
    day: date('day').notNull(),
    count: integer('count').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.editionId, t.number, t.day] }),
    foreignKey({
      name: 'edition_link_clicks_link_fk',
      columns: [t.editionId, t.number],
      foreignColumns: [editionLinks.editionId, editionLinks.number],
    }).onDelete('cascade'),
  ],
);

/** The answers to "Was this useful?" per edition, answer and day: counts only. */
export const editionFeedback = pgTable(
  'edition_feedback',
  {
    editionId: uuid('edition_id')
      .notNull()
      .references(() => newsletterEditions.id, { onDelete: 'cascade' }),
    answer: text('answer', { enum: feedbackAnswers }).notNull(),
    day: date('day').notNull(),
    count: integer('count').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.editionId, t.answer, t.day] })],
);

/** Unsubscribes from an edition's own links (or its List-Unsubscribe header) by someone it was sent to: a count per edition, not who. */
export const editionUnsubscribes = pgTable('edition_unsubscribes', {
  editionId: uuid('edition_id')
    .primaryKey()
    .references(() => newsletterEditions.id, { onDelete: 'cascade' }),
  count: integer('count').notNull().default(0),
});

/**
 * What came back about one copy of an edition (decision 043): a bounce or a complaint, read from
 * the bounce mailbox, a provider's webhook or the mail server's refusal while sending. One row per
 * copy and kind, so the same report read twice (two servers, a re-poll, a webhook retry, the
 * mailbox and the webhook both) counts once. `edition_id` is the edition the copy was of.
 */
export const editionBounces = pgTable(
  'edition_bounces',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    deliveryId: bigint('delivery_id', { mode: 'number' })
      .notNull()
      .references(() => editionDeliveries.id, { onDelete: 'cascade' }),
    editionId: uuid('edition_id')
      .notNull()
      .references(() => newsletterEditions.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    kind: text('kind', { enum: bounceKinds }).notNull(),
    /** The enhanced status code (RFC 3463, 5.1.1) or the SMTP reply code when no other was given; '' for complaints. */
    status: text('status').notNull().default(''),
    /** The mail server's own words (Diagnostic-Code, the provider's message), or the complaint's feedback type. */
    diagnostic: text('diagnostic').notNull().default(''),
    source: text('source', { enum: bounceSources }).notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('edition_bounces_delivery_kind_idx').on(t.deliveryId, t.kind),
    index('edition_bounces_edition_idx').on(t.editionId, t.kind),
    // Soft bounces of an address within the window.
    index('edition_bounces_email_idx').on(sql`lower(${t.email})`, t.receivedAt),
    index('edition_bounces_received_at_idx').on(t.receivedAt, t.id),
    ...searchIndexes('edition_bounces_email', t.email),
  ],
);

/**
 * The site's pages and resources: the draft being written lives on the row; each
 * publish adds a content_versions row and points the item at it. Nothing is ever deleted from
 * the versions, so every published text can be looked at and restored.
 */
export const contentItems = pgTable(
  'content_items',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    section: text('section', { enum: contentSections }).notNull(),
    slug: text('slug').notNull(),
    position: integer('position').notNull().default(0),
    title: text('title').notNull(),
    summary: text('summary').notNull().default(''),
    body: text('body').notNull().default(''),
    fields: jsonb('fields').$type<ContentFields>().notNull().default({}),
    /** Raised by every save: a save from an older version is refused, so a second tab loses nothing. */
    version: integer('version').notNull().default(1),
    /** The live version; null when never published or unpublished. */
    publishedVersionId: uuid('published_version_id').references((): AnyPgColumn => contentVersions.id),
    /** When the draft is to be published (the 'content-publish' job does it). */
    publishAt: timestamp('publish_at', { withTimezone: true }),
    updatedBy: text('updated_by'),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('content_items_section_slug_idx').on(t.section, t.slug), index('content_items_publish_at_idx').on(t.publishAt)],
);

export const contentVersions = pgTable(
  'content_versions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    itemId: uuid('item_id')
      .notNull()
      .references((): AnyPgColumn => contentItems.id, { onDelete: 'cascade' }),
    number: integer('number').notNull(),
    title: text('title').notNull(),
    summary: text('summary').notNull(),
    body: text('body').notNull(),
    fields: jsonb('fields').$type<ContentFields>().notNull(),
    /** The body as the site shows it, rendered once when published; null until rendered (see renderMissingHtml). */
    html: text('html'),
    publishedBy: text('published_by'),
    publishedAt: timestamp('published_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('content_versions_item_number_idx').on(t.itemId, t.number)],
);

/**
 * Images uploaded into pages and editions, in the database so that every server
 * serves them: the stored size (at most 1600 px wide) and a 640 px WebP for phones.
 */
export const images = pgTable('images', {
  id: uuid('id').primaryKey().defaultRandom(),
  contentType: text('content_type').$type<ImageType>().notNull(),
  data: bytea('data').notNull(),
  phoneData: bytea('phone_data').notNull(),
  width: integer('width').notNull(),
  height: integer('height').notNull(),
  alt: text('alt').notNull(),
  uploadedBy: text('uploaded_by'),
  /** Whether its stored copies are known to carry no metadata (EXIF, GPS, XMP): images stored before that was done are cleaned by the 'images' job. */
  metadataStripped: boolean('metadata_stripped').notNull().default(false),
  createdAt: createdAt(),
});

/** Premium's webinars: scheduled by admins; `sequence` rises with every change members are told of (the .ics SEQUENCE). */
export const webinars = pgTable(
  'webinars',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    /** The description and the recording's summary as the site shows them, rendered when saved; null until rendered. */
    descriptionHtml: text('description_html'),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    durationMinutes: integer('duration_minutes').notNull(),
    roomUrl: text('room_url').notNull(),
    capacity: integer('capacity'),
    status: text('status', { enum: ['scheduled', 'cancelled'] })
      .notNull()
      .default('scheduled'),
    sequence: integer('sequence').notNull().default(0),
    recordingUrl: text('recording_url'),
    recordingSummary: text('recording_summary').notNull().default(''),
    recordingSummaryHtml: text('recording_summary_html'),
    slidesUrl: text('slides_url'),
    recordingAddedAt: timestamp('recording_added_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('webinars_starts_at_idx').on(t.startsAt)],
);

export const webinarSignups = pgTable(
  'webinar_signups',
  {
    webinarId: uuid('webinar_id')
      .notNull()
      .references(() => webinars.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('webinar_signups_pk').on(t.webinarId, t.userId)],
);

/** One-on-one coaching: 60-minute slots an admin (the coach) publishes. */
export const coachingSlots = pgTable(
  'coaching_slots',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    coachId: uuid('coach_id').references(() => users.id, { onDelete: 'set null' }),
    coachName: text('coach_name').notNull(),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    roomUrl: text('room_url').notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('coaching_slots_coach_start_idx').on(t.coachId, t.startsAt), index('coaching_slots_starts_idx').on(t.startsAt)],
);

/**
 * A member's booking of a slot. The database keeps the two promises, whatever server takes the
 * click: one live booking per slot, and one live booking per member and calendar month (the
 * slot's month in SITE_TIMEZONE). A cancelled booking frees both.
 */
export const coachingBookings = pgTable(
  'coaching_bookings',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    slotId: uuid('slot_id')
      .notNull()
      .references(() => coachingSlots.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The session's calendar month on the site's clock, '2026-12'. */
    month: text('month').notNull(),
    status: text('status', { enum: ['booked', 'cancelled'] })
      .notNull()
      .default('booked'),
    /**
     * The member's calendar event, when it is not this booking's own id: a move is a new booking
     * that keeps the event of the one it replaces, so the calendar updates it instead of adding one.
     */
    invitationId: uuid('invitation_id'),
    /** The event's SEQUENCE: raised by each move, so the updated invitation replaces the one before. */
    sequence: integer('sequence').notNull().default(0),
    cancelledReason: text('cancelled_reason'),
    createdAt: createdAt(),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('coaching_bookings_slot_live_idx')
      .on(t.slotId)
      .where(sql`status = 'booked'`),
    uniqueIndex('coaching_bookings_month_live_idx')
      .on(t.userId, t.month)
      .where(sql`status = 'booked'`),
  ],
);

// ---- Check-Up follow-ups (decision 039) ----

/** A stored step: the Markdown as written and its HTML, rendered once when the sequence is saved (decision 031). */
export type StoredFollowUpStep = FollowUpStep & { bodyHtml: string };

/**
 * A short email sequence the team writes for people whose weakest pillar, or overall band, is its
 * target (decision 039). One sequence per target; people are enrolled only while it is on.
 */
export const followUpSequences = pgTable(
  'follow_up_sequences',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    targetKind: text('target_kind', { enum: followUpTargetKinds }).notNull(),
    target: text('target').notNull(),
    active: boolean('active').notNull().default(false),
    /** Stop for a person once their account is premium (checked before each step). */
    stopOnPremium: boolean('stop_on_premium').notNull().default(false),
    /** What the target was before it was changed for the admin (a status band became a grade, migration 0038); cleared by the next save. */
    targetNote: text('target_note'),
    steps: jsonb('steps').$type<StoredFollowUpStep[]>().notNull(),
    /** The first step's delay, kept beside the steps so enrolment computes its due time in its one insert. */
    firstDelayDays: integer('first_delay_days').notNull(),
    updatedBy: text('updated_by'),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('follow_up_sequences_target_idx').on(t.targetKind, t.target)],
);

/**
 * A person in a sequence, from one Check-Up result. `stepsSent` steps are behind them (sent, or
 * skipped because that step had reached them before); the next is due at `nextDueAt`. Stopped on
 * unsubscribe, retake, premium (if the sequence says so) or when the steps run out.
 */
export const followUpEnrolments = pgTable(
  'follow_up_enrolments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    sequenceId: uuid('sequence_id')
      .notNull()
      .references(() => followUpSequences.id, { onDelete: 'cascade' }),
    /** The result that enrolled them: deleting it (or the account that owns it) ends the enrolment. */
    resultId: uuid('result_id')
      .notNull()
      .references(() => checkupResults.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
    /** Their weakest pillar in that result: the step links point to its guide, resources and Allies category. */
    pillar: text('pillar').notNull(),
    stepsSent: integer('steps_sent').notNull().default(0),
    nextDueAt: timestamp('next_due_at', { withTimezone: true }).notNull(),
    stoppedAt: timestamp('stopped_at', { withTimezone: true }),
    /** 'retargeted': the sequence's target changed under it and the person's result no longer falls in it (migration 0038). */
    stopReason: text('stop_reason', { enum: ['finished', 'retake', 'unsubscribed', 'premium', 'retargeted'] }),
    createdAt: createdAt(),
  },
  (t) => [
    index('follow_up_enrolments_due_idx')
      .on(t.nextDueAt)
      .where(sql`stopped_at is null`),
    index('follow_up_enrolments_email_idx')
      .on(sql`lower(${t.email})`)
      .where(sql`stopped_at is null`),
    index('follow_up_enrolments_sequence_idx').on(t.sequenceId, t.stepsSent),
    index('follow_up_enrolments_result_idx').on(t.resultId),
    index('follow_up_enrolments_user_idx').on(t.userId),
  ],
);

// Peers (decision 040): the figures of each peer group, recomputed on a schedule, read by the results page.
/**
 * One row per peer group: each budget band, and 'all' (every organisation). The size is kept for
 * every group (the admin sees it); the figures only for a group of at least PEER_MINIMUM.
 */
export const checkupPeerGroups = pgTable('checkup_peer_groups', {
  /** A budget band's value, or 'all'. */
  peerGroup: text('peer_group').primaryKey(),
  /** The group's size at the latest computation (the admin sees it). */
  organisations: integer('organisations').notNull(),
  /** Per pillar, the 25th, 50th and 75th percentile of the health percent, as shown; null while none may be shown. */
  figures: jsonb('figures').$type<Record<Pillar, PillarSpread>>(),
  /** How many organisations the shown figures are of (they may be older than the latest computation). */
  figuresOrganisations: integer('figures_organisations'),
  /**
   * When the figures last shown were computed. Kept when they are withdrawn: new figures are shown
   * only once enough organisations have come since (decision 040), so two views never differ by one.
   */
  figuresAsOf: timestamp('figures_as_of', { withTimezone: true }),
  /** Organisations of the group whose latest Check-Up came after `figuresAsOf` (the admin sees how many more are needed). */
  newSince: integer('new_since').notNull().default(0),
  computedAt: timestamp('computed_at', { withTimezone: true }).notNull(),
});

/** A text-search vector; written only by the database's own functions (drizzle/0028_search.sql). */
const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

/**
 * What search finds (decision 042): one row per published item (a page, guide, resource, library
 * item, sent edition, webinar or approved Ally), kept by triggers on the tables that publish them,
 * in the same transaction as the publish, unpublish or restore. Never a draft or an older version.
 */
export const searchDocuments = pgTable(
  'search_documents',
  {
    sourceId: uuid('source_id').primaryKey(),
    kind: text('kind', { enum: searchKinds }).notNull(),
    url: text('url').notNull(),
    title: text('title').notNull(),
    summary: text('summary').notNull(),
    /** The text a reader sees (tags removed), for the snippet. */
    body: text('body').notNull(),
    /** Shown to premium members only; anyone else gets a locked result (title and kind). */
    premium: boolean('premium').notNull(),
    publishedAt: timestamp('published_at', { withTimezone: true }),
    /** Title (weight A), summary (B) and body (C) in the 'search_english' configuration (unaccented, stemmed). */
    vector: tsvector('vector').notNull(),
    /** The title alone: a locked result is found by its title, never by the text it hides. */
    titleVector: tsvector('title_vector').notNull(),
  },
  (t) => [index('search_documents_vector_idx').using('gin', t.vector)],
);

/** The words of everything ever published (lower case, unaccented), for "Did you mean" (trigrams). */
export const searchWords = pgTable('search_words', { word: text('word').primaryKey() }, (t) => [
  index('search_words_trgm_idx').using('gin', sql`${t.word} gin_trgm_ops`),
]);

/** What people searched for, per week (Monday), and how often it found nothing: no user, no address. */
export const searchQueriesWeekly = pgTable(
  'search_queries_weekly',
  {
    week: date('week').notNull(),
    query: text('query').notNull(),
    searches: integer('searches').notNull().default(0),
    empty: integer('empty').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.week, t.query] })],
);

/**
 * One number, raised by the database in every transaction that changes `search_documents`
 * (drizzle/0028): a server keeps search answers only while it is the number they were found under.
 */
export const searchGeneration = pgTable(
  'search_generation',
  {
    id: boolean('id').primaryKey().default(true),
    n: bigint('n', { mode: 'number' }).notNull(),
  },
  (t) => [check('search_generation_one_row', sql`${t.id}`)],
);

/**
 * Team plans (decision 055): a team is a team plan's subscription (its payer is the subscription's
 * member); its seats are held by members, each seat premium while the plan is live.
 */
export const teams = pgTable('teams', {
  id: uuid('id').primaryKey().defaultRandom(),
  subscriptionId: uuid('subscription_id')
    .notNull()
    .unique()
    .references(() => subscriptions.id, { onDelete: 'cascade' }),
  ownerId: uuid('owner_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  createdAt: createdAt(),
});

export const teamSeats = pgTable(
  'team_seats',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    teamId: uuid('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    joinedAt: timestamp('joined_at', { withTimezone: true }).notNull().defaultNow(),
    /** Removed by the buyer, or left: the seat is free again and gives nothing. */
    removedAt: timestamp('removed_at', { withTimezone: true }),
  },
  (t) => [
    // One seat per person, on any team: a second claim of a seat cannot be stored.
    uniqueIndex('team_seats_one_per_user_idx')
      .on(t.userId)
      .where(sql`removed_at is null`),
    index('team_seats_team_idx').on(t.teamId),
  ],
);

export const teamInvitations = pgTable(
  'team_invitations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    teamId: uuid('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    /** SHA-256 of the link's token: the token itself is only in the email. */
    tokenHash: text('token_hash').notNull().unique(),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    usedBy: uuid('used_by').references(() => users.id, { onDelete: 'set null' }),
    withdrawnAt: timestamp('withdrawn_at', { withTimezone: true }),
  },
  (t) => [index('team_invitations_team_idx').on(t.teamId)],
);
