import type { FastifyInstance } from 'fastify';
import { contactMessageSchema } from '#shared/contact/schemas';
import type { AppContext } from '../../context';
import { parseInput } from '../../http/errors';
import { refuseFilledHoneypot } from '../../http/honeypot';
import { acknowledgementMail } from './acknowledgement-mail';
import { insertContactMessage } from './repo';

/** POST /api/contact: the contact form (docs/product.md §2, §5 and §7). */
export async function contactRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  app.post(
    '/api/contact',
    { config: { rateLimit: { max: ctx.env.RATE_LIMIT_FORMS_PER_HOUR, timeWindow: '1 hour' } } },
    async (request, reply) => {
      refuseFilledHoneypot(request.body);
      const { fax: _empty, ...message } = parseInput(contactMessageSchema, request.body);

      const id = await insertContactMessage(ctx.db, message);
      // The message is stored and the team will see it: a mail server being down must not turn that into an error.
      ctx.mailer.sendInBackground(acknowledgementMail(message, ctx.env.PUBLIC_URL), { contactMessageId: id });
      return reply.status(201).send({ id });
    },
  );
}
