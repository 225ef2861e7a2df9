import { and, eq, gt, inArray, lte, notExists, sql } from 'drizzle-orm';
import type { AppContext } from '../../context';
import { toldOnce } from '../../db/schema';
import { memberships } from './schema';
import { userContact } from '../../users-repo';
import { markTold } from '../../mail/told-once';
import { clockNow } from '../../payment-providers/choose-provider';
import { liveStatuses } from '../../payment-providers/provider';
import { grantEndedMail, grantEndingMail } from './mails';
import { GRANT_PROVIDER, lockMember, syncPremium } from './membership';

/**
 * Admins' time-limited grants (decision 052): each ends by itself at its end, and its member is
 * told a week before and on the day. Run every minute by the job runner; safe on several servers
 * at once: a grant is ended by the one update that finds it still live, and each email is stored
 * with its told_once mark (server/mail/told-once.ts), in the transaction of its change.
 */

const WEEK_MS = 7 * 24 * 60 * 60 * 1000;
/** Grants handled per statement; the job runs until none is left. */
const BATCH = 200;

const liveGrant = and(eq(memberships.provider, GRANT_PROVIDER), inArray(memberships.status, [...liveStatuses]));
/** The notice's topic names the end it announces: a grant given a new end is announced again. */
const endingTopic = (id: string, endsAt: Date) => `grant-ending:${id}:${endsAt.toISOString()}`;
const endedTopic = (id: string) => `grant-ended:${id}`;

/** `now`: the one clock of memberships by default (the billing clock under the local provider, as renewals). */
export async function runGrants(ctx: AppContext, at?: Date): Promise<{ ended: number; told: number }> {
  const now = at ?? (await clockNow(ctx));
  const result = { ended: 0, told: 0 };
  for (;;) {
    const due = await ctx.db
      .select({ id: memberships.id, userId: memberships.userId })
      .from(memberships)
      .where(and(liveGrant, lte(memberships.currentPeriodEnd, now)))
      .limit(BATCH);
    for (const grant of due) if (await endGrant(ctx, grant, now)) result.ended += 1;
    if (due.length < BATCH) break;
  }
  for (;;) {
    const soon = await ctx.db
      .select({ id: memberships.id, userId: memberships.userId, endsAt: memberships.currentPeriodEnd })
      .from(memberships)
      .where(
        and(
          liveGrant,
          gt(memberships.currentPeriodEnd, now),
          lte(memberships.currentPeriodEnd, new Date(now.getTime() + WEEK_MS)),
          notExists(
            ctx.db
              .select({ one: sql`1` })
              .from(toldOnce)
              .where(
                and(
                  eq(toldOnce.userId, memberships.userId),
                  eq(
                    toldOnce.topic,
                    sql`'grant-ending:' || ${memberships.id} || ':' || to_char(${memberships.currentPeriodEnd} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`,
                  ),
                ),
              ),
          ),
        ),
      )
      .limit(BATCH);
    for (const grant of soon) if (grant.endsAt && (await announceEnd(ctx, { ...grant, endsAt: grant.endsAt }))) result.told += 1;
    if (soon.length < BATCH) break;
  }
  return result;
}

/** Ends one grant if it is still live and due; true when this run ended it. */
async function endGrant(ctx: AppContext, grant: { id: string; userId: string }, now: Date): Promise<boolean> {
  const outcome = await ctx.db.transaction(async (tx) => {
    await lockMember(tx, grant.userId);
    const [ended] = await tx
      .update(memberships)
      .set({ status: 'canceled', updatedAt: now })
      .where(and(eq(memberships.id, grant.id), liveGrant, lte(memberships.currentPeriodEnd, now)))
      .returning({ endsAt: memberships.currentPeriodEnd });
    if (!ended?.endsAt) return null;
    await syncPremium(tx, grant.userId);
    const member = await userContact(tx, grant.userId);
    const tell = member && (await markTold(tx, endedTopic(grant.id), [grant.userId])).length > 0;
    return {
      mailId: tell
        ? await ctx.mailQueue.store(tx, grantEndedMail(member, { endsAt: ended.endsAt, publicUrl: ctx.env.PUBLIC_URL, timeZone: ctx.env.SITE_TIMEZONE }))
        : null,
    };
  });
  if (outcome?.mailId) ctx.mailQueue.deliverNow([outcome.mailId]);
  return outcome !== null;
}

/** Tells a member, once per end date, that their grant ends within a week; true when told now. */
async function announceEnd(ctx: AppContext, grant: { id: string; userId: string; endsAt: Date }): Promise<boolean> {
  const mailId = await ctx.db.transaction(async (tx) => {
    await lockMember(tx, grant.userId);
    // Still this grant with this end (an admin may have changed or revoked it since the read).
    const [still] = await tx
      .select({ id: memberships.id })
      .from(memberships)
      .where(and(eq(memberships.id, grant.id), liveGrant, eq(memberships.currentPeriodEnd, grant.endsAt)));
    if (!still) return null;
    if (!(await markTold(tx, endingTopic(grant.id, grant.endsAt), [grant.userId])).length) return null;
    const member = await userContact(tx, grant.userId);
    return member
      ? ctx.mailQueue.store(tx, grantEndingMail(member, { endsAt: grant.endsAt, publicUrl: ctx.env.PUBLIC_URL, timeZone: ctx.env.SITE_TIMEZONE }))
      : null;
  });
  if (mailId) ctx.mailQueue.deliverNow([mailId]);
  return mailId !== null;
}
