import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt } from '../../db/columns';
import { users } from '../../db/schema';

/**
 * Offers (decision 054): a discount or a trial a link applies on /subscribe,
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
  (t) => [
    uniqueIndex('offer_redemptions_offer_user_idx').on(t.offerId, t.userId),
    index('offer_redemptions_user_idx').on(t.userId, t.status),
    // The Offers tab's applications waiting per offer: a few index entries, not every redemption.
    index('offer_redemptions_requested_idx')
      .on(t.offerId)
      .where(sql`status = 'requested'`),
  ],
);
