import type { FastifyInstance } from 'fastify';
import { idParamsSchema } from '#shared/admin/schemas';
import { apiPaths } from '#shared/api/paths';
import { bookingInputSchema } from '#shared/coaching/coaching';
import type { AppContext } from '../../context';
import { parseInput } from '../../http/errors';
import { getSessionUser, requirePremium, signedInUser } from '../../http/guards';
import { book, cancel, coachingPage } from './service';

/** Coaching for premium members: free slots, one booking a month, cancel or move up to 24 hours before. */
export async function coachingRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const premiumOnly = { preHandler: requirePremium(ctx, 'Coaching is part of premium membership.') };

  app.get(apiPaths.coaching, async (request, reply) => {
    reply.header('Cache-Control', 'private, no-store');
    return coachingPage(ctx, await getSessionUser(request, ctx));
  });

  app.post(apiPaths.coachingBookings, premiumOnly, async (request, reply) => {
    const { slotId } = parseInput(bookingInputSchema, request.body);
    const id = await book(ctx, await signedInUser(request, ctx), slotId);
    return reply.status(201).send({ id, message: 'Your session is booked. The invitation is on its way to your inbox.' });
  });

  app.post(apiPaths.coachingBookingMove, premiumOnly, async (request) => {
    const { id } = parseInput(idParamsSchema, request.params);
    const { slotId } = parseInput(bookingInputSchema, request.body);
    const moved = await book(ctx, await signedInUser(request, ctx), slotId, id);
    return { id: moved, message: 'Your session is moved. The updated invitation is on its way to your inbox.' };
  });

  app.delete(apiPaths.coachingBooking, premiumOnly, async (request) => {
    const { id } = parseInput(idParamsSchema, request.params);
    await cancel(ctx, await signedInUser(request, ctx), id);
    return { ok: true, message: "Your session is cancelled. This month's session is yours to book again." };
  });
}
