import { and, desc, eq, inArray, isNull, ne, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { billingCharges, memberships } from './schema';
import { teamSeats, teams } from '../teams/schema';
import { liveStatuses, unusedCredit } from '../../payment-providers/provider';
import { type ApplyDeps, syncSubscription } from './apply-event';
import { GRANT_PROVIDER, liveMembership } from './membership';
import { clockNow } from '../../payment-providers/choose-provider';

/**
 * A member who holds a team seat is never also billed for their own membership (decision 055):
 * moving to a seat ends their own subscription at once and refunds the unused part of the period
 * they paid. Called when they join (after the seat is theirs), and by the membership check for
 * anyone the provider could not be reached for then.
 */
export async function endOwnForSeat(deps: ApplyDeps, userId: string): Promise<number> {
  const own = await liveMembership(deps.ctx.db, userId);
  if (!own || own.provider === GRANT_PROVIDER || own.provider !== deps.provider.name) return 0;
  const readAt = new Date();
  const { state, refundedCents, invoiceId } = await deps.provider.cancelWithRefund(own.providerSubscriptionId);
  await syncSubscription(
    deps,
    state ?? {
      id: own.providerSubscriptionId,
      customerId: own.providerCustomerId ?? '',
      userId,
      plan: own.plan,
      status: 'canceled',
      currentPeriodEnd: own.currentPeriodEnd,
      cancelAtPeriodEnd: false,
    },
    readAt,
  );
  if (refundedCents > 0) {
    const [charge] = await deps.ctx.db
      .select({ id: billingCharges.id })
      .from(billingCharges)
      .where(invoiceId ? eq(billingCharges.id, invoiceId) : eq(billingCharges.providerSubscriptionId, own.providerSubscriptionId))
      .orderBy(desc(billingCharges.paidAt))
      .limit(1);
    if (charge)
      await deps.ctx.db
        .update(billingCharges)
        .set({ refundedCents, refundedAt: new Date() })
        .where(and(eq(billingCharges.id, charge.id), isNull(billingCharges.refundedAt)));
  }
  return refundedCents;
}

/** The members holding a seat of a live team plan who still pay for themselves: ended by endOwnForSeat. */
export async function endOwnWhereSeated(deps: ApplyDeps): Promise<number> {
  const seatedAndPaying = await deps.ctx.db
    .selectDistinct({ userId: teamSeats.userId })
    .from(teamSeats)
    .innerJoin(teams, eq(teams.id, teamSeats.teamId))
    .innerJoin(memberships, eq(memberships.id, teams.membershipId))
    .where(
      and(
        isNull(teamSeats.removedAt),
        inArray(memberships.status, [...liveStatuses]),
        sql`exists (select 1 from ${memberships} own where own.user_id = ${teamSeats.userId} and own.seats is null
          and own.provider <> ${GRANT_PROVIDER} and own.status in ('active', 'trialing', 'past_due'))`,
      ),
    );
  for (const { userId } of seatedAndPaying) await endOwnForSeat(deps, userId);
  return seatedAndPaying.length;
}

/**
 * About what moving to a seat gives back now (shown before the member confirms): the unused part of
 * their last charge. The provider computes the refund itself when they move.
 */
export async function refundEstimate(deps: ApplyDeps, db: Executor, userId: string): Promise<number> {
  const own = await liveMembership(db, userId);
  if (!own || own.provider === GRANT_PROVIDER || !own.currentPeriodEnd) return 0;
  const [charge] = await db
    .select({ amountCents: billingCharges.amountCents, paidAt: billingCharges.paidAt })
    .from(billingCharges)
    .where(and(eq(billingCharges.providerSubscriptionId, own.providerSubscriptionId), ne(billingCharges.amountCents, 0)))
    .orderBy(desc(billingCharges.paidAt))
    .limit(1);
  if (!charge) return 0;
  const now = await clockNow(deps.ctx);
  const start = new Date(own.currentPeriodEnd);
  if (own.plan === 'yearly') start.setUTCFullYear(start.getUTCFullYear() - 1);
  else start.setUTCMonth(start.getUTCMonth() - 1);
  return unusedCredit(charge.amountCents, start, own.currentPeriodEnd, now);
}
