import type { FastifyInstance } from 'fastify';
import { idParamsSchema } from '#shared/admin/schemas';
import { apiPaths } from '#shared/api/paths';
import { recordingSearchSchema } from '#shared/webinars/webinars';
import type { AppContext } from '../../context';
import { parseInput } from '../../http/errors';
import { getSessionUser, requirePremium, requireUser, signedInUser } from '../../http/guards';
import { signUp, webinarsPage, withdraw } from './service';

/**
 * Premium webinars for members: the upcoming events (a teaser for visitors and free
 * members), signing up in one click, and the recordings library for premium members.
 */
export async function webinarRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const premiumOnly = { preHandler: requirePremium(ctx, 'Webinars are part of premium membership.') };

  app.get(apiPaths.webinars, async (request, reply) => {
    const { q } = parseInput(recordingSearchSchema, request.query);
    // Personal (signed up, the room link): no shared cache keeps it.
    reply.header('Cache-Control', 'private, no-store');
    return webinarsPage(ctx, await getSessionUser(request, ctx), q);
  });

  app.post(apiPaths.webinarSignup, premiumOnly, async (request, reply) => {
    const { id } = parseInput(idParamsSchema, request.params);
    await signUp(ctx, await signedInUser(request, ctx), id);
    return reply.status(201).send({ ok: true, message: "You're signed up. The invitation is on its way to your inbox." });
  });

  // Withdrawing is always allowed, also to a member whose premium has ended.
  app.delete(apiPaths.webinarSignup, { preHandler: requireUser(ctx) }, async (request) => {
    const { id } = parseInput(idParamsSchema, request.params);
    await withdraw(ctx, await signedInUser(request, ctx), id);
    return { ok: true, message: 'You are no longer signed up.' };
  });
}
