import { and, count, desc, eq, gt, isNotNull, isNull, lt, or, sql } from 'drizzle-orm';
import type { PublicUser } from '#shared/auth/user';
import { describeSchedule, describeTerms, offerSchedule } from '#shared/membership/offer-price';
import { type PublicOffer, termsOf } from '#shared/membership/offers';
import type { PlanType } from '#shared/pricing';
import type { Executor, Transaction } from '../../db/client';
import { users } from '../../db/schema';
import { billingCharges } from '../membership/schema';
import { offerRedemptions, offers } from './schema';
import { HttpError } from '../../http/errors';
import { type PersonalData } from '../../personal-data';

/**
 * Offers (decision 054): created by admins, applied by a link on /subscribe, redeemed by a paid
 * checkout. The cap is counted in the paying transaction (`redeemInPayment`), so concurrent
 * payments at the cap never exceed it.
 */
export type OfferRow = typeof offers.$inferSelect;

/** A stored offer's terms, as offer-price.ts reads them. */
export const termsOfRow = (offer: OfferRow) =>
  termsOf({
    kind: offer.kind,
    percentOff: offer.percentOff ?? undefined,
    amountOffCents: offer.amountOffCents ?? undefined,
    trialDays: offer.trialDays ?? undefined,
    duration: offer.duration ?? undefined,
    durationMonths: offer.durationMonths ?? undefined,
  });

const notFound = () => new HttpError(404, 'This offer does not exist. Check the link, or see the regular prices on /pricing.');

export async function offerById(db: Executor, id: string): Promise<OfferRow | undefined> {
  const [row] = await db.select().from(offers).where(eq(offers.id, id));
  return row;
}

export async function findOfferByCode(db: Executor, code: string): Promise<OfferRow | undefined> {
  const [row] = await db.select().from(offers).where(eq(offers.code, code.toLowerCase()));
  return row;
}

/** Stores a new offer; undefined when its code is taken (even by one created at the same moment). */
export async function insertOffer(tx: Executor, values: typeof offers.$inferInsert): Promise<OfferRow | undefined> {
  const [row] = await tx.insert(offers).values(values).onConflictDoNothing().returning();
  return row;
}

/** Archives the offer: no new checkout can use it. */
export async function archiveOffer(tx: Executor, id: string): Promise<OfferRow | undefined> {
  const [row] = await tx.update(offers).set({ archivedAt: new Date() }).where(eq(offers.id, id)).returning();
  return row;
}

/** Why an offer cannot be used now, or null. */
export function unavailableReason(offer: OfferRow, now = new Date()): string | null {
  if (offer.archivedAt) return 'This offer has ended.';
  if (offer.endsAt && offer.endsAt <= now) return 'This offer has ended.';
  if (offer.maxRedemptions !== null && offer.redeemed >= offer.maxRedemptions) return 'This offer has been fully redeemed.';
  return null;
}

const appliesTo = (offer: Pick<OfferRow, 'appliesTo'>, plan: PlanType) => offer.appliesTo === 'both' || offer.appliesTo === plan;

export async function redemptionOf(db: Executor, offerId: string, userId: string) {
  const [row] = await db
    .select()
    .from(offerRedemptions)
    .where(and(eq(offerRedemptions.offerId, offerId), eq(offerRedemptions.userId, userId)));
  return row;
}

/** A member's application for an offer that waits for approval; false when they have applied (or redeemed it) already. */
export async function insertApplication(db: Executor, offerId: string, userId: string, budgetBand: string): Promise<boolean> {
  const rows = await db
    .insert(offerRedemptions)
    .values({ offerId, userId, status: 'requested', budgetBand })
    .onConflictDoNothing()
    .returning({ id: offerRedemptions.id });
  return rows.length > 0;
}

/** The applications for an offer with who made them, the first first: the admin's list. */
export async function applicationsFor(db: Executor, offerId: string) {
  return db
    .select({
      id: offerRedemptions.id,
      status: offerRedemptions.status,
      budgetBand: offerRedemptions.budgetBand,
      createdAt: offerRedemptions.createdAt,
      email: users.email,
      name: users.name,
      firstName: users.firstName,
      lastName: users.lastName,
    })
    .from(offerRedemptions)
    .innerJoin(users, eq(users.id, offerRedemptions.userId))
    .where(eq(offerRedemptions.offerId, offerId))
    .orderBy(offerRedemptions.createdAt);
}

/** Approves or refuses an application still waiting; undefined when it is not waiting (decided already, or none). */
export async function decideApplication(tx: Executor, id: string, status: 'approved' | 'refused') {
  const [row] = await tx
    .update(offerRedemptions)
    .set({ status, updatedAt: new Date() })
    .where(and(eq(offerRedemptions.id, id), eq(offerRedemptions.status, 'requested')))
    .returning();
  return row;
}

/** The status of a redemption (or application), or undefined for none. */
export async function redemptionStatus(db: Executor, id: string) {
  const [row] = await db.select({ status: offerRedemptions.status }).from(offerRedemptions).where(eq(offerRedemptions.id, id));
  return row?.status;
}

/** What /subscribe shows for `?offer=CODE`. */
export async function publicOffer(db: Executor, code: string, user: PublicUser | null): Promise<PublicOffer> {
  const offer = await findOfferByCode(db, code);
  if (!offer) throw notFound();
  const terms = termsOfRow(offer);
  const prices: PublicOffer['prices'] = {};
  for (const plan of ['monthly', 'yearly'] as const) if (appliesTo(offer, plan)) prices[plan] = describeSchedule(plan, offerSchedule(plan, terms));
  const redemption = user ? await redemptionOf(db, offer.id, user.id) : undefined;
  return {
    code: offer.code,
    label: offer.label,
    appliesTo: offer.appliesTo,
    requiresApproval: offer.requiresApproval,
    prices,
    unavailable: unavailableReason(offer),
    application: redemption?.status ?? 'none',
  };
}

/**
 * The offer a checkout is opened with: it exists, can be used now, applies to the plan, was
 * approved when it asks for approval, and this member has not redeemed it. Refused with 409 and
 * the reason, before anything is charged.
 */
export async function offerForCheckout(db: Executor, code: string, userId: string, plan: PlanType) {
  const offer = await findOfferByCode(db, code);
  if (!offer) throw notFound();
  const reason = unavailableReason(offer);
  if (reason) throw new HttpError(409, `${reason} Nothing was charged: the regular prices are on /pricing.`);
  if (!appliesTo(offer, plan)) throw new HttpError(409, `This offer is for the ${offer.appliesTo} plan only.`);
  const redemption = await redemptionOf(db, offer.id, userId);
  if (redemption?.status === 'redeemed') throw new HttpError(409, 'You have used this offer already.');
  if (offer.requiresApproval && redemption?.status !== 'approved')
    throw new HttpError(
      409,
      redemption?.status === 'requested'
        ? 'Your application for this offer is waiting for our team’s approval.'
        : 'This offer needs our team’s approval first: apply on the offer’s page.',
    );
  return { id: offer.id, terms: termsOfRow(offer), providerPromotionCodeId: offer.providerPromotionCodeId };
}

/**
 * Counts a paid redemption inside the paying transaction: one statement raises `redeemed` only
 * while the offer is open and under its cap, so of concurrent payments at the cap the extra ones
 * find nothing to raise and are refused (their transaction rolls back, nothing is charged).
 */
export async function redeemInPayment(tx: Transaction, offerId: string, userId: string): Promise<void> {
  const [raised] = await tx
    .update(offers)
    .set({ redeemed: sql`${offers.redeemed} + 1` })
    .where(
      and(
        eq(offers.id, offerId),
        isNull(offers.archivedAt),
        or(isNull(offers.endsAt), gt(offers.endsAt, sql`now()`)),
        or(isNull(offers.maxRedemptions), lt(offers.redeemed, offers.maxRedemptions)),
      ),
    )
    .returning({ requiresApproval: offers.requiresApproval });
  if (!raised) throw new HttpError(409, 'This offer is no longer available (it ended or was fully redeemed). Nothing was charged.');
  if (raised.requiresApproval) {
    const [approved] = await tx
      .update(offerRedemptions)
      .set({ status: 'redeemed', updatedAt: new Date() })
      .where(and(eq(offerRedemptions.offerId, offerId), eq(offerRedemptions.userId, userId), eq(offerRedemptions.status, 'approved')))
      .returning({ id: offerRedemptions.id });
    if (!approved) throw new HttpError(409, 'This offer needs our team’s approval first. Nothing was charged.');
    return;
  }
  const [inserted] = await tx
    .insert(offerRedemptions)
    .values({ offerId, userId, status: 'redeemed' })
    .onConflictDoNothing()
    .returning({ id: offerRedemptions.id });
  if (!inserted) throw new HttpError(409, 'You have used this offer already. Nothing was charged.');
}

/**
 * Stripe counts a promotion code's redemptions itself (its max_redemptions refuses the extra
 * ones); ours follows from the subscription's first arrival, once per member and offer.
 */
export async function recordProviderRedemption(tx: Transaction, offerId: string, userId: string): Promise<void> {
  const [approved] = await tx
    .update(offerRedemptions)
    .set({ status: 'redeemed', updatedAt: new Date() })
    .where(and(eq(offerRedemptions.offerId, offerId), eq(offerRedemptions.userId, userId), eq(offerRedemptions.status, 'approved')))
    .returning({ id: offerRedemptions.id });
  const inserted = approved
    ? [approved]
    : await tx.insert(offerRedemptions).values({ offerId, userId, status: 'redeemed' }).onConflictDoNothing().returning({ id: offerRedemptions.id });
  if (inserted.length > 0)
    await tx
      .update(offers)
      .set({ redeemed: sql`${offers.redeemed} + 1` })
      .where(eq(offers.id, offerId));
}

/** A discount offer's terms in words ("25% off for 3 months"); null for a trial, which discounts no charge. */
export function discountInWords(offer: OfferRow): string | null {
  const terms = termsOfRow(offer);
  return terms.kind === 'trial' ? null : describeTerms(terms);
}

/** The offer whose discount the subscription's charges carried (the latest such charge's), if any. */
export async function offerOfSubscription(db: Executor, providerSubscriptionId: string): Promise<OfferRow | undefined> {
  const [row] = await db
    .select({ offer: offers })
    .from(billingCharges)
    .innerJoin(offers, eq(offers.id, billingCharges.offerId))
    .where(eq(billingCharges.providerSubscriptionId, providerSubscriptionId))
    .orderBy(desc(billingCharges.paidAt))
    .limit(1);
  return row?.offer;
}

/** The offer whose discount a member's charges carry: the one they redeemed last. */
export async function redeemedOfferOf(db: Executor, userId: string): Promise<string | null> {
  const [row] = await db
    .select({ offerId: offerRedemptions.offerId })
    .from(offerRedemptions)
    .where(and(eq(offerRedemptions.userId, userId), eq(offerRedemptions.status, 'redeemed')))
    .orderBy(desc(offerRedemptions.updatedAt))
    .limit(1);
  return row?.offerId ?? null;
}

/** The admin's list: each offer with its redemptions, applications waiting and what its discounts cost. */
export async function listOffers(db: Executor) {
  const rows = await db.select().from(offers).orderBy(desc(offers.createdAt));
  const waiting = await db
    .select({ offerId: offerRedemptions.offerId, count: count() })
    .from(offerRedemptions)
    .where(eq(offerRedemptions.status, 'requested'))
    .groupBy(offerRedemptions.offerId);
  const costs = await db
    .select({ offerId: billingCharges.offerId, cents: sql<number>`coalesce(sum(${billingCharges.discountCents}), 0)::int` })
    .from(billingCharges)
    .where(isNotNull(billingCharges.offerId))
    .groupBy(billingCharges.offerId);
  const waitingOf = new Map(waiting.map((row) => [row.offerId, row.count]));
  const costOf = new Map(costs.map((row) => [row.offerId, row.cents]));
  return rows.map((offer) => ({
    ...offer,
    waiting: waitingOf.get(offer.id) ?? 0,
    costCents: costOf.get(offer.id) ?? 0,
    unavailable: unavailableReason(offer),
  }));
}

/** Offers' part of "Download my data" (server/personal-data.ts): the redemptions go with the account by foreign key. */
export const offersPersonalData: PersonalData = {
  tables: {
    offer_redemptions: {
      exported: 'offerRedemptions',
      erased: true,
      how: 'the offers the member applied for or used, the budget band they gave, and where each stands (decision 054); deleted with the account',
    },
  },
  collect: async (db, member) => ({
    offerRedemptions: await db
      .select({
        offer: offers.label,
        code: offers.code,
        status: offerRedemptions.status,
        budgetBand: offerRedemptions.budgetBand,
        at: offerRedemptions.createdAt,
      })
      .from(offerRedemptions)
      .innerJoin(offers, eq(offers.id, offerRedemptions.offerId))
      .where(eq(offerRedemptions.userId, member.id)),
  }),
};
