import type { FastifyInstance, preHandlerAsyncHookHandler } from 'fastify';
import { HttpError } from '../../http/errors';

const emailOf = (body: unknown): string | undefined => {
  const email = body && typeof body === 'object' ? (body as { email?: unknown }).email : undefined;
  return typeof email === 'string' && email.trim() ? email.trim().toLowerCase() : undefined;
};

/**
 * A limit per email address on top of the route's per-IP limit, so one account cannot be
 * guessed at from many addresses nor flooded with mail. It runs as a preHandler because the
 * key is in the body; a body without an email is left to validation and the per-IP limit.
 */
export function perEmailRateLimit(app: FastifyInstance, options: { scope: string; max: number; timeWindow: string; what: string }): preHandlerAsyncHookHandler {
  const limiter = app.createRateLimit({
    max: options.max,
    timeWindow: options.timeWindow,
    keyGenerator: (request) => `${options.scope}:${emailOf(request.body)}`,
  });
  return async (request, reply) => {
    if (!emailOf(request.body)) return;
    const result = await limiter(request);
    if (result.isAllowed || !result.isExceeded) return;
    reply.header('retry-after', result.ttlInSeconds);
    const minutes = Math.max(1, Math.ceil(result.ttlInSeconds / 60));
    throw new HttpError(429, `Too many ${options.what} for this email. Please wait ${minutes} minute${minutes === 1 ? '' : 's'} and try again.`);
  };
}
