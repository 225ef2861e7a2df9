import type { FastifyInstance, FastifyRequest } from 'fastify';
import { emptyBodySchema, idParamsSchema } from '#shared/admin/schemas';
import { adminApiPaths } from '#shared/api/admin-paths';
import { slotsInputSchema } from '#shared/coaching/coaching';
import type { AppContext } from '../../context';
import { requireAdmin, signedInAdmin } from '../../http/guards';
import { HttpError, parseInput } from '../../http/errors';
import { instantToSiteLocal, siteLocalToInstant } from '#shared/site-time';
import { recordAudit } from '../../audit-log';
import { addSlot } from './repo';
import { adminCalendar, removeSlot } from './service';

/** The coach's side: publish 60-minute slots, see the calendar of slots and bookings, remove a slot. */
export async function coachingAdminRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  // Admins only, checked on request: before the body is parsed or a param is read (401, 403).
  app.addHook('onRequest', requireAdmin(ctx));
  const adminOf = (request: FastifyRequest) => signedInAdmin(request, ctx);
  const zone = ctx.env.SITE_TIMEZONE;

  app.get(adminApiPaths.adminCoaching, async (_request, reply) => {
    reply.header('cache-control', 'no-store');
    // From the start of today: the day's past sessions stay on the calendar.
    return { slots: await adminCalendar(ctx.db, new Date(Date.now() - 12 * 3_600_000)), timeZone: zone };
  });

  app.post(adminApiPaths.adminCoaching, async (request, reply) => {
    const admin = await adminOf(request);
    const input = parseInput(slotsInputSchema, request.body);
    const starts = input.startsAt.map((local, index) => {
      const instant = siteLocalToInstant(local, zone);
      if (instantToSiteLocal(instant, zone) !== local)
        throw new HttpError(400, `startsAt.${index}: ${local} does not exist in ${zone} (the clocks skip it)`, {
          [`startsAt.${index}`]: `This time does not exist in ${zone}`,
        });
      if (instant.getTime() <= Date.now())
        throw new HttpError(400, `startsAt.${index}: ${local} is in the past`, { [`startsAt.${index}`]: 'A slot must be in the future' });
      return instant;
    });
    const coachName = [admin.firstName, admin.lastName].filter(Boolean).join(' ') || admin.name || 'Your coach';
    const added = await ctx.db.transaction(async (tx) => {
      let count = 0;
      for (const instant of starts) {
        if (await addSlot(tx, { coachId: admin.id, coachName, startsAt: instant, roomUrl: input.roomUrl })) count += 1;
      }
      await recordAudit(tx, admin, { action: 'coaching_slots_added', targetType: 'coaching', targetId: admin.id, details: { count } });
      return count;
    });
    return reply.status(201).send({
      added,
      message:
        added === starts.length ? `${added} ${added === 1 ? 'slot' : 'slots'} published.` : `${added} published; ${starts.length - added} you had already.`,
    });
  });

  app.delete(adminApiPaths.adminCoachingSlot, async (request) => {
    const { id } = parseInput(idParamsSchema, request.params);
    parseInput(emptyBodySchema, request.body);
    const admin = await adminOf(request);
    await removeSlot(ctx, id);
    await recordAudit(ctx.db, admin, { action: 'coaching_slot_removed', targetType: 'coaching', targetId: id });
    return { ok: true, message: 'The slot is removed; a member booked on it is told.' };
  });
}
