import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../../context';
import { HttpError } from '../../http/errors';

/** A 429 that says when to come back (the error handler sends Retry-After). */
class TooManyGuesses extends HttpError {
  constructor(readonly retryAfterSeconds: number) {
    const minutes = Math.max(1, Math.ceil(retryAfterSeconds / 60));
    super(429, `Too many requests. Please wait ${minutes} minute${minutes === 1 ? '' : 's'} and try again.`);
  }
}

/**
 * Offer codes are words an admin chose: every request that tries one (looking it up, applying for
 * it, a checkout with it) counts against one limit per client address an hour
 * (RATE_LIMIT_OFFER_LOOKUPS_PER_HOUR), so no path of the site answers a dictionary at full speed.
 * Returns the check a route calls when a request carries a code.
 */
export function offerGuessLimit(app: FastifyInstance, ctx: AppContext): (request: FastifyRequest) => Promise<void> {
  const limiter = app.createRateLimit({
    max: ctx.env.RATE_LIMIT_OFFER_LOOKUPS_PER_HOUR,
    timeWindow: '1 hour',
    keyGenerator: (request) => `offer-codes:${request.ip}`,
  });
  return async (request) => {
    const result = await limiter(request);
    if (result.isAllowed || !result.isExceeded) return;
    throw new TooManyGuesses(result.ttlInSeconds);
  };
}
