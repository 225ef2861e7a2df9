import type { Database } from '../db/client';
import type { Outbox } from '../mail/outbox';
import { cleanUpExpired } from './housekeeping';
import type { ScheduledJob } from './runner';

/** Every piece of scheduled work the site does, and when. */
export function scheduledJobs(deps: { db: Database; outbox: Outbox }): ScheduledJob[] {
  return [
    // Emails whose first delivery failed, retried with backoff (server/mail/outbox.ts).
    { name: 'mail-outbox', cron: '* * * * *', run: () => deps.outbox.deliverDue() },
    { name: 'housekeeping', cron: '17 * * * *', run: () => cleanUpExpired(deps.db) },
  ];
}
