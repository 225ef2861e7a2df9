import { randomUUID } from 'node:crypto';
import { and, desc, eq, inArray, ne, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { subscriptions, users } from '../../db/schema';
import { liveStatuses } from '../../payment-providers/provider';

/**
 * The one place that decides premium (decision 025). A member is premium exactly while they hold
 * a live membership: a paid subscription the provider still bills (active, trialing, past_due
 * while it retries) or a complimentary one an admin granted. `users.is_premium` is a copy of that
 * fact for the session's quick read, and it is written here only, by `syncPremium`.
 *
 * A member holds at most one live membership: the partial unique index
 * subscriptions_one_live_per_user_idx refuses a second, and every change of a member's
 * memberships takes `lockMember` first, so concurrent payments queue up and see each other.
 */

export type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];
type Executor = Database | Tx;
export type MembershipRow = typeof subscriptions.$inferSelect;

export const COMPLIMENTARY = 'complimentary';

/** Serialises every change of one member's memberships until the transaction ends. */
export async function lockMember(tx: Tx, userId: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`member:${userId}`}))`);
}

/** The member's live membership, if any (there is at most one). */
export async function liveMembership(db: Executor, userId: string): Promise<MembershipRow | undefined> {
  const [row] = await db
    .select()
    .from(subscriptions)
    .where(and(eq(subscriptions.userId, userId), inArray(subscriptions.status, [...liveStatuses])))
    .orderBy(desc(subscriptions.createdAt))
    .limit(1);
  return row;
}

/** Writes `users.is_premium` from the member's memberships; returns whether they are premium now. */
export async function syncPremium(tx: Executor, userId: string): Promise<boolean> {
  const live = sql.join(
    liveStatuses.map((s) => sql`${s}`),
    sql`, `,
  );
  const result = await tx.execute(sql`
    update users u set is_premium = m.live, updated_at = now()
    from (select exists (select 1 from subscriptions s where s.user_id = ${userId} and s.status in (${live})) as live) m
    where u.id = ${userId} and u.is_premium is distinct from m.live
    returning u.is_premium`);
  const changed = (result as unknown as { rows: { is_premium: boolean }[] }).rows[0];
  if (changed) return changed.is_premium;
  const [row] = await tx.select({ isPremium: users.isPremium }).from(users).where(eq(users.id, userId));
  return row?.isPremium ?? false;
}

/**
 * An admin's grant: a complimentary membership, unless the member already has a live one.
 * Returns false when they had one already. Call inside a transaction holding lockMember.
 */
export async function grantComplimentary(tx: Tx, userId: string): Promise<boolean> {
  if (await liveMembership(tx, userId)) {
    await syncPremium(tx, userId);
    return false;
  }
  await tx.insert(subscriptions).values({
    userId,
    provider: COMPLIMENTARY,
    providerSubscriptionId: `comp_${randomUUID().replace(/-/g, '')}`,
    // Not billed: the plan is never shown for a complimentary membership.
    plan: 'monthly',
    status: 'active',
    welcomedAt: new Date(),
  });
  await syncPremium(tx, userId);
  return true;
}

/** Ends a complimentary membership (an admin's revoke); paid ones end through their provider. */
export async function endComplimentary(tx: Tx, userId: string): Promise<void> {
  await tx
    .update(subscriptions)
    .set({ status: 'canceled', updatedAt: new Date() })
    .where(and(eq(subscriptions.userId, userId), eq(subscriptions.provider, COMPLIMENTARY), inArray(subscriptions.status, [...liveStatuses])));
  await syncPremium(tx, userId);
}

/** Another live membership of the member than `providerSubscriptionId`: a second one would be a duplicate. */
export async function otherLiveMembership(tx: Tx, userId: string, providerSubscriptionId: string): Promise<MembershipRow | undefined> {
  const [row] = await tx
    .select()
    .from(subscriptions)
    .where(
      and(eq(subscriptions.userId, userId), ne(subscriptions.providerSubscriptionId, providerSubscriptionId), inArray(subscriptions.status, [...liveStatuses])),
    )
    .limit(1);
  return row;
}
