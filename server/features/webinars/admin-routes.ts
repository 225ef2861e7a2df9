import type { FastifyInstance, FastifyRequest } from 'fastify';
import { emptyBodySchema, idParamsSchema } from '#shared/admin/schemas';
import { adminApiPaths } from '#shared/api/admin-paths';
import { recordingInputSchema, webinarInputSchema } from '#shared/webinars/webinars';
import type { z } from '#shared/zod';
import type { AppContext } from '../../context';
import { requireAdmin, signedInAdmin } from '../../http/guards';
import { HttpError, parseInput, refuseUnrenderable } from '../../http/errors';
import { markdownToHtml } from '#shared/markdown/render';
import { instantToSiteLocal, siteLocalToInstant } from '#shared/site-time';
import { recordAudit } from '../../audit-log';
import { csvLine } from '../../csv-writing';
import { cancelWebinar, insertWebinar, lockWebinar, setRecording, signupList, updateWebinar, webinarWithSignups } from './repo';
import { listWebinars, notify, toAdmin } from './service';

/** A description may be 20,000 characters, up to four bytes each in JSON. */
const WEBINAR_BODY_BYTES = 256 * 1024;

/**
 * The admin's Webinars tab: events scheduled in the site's time zone, changed or
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
  // What an admin's form saves, its description's HTML rendered once here.
  const fieldsOf = (input: z.infer<typeof webinarInputSchema>, startsAt: Date) => ({
    title: input.title,
    description: input.description,
    descriptionHtml: markdownToHtml(input.description),
    startsAt,
    durationMinutes: input.durationMinutes,
    roomUrl: input.roomUrl,
    capacity: input.capacity,
  });
  const existing = async (id: string) => {
    const row = await webinarWithSignups(db, id);
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
      const created = await insertWebinar(tx, fieldsOf(input, startsAt));
      await recordAudit(tx, admin, { action: 'webinar_created', targetType: 'webinar', targetId: created, details: { title: input.title } });
      return created;
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
      const current = await lockWebinar(tx, id);
      if (!current) throw new HttpError(404, 'Webinar not found');
      if (current.status === 'cancelled') throw new HttpError(409, 'This webinar is cancelled: it can no longer be changed.');
      const startsAt = startOf(input);
      const calendarChanged =
        current.title !== input.title || startsAt.getTime() !== current.startsAt.getTime() || current.durationMinutes !== input.durationMinutes;
      const row = await updateWebinar(tx, id, fieldsOf(input, startsAt), calendarChanged);
      await recordAudit(tx, admin, { action: 'webinar_updated', targetType: 'webinar', targetId: id, details: { title: input.title } });
      return calendarChanged ? notify(tx, ctx, row, 'update', String(row.sequence)) : [];
    });
    ctx.mailQueue.deliverNow(mailIds);
    return toAdmin(await existing(id), zone);
  });

  app.post(adminApiPaths.adminWebinarCancel, async (request) => {
    const id = idOf(request);
    parseInput(emptyBodySchema, request.body);
    const admin = await adminOf(request);
    const mailIds = await db.transaction(async (tx) => {
      const current = await lockWebinar(tx, id);
      if (!current) throw new HttpError(404, 'Webinar not found');
      if (current.status === 'cancelled') throw new HttpError(409, 'This webinar is already cancelled.');
      const row = await cancelWebinar(tx, id);
      await recordAudit(tx, admin, { action: 'webinar_cancelled', targetType: 'webinar', targetId: id, details: { title: current.title } });
      return notify(tx, ctx, row, 'cancellation', '');
    });
    ctx.mailQueue.deliverNow(mailIds);
    return toAdmin(await existing(id), zone);
  });

  // The recording joins the library; the people signed up get one email saying so (not again on a corrected link).
  app.post(adminApiPaths.adminWebinarRecording, { bodyLimit: WEBINAR_BODY_BYTES }, async (request) => {
    const id = idOf(request);
    const admin = await adminOf(request);
    const input = parseInput(recordingInputSchema, request.body);
    refuseUnrenderable({ summary: ['Summary', input.summary] });
    const mailIds = await db.transaction(async (tx) => {
      const current = await lockWebinar(tx, id);
      if (!current) throw new HttpError(404, 'Webinar not found');
      if (current.status === 'cancelled') throw new HttpError(409, 'This webinar was cancelled: it has no recording.');
      if (current.startsAt.getTime() > Date.now()) throw new HttpError(409, 'This webinar has not happened yet: add its recording afterwards.');
      const row = await setRecording(tx, id, {
        recordingUrl: input.recordingUrl,
        recordingSummary: input.summary,
        recordingSummaryHtml: markdownToHtml(input.summary),
        slidesUrl: input.slidesUrl || null,
      });
      await recordAudit(tx, admin, { action: 'webinar_recording_added', targetType: 'webinar', targetId: id, details: { title: current.title } });
      return notify(tx, ctx, row, 'recording', '');
    });
    ctx.mailQueue.deliverNow(mailIds);
    return toAdmin(await existing(id), zone);
  });

  app.get(adminApiPaths.adminWebinarSignups, async (request, reply) => {
    const id = idOf(request);
    await existing(id);
    reply.header('cache-control', 'no-store');
    return {
      signups: (await signupList(db, id)).map((row) => ({
        email: row.email,
        name: [row.firstName, row.lastName].filter(Boolean).join(' '),
        signedUpAt: row.signedUpAt.toISOString(),
      })),
    };
  });

  app.get(adminApiPaths.adminWebinarSignupsCsv, async (request, reply) => {
    const id = idOf(request);
    const webinar = await existing(id);
    const lines = [
      csvLine(['Email', 'First name', 'Last name', 'Signed up at']),
      ...(await signupList(db, id)).map((row) => csvLine([row.email, row.firstName ?? '', row.lastName ?? '', row.signedUpAt.toISOString()])),
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
