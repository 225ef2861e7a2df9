import type { FastifyInstance } from 'fastify';
import { isStorableText, unstorableTextMessage } from '#shared/text';
import { HttpError } from './errors';

/** The first value (or key) in `value` that PostgreSQL cannot store as text, as a dotted field path. */
export function findUnstorable(value: unknown, path: string[] = []): string | undefined {
  if (typeof value === 'string') return isStorableText(value) ? undefined : path.join('.') || 'body';
  if (value === null || typeof value !== 'object' || Buffer.isBuffer(value)) return undefined;
  for (const [key, inner] of Object.entries(value)) {
    if (!isStorableText(key)) return [...path, '(a field name)'].join('.');
    const found = findUnstorable(inner, [...path, key]);
    if (found) return found;
  }
  return undefined;
}

/**
 * One rule for every API route: a NUL or an unpaired surrogate in any path, query or
 * body value is a 400 naming where it is, before the route's own validation and long before the
 * database, which would refuse it with an error. Runs after the admin routes' authorization
 * (onRequest), so visitors still learn nothing more there. Raw bodies (the payment webhook, whose
 * signature is over its exact bytes) are left to their route.
 */
export function refuseUnstorableText(app: FastifyInstance): void {
  app.addHook('preValidation', async (request) => {
    if (!request.routeOptions.url?.startsWith('/api/')) return;
    const field = findUnstorable(request.params) ?? findUnstorable(request.query) ?? findUnstorable(request.body);
    if (field) throw new HttpError(400, `${field}: ${unstorableTextMessage}`, { [field]: unstorableTextMessage });
  });
}
