import type { JobDeps } from './feature';
import { features } from './features';
import { cleanUpExpired } from './jobs/housekeeping';
import type { ScheduledJob } from './jobs/runner';
import type { MailQueue } from './mail/mail-queue';
import { renderMissingHtml } from './stored-html';

/** Every piece of scheduled work the site does, and when: each feature's (server/features.ts), then the site's own. */
export function scheduledJobs(deps: JobDeps & { mailQueue: MailQueue }): ScheduledJob[] {
  return [
    ...features.flatMap((feature) => feature.jobs?.(deps) ?? []),
    // Emails whose first delivery failed, retried with backoff (server/mail/mail-queue.ts).
    { name: 'mail-outbox', cron: '* * * * *', run: () => deps.mailQueue.deliverDue() },
    { name: 'housekeeping', cron: '17 * * * *', run: () => cleanUpExpired(deps.ctx.db) },
    // Text kept without its HTML (an older server's save during an upgrade) is rendered (decision 031).
    { name: 'stored-html', cron: '23 * * * *', run: async () => void (await renderMissingHtml(deps.ctx.db, deps.log)) },
  ];
}
