import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt } from '../../db/columns';
import { users } from '../../db/schema';
import { offers } from '../offers/schema';

export const memberships = pgTable(
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
  (t) => [
    index('billing_charges_user_idx').on(t.userId, t.paidAt),
    // The Offers tab's cost of each offer: summed from the index alone, never from the charges.
    index('billing_charges_offer_idx')
      .on(t.offerId, t.discountCents)
      .where(sql`offer_id is not null`),
  ],
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

/** A payment provider may deliver the same webhook twice: its id is recorded once. */
export const webhookEvents = pgTable('webhook_events', {
  id: text('id').primaryKey(),
  type: text('type').notNull(),
  receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
});
