import { and, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { billingCharges, billingCustomers, memberships } from './schema';
import { offers } from '../offers/schema';
import { liveStatuses } from '../../payment-providers/provider';
import { type PersonalData } from '../../personal-data';

/** A membership as stored: paid, granted, or a team plan its buyer pays for (`seats` set). */
export type MembershipRow = typeof memberships.$inferSelect;
/** One payment, with its receipt's figures. */
export type ChargeRow = typeof billingCharges.$inferSelect;

/** Subscriptions of a member that the provider still bills (active, or past due while it retries), team plans they pay for included. */
export function liveMemberships(db: Database, userId: string): Promise<MembershipRow[]> {
  return db
    .select()
    .from(memberships)
    .where(and(eq(memberships.userId, userId), inArray(memberships.status, [...liveStatuses])))
    .orderBy(desc(memberships.createdAt));
}

/** The member's subscription for /account: the live one, else the most recently changed. */
export async function currentMembership(db: Database, userId: string): Promise<MembershipRow | undefined> {
  // A team plan the member pays for is shown as their team (decision 055), not as their membership.
  const [live] = (await liveMemberships(db, userId)).filter((row) => row.seats === null);
  if (live) return live;
  const [latest] = await db
    .select()
    .from(memberships)
    .where(and(eq(memberships.userId, userId), isNull(memberships.seats)))
    .orderBy(desc(memberships.updatedAt))
    .limit(1);
  return latest;
}

/** Our record of the provider's subscription `providerSubscriptionId`. */
export async function membershipByProviderSubscriptionId(db: Database, providerSubscriptionId: string): Promise<MembershipRow | undefined> {
  const [row] = await db.select().from(memberships).where(eq(memberships.providerSubscriptionId, providerSubscriptionId)).limit(1);
  return row;
}

export async function findCustomer(db: Database, userId: string, provider: string): Promise<string | undefined> {
  const [row] = await db
    .select({ customerId: billingCustomers.customerId })
    .from(billingCustomers)
    .where(and(eq(billingCustomers.userId, userId), eq(billingCustomers.provider, provider)))
    .limit(1);
  return row?.customerId;
}

/**
 * Remembers the provider's customer; a concurrent request that made one first wins, and its id
 * is returned. A customer of another provider (the site moved from local to Stripe) is replaced.
 */
export async function saveCustomer(db: Database, userId: string, provider: string, customerId: string): Promise<string> {
  await db
    .insert(billingCustomers)
    .values({ userId, provider, customerId })
    .onConflictDoUpdate({ target: billingCustomers.userId, set: { provider, customerId }, where: sql`${billingCustomers.provider} <> ${provider}` });
  return (await findCustomer(db, userId, provider)) ?? customerId;
}

/** The member's charges, newest first, each with the offer whose discount it carried: the receipt history. */
export function chargesOf(db: Database, userId: string) {
  return db
    .select({ charge: billingCharges, offer: offers })
    .from(billingCharges)
    .leftJoin(offers, eq(offers.id, billingCharges.offerId))
    .where(eq(billingCharges.userId, userId))
    .orderBy(desc(billingCharges.paidAt))
    .limit(200);
}

/** One of the member's charges, with its offer; another member's is not found. */
export async function chargeOf(db: Database, userId: string, id: string) {
  const [row] = await db
    .select({ charge: billingCharges, offer: offers })
    .from(billingCharges)
    .leftJoin(offers, eq(offers.id, billingCharges.offerId))
    .where(and(eq(billingCharges.userId, userId), eq(billingCharges.id, id)))
    .limit(1);
  return row;
}

/** Memberships' part of "Download my data" (server/personal-data.ts): their rows go with the account by foreign key. */
export const membershipPersonalData: PersonalData = {
  tables: {
    subscriptions: { exported: 'subscriptions', erased: true, how: 'cancelled at the provider first, then deleted with the account' },
    billing_charges: { exported: 'receipts', erased: true, how: 'every charge and refund; deleted with the account' },
    billing_customers: { exported: 'paymentCustomer', erased: true, how: "the payment provider's customer id; deleted with the account" },
  },
  collect: async (db, member) => {
    const [subs, receipts, customers] = await Promise.all([
      db
        .select({
          plan: memberships.plan,
          status: memberships.status,
          currentPeriodEnd: memberships.currentPeriodEnd,
          cancelAtPeriodEnd: memberships.cancelAtPeriodEnd,
          createdAt: memberships.createdAt,
        })
        .from(memberships)
        .where(eq(memberships.userId, member.id)),
      db
        .select({
          id: billingCharges.id,
          plan: billingCharges.plan,
          amountCents: billingCharges.amountCents,
          currency: billingCharges.currency,
          paidAt: billingCharges.paidAt,
          refundedAt: billingCharges.refundedAt,
        })
        .from(billingCharges)
        .where(eq(billingCharges.userId, member.id))
        .orderBy(billingCharges.paidAt),
      db
        .select({ customerId: billingCustomers.customerId, createdAt: billingCustomers.createdAt })
        .from(billingCustomers)
        .where(eq(billingCustomers.userId, member.id)),
    ]);
    return { subscriptions: subs, receipts, paymentCustomer: customers[0] ?? null };
  },
};
