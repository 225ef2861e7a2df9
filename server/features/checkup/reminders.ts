import { apiPaths } from '#shared/api/paths';
import type { AppContext } from '../../context';
import { loadLinkKey, oneClickLinks } from '../../mail/links';
import { markTold, markToldByEmail } from '../../mail/told-once';
import { claimDueAttempts, markRemindersHandled } from './repo';
import { retakeReminderMail } from './retake-mail';

/** Attempts dealt with per transaction. */
const BATCH = 200;
/**
 * How late a reminder may still go: after a long outage, attempts that fell due more than this
 * long ago are left alone rather than mailed weeks late (and attempts stored before reminders
 * existed are never mailed at all).
 */
export const REMINDER_GRACE_DAYS = 14;
const DAY_MS = 86_400_000;

/** The page and the one-click address that stop retake reminders for one address. */
export const reminderStopPaths = { page: '/checkup/reminders', api: apiPaths.checkupRemindersStop };

/** The told-once topic of one attempt's reminder. */
export const retakeTopic = (attemptId: string) => `checkup-retake:${attemptId}`;

/**
 * Sends the retake reminders that are due, in batches, and marks every due attempt dealt with.
 * Once per attempt whatever runs at the same time: rows are claimed with SKIP LOCKED, and the
 * told-once mark is written with the email in one transaction. No reminder goes to someone who
 * took the Check-Up again since, who stopped these reminders, or whose address refused mail;
 * an account's deletion deletes its attempts, so nothing is left to remind.
 */
export async function sendRetakeReminders(ctx: AppContext, now = new Date()): Promise<number> {
  const days = ctx.env.CHECKUP_RETAKE_REMINDER_DAYS;
  const until = new Date(now.getTime() - days * DAY_MS);
  const from = new Date(until.getTime() - REMINDER_GRACE_DAYS * DAY_MS);
  const key = await loadLinkKey(ctx.db);
  let sent = 0;
  for (;;) {
    const { claimed, mailIds } = await ctx.db.transaction(async (tx) => {
      const due = await claimDueAttempts(tx, from, until, BATCH);
      const ids: string[] = [];
      for (const attempt of due) {
        // Someone with an active plan gets its reassessment reminder instead (decision 081): nobody gets both.
        if (attempt.retaken || attempt.stopped || attempt.suppressed || attempt.planned) continue;
        const topic = retakeTopic(attempt.id);
        const first = attempt.userId ? (await markTold(tx, topic, [attempt.userId])).length > 0 : await markToldByEmail(tx, topic, attempt.email);
        if (!first) continue;
        const links = oneClickLinks(key, ctx.env.PUBLIC_URL, attempt.email, reminderStopPaths);
        ids.push(await ctx.mailQueue.store(tx, retakeReminderMail(attempt.email, attempt.createdAt, ctx.env.PUBLIC_URL, links, ctx.env.SITE_TIMEZONE)));
      }
      await markRemindersHandled(
        tx,
        due.map((attempt) => attempt.id),
      );
      return { claimed: due.length, mailIds: ids };
    });
    // A job's bulk: delivered as the queue's job delivers, not each batch at once (decision 079).
    if (mailIds.length > 0) ctx.mailQueue.deliverDueSoon();
    sent += mailIds.length;
    if (claimed < BATCH) return sent;
  }
}
