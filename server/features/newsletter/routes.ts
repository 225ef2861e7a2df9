import type { FastifyInstance } from 'fastify';
import { newsletterSignupSchema } from '#shared/newsletter/schemas';
import type { AppContext } from '../../context';
import { parseInput } from '../../http/errors';
import { getSessionUser } from '../../http/guards';
import { refuseFilledHoneypot } from '../../http/honeypot';
import { recordSignup } from './repo';
import { welcomeMail } from './welcome-mail';

/** POST /api/newsletter/signup: every free sign-up form (newsletter, free resources, profile, Check-Up, member home). */
export async function newsletterRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  app.post(
    '/api/newsletter/signup',
    { config: { rateLimit: { max: ctx.env.RATE_LIMIT_FORMS_PER_HOUR, timeWindow: '1 hour' } } },
    async (request, reply) => {
      refuseFilledHoneypot(request.body);
      const input = parseInput(newsletterSignupSchema, request.body);

      const userId = (await getSessionUser(request, ctx))?.id ?? null;
      // The signup and its welcome email are one write (the outbox delivers and retries it).
      const { created, mailIds } = await ctx.db.transaction(async (tx) => {
        const { created } = await recordSignup(tx, { email: input.email, name: input.name, organization: input.organization, signupType: input.source, userId });
        return { created, mailIds: created ? [await ctx.mailer.store(tx, welcomeMail(input, ctx.env.PUBLIC_URL))] : [] };
      });
      ctx.mailer.deliverNow(mailIds);
      return reply.status(created ? 201 : 200).send({ ok: true });
    },
  );
}
