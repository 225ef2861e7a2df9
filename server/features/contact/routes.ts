import type { FastifyInstance } from 'fastify';
import { contactMessageSchema } from '#shared/contact/schemas';
import { apiPaths } from '#shared/api/paths';
import type { AppContext } from '../../context';
import { parseInput } from '../../http/errors';
import { getSessionUser } from '../../http/guards';
import { refuseFilledHoneypot } from '../../http/honeypot';
import { acknowledgementMail } from './acknowledgement-mail';
import { insertContactMessage } from './repo';

/** POST /api/contact: the contact form (docs/product.md §2, §5 and §7). */
export async function contactRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  app.post(apiPaths.contact, { config: { rateLimit: { max: ctx.env.RATE_LIMIT_FORMS_PER_HOUR, timeWindow: '1 hour' } } }, async (request, reply) => {
    refuseFilledHoneypot(request.body);
    const { fax: _empty, ...message } = parseInput(contactMessageSchema, request.body);

    // A message sent while signed in is the account's own (its export and deletion cover it).
    const sender = await getSessionUser(request, ctx);
    const userId = sender?.id ?? null;
    // Priority support: a premium member's message is marked and answered within 1 business day.
    const premium = Boolean(sender?.isPremium);
    // The message and its acknowledgement are one write: neither exists without the other after
    // a crash, and a mail server being down delays the email, never the message (the mail queue retries).
    const { id, mailId } = await ctx.db.transaction(async (tx) => ({
      id: await insertContactMessage(tx, { ...message, userId, premium }),
      mailId: await ctx.mailQueue.store(tx, acknowledgementMail(message, ctx.env.PUBLIC_URL, premium)),
    }));
    ctx.mailQueue.deliverNow([mailId]);
    // Whether it went as a premium member's: the page then says the reply time the acknowledgement
    // promises, even when it could not tell who was writing (the account not loaded yet).
    return reply.status(201).send({ id, premium });
  });
}
