import type { FastifyInstance } from 'fastify';
import { type NewsletterSignupAnswer, newsletterSignupSchema, type SignupSource } from '#shared/newsletter/schemas';
import { apiPaths } from '#shared/api/paths';
import type { AppContext } from '../../context';
import { parseInput } from '../../http/errors';
import { getSessionUser } from '../../http/guards';
import { refuseFilledHoneypot } from '../../http/honeypot';
import { recordServerEvent } from '../events/record';
import { recordSignup } from './repo';
import { confirmationMail, welcomeMail } from './welcome-mail';
import { loadLinkKey, signLink, unsubscribeLinks } from '../../mail/links';
import { withinMailCaps } from '../../mail/recipient-caps';

/** The page each form lives on: where a community signup happened. */
const signupPaths: Record<SignupSource, string> = {
  newsletter: '/newsletter',
  'free-resources': '/free-resources',
  'create-profile': '/create-profile',
  checkup: '/checkup',
  home: '/',
};

/** POST /api/newsletter/signup: every free sign-up form (newsletter, free resources, profile, Check-Up, member home). */
export async function newsletterRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const linkKey = loadLinkKey(ctx.db);
  linkKey.catch(() => undefined);
  app.post(apiPaths.newsletterSignup, { config: { rateLimit: { max: ctx.env.RATE_LIMIT_FORMS_PER_HOUR, timeWindow: '1 hour' } } }, async (request, reply) => {
    refuseFilledHoneypot(request.body);
    const input = parseInput(newsletterSignupSchema, request.body);

    const userId = (await getSessionUser(request, ctx))?.id ?? null;
    // The signup and its welcome email are one write (the mail queue delivers and retries it).
    const key = await linkKey;
    const { created, joined, status, mailIds } = await ctx.db.transaction(async (tx) => {
      const { created, joined, status } = await recordSignup(
        tx,
        { email: input.email, name: input.name, organization: input.organization, signupType: input.source, userId },
        { confirmedOptIn: ctx.env.NEWSLETTER_CONFIRMED_OPT_IN },
      );
      const confirmUrl = status === 'pending' ? `${ctx.env.PUBLIC_URL}/newsletter/confirm?token=${signLink(key, 'confirm', input.email)}` : null;
      // New: the welcome (with the confirmation link while opt-in is pending). Known and still
      // pending, or back after unsubscribing: the confirmation link again, nothing else, and only
      // a few times an hour and a day to one address (the links already sent still work).
      const mail = created
        ? welcomeMail(input, ctx.env.PUBLIC_URL, { confirm: confirmUrl, unsubscribe: unsubscribeLinks(key, ctx.env.PUBLIC_URL, input.email) })
        : confirmUrl && (await withinMailCaps(tx, 'newsletterConfirmation', { to: input.email, sender: userId ? `user:${userId}` : `ip:${request.ip}` }))
          ? confirmationMail(input, confirmUrl)
          : null;
      return { created, joined, status, mailIds: mail ? [await ctx.mailQueue.store(tx, mail)] : [] };
    });
    ctx.mailQueue.deliverNow(mailIds);
    // Counted once per person and way of joining, as stored: a page cannot invent one.
    if (joined) await recordServerEvent(ctx, { kind: 'community_signup', path: signupPaths[input.source], props: { source: input.source } }, request.log);
    const answer: NewsletterSignupAnswer = { ok: true, status, emailed: mailIds.length > 0 };
    return reply.status(created ? 201 : 200).send(answer);
  });
}
