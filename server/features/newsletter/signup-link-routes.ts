import type { FastifyInstance, FastifyRequest } from 'fastify';
import { apiPaths } from '#shared/api/paths';
import { editionUnsubscribeSchema, unsubscribeSchema } from '#shared/newsletter/editions';
import type { SubscriberStatus } from '#shared/newsletter/schemas';
import type { AppContext } from '../../context';
import { HttpError, parseInput } from '../../http/errors';
import { type LinkPurpose, loadLinkKey, verifyLink } from '../../mail/links';
import { oneClickRoute } from '../../mail/one-click';
import { confirmSignup, subscribeFromLink, subscriberStatus, unsubscribe } from './repo';

export interface SignupLinkAnswer {
  email: string;
  status: SubscriberStatus | 'none';
  message: string;
}

/** What an unsubscribe link's page is told about its address before anything changes. */
const statusMessages: Record<SubscriberStatus | 'none', string> = {
  subscribed: 'This address receives The Weekly Dish.',
  pending: 'This address has not confirmed its subscription, so it receives no editions.',
  unsubscribed: 'This address is unsubscribed.',
  bounced: 'Mail to this address was refused by its mail server, so it receives no editions.',
  none: 'This address is not subscribed to The Weekly Dish.',
};

/**
 * Subscribers in control: the unsubscribe link of every edition, the mail client's
 * one-click unsubscribe (RFC 8058), resubscribing, and the confirmation of a new signup. Each
 * works signed out, with the token of the link as the only key (the address's preferences
 * token, decision 071, or a confirmation's); a GET only reads (mail scanners fetch links), a POST changes.
 */
export async function signupLinkRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const keyOnce = loadLinkKey(ctx.db);
  keyOnce.catch(() => undefined);

  const emailOf = async (request: FastifyRequest, purpose: LinkPurpose, source: unknown) => {
    const { token } = parseInput(unsubscribeSchema, source);
    const email = verifyLink(await keyOnce, purpose, token);
    if (!email) {
      throw new HttpError(
        400,
        purpose === 'confirm'
          ? 'This confirmation link is not valid. Use the link from your latest email, or sign up again.'
          : 'This unsubscribe link is not valid: it may be incomplete or altered. Use the link from your latest email, or contact us and we will remove you.',
      );
    }
    request.log.debug({ purpose }, 'subscription link used');
    return email;
  };
  const statusOf = async (email: string): Promise<SubscriberStatus | 'none'> => (await subscriberStatus(ctx.db, email)) ?? 'none';
  const noStore = { 'cache-control': 'no-store' };

  // The page asks what the link is for; nothing changes.
  app.get(apiPaths.newsletterUnsubscribe, async (request, reply): Promise<SignupLinkAnswer> => {
    reply.headers(noStore);
    const email = await emailOf(request, 'preferences', { token: parseInput(editionUnsubscribeSchema, request.query).token });
    const status = await statusOf(email);
    return { email, status, message: statusMessages[status] };
  });

  // RFC 8058: the mail client POSTs "List-Unsubscribe=One-Click" as a form to the List-Unsubscribe
  // address, which carries the token in its query; the page POSTs JSON.
  await oneClickRoute(app, apiPaths.newsletterUnsubscribe, async (request, reply, form): Promise<SignupLinkAnswer> => {
    reply.headers(noStore);
    const { token, edition } = parseInput(editionUnsubscribeSchema, form ? request.query : request.body);
    const email = await emailOf(request, 'preferences', { token });
    await ctx.db.transaction((tx) => unsubscribe(tx, email, edition));
    // Said once: the page names the address ("… will not receive another edition").
    return { email, status: await statusOf(email), message: 'You are unsubscribed from The Weekly Dish.' };
  });

  app.post(apiPaths.newsletterResubscribe, async (request, reply): Promise<SignupLinkAnswer> => {
    reply.headers(noStore);
    const email = await emailOf(request, 'preferences', request.body);
    if ((await statusOf(email)) === 'bounced') {
      throw new HttpError(409, 'Mail to this address was refused by its mail server, so we cannot send The Weekly Dish to it. Contact us if it works again.');
    }
    await ctx.db.transaction((tx) => subscribeFromLink(tx, email));
    return { email, status: await statusOf(email), message: 'Welcome back! You will receive The Weekly Dish again from next Tuesday.' };
  });

  app.post(apiPaths.newsletterConfirm, async (request, reply): Promise<SignupLinkAnswer> => {
    reply.headers(noStore);
    const email = await emailOf(request, 'confirm', request.body);
    const status = await statusOf(email);
    if (status === 'none') throw new HttpError(404, 'This address is not signed up any more. Sign up again to receive The Weekly Dish.');
    if (status === 'unsubscribed')
      throw new HttpError(409, 'This address unsubscribed after signing up, so it was not subscribed again. Sign up again to receive The Weekly Dish.');
    await confirmSignup(ctx.db, email);
    return { email, status: await statusOf(email), message: 'Your subscription is confirmed. The Weekly Dish arrives every Tuesday morning.' };
  });
}
