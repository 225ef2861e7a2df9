import type { FastifyInstance, FastifyRequest } from 'fastify';
import { emptyBodySchema, idParamsSchema } from '#shared/admin/schemas';
import { adminApiPaths } from '#shared/api/admin-paths';
import {
  type EditionList,
  type EditionReport,
  type EditionStatus,
  audienceCountSchema,
  editionDraftSchema,
  editionPreviewSchema,
  editionSaveSchema,
  editionScheduleSchema,
} from '#shared/newsletter/editions';
import type { AppContext } from '../../context';
import { requireAdmin, signedInAdmin } from '../../http/guards';
import { HttpError, parseInput, refuseUnrenderable } from '../../http/errors';
import { nextTuesdayMorning } from '#shared/site-time';
import { IMPORT_LIMITS, importSchema } from '#shared/newsletter/import';
import { recordAudit } from '../../audit-log';
import { importSubscribers } from '../newsletter/import';
import { personalise, renderEdition } from './edition-mail';
import { deleteDraft, findEdition, insertEdition, listEditions, moveEdition, saveEdition, SlugTakenError, slugTaken } from './repo';
import { audienceSize } from './recipients-repo';
import { segmentAdminRoutes } from './segment-admin-routes';
import { findSegment, isMissingReference } from './segments-repo';
import { audienceTarget, startSending } from './sender';
import { editionReport } from './counts-repo';

/** An edition's body may be 100,000 characters, up to four bytes each in JSON: above the site's usual body limit. */
const EDITION_BODY_BYTES = 1024 * 1024;
const segmentMissing = () =>
  new HttpError(400, 'segmentId: This segment does not exist (it may have been deleted)', {
    segmentId: 'This segment does not exist (it may have been deleted)',
  });

/** The admin's Weekly Dish tab. */
export async function editionAdminRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  // Admins only, checked on request: before the body is parsed or a param is read (401, 403).
  app.addHook('onRequest', requireAdmin(ctx));
  const adminOf = (request: FastifyRequest) => signedInAdmin(request, ctx);
  const db = ctx.db;
  const settings = { publicUrl: ctx.env.PUBLIC_URL, postalAddress: ctx.env.POSTAL_ADDRESS, timeZone: ctx.env.SITE_TIMEZONE };
  const idOf = (request: FastifyRequest) => parseInput(idParamsSchema, request.params).id;
  const noBody = (request: FastifyRequest) => parseInput(emptyBodySchema, request.body);
  const existing = async (id: string) => {
    const edition = await findEdition(db, id);
    if (!edition) throw new HttpError(404, 'Edition not found');
    return edition;
  };
  const slugIsTaken = () =>
    new HttpError(400, 'slug: Another edition already uses this web address', { slug: 'Another edition already uses this web address' });
  // The check tells the usual case; the unique index tells two admins taking the address at once.
  // The segment is checked too: one deleted between the check and the write fails its foreign key.
  const withFreeSlug = async <T>(input: { slug: string; segmentId: string | null }, id: string | null, write: () => Promise<T>): Promise<T> => {
    if (await slugTaken(db, input.slug, id)) throw slugIsTaken();
    if (input.segmentId && !(await findSegment(db, input.segmentId))) throw segmentMissing();
    try {
      return await write();
    } catch (error) {
      if (error instanceof SlugTakenError) throw slugIsTaken();
      if (isMissingReference(error)) throw segmentMissing();
      throw error;
    }
  };
  // Moves an edition only if it is still in one of `from` (two admins or two clicks change it
  // once); otherwise `refusal` says why, from the status it is in now.
  const move = async (
    request: FastifyRequest,
    change: { from: EditionStatus[]; to: EditionStatus; scheduledAt?: Date | null; action: string },
    refusal: (status: EditionStatus) => string,
  ) => {
    const id = idOf(request);
    const admin = await adminOf(request);
    const moved = await db.transaction(async (tx) => {
      const done = await moveEdition(tx, id, change.from, change.to, change.scheduledAt);
      if (done) await recordAudit(tx, admin, { action: change.action, targetType: 'edition', targetId: id });
      return done;
    });
    if (!moved) throw new HttpError(409, refusal((await existing(id)).status));
    return existing(id);
  };

  app.get(adminApiPaths.adminEditions, async (_request, reply): Promise<EditionList> => {
    reply.header('cache-control', 'no-store');
    return { editions: await listEditions(db), nextSlot: nextTuesdayMorning(new Date(), ctx.env.SITE_TIMEZONE).toISOString(), timeZone: ctx.env.SITE_TIMEZONE };
  });

  // A CSV of subscribers from another tool: previewed, then applied.
  app.post(adminApiPaths.adminNewsletterImport, { bodyLimit: IMPORT_LIMITS.bytes * 2 }, async (request) => {
    const input = parseInput(importSchema, request.body);
    return importSubscribers(db, await adminOf(request), input.csv, input.apply);
  });

  await segmentAdminRoutes(app, ctx);

  // The send dialog's live count: the same query that fixes the recipients when sending starts.
  app.get(adminApiPaths.adminEditionAudience, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    const { segmentId } = (request.query ?? {}) as { segmentId?: unknown };
    const input = parseInput(audienceCountSchema, { ...(request.params as object), segmentId: segmentId ?? null });
    if (input.segmentId && !(await findSegment(db, input.segmentId))) throw new HttpError(404, 'Segment not found');
    return { count: await audienceSize(db, await audienceTarget(db, input), ctx.env.SITE_TIMEZONE) };
  });

  // The editor's live preview: the HTML subscribers get, from what is written so far (empty at first).
  app.post(adminApiPaths.adminEditionPreview, { bodyLimit: EDITION_BODY_BYTES }, async (request) => {
    const input = parseInput(editionPreviewSchema, request.body);
    const rendered = await renderEdition({ ...input, slug: 'preview', issueNumber: null }, settings);
    return { html: personalise(rendered, { unsubscribe: `${ctx.env.PUBLIC_URL}/unsubscribe`, preferences: `${ctx.env.PUBLIC_URL}/preferences` }).html };
  });

  app.post(adminApiPaths.adminEditions, { bodyLimit: EDITION_BODY_BYTES }, async (request, reply) => {
    const admin = await adminOf(request);
    const input = parseInput(editionDraftSchema, request.body);
    refuseUnrenderable({ body: ['Body', input.body] });
    const id = await withFreeSlug(input, null, () =>
      db.transaction(async (tx) => {
        const created = await insertEdition(tx, input, admin.email);
        await recordAudit(tx, admin, { action: 'edition_created', targetType: 'edition', targetId: created, details: { title: input.title } });
        return created;
      }),
    );
    return reply.status(201).send(await existing(id));
  });

  app.get(adminApiPaths.adminEdition, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    return existing(idOf(request));
  });

  // What is known of the edition without tracking anyone (decision 045).
  app.get(adminApiPaths.adminEditionReport, async (request, reply): Promise<EditionReport> => {
    reply.header('cache-control', 'no-store');
    const { id } = await existing(idOf(request));
    return editionReport(db, id);
  });

  app.put(adminApiPaths.adminEdition, { bodyLimit: EDITION_BODY_BYTES }, async (request) => {
    const id = idOf(request);
    const admin = await adminOf(request);
    const input = parseInput(editionSaveSchema, request.body);
    refuseUnrenderable({ body: ['Body', input.body] });
    const current = await existing(id);
    if (!['draft', 'scheduled'].includes(current.status)) throw new HttpError(409, `This edition is ${current.status}: it can no longer be edited.`);
    const saved = await withFreeSlug(input, id, () => saveEdition(db, id, input, admin.email));
    if (!saved) {
      throw new HttpError(409, 'This edition was changed in another tab or by another admin since you opened it. Copy your text, reload, and apply it again.');
    }
    return existing(id);
  });

  app.delete(adminApiPaths.adminEdition, async (request) => {
    const id = idOf(request);
    noBody(request);
    const admin = await adminOf(request);
    const deleted = await db.transaction(async (tx) => {
      const done = await deleteDraft(tx, id);
      if (done) await recordAudit(tx, admin, { action: 'edition_deleted', targetType: 'edition', targetId: id });
      return done;
    });
    if (!deleted) {
      const { status } = await existing(id);
      throw new HttpError(
        409,
        status === 'scheduled' ? 'Only a draft can be deleted: cancel the schedule first.' : `This edition is ${status}: only a draft can be deleted.`,
      );
    }
    return { ok: true };
  });

  // "Send a test to me": the signed-in admin's address only, whatever the body says. It says it
  // is a test and leaves out the links that work only in a subscriber's copy of a sent edition.
  app.post(adminApiPaths.adminEditionTest, async (request) => {
    const admin = await adminOf(request);
    const edition = await existing(idOf(request));
    noBody(request);
    refuseUnrenderable({ body: ['Body', edition.body] });
    const copy = await renderEdition(edition, settings, { test: true });
    await ctx.mailQueue.send({ to: admin.email, subject: `[Test] ${copy.subject}`, html: copy.html, text: copy.text });
    return { ok: true, message: `A test was sent to ${admin.email}.` };
  });

  app.post(adminApiPaths.adminEditionSchedule, async (request) => {
    const { sendAt } = parseInput(editionScheduleSchema, request.body);
    const when = new Date(sendAt);
    if (when.getTime() <= Date.now())
      throw new HttpError(400, 'sendAt: The send time must be in the future', { sendAt: 'The send time must be in the future' });
    refuseUnrenderable({ body: ['Body', (await existing(idOf(request))).body] });
    return move(
      request,
      { from: ['draft', 'scheduled'], to: 'scheduled', scheduledAt: when, action: 'edition_scheduled' },
      (status) => `This edition is ${status}: it can no longer be scheduled.`,
    );
  });

  app.post(adminApiPaths.adminEditionSend, async (request) => {
    const id = idOf(request);
    noBody(request);
    const admin = await adminOf(request);
    // Saved before such text was refused: startSending answers 400 naming the body rather than send it cut short.
    // Whatever happened to the edition meanwhile (sent by another admin, deleted), it is read after the attempt.
    const started = await startSending(db, id, settings);
    const edition = await existing(id);
    if (!started)
      throw new HttpError(
        409,
        notSentBecause[edition.status as Exclude<EditionStatus, 'draft' | 'scheduled'>] ?? 'This edition could not be sent. Reload and try again.',
      );
    await recordAudit(db, admin, { action: 'edition_sent', targetType: 'edition', targetId: id, details: { title: edition.title } });
    ctx.jobs?.kick('weekly-dish');
    return edition;
  });

  // A cancelled schedule gives the draft back, to be edited and scheduled again (or deleted).
  app.post(adminApiPaths.adminEditionCancel, async (request) => {
    noBody(request);
    return move(
      request,
      { from: ['scheduled'], to: 'draft', scheduledAt: null, action: 'edition_schedule_cancelled' },
      () => 'This edition is not scheduled: there is no schedule to cancel.',
    );
  });
  app.post(adminApiPaths.adminEditionPause, async (request) => {
    noBody(request);
    return move(
      request,
      { from: ['sending'], to: 'paused', action: 'edition_paused' },
      (status) => `This edition is ${status}: only an edition being sent can be paused.`,
    );
  });
  app.post(adminApiPaths.adminEditionResume, async (request) => {
    noBody(request);
    const edition = await move(
      request,
      { from: ['paused'], to: 'sending', action: 'edition_resumed' },
      (status) => `This edition is ${status}: only a paused edition can be resumed.`,
    );
    ctx.jobs?.kick('weekly-dish');
    return edition;
  });
}

/** Why "Send now" did nothing, by the status the edition is in now. */
const notSentBecause: Record<Exclude<EditionStatus, 'draft' | 'scheduled'>, string> = {
  sending: 'This edition is already being sent.',
  paused: 'This edition is being sent and is paused: resume it to go on.',
  sent: 'This edition was sent already: an edition goes out once.',
};
