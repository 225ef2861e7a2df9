import { apiPaths } from '#shared/api/paths';
import type { AppContext } from '../../context';
import { loadLinkKey, oneClickLinks } from '../../mail/links';
import type { Mail } from '../../mail/transport';
import { type RoundMailInput, type RoundReminderKind, roundInvitationMail, roundReminderMail } from './mails';
import { claimDueReminders, closePassedRounds, linkToken, markReminded } from './repo';

/** Reminders dealt with per transaction: their mails are stored in one statement. */
const BATCH = 1000;

/** The page and one-click address of the round mails' leave links: the preferences page, and a POST that leaves this topic only. */
const stopPaths = { page: '/preferences', api: apiPaths.teamCheckupMailStop };

export interface RoundMailTarget {
  invitationId: string;
  email: string;
  roundName: string;
  closesAt: Date;
  organiserName: string;
}

/** One round mail to one person: their personal link, and their own leave links. */
export function roundMail(ctx: Pick<AppContext, 'env'>, key: Buffer, target: RoundMailTarget, kind: 'invitation' | RoundReminderKind): Mail {
  const input: RoundMailInput = {
    to: target.email,
    organiserName: target.organiserName,
    roundName: target.roundName,
    closesAt: target.closesAt,
    link: `${ctx.env.PUBLIC_URL}/team-checkup/answer/${linkToken(key, target.invitationId)}`,
    links: oneClickLinks(key, ctx.env.PUBLIC_URL, target.email, stopPaths),
    timeZone: ctx.env.SITE_TIMEZONE,
  };
  return kind === 'invitation' ? roundInvitationMail(input) : roundReminderMail({ ...input, kind });
}

/**
 * Closes the rounds whose time has passed, then sends the reminders that are due (decision 079):
 * each claimed (SKIP LOCKED), marked and its mail stored in one transaction, so two servers never
 * send one twice and a run that dies before its commit sent nothing; the mails are delivered
 * after the commit. Addresses that left this mail or whose mail is refused are marked and skipped.
 * Works in batches until none is due or the `deadline` (a clock time in ms) passes; `done` says
 * which, so the job can queue the rest at once.
 */
export async function sendRoundReminders(
  ctx: Pick<AppContext, 'db' | 'env' | 'mailQueue'>,
  now = new Date(),
  deadline = Number.POSITIVE_INFINITY,
): Promise<{ sent: number; done: boolean }> {
  await closePassedRounds(ctx.db, now);
  const key = await loadLinkKey(ctx.db);
  let sent = 0;
  for (;;) {
    const { claimed, mailIds } = await ctx.db.transaction(async (tx) => {
      const due = await claimDueReminders(tx, now, BATCH);
      // One statement for the batch's mails: the job's cost is its round trips.
      const mails = due
        .filter((row) => !row.blocked)
        .map((row) =>
          roundMail(
            ctx,
            key,
            { invitationId: row.id, email: row.email, roundName: row.roundName, closesAt: row.closesAt, organiserName: row.organiserName },
            row.kind,
          ),
        );
      const ids = await ctx.mailQueue.storeMany(tx, mails);
      await markReminded(tx, due, now);
      return { claimed: due.length, mailIds: ids };
    });
    // Thousands may be due at once: delivered as the queue's job delivers, a few connections and a small claim at a time.
    if (mailIds.length > 0) ctx.mailQueue.deliverDueSoon();
    sent += mailIds.length;
    if (claimed < BATCH) return { sent, done: true };
    if (Date.now() >= deadline) return { sent, done: false };
  }
}
