import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { loginSchema, registerSchema } from '#shared/auth/schemas';
import { apiPaths } from '#shared/api/paths';
import type { AppContext } from '../../context';
import { HttpError, parseInput } from '../../http/errors';
import { refuseFilledHoneypot } from '../../http/honeypot';
import { seedDemoUser } from './demo-user';
import { createVerificationToken, verifyEmailUrl } from './email-verification';
import { accountWelcomeMail } from './account-welcome-mail';
import { createLoginFailures } from './login-failures';
import { getSessionUser } from '../../http/guards';
import { passwordResetRoutes } from './password-reset-routes';
import { hashPassword, spendPasswordCheckTime, verifyPassword } from './password';
import { clearSessionCookie, createSession, deleteSession, sessionToken, setSessionCookie, toPublicUser } from '../../http/sessions';
import { EmailTakenError, findUserByEmail, grantAdmin, insertUser, publicUserJsonSchema } from '../../users-repo';

export const messages = {
  invalidCredentials: 'Invalid email or password.',
  emailTaken: 'An account with this email already exists. Please sign in instead.',
  notSignedIn: 'Not signed in',
  adminExists:
    'An admin already exists, so admin access can no longer be claimed here. Only the email addresses listed in the ADMIN_EMAILS setting can make themselves admin; otherwise ask an existing admin to promote you.',
} as const;

/** Accounts and sessions (docs/product.md §4 to 7, docs/product.md (Decisions)); see docs/auth.md. */
export async function authRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const secure = ctx.env.SECURE_COOKIES;
  if (ctx.env.DEMO_MODE) await seedDemoUser(ctx.db, ctx.env.PASSWORD_SCRYPT_N);
  const loginFailures = createLoginFailures(ctx.db, { max: ctx.env.RATE_LIMIT_LOGIN_PER_EMAIL_PER_15_MIN, windowMs: 15 * 60_000 });

  /** Ends the session the browser came with (if any) and starts a fresh one. */
  const signIn = async (request: FastifyRequest, reply: FastifyReply, userId: string) => {
    const previous = sessionToken(request);
    if (previous) await deleteSession(ctx.db, previous);
    setSessionCookie(reply, await createSession(ctx.db, userId), secure);
  };

  // Every page of a signed-in member asks for it: written by a serializer compiled for its
  // fields, and never through the compression hooks (its answer is far under their 1 KB threshold).
  app.get(apiPaths.user, { schema: { response: { 200: publicUserJsonSchema } }, compress: false }, async (request, reply) => {
    reply.header('Cache-Control', 'no-store');
    const user = await getSessionUser(request, ctx);
    if (!user) {
      if (sessionToken(request)) clearSessionCookie(reply, secure);
      throw new HttpError(401, messages.notSignedIn);
    }
    return user;
  });

  const registering = new Map<string, Promise<unknown>>();
  const createAccount = async (input: { email: string; password: string; firstName: string; lastName: string }) => {
    if (await findUserByEmail(ctx.db, input.email)) throw new HttpError(409, messages.emailTaken);
    const passwordHash = await hashPassword(input.password, ctx.env.PASSWORD_SCRYPT_N);
    try {
      // The account, its verification link and the welcome that carries the link are one write:
      // a crash leaves all of them or none; the mail queue delivers and retries the mail.
      const { user, mailId } = await ctx.db.transaction(async (tx) => {
        const user = await insertUser(tx, { email: input.email, passwordHash, firstName: input.firstName, lastName: input.lastName });
        const verifyUrl = verifyEmailUrl(ctx.env.PUBLIC_URL, await createVerificationToken(tx, user));
        return {
          user,
          mailId: await ctx.mailQueue.store(tx, accountWelcomeMail({ email: user.email, firstName: input.firstName }, ctx.env.PUBLIC_URL, verifyUrl)),
        };
      });
      ctx.mailQueue.deliverNow([mailId]);
      return user;
    } catch (error) {
      if (error instanceof EmailTakenError) throw new HttpError(409, messages.emailTaken);
      throw error;
    }
  };

  app.post(apiPaths.register, { config: { rateLimit: { max: ctx.env.RATE_LIMIT_REGISTER_PER_HOUR, timeWindow: '1 hour' } } }, async (request, reply) => {
    refuseFilledHoneypot(request.body);
    const input = parseInput(registerSchema, request.body);
    const key = input.email.toLowerCase();
    // One registration per email at a time on this server: the others wait for it, then find the
    // account (409) without spending a password hash each. Across servers, the unique index decides.
    for (let pending = registering.get(key); pending; pending = registering.get(key)) await pending.catch(() => undefined);
    const attempt = createAccount(input);
    registering.set(key, attempt);
    let user;
    try {
      user = await attempt;
    } finally {
      if (registering.get(key) === attempt) registering.delete(key);
    }
    await signIn(request, reply, user.id);
    return reply.status(201).send(toPublicUser(user));
  });

  app.post(
    apiPaths.login,
    {
      config: { rateLimit: { max: ctx.env.RATE_LIMIT_LOGIN_PER_IP_PER_15_MIN, timeWindow: '15 minutes' } },
    },
    async (request, reply) => {
      const input = parseInput(loginSchema, request.body);
      await loginFailures.check(input.email, request.ip, reply);
      const user = await findUserByEmail(ctx.db, input.email);
      // The same answer, after the same work, whether or not the email has an account.
      if (!user?.passwordHash) {
        await spendPasswordCheckTime(input.password, ctx.env.PASSWORD_SCRYPT_N);
        await loginFailures.failed(input.email, request.ip);
        throw new HttpError(401, messages.invalidCredentials);
      }
      if (!(await verifyPassword(input.password, user.passwordHash))) {
        await loginFailures.failed(input.email, request.ip);
        throw new HttpError(401, messages.invalidCredentials);
      }
      await loginFailures.succeeded(input.email, request.ip);
      await signIn(request, reply, user.id);
      return toPublicUser(user);
    },
  );

  app.post(apiPaths.logout, async (request, reply) => {
    const token = sessionToken(request);
    if (token) await deleteSession(ctx.db, token);
    clearSessionCookie(reply, secure);
    return { ok: true };
  });

  // First-run bootstrap (docs/product.md (Decisions)): allowed while no admin exists, or for ADMIN_EMAILS addresses.
  app.post(apiPaths.makeAdmin, async (request) => {
    const user = await getSessionUser(request, ctx);
    if (!user) throw new HttpError(401, messages.notSignedIn);
    if (user.isAdmin) return user;
    const listed = ctx.env.ADMIN_EMAILS.includes(user.email.trim().toLowerCase());
    const updated = await grantAdmin(ctx.db, user.id, listed);
    if (!updated) throw new HttpError(403, messages.adminExists);
    return toPublicUser(updated);
  });

  await app.register(passwordResetRoutes, ctx);
}
