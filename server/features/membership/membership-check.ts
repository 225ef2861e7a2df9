import { and, eq, inArray, lte, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../../context';
import { tryLockUntilCommit } from '../../db/locks';
import { memberships } from './schema';
import { paymentProvider, clockNow, localProvider } from '../../payment-providers/choose-provider';
import { endAgainWhatTheTeamEnded } from './apply-event';
import { resolveDuplicates } from './duplicates';
import { endOwnWhereSeated } from './seat-move';
import { syncPremium } from './membership';
import { liveStatuses } from '../../payment-providers/provider';

/**
 * The scheduled membership check: a job of server/schedule.ts, every 5 minutes and once at start.
 * 1. The local provider's clock tick (renewals, retries, period ends) and its pending events.
 * 2. A safety net for every provider: a subscription cancelled at period end whose period is
 *    over loses premium even if the provider's "deleted" event never arrives.
 * 3. Retries: duplicates not yet refunded, memberships the team ended that renew again, and own
 *    subscriptions of members who moved to a team seat that were not ended yet.
 * Everything it does is an idempotent SQL update under a transaction-scoped advisory lock, so
 * a restart loses nothing; the job queue runs it on one server at a time.
 */
const SWEEP_LOCK_ID = 7_202_614;

export async function runMembershipCheck(ctx: AppContext, log: FastifyBaseLogger): Promise<{ ended: number }> {
  paymentProvider(ctx);
  const local = localProvider(ctx);
  if (local) {
    await local.tick();
    await local.deliverPending();
  }
  const ended = await endFinishedPeriods(ctx);
  // Duplicates whose refund failed when they arrived (the provider was unreachable) are retried here.
  await resolveDuplicates({ ctx, provider: paymentProvider(ctx) });
  // Memberships the team ended that the member renewed at the provider while it was unreachable.
  await endAgainWhatTheTeamEnded({ ctx, provider: paymentProvider(ctx), log });
  // Members who moved to a team seat while the provider could not end their own subscription (decision 055).
  await endOwnWhereSeated({ ctx, provider: paymentProvider(ctx), log });
  return { ended };
}

/** Ends subscriptions cancelled at period end whose period is over, and premium with them (membership.ts). */
export async function endFinishedPeriods(ctx: AppContext): Promise<number> {
  // Only the local provider's clock can be moved; Stripe's periods follow real time.
  const now = await clockNow(ctx);
  return ctx.db.transaction(async (tx) => {
    if (!(await tryLockUntilCommit(tx, SWEEP_LOCK_ID))) return 0;
    const due = tx.$with('due').as(
      tx
        .select({ id: memberships.id })
        .from(memberships)
        .where(and(eq(memberships.cancelAtPeriodEnd, true), inArray(memberships.status, [...liveStatuses]), lte(memberships.currentPeriodEnd, now)))
        .for('update', { skipLocked: true }),
    );
    const ended = await tx
      .with(due)
      .update(memberships)
      .set({ status: 'canceled', updatedAt: sql`now()` })
      .from(due)
      .where(eq(memberships.id, due.id))
      .returning({ userId: memberships.userId });
    const userIds = [...new Set(ended.map((r) => r.userId))];
    for (const userId of userIds) await syncPremium(tx, userId);
    return userIds.length;
  });
}
