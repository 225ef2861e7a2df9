import { sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { emptyBodySchema, idParamsSchema } from '#shared/admin/schemas';
import { adminApiPaths } from '#shared/api/admin-paths';
import { recordingInputSchema, webinarInputSchema } from '#shared/webinars/webinars';
import type { z } from '#shared/zod';
import type { AppContext } from '../../context';
import { requireAdmin, signedInAdmin } from '../../http/guards';
import { rowsOf } from '../../db/rows';
import { HttpError, parseInput, refuseUnrenderable } from '../../http/errors';
import { markdownToHtml } from '#shared/markdown/render';
import { instantToSiteLocal, siteLocalToInstant } from '#shared/site-time';
import { recordAudit } from '../../audit-log';
import { csvLine } from '../../csv';
import { findWebinar, listWebinars, notify, toAdmin } from './service';

/** A description may be 20,000 characters, up to four bytes each in JSON. */
const WEBINAR_BODY_BYTES = 256 * 1024;

/**
 * The admin's Webinars tab (issue 25.1): events scheduled in the site's time zone, changed or
 * cancelled (everyone signed up is told once, with an updated invitation), the recording added
 * (everyone signed up gets one email), and the sign-ups listed and exported.
 */
export async function webinarAdminRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  // Admins only, checked on request: before the body is parsed or a param is read (401, 403).
  app.addHook('onRequest', requireAdmin(ctx));
  const adminOf = (request: FastifyRequest) => signedInAdmin(request, ctx);
  const { db } = ctx;
  const zone = ctx.env.SITE_TIMEZONE;
  const idOf = (request: FastifyRequest) => parseInput(idParamsSchema, request.params).id;
  const startOf = (input: z.infer<typeof webinarInputSchema>) => {
    const startsAt = siteLocalToInstant(input.startsAt, zone);
    if (instantToSiteLocal(startsAt, zone) !== input.startsAt) {
      throw new HttpError(400, `startsAt: ${input.startsAt} does not exist in ${zone} (the clocks skip it for daylight saving)`, {
        startsAt: `This time does not exist in ${zone}: the clocks skip it for daylight saving`,
      });
    }
    // A past start is allowed: it is how an earlier webinar's recording joins the library.
    return startsAt;
  };
  const existing = async (id: string) => {
    const row = await findWebinar(db, id);
    if (!row) throw new HttpError(404, 'Webinar not found');
    return row;
  };

  app.get(adminApiPaths.adminWebinars, async (_request, reply) => {
    reply.header('cache-control', 'no-store');
    return { webinars: await listWebinars(db, zone), timeZone: zone };
  });

  app.post(adminApiPaths.adminWebinars, { bodyLimit: WEBINAR_BODY_BYTES }, async (request, reply) => {
    const admin = await adminOf(request);
    const input = parseInput(webinarInputSchema, request.body);
    refuseUnrenderable({ description: ['Description', input.description] });
    const startsAt = startOf(input);
    const id = await db.transaction(async (tx) => {
      const [row] = rowsOf<{ id: string }>(
        await tx.execute(sql`insert into webinars (title, description, description_html, starts_at, duration_minutes, room_url, capacity)
          values (${input.title}, ${input.description}, ${markdownToHtml(input.description)}, ${startsAt.toISOString()}, ${input.durationMinutes}, ${input.roomUrl}, ${input.capacity}) returning id`),
      );
      await recordAudit(tx, admin, { action: 'webinar_created', targetType: 'webinar', targetId: row!.id, details: { title: input.title } });
      return row!.id;
    });
    return reply.status(201).send(toAdmin(await existing(id), zone));
  });

  // A change to what a calendar holds (title, time, length) tells everyone signed up, once per change.
  app.put(adminApiPaths.adminWebinar, { bodyLimit: WEBINAR_BODY_BYTES }, async (request) => {
    const id = idOf(request);
    const admin = await adminOf(request);
    const input = parseInput(webinarInputSchema, request.body);
    refuseUnrenderable({ description: ['Description', input.description] });
    const mailIds = await db.transaction(async (tx) => {
      const current = await findWebinar(tx, id, true);
      if (!current) throw new HttpError(404, 'Webinar not found');
      if (current.status === 'cancelled') throw new HttpError(409, 'This webinar is cancelled: it can no longer be changed.');
      const startsAt = startOf(input);
      const calendarChanged =
        current.title !== input.title || startsAt.getTime() !== new Date(current.starts_at).getTime() || current.duration_minutes !== input.durationMinutes;
      const [row] = rowsOf<typeof current>(
        await tx.execute(sql`update webinars set title = ${input.title}, description = ${input.description}, description_html = ${markdownToHtml(input.description)}, starts_at = ${startsAt.toISOString()},
          duration_minutes = ${input.durationMinutes}, room_url = ${input.roomUrl}, capacity = ${input.capacity},
          sequence = sequence + ${calendarChanged ? 1 : 0}, updated_at = now() where id = ${id} returning *`),
      );
      await recordAudit(tx, admin, { action: 'webinar_updated', targetType: 'webinar', targetId: id, details: { title: input.title } });
      return calendarChanged ? notify(tx, ctx, row!, 'update', String(row!.sequence)) : [];
    });
    ctx.mailer.deliverNow(mailIds);
    return toAdmin(await existing(id), zone);
  });

  app.post(adminApiPaths.adminWebinarCancel, async (request) => {
    const id = idOf(request);
    parseInput(emptyBodySchema, request.body);
    const admin = await adminOf(request);
    const mailIds = await db.transaction(async (tx) => {
      const current = await findWebinar(tx, id, true);
      if (!current) throw new HttpError(404, 'Webinar not found');
      if (current.status === 'cancelled') throw new HttpError(409, 'This webinar is already cancelled.');
      const [row] = rowsOf<typeof current>(
        await tx.execute(sql`update webinars set status = 'cancelled', sequence = sequence + 1, updated_at = now() where id = ${id} returning *`),
      );
      await recordAudit(tx, admin, { action: 'webinar_cancelled', targetType: 'webinar', targetId: id, details: { title: current.title } });
      return notify(tx, ctx, row!, 'cancellation', '');
    });
    ctx.mailer.deliverNow(mailIds);
    return toAdmin(await existing(id), zone);
  });

  // The recording joins the library; the people signed up get one email saying so (not again on a corrected link).
  app.post(adminApiPaths.adminWebinarRecording, { bodyLimit: WEBINAR_BODY_BYTES }, async (request) => {
    const id = idOf(request);
    const admin = await adminOf(request);
    const input = parseInput(recordingInputSchema, request.body);
    refuseUnrenderable({ summary: ['Summary', input.summary] });
    const mailIds = await db.transaction(async (tx) => {
      const current = await findWebinar(tx, id, true);
      if (!current) throw new HttpError(404, 'Webinar not found');
      if (current.status === 'cancelled') throw new HttpError(409, 'This webinar was cancelled: it has no recording.');
      if (new Date(current.starts_at).getTime() > Date.now()) throw new HttpError(409, 'This webinar has not happened yet: add its recording afterwards.');
      const [row] = rowsOf<typeof current>(
        await tx.execute(sql`update webinars set recording_url = ${input.recordingUrl}, recording_summary = ${input.summary}, recording_summary_html = ${markdownToHtml(input.summary)}, slides_url = ${input.slidesUrl || null},
          recording_added_at = coalesce(recording_added_at, now()), updated_at = now() where id = ${id} returning *`),
      );
      await recordAudit(tx, admin, { action: 'webinar_recording_added', targetType: 'webinar', targetId: id, details: { title: current.title } });
      return notify(tx, ctx, row!, 'recording', '');
    });
    ctx.mailer.deliverNow(mailIds);
    return toAdmin(await existing(id), zone);
  });

  const signups = async (id: string) =>
    rowsOf<{ email: string; first_name: string | null; last_name: string | null; created_at: string }>(
      await db.execute(
        sql`select u.email, u.first_name, u.last_name, s.created_at from webinar_signups s join users u on u.id = s.user_id where s.webinar_id = ${id} order by s.created_at`,
      ),
    );

  app.get(adminApiPaths.adminWebinarSignups, async (request, reply) => {
    const id = idOf(request);
    await existing(id);
    reply.header('cache-control', 'no-store');
    return {
      signups: (await signups(id)).map((row) => ({
        email: row.email,
        name: [row.first_name, row.last_name].filter(Boolean).join(' '),
        signedUpAt: new Date(row.created_at).toISOString(),
      })),
    };
  });

  app.get(adminApiPaths.adminWebinarSignupsCsv, async (request, reply) => {
    const id = idOf(request);
    const webinar = await existing(id);
    const lines = [
      csvLine(['Email', 'First name', 'Last name', 'Signed up at']),
      ...(await signups(id)).map((row) => csvLine([row.email, row.first_name ?? '', row.last_name ?? '', new Date(row.created_at).toISOString()])),
    ];
    return reply
      .headers({
        'cache-control': 'no-store',
        'content-type': 'text/csv; charset=utf-8',
        'content-disposition': `attachment; filename="webinar-signups-${webinar.id.slice(0, 8)}.csv"`,
      })
      .send(lines.join(''));
  });
}
