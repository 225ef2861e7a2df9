import { and, eq, gt, isNull } from 'drizzle-orm';
import { site } from '#shared/site';
import type { Database, Executor } from '../../db/client';
import { emailVerificationTokens } from './schema';
import type { Mail } from '../../mail/transport';
import { joinVerifiedAttempts } from '../checkup/progress';
import { hashToken, newToken } from '../../http/sessions';
import { markEmailVerified } from '../../users-repo';
import { type PersonalData } from '../../personal-data';

/** A verification link works for a week (it comes with the welcome email), once. */
export const VERIFY_TOKEN_DAYS = 7;

export function verifyEmailUrl(publicUrl: string, token: string): string {
  return `${publicUrl}/verify-email?token=${encodeURIComponent(token)}`;
}

/** A new link for the account's current address; the database keeps only its SHA-256. */
export async function createVerificationToken(db: Executor, user: { id: string; email: string }): Promise<string> {
  const token = newToken();
  await db.insert(emailVerificationTokens).values({
    tokenHash: hashToken(token),
    userId: user.id,
    email: user.email,
    expiresAt: new Date(Date.now() + VERIFY_TOKEN_DAYS * 86_400_000),
  });
  return token;
}

export type VerifyResult = { ok: true; email: string } | { ok: false; reason: 'unknown' | 'used' | 'expired' };

/**
 * Uses the link once (one conditional UPDATE, so two clicks cannot both count) and marks the
 * account verified, if the account still has the address the link was sent to.
 */
export async function verifyEmailToken(db: Database, token: string): Promise<VerifyResult> {
  const tokenHash = hashToken(token);
  return db.transaction(async (tx) => {
    const now = new Date();
    const [used] = await tx
      .update(emailVerificationTokens)
      .set({ usedAt: now })
      .where(and(eq(emailVerificationTokens.tokenHash, tokenHash), isNull(emailVerificationTokens.usedAt), gt(emailVerificationTokens.expiresAt, now)))
      .returning();
    if (!used) {
      const [row] = await tx.select().from(emailVerificationTokens).where(eq(emailVerificationTokens.tokenHash, tokenHash)).limit(1);
      return { ok: false, reason: !row ? 'unknown' : row.usedAt ? 'used' : 'expired' };
    }
    const verified = await markEmailVerified(tx, used.userId, used.email, now);
    if (!verified) return { ok: false, reason: 'unknown' };
    await joinVerifiedAttempts(tx, used.userId, verified);
    return { ok: true, email: verified };
  });
}

export function verifyEmailMail(to: { email: string; firstName: string | null }, url: string): Mail {
  const text = `Hi ${to.firstName?.trim() || 'there'},

Please confirm that this address is yours:
${url}

Confirming lets your account include what you sent us from this address before you had an account
(Check-Up results, messages, newsletter signups), so you can download or delete it with your
account. The link works once, for ${VERIFY_TOKEN_DAYS} days.

The ${site.name} team

Not you? Ignore this email: nothing happens without the link.
`;
  return { to: to.email, subject: `Confirm your email for ${site.name}`, text };
}

/** Auth's part of "Download my data" and of deleting an account (server/personal-data.ts). */
export const authPersonalData: PersonalData = {
  tables: {
    email_verification_tokens: {
      exported: 'emailVerifications',
      erased: true,
      how: 'the address each link was sent to and when, never the token; deleted with the account',
    },
  },
  collect: async (db, member) => ({
    emailVerifications: await db
      .select({
        email: emailVerificationTokens.email,
        sentAt: emailVerificationTokens.createdAt,
        expiresAt: emailVerificationTokens.expiresAt,
        usedAt: emailVerificationTokens.usedAt,
      })
      .from(emailVerificationTokens)
      .where(eq(emailVerificationTokens.userId, member.id)),
  }),
};
