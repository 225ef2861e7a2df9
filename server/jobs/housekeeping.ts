import { and, eq, lt, or, sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { queuedMails, passwordResetTokens, sessions } from '../db/schema';
import { deleteExpiredRateLimits } from '../http/rate-limit-store';

/**
 * What nobody needs any more: expired sessions, reset links that are used or past their hour,
 * rate-limit windows that have ended, and sent emails after 30 days (the mail queue is for delivering, not
 * an archive of what people were told).
 */
export async function cleanUpExpired(db: Database): Promise<void> {
  await db.delete(sessions).where(lt(sessions.expiresAt, sql`now()`));
  const dayAgo = sql`now() - interval '1 day'`;
  await db.delete(passwordResetTokens).where(or(lt(passwordResetTokens.expiresAt, dayAgo), lt(passwordResetTokens.usedAt, dayAgo)));
  await deleteExpiredRateLimits(db);
  await db.delete(queuedMails).where(and(eq(queuedMails.status, 'sent'), lt(queuedMails.sentAt, sql`now() - interval '30 days'`)));
}
