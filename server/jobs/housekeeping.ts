import { sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { deleteExpiredRateLimits } from '../http/rate-limit-store';

/**
 * What nobody needs any more: expired sessions, reset links that are used or past their hour,
 * rate-limit windows that have ended, and sent emails after 30 days (the outbox is a queue, not
 * an archive of what people were told).
 */
export async function cleanUpExpired(db: Database): Promise<void> {
  await db.execute(sql`delete from sessions where expires_at < now()`);
  await db.execute(sql`delete from password_reset_tokens where expires_at < now() - interval '1 day' or used_at < now() - interval '1 day'`);
  await deleteExpiredRateLimits(db);
  await db.execute(sql`delete from mail_outbox where status = 'sent' and sent_at < now() - interval '30 days'`);
}
