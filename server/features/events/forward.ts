import type { FastifyBaseLogger } from 'fastify';
import type { UsageEvent } from '#shared/events/kinds';

/**
 * Sends an event on to the configured analytics service from the server, so visitors' browsers
 * never load a third-party script. Fire-and-forget: analytics must never slow or fail a request.
 */
export function forwardEvent(url: string, event: UsageEvent, origin: string, log: FastifyBaseLogger): void {
  fetch(url, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ name: event.kind, url: `${origin}${event.path}`, props: event.props ?? {} }),
    signal: AbortSignal.timeout(3000),
  }).catch((error: unknown) => log.warn({ err: error }, 'analytics forwarding failed'));
}
