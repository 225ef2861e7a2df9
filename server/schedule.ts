import type { JobDeps } from './feature';
import { features } from './features';
import { cleanUpExpired } from './jobs/housekeeping';
import type { ScheduledJob } from './jobs/runner';
import type { MailQueue } from './mail/mail-queue';
import { renderMissingHtml } from './stored-html';

/** A slice of the mail-outbox job: claims stop after this long, and a run that used it all queues the next at once. */
const MAIL_OUTBOX_SLICE_MS = 60_000;

/**
 * Emails whose first delivery failed, retried with backoff (server/mail/mail-queue.ts). Runs may
 * overlap (rows are claimed with SKIP LOCKED), so a server killed mid-run holds the queue only
 * for its rows' two-minute claim, not for a stately job's 15-minute expiry (decision 084). Each
 * run ends within its slice plus one send (at most 30 s), well inside the 120 s expiry.
 */
export function mailOutboxJob(mailQueue: MailQueue): ScheduledJob {
  return {
    name: 'mail-outbox',
    cron: '* * * * *',
    overlapping: { expireInSeconds: 120 },
    run: async () => {
      const deadline = Date.now() + MAIL_OUTBOX_SLICE_MS;
      await mailQueue.deliverDue(deadline);
      return Date.now() >= deadline ? 'again' : undefined;
    },
  };
}

/** Every piece of scheduled work the site does, and when: each feature's (server/features.ts), then the site's own. */
export function scheduledJobs(deps: JobDeps & { mailQueue: MailQueue }): ScheduledJob[] {
  return [
    ...features.flatMap((feature) => feature.jobs?.(deps) ?? []),
    mailOutboxJob(deps.mailQueue),
    { name: 'housekeeping', cron: '17 * * * *', run: () => cleanUpExpired(deps.ctx.db) },
    // Text kept without its HTML (an older server's save during an upgrade) is rendered (decision 031).
    { name: 'stored-html', cron: '23 * * * *', run: async () => void (await renderMissingHtml(deps.ctx.db, deps.log)) },
  ];
}
