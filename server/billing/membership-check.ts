import { sql } from 'drizzle-orm';
import type { AppContext } from '../context';
import { billingProvider, localProvider } from './billing';
import { billingNow } from './clock';
import { liveStatuses } from './provider';

/**
 * The scheduled membership check: a job of server/jobs/schedule.ts, every 5 minutes and once at start.
 * 1. The local provider's clock tick (renewals, retries, period ends) and its pending events.
 * 2. A safety net for every provider: a subscription cancelled at period end whose period is
 *    over loses premium even if the provider's "deleted" event never arrives.
 * Everything it does is an idempotent SQL update under a transaction-scoped advisory lock, so
 * a restart loses nothing; the job queue runs it on one server at a time.
 */
const SWEEP_LOCK_ID = 7_202_614;

export async function runMembershipCheck(ctx: AppContext): Promise<{ ended: number }> {
  billingProvider(ctx);
  const local = localProvider(ctx);
  if (local) {
    await local.tick();
    await local.deliverPending();
  }
  return { ended: await endFinishedPeriods(ctx) };
}

/** Ends subscriptions cancelled at period end whose period is over, and premium with the last of them. */
export async function endFinishedPeriods(ctx: AppContext): Promise<number> {
  // Only the local provider's clock can be moved; Stripe's periods follow real time.
  const now = localProvider(ctx) ? await billingNow(ctx.db) : new Date();
  const live = sql.join(liveStatuses.map((s) => sql`${s}`), sql`, `);
  return ctx.db.transaction(async (tx) => {
    const got = await tx.execute(sql`select pg_try_advisory_xact_lock(${SWEEP_LOCK_ID}) as locked`);
    if (!(got as unknown as { rows: { locked: boolean }[] }).rows[0]?.locked) return 0;
    const ended = await tx.execute(sql`
      with due as (
        select id from subscriptions
        where cancel_at_period_end and status in (${live}) and current_period_end <= ${now}
        for update skip locked
      )
      update subscriptions s set status = 'canceled', updated_at = now()
      from due where s.id = due.id
      returning s.user_id`);
    const userIds = [...new Set((ended as unknown as { rows: { user_id: string }[] }).rows.map((r) => r.user_id))];
    if (userIds.length === 0) return 0;
    await tx.execute(sql`
      update users u set is_premium = false, updated_at = now()
      where u.id in (${sql.join(userIds.map((id) => sql`${id}::uuid`), sql`, `)})
        and not exists (select 1 from subscriptions s where s.user_id = u.id and s.status in (${live}))`);
    return userIds.length;
  });
}
