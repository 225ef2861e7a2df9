import type { FastifyInstance } from 'fastify';
import { accountMessages, changePasswordSchema, deleteAccountSchema, verifyEmailSchema, verifyMessages } from '#shared/account/schemas';
import { apiPaths } from '#shared/api/paths';
import { cancelMembershipsNow } from '../membership/cancel-now';
import { ProviderUnavailableError } from '../../payment-providers/provider';
import type { AppContext } from '../../context';
import { HttpError, parseInput } from '../../http/errors';
import { requireUser, signedInUser } from '../../http/guards';
import { hashPassword, verifyPassword } from '../auth/password';
import { clearSessionCookie, createSession, deleteUserSessions, setSessionCookie } from '../../http/sessions';
import { voidResetTokens } from '../auth/reset-tokens-repo';
import { findUserById, setPasswordHash } from '../../users-repo';
import { createVerificationToken, verifyEmailMail, verifyEmailToken, verifyEmailUrl } from '../auth/email-verification';
import type { PersonalData } from '../../personal-data';
import { collectMemberData, deleteMember } from './repo';

/**
 * /account's API: download my data, change password, delete my account. `personalDataParts`: every
 * feature's part of the download and of the deletion (server/features.ts).
 */
export async function accountRoutes(
  app: FastifyInstance,
  { ctx, personalDataParts }: { ctx: AppContext; personalDataParts: readonly PersonalData[] },
): Promise<void> {
  const secure = ctx.env.PUBLIC_URL.startsWith('https://');
  const signedIn = { preHandler: requireUser(ctx) };

  app.get(apiPaths.accountExport, signedIn, async (request, reply) => {
    const user = await signedInUser(request, ctx);
    const data = { exportedAt: new Date().toISOString(), account: user, ...(await collectMemberData(ctx.db, personalDataParts, user)) };
    return reply
      .header('Cache-Control', 'no-store')
      .header('Content-Disposition', 'attachment; filename="my-nonprofit-leaders-hub-data.json"')
      .type('application/json; charset=utf-8')
      .send(JSON.stringify(data, null, 2));
  });

  app.post(apiPaths.accountPassword, signedIn, async (request, reply) => {
    const input = parseInput(changePasswordSchema, request.body);
    const user = await findUserById(ctx.db, (await signedInUser(request, ctx)).id);
    if (!user?.passwordHash || !(await verifyPassword(input.currentPassword, user.passwordHash))) {
      throw new HttpError(400, `currentPassword: ${accountMessages.wrongPassword}`, { currentPassword: accountMessages.wrongPassword });
    }
    await setPasswordHash(ctx.db, user.id, await hashPassword(input.newPassword, ctx.env.PASSWORD_SCRYPT_N));
    // A reset link asked for before the change would undo it: every one is void now, as
    // confirming one already voids the others. Every other device is signed out; this browser
    // gets a fresh session.
    await voidResetTokens(ctx.db, user.id);
    await deleteUserSessions(ctx.db, user.id);
    setSessionCookie(reply, await createSession(ctx.db, user.id), secure);
    return { ok: true };
  });

  // The link from the welcome (or a resent) email: the token proves the address, no session needed.
  // The page at /verify-email only shows a button; this POST is what verifies (mail scanners fetch links).
  app.post(apiPaths.accountVerifyEmail, async (request) => {
    const { token } = parseInput(verifyEmailSchema, request.body);
    const result = await verifyEmailToken(ctx.db, token);
    if (!result.ok) throw new HttpError(400, `token: ${verifyMessages[result.reason]}`, { token: verifyMessages[result.reason] });
    return { ok: true, message: verifyMessages.verified };
  });

  app.post(
    apiPaths.accountVerificationEmail,
    { preHandler: requireUser(ctx), config: { rateLimit: { max: ctx.env.RATE_LIMIT_PASSWORD_RESET_PER_HOUR, timeWindow: '1 hour' } } },
    async (request) => {
      const user = await findUserById(ctx.db, (await signedInUser(request, ctx)).id);
      if (!user) throw new HttpError(401, 'Not signed in');
      if (user.emailVerifiedAt) throw new HttpError(409, verifyMessages.already);
      // The link and its mail are one write: no stored link that was never sent.
      const mailId = await ctx.db.transaction(async (tx) =>
        ctx.mailQueue.store(tx, verifyEmailMail(user, verifyEmailUrl(ctx.env.PUBLIC_URL, await createVerificationToken(tx, user)))),
      );
      ctx.mailQueue.deliverNow([mailId]);
      return { ok: true, message: verifyMessages.sent };
    },
  );

  app.delete(apiPaths.account, signedIn, async (request, reply) => {
    const input = parseInput(deleteAccountSchema, request.body);
    const user = await signedInUser(request, ctx);
    if (input.confirmEmail.toLowerCase() !== user.email.trim().toLowerCase()) {
      throw new HttpError(400, `confirmEmail: ${accountMessages.confirmMismatch}`, { confirmEmail: accountMessages.confirmMismatch });
    }
    // The subscription is cancelled first: if the provider cannot be reached, nothing is deleted.
    try {
      await cancelMembershipsNow(ctx, user.id, request.log);
    } catch (error) {
      if (error instanceof ProviderUnavailableError) {
        return reply.status(502).send({
          message: 'Your subscription could not be cancelled because the payment provider could not be reached, so nothing was deleted. Please try again.',
        });
      }
      throw error;
    }
    await deleteMember(ctx.db, personalDataParts, user);
    clearSessionCookie(reply, secure);
    return { ok: true };
  });
}
