import { bigint, bigserial, boolean, index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import type { OfferTerms } from '#shared/membership/offer-price';
import { createdAt } from '../db/columns';

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
