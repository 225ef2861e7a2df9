import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { MailStopAnswer } from '#shared/api/mail-stop';
import { apiPaths } from '#shared/api/paths';
import { followUpTokenSchema } from '#shared/checkup/follow-ups';
import type { AppContext } from '../../context';
import { HttpError, parseInput } from '../../http/errors';
import { loadLinkKey, verifyLink } from '../../mail/links';
import { oneClickRoute } from '../../mail/one-click';
import { hasOptedOut } from '../../mail/topic-opt-outs';
import { unsubscribe } from './repo';

/**
 * Stopping the Check-Up's follow-ups: the link in each one (GET tells, the page's button POSTs)
 * and the mail client's one-click unsubscribe (RFC 8058). The signed token (the address's
 * preferences token, decision 071) is the only key; either way the address leaves the topic
 * 'follow-ups', as it would from the preferences page.
 */
export async function followUpRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const keyOnce = loadLinkKey(ctx.db);
  keyOnce.catch(() => undefined);
  const noStore = { 'cache-control': 'no-store' };
  const emailOf = async (source: unknown) => {
    const { token } = parseInput(followUpTokenSchema, source);
    const email = verifyLink(await keyOnce, 'preferences', token);
    if (!email)
      throw new HttpError(400, 'This link is not valid: it may be incomplete or altered. Use the link from your latest follow-up email, or contact us.');
    return email;
  };
  const answer = async (email: string, said?: string): Promise<MailStopAnswer> => {
    const stopped = await hasOptedOut(ctx.db, 'follow-ups', email);
    return {
      email,
      stopped,
      message: said ?? (stopped ? 'This address receives no more Check-Up follow-ups.' : 'This address receives the Check-Up follow-ups.'),
    };
  };

  app.get(apiPaths.followUpsUnsubscribe, async (request: FastifyRequest, reply) => {
    reply.headers(noStore);
    return answer(await emailOf(request.query));
  });

  await oneClickRoute(app, apiPaths.followUpsUnsubscribe, async (request, reply, form) => {
    reply.headers(noStore);
    const email = await emailOf(form ? request.query : request.body);
    await ctx.db.transaction((tx) => unsubscribe(tx, email));
    return answer(email, 'You will receive no more Check-Up follow-ups.');
  });
}
