import { and, eq, gt, isNull } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { passwordResetTokens } from '../../db/schema';
import { hashToken, newToken } from '../../http/sessions';

/** A reset link works once, for one hour; the database holds only the token's SHA-256. */
export const RESET_TOKEN_MINUTES = 60;

export async function createResetToken(db: Database, userId: string): Promise<string> {
  const token = newToken();
  await db.insert(passwordResetTokens).values({
    tokenHash: hashToken(token),
    userId,
    expiresAt: new Date(Date.now() + RESET_TOKEN_MINUTES * 60_000),
  });
  return token;
}

export type ConsumeResult = { ok: true; userId: string } | { ok: false; reason: 'unknown' | 'used' | 'expired' };

/**
 * Marks the token used and gives its user, in one conditional UPDATE so two simultaneous uses
 * cannot both succeed. On failure, says why, so the page can tell the person what to do.
 */
export async function consumeResetToken(db: Database, token: string): Promise<ConsumeResult> {
  const tokenHash = hashToken(token);
  const now = new Date();
  const [used] = await db
    .update(passwordResetTokens)
    .set({ usedAt: now })
    .where(and(eq(passwordResetTokens.tokenHash, tokenHash), isNull(passwordResetTokens.usedAt), gt(passwordResetTokens.expiresAt, now)))
    .returning({ userId: passwordResetTokens.userId });
  if (used) return { ok: true, userId: used.userId };
  const [row] = await db.select().from(passwordResetTokens).where(eq(passwordResetTokens.tokenHash, tokenHash)).limit(1);
  if (!row) return { ok: false, reason: 'unknown' };
  return { ok: false, reason: row.usedAt ? 'used' : 'expired' };
}

/** After a reset, every other link of the account stops working: an older mailed link must not undo the new password. */
export async function voidResetTokens(db: Database, userId: string): Promise<void> {
  await db
    .update(passwordResetTokens)
    .set({ usedAt: new Date() })
    .where(and(eq(passwordResetTokens.userId, userId), isNull(passwordResetTokens.usedAt)));
}
