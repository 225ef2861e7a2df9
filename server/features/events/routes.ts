import type { FastifyInstance } from 'fastify';
import { usageEventSchema } from '#shared/events/kinds';
import { apiPaths } from '#shared/api/paths';
import type { AppContext } from '../../context';
import { parseInput } from '../../http/errors';
import { forwardEvent } from './forward';
import { insertUsageEvent } from './repo';

/** First-party usage events (docs/product.md §1). Nothing about the visitor is stored: no IP, no cookie, no user id. */
export async function eventsRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  app.post(apiPaths.events, { config: { rateLimit: { max: ctx.env.RATE_LIMIT_EVENTS_PER_MINUTE, timeWindow: '1 minute' } } }, async (request, reply) => {
    const event = parseInput(usageEventSchema, request.body);
    await insertUsageEvent(ctx.db, event);
    if (ctx.env.ANALYTICS_FORWARD_URL) forwardEvent(ctx.env.ANALYTICS_FORWARD_URL, event, ctx.env.PUBLIC_URL, request.log);
    return reply.status(202).send({ ok: true });
  });
}
