import { runMembershipCheck } from '../features/billing/membership-check';
import type { AppContext } from '../context';
import type { Outbox } from '../mail/outbox';
import { cleanUpExpired } from './housekeeping';
import type { ScheduledJob } from './runner';

/** Every piece of scheduled work the site does, and when. */
export function scheduledJobs(deps: { ctx: AppContext; outbox: Outbox }): ScheduledJob[] {
  return [
    // Emails whose first delivery failed, retried with backoff (server/mail/outbox.ts).
    { name: 'mail-outbox', cron: '* * * * *', run: () => deps.outbox.deliverDue() },
    { name: 'housekeeping', cron: '17 * * * *', run: () => cleanUpExpired(deps.ctx.db) },
    // Local test payments' renewals and retries, and the end of premium when a cancelled period is over.
    { name: 'membership-check', cron: '*/5 * * * *', run: () => runMembershipCheck(deps.ctx), atStart: true },
  ];
}
