import type { FastifyBaseLogger } from 'fastify';
import type { UsageEvent } from '#shared/events/kinds';
import type { AppContext } from '../../context';
import { forwardEvent } from './forward';
import { insertUsageEvent } from './repo';

/**
 * Records an event the server witnessed (a stored signup, a scored Check-Up, a paid membership:
 * shared/events/kinds.ts's serverEventKinds), after the change it reports, and forwards it to
 * the analytics service when one is set. Analytics never fail the action: an error is logged.
 */
export async function recordServerEvent(ctx: AppContext, event: UsageEvent, log: FastifyBaseLogger): Promise<void> {
  await insertUsageEvent(ctx.db, event).catch((err: unknown) => log.error({ err, kind: event.kind }, 'could not record a usage event'));
  if (ctx.env.ANALYTICS_FORWARD_URL) forwardEvent(ctx.env.ANALYTICS_FORWARD_URL, event, ctx.env.PUBLIC_URL, log);
}
