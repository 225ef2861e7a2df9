import { sql, type SQL } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { emptyBodySchema, idParamsSchema } from '#shared/admin/schemas';
import { adminApiPaths } from '#shared/api/admin-paths';
import type { PublicUser } from '#shared/auth/user';
import {
  type EditionList,
  editionAudiences,
  editionDraftSchema,
  editionPreviewSchema,
  editionSaveSchema,
  editionScheduleSchema,
} from '#shared/newsletter/editions';
import { z } from '#shared/zod';
import type { AppContext } from '../../context';
import { HttpError, parseInput } from '../../http/errors';
import { nextTuesdayMorning } from '#shared/site-time';
import { IMPORT_LIMITS, importSchema } from '#shared/newsletter/import';
import { recordAudit } from '../admin/audit';
import { importSubscribers } from '../newsletter/import';
import { personalise, renderEdition } from './email';
import { loadLinkKey, signLink } from '../../mail/links';
import { findEdition, listEditions } from './repo';
import { audienceSize, startSending } from './sender';
import { rowsOf } from '../../db/rows';

/** An edition's body may be 100,000 characters, up to four bytes each in JSON: above the site's usual body limit. */
const EDITION_BODY_BYTES = 1024 * 1024;
const audienceParams = z.object({ audience: z.enum(editionAudiences, { error: `audience must be one of: ${editionAudiences.join(', ')}` }) }).strict();

/**
 * The admin's Weekly Dish tab (issue 23.1 and 23.2). Registered inside the admin plugin, so its
 * onRequest guard answers 401/403 before any of these parses a thing.
 */
export async function editionAdminRoutes(app: FastifyInstance, ctx: AppContext, adminOf: (request: FastifyRequest) => Promise<PublicUser>): Promise<void> {
  const db = ctx.db;
  const settings = { publicUrl: ctx.env.PUBLIC_URL, postalAddress: ctx.env.POSTAL_ADDRESS };
  const idOf = (request: FastifyRequest) => parseInput(idParamsSchema, request.params).id;
  const noBody = (request: FastifyRequest) => parseInput(emptyBodySchema, request.body);
  const existing = async (id: string) => {
    const edition = await findEdition(db, id);
    if (!edition) throw new HttpError(404, 'Edition not found');
    return edition;
  };
  const slugFree = async (slug: string, id: string | null) => {
    const taken = rowsOf(await db.execute(sqlSlugTaken(slug, id)));
    if (taken.length > 0) throw new HttpError(400, 'slug: Another edition already uses this web address', { slug: 'Another edition already uses this web address' });
  };
  // Moves an edition from one status to another only if it is still in one of `from`: the row's
  // own check, so two admins or two clicks change it once.
  const move = async (request: FastifyRequest, from: string[], to: string, extra = sqlEmpty(), action: string) => {
    const id = idOf(request);
    const admin = await adminOf(request);
    const moved = await db.transaction(async (tx) => {
      const rows = rowsOf<{ id: string }>(
        await tx.execute(sqlMove(id, from, to, extra)),
      );
      if (rows.length > 0) await recordAudit(tx, admin, { action, targetType: 'edition', targetId: id });
      return rows.length > 0;
    });
    if (!moved) {
      const edition = await existing(id);
      throw new HttpError(409, `This edition is ${edition.status}: it cannot be ${action.replace('edition_', '').replace(/_/g, ' ')} now.`);
    }
    return existing(id);
  };

  app.get(adminApiPaths.adminEditions, async (_request, reply): Promise<EditionList> => {
    reply.header('cache-control', 'no-store');
    return { editions: await listEditions(db), nextSlot: nextTuesdayMorning(new Date(), ctx.env.SITE_TIMEZONE).toISOString(), timeZone: ctx.env.SITE_TIMEZONE };
  });

  // A CSV of subscribers from another tool: previewed, then applied (issue 23.5).
  app.post(adminApiPaths.adminNewsletterImport, { bodyLimit: IMPORT_LIMITS.bytes * 2 }, async (request) => {
    const input = parseInput(importSchema, request.body);
    return importSubscribers(db, await adminOf(request), input.csv, input.apply);
  });

  app.get(adminApiPaths.adminEditionAudience, async (request) => ({ count: await audienceSize(db, parseInput(audienceParams, request.params).audience) }));

  // The editor's live preview: exactly the HTML subscribers get (their unsubscribe link aside).
  app.post(adminApiPaths.adminEditionPreview, { bodyLimit: EDITION_BODY_BYTES }, async (request) => {
    const input = parseInput(editionPreviewSchema, request.body);
    const rendered = await renderEdition({ title: input.title ?? '', summary: input.summary ?? '', body: input.body ?? '', slug: 'preview', issueNumber: null }, settings);
    return { html: personalise(rendered, `${ctx.env.PUBLIC_URL}/unsubscribe`).html };
  });

  app.post(adminApiPaths.adminEditions, { bodyLimit: EDITION_BODY_BYTES }, async (request, reply) => {
    const admin = await adminOf(request);
    const input = parseInput(editionDraftSchema, request.body);
    await slugFree(input.slug, null);
    const id = await db.transaction(async (tx) => {
      const [row] = rowsOf<{ id: string }>(await tx.execute(sqlInsert(input, admin.email)));
      await recordAudit(tx, admin, { action: 'edition_created', targetType: 'edition', targetId: row!.id, details: { title: input.title } });
      return row!.id;
    });
    return reply.status(201).send(await existing(id));
  });

  app.get(adminApiPaths.adminEdition, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    return existing(idOf(request));
  });

  app.put(adminApiPaths.adminEdition, { bodyLimit: EDITION_BODY_BYTES }, async (request) => {
    const id = idOf(request);
    const admin = await adminOf(request);
    const input = parseInput(editionSaveSchema, request.body);
    const current = await existing(id);
    if (!['draft', 'scheduled'].includes(current.status)) throw new HttpError(409, `This edition is ${current.status}: it can no longer be edited.`);
    await slugFree(input.slug, id);
    const saved = rowsOf<{ id: string }>(await db.execute(sqlSave(id, input, admin.email)));
    if (saved.length === 0) {
      throw new HttpError(409, 'This edition was changed in another tab or by another admin since you opened it. Copy your text, reload, and apply it again.');
    }
    return existing(id);
  });

  app.delete(adminApiPaths.adminEdition, async (request) => {
    const id = idOf(request);
    noBody(request);
    const admin = await adminOf(request);
    const deleted = await db.transaction(async (tx) => {
      const rows = rowsOf(await tx.execute(sqlDeleteDraft(id)));
      if (rows.length > 0) await recordAudit(tx, admin, { action: 'edition_deleted', targetType: 'edition', targetId: id });
      return rows.length > 0;
    });
    if (!deleted) {
      await existing(id);
      throw new HttpError(409, 'Only a draft or a cancelled edition can be deleted.');
    }
    return { ok: true };
  });

  // "Send a test to me": the signed-in admin's address only, whatever the body says.
  app.post(adminApiPaths.adminEditionTest, async (request) => {
    const admin = await adminOf(request);
    const edition = await existing(idOf(request));
    noBody(request);
    const rendered = await renderEdition({ ...edition, issueNumber: edition.issueNumber }, settings);
    const key = await loadLinkKey(db);
    const copy = personalise(rendered, `${ctx.env.PUBLIC_URL}/unsubscribe?token=${signLink(key, 'unsubscribe', admin.email)}`);
    await ctx.mailer.send({ to: admin.email, subject: `[Test] ${copy.subject}`, html: copy.html, text: copy.text });
    return { ok: true, message: `A test was sent to ${admin.email}.` };
  });

  app.post(adminApiPaths.adminEditionSchedule, async (request) => {
    const { sendAt } = parseInput(editionScheduleSchema, request.body);
    const when = new Date(sendAt);
    if (when.getTime() <= Date.now()) throw new HttpError(400, 'sendAt: The send time must be in the future', { sendAt: 'The send time must be in the future' });
    return move(request, ['draft', 'scheduled'], 'scheduled', sqlScheduledAt(when), 'edition_scheduled');
  });

  app.post(adminApiPaths.adminEditionSend, async (request) => {
    const id = idOf(request);
    noBody(request);
    const admin = await adminOf(request);
    const current = await existing(id);
    if (!(await startSending(db, id, settings))) throw new HttpError(409, `This edition is ${current.status === 'draft' ? 'already being sent' : current.status}: it is sent once.`);
    await recordAudit(db, admin, { action: 'edition_sent', targetType: 'edition', targetId: id, details: { title: current.title } });
    ctx.jobs?.kick('weekly-dish');
    return existing(id);
  });

  app.post(adminApiPaths.adminEditionCancel, async (request) => {
    noBody(request);
    return move(request, ['scheduled'], 'cancelled', sqlEmpty(), 'edition_cancelled');
  });
  app.post(adminApiPaths.adminEditionPause, async (request) => {
    noBody(request);
    return move(request, ['sending'], 'paused', sqlEmpty(), 'edition_paused');
  });
  app.post(adminApiPaths.adminEditionResume, async (request) => {
    noBody(request);
    const edition = await move(request, ['paused'], 'sending', sqlEmpty(), 'edition_resumed');
    ctx.jobs?.kick('weekly-dish');
    return edition;
  });
}

type DraftInput = z.infer<typeof editionDraftSchema>;
const sqlEmpty = () => sql.empty();
const sqlSlugTaken = (slug: string, id: string | null) => sql`select 1 from newsletter_editions where slug = ${slug} ${id ? sql`and id <> ${id}` : sql.empty()}`;
const sqlMove = (id: string, from: string[], to: string, extra: SQL) => sql`
  update newsletter_editions set status = ${to}, updated_at = now() ${extra}
  where id = ${id} and status in (${sql.join(from.map((status) => sql`${status}`), sql`, `)}) returning id`;
const sqlScheduledAt = (when: Date) => sql`, scheduled_at = ${when.toISOString()}`;
const sqlInsert = (input: DraftInput, by: string) => sql`
  insert into newsletter_editions (slug, title, summary, body, audience, updated_by)
  values (${input.slug}, ${input.title}, ${input.summary}, ${input.body}, ${input.audience}, ${by}) returning id`;
const sqlSave = (id: string, input: DraftInput & { version: number }, by: string) => sql`
  update newsletter_editions set slug = ${input.slug}, title = ${input.title}, summary = ${input.summary}, body = ${input.body}, audience = ${input.audience},
    version = version + 1, updated_by = ${by}, updated_at = now()
  where id = ${id} and version = ${input.version} and status in ('draft', 'scheduled') returning id`;
const sqlDeleteDraft = (id: string) => sql`delete from newsletter_editions where id = ${id} and status in ('draft', 'cancelled') returning id`;
