import type { FastifyInstance } from 'fastify';
import { newsletterSignupSchema } from '#shared/newsletter/schemas';
import type { AppContext } from '../../context';
import { parseInput } from '../../http/errors';
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

      const { created } = await recordSignup(ctx.db, {
        email: input.email,
        name: input.name,
        organization: input.organization,
        signupType: input.source,
      });
      if (created) {
        // The signup is stored either way: a mail server being down must not turn it into an error.
        ctx.mailer.sendInBackground(welcomeMail(input, ctx.env.PUBLIC_URL), { mail: 'newsletter welcome' });
      }
      return reply.status(created ? 201 : 200).send({ ok: true });
    },
  );
}
