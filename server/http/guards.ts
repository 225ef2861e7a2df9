import type { FastifyRequest, onRequestAsyncHookHandler, preHandlerAsyncHookHandler } from 'fastify';
import type { AppContext } from '../context';
import { HttpError } from './errors';
import { findSessionUser, sessionToken, toPublicUser } from './sessions';
import type { PublicUser } from '#shared/auth/user';

/** One lookup per request, however many guards and handlers ask. */
const perRequest = new WeakMap<FastifyRequest, Promise<PublicUser | null>>();

/**
 * The user of the request's session cookie, or null. Roles are read from the database on
 * every request, so a granted or revoked admin or premium flag applies at once.
 */
export function getSessionUser(request: FastifyRequest, ctx: AppContext): Promise<PublicUser | null> {
  let user = perRequest.get(request);
  if (!user) {
    const token = sessionToken(request);
    user = token ? findSessionUser(ctx.db, token).then((row) => (row ? toPublicUser(row) : null)) : Promise.resolve(null);
    perRequest.set(request, user);
  }
  return user;
}

/**
 * The signed-in user of the request, typed: 401 unless signed in. A handler behind requireUser or
 * requirePremium reads its user with it (the lookup is the guard's, made once per request), so no
 * route asserts or casts the user it was let through with.
 */
export async function signedInUser(request: FastifyRequest, ctx: AppContext): Promise<PublicUser> {
  const user = await getSessionUser(request, ctx);
  if (!user) throw new HttpError(401, 'Not signed in');
  return user;
}

/** preHandler: 401 unless signed in. Use as `{ preHandler: requireUser(ctx) }`. */
export function requireUser(ctx: AppContext): preHandlerAsyncHookHandler {
  return async (request) => {
    await signedInUser(request, ctx);
  };
}

/** preHandler: 401 unless signed in, 403 unless premium. Demo mode does not count: premium data needs a premium session. */
export function requirePremium(ctx: AppContext, message = 'A premium membership is required for this.'): preHandlerAsyncHookHandler {
  return async (request) => {
    const user = await signedInUser(request, ctx);
    if (!user.isPremium) throw new HttpError(403, message);
  };
}

/** The admin making the request: 401 unless signed in, 403 unless admin. */
export async function signedInAdmin(request: FastifyRequest, ctx: AppContext): Promise<PublicUser> {
  const user = await signedInUser(request, ctx);
  if (!user.isAdmin) throw new HttpError(403, 'Admin privileges required.');
  return user;
}

/**
 * 401 unless signed in, 403 unless admin. Every file of admin routes adds it to its own plugin
 * first, as `app.addHook('onRequest', requireAdmin(ctx))`: onRequest runs before the body is
 * parsed and before params or query are validated, so visitors and non-admins learn nothing more.
 */
export function requireAdmin(ctx: AppContext): onRequestAsyncHookHandler {
  return async (request) => {
    await signedInAdmin(request, ctx);
  };
}
