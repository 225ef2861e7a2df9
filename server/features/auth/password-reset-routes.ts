import type { FastifyInstance } from 'fastify';
import { passwordResetConfirmSchema, passwordResetRequestSchema } from '#shared/auth/schemas';
import { site } from '#shared/site';
import { apiPaths } from '#shared/api/paths';
import type { AppContext } from '../../context';
import { HttpError, parseInput } from '../../http/errors';
import { perEmailRateLimit } from './email-rate-limit';
import { hashPassword } from './password';
import { consumeResetToken, createResetToken, RESET_TOKEN_MINUTES, voidResetTokens } from './reset-tokens-repo';
import { createSession, deleteUserSessions, setSessionCookie, toPublicUser } from '../../http/sessions';
import { findUserById, findUserByEmail, setPasswordHash } from '../../users-repo';

export const resetMessages = {
  requested: 'If an account exists for that email, we have sent it a link to reset the password. The link is valid for 1 hour.',
  unknown: 'This password reset link is not valid. Please request a new one.',
  used: 'This password reset link has already been used. Please request a new one.',
  expired: 'This password reset link has expired. Please request a new one.',
} as const;

/**
 * Password reset by emailed link: a single-use token valid for an hour. Setting the new
 * password revokes every session of that person and signs them in with a fresh one.
 */
export async function passwordResetRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const secure = ctx.env.SECURE_COOKIES;
  const perHour = { max: ctx.env.RATE_LIMIT_PASSWORD_RESET_PER_HOUR, timeWindow: '1 hour' };

  app.post(
    apiPaths.passwordResetRequest,
    {
      config: { rateLimit: perHour },
      preHandler: perEmailRateLimit(app, { scope: 'password-reset', ...perHour, what: 'password reset requests' }),
    },
    async (request) => {
      const { email } = parseInput(passwordResetRequestSchema, request.body);
      const user = await findUserByEmail(ctx.db, email);
      if (user) {
        // The link and its email are one write; delivery is not awaited: waiting on the mail
        // server would make "account exists" answer measurably slower.
        const mailId = await ctx.db.transaction(async (tx) => {
          const token = await createResetToken(tx, user.id);
          const link = `${ctx.env.PUBLIC_URL}/reset-password?token=${token}`;
          return ctx.mailQueue.store(tx, { to: user.email, subject: `Reset your ${site.name} password`, text: resetMailText(user.firstName, link) });
        });
        ctx.mailQueue.deliverNow([mailId]);
      }
      return { message: resetMessages.requested };
    },
  );

  app.post(apiPaths.passwordResetConfirm, { config: { rateLimit: perHour } }, async (request, reply) => {
    const input = parseInput(passwordResetConfirmSchema, request.body);
    // Hashing is slow: done before the transaction, which must hold no connection while waiting.
    const passwordHash = await hashPassword(input.password, ctx.env.PASSWORD_SCRYPT_N);
    const result = await ctx.db.transaction(async (db) => {
      const consumed = await consumeResetToken(db, input.token);
      if (!consumed.ok) return consumed;
      await setPasswordHash(db, consumed.userId, passwordHash);
      await voidResetTokens(db, consumed.userId);
      await deleteUserSessions(db, consumed.userId);
      return { ...consumed, session: await createSession(db, consumed.userId) };
    });
    if (!result.ok) throw new HttpError(400, resetMessages[result.reason]);
    const user = await findUserById(ctx.db, result.userId);
    if (!user) throw new HttpError(400, resetMessages.unknown);
    setSessionCookie(reply, result.session, secure);
    return toPublicUser(user);
  });
}

function resetMailText(firstName: string | null, link: string): string {
  return [
    `Hello ${firstName || 'there'},`,
    '',
    `Someone (hopefully you) asked to reset the password of your ${site.name} account. Choose a new password here:`,
    '',
    link,
    '',
    `The link works once and expires in ${RESET_TOKEN_MINUTES} minutes. If you did not ask for this, ignore this email: your password stays as it is.`,
    '',
    `The ${site.name} team`,
  ].join('\n');
}
