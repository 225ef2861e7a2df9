import type { FastifyBaseLogger, FastifyInstance, FastifyRequest } from 'fastify';
import { emptyBodySchema, idParamsSchema } from '#shared/admin/schemas';
import { adminApiPaths } from '#shared/api/admin-paths';
import {
  type ContentItem,
  type ContentSaved,
  contentCreateSchema,
  contentPreviewSchema,
  contentPublishSchema,
  contentSaveSchema,
  type PublishedPage,
  sectionFieldErrors,
} from '#shared/content/pages';
import { findFieldGuide } from '#shared/content/field-guides';
import { pageQueryKey, resourcesQueryKey } from '#shared/query-keys';
import { versionInPathSchema } from '#shared/number-fields';
import { redirects, routes } from '#shared/routes';
import { z } from '#shared/zod';
import type { AppContext } from '../../context';
import { requireAdmin, signedInAdmin } from '../../http/guards';
import { HttpError, parseInput, refuseUnrenderable } from '../../http/errors';
import { recordAudit } from '../../audit-log';
import type { PageBuilder } from '../../rendering/builder';
import { renderContentHtml } from './content-html';
import { contentAt } from './page-paths';
import * as repo from './repo';
import type { ContentStore } from './store';

/** A page's body may be 100,000 characters, up to four bytes each in JSON: above the site's usual body limit. */
const CONTENT_BODY_BYTES = 1024 * 1024;
const versionParams = z.object({ id: z.uuid('id must be a UUID'), number: versionInPathSchema }).strict();

/**
 * The preview is shown in a frame that runs no script: the page's own scripts (the loader, its
 * chunks, the data it hydrates from) would only be refused there, an error in the console on
 * every render. The page's HTML is the server's own, so its script tags are found as written.
 */
const withoutScripts = (html: string) => html.replace(/<script\b[^>]*>[\s\S]*?<\/script>/gi, '').replace(/<link rel="modulepreload"[^>]*>/gi, '');

/** The first part of every path the site answers: a new item's address may not be one of them. */
const reservedSlugs = new Set(
  [...routes.map((route) => route.path), ...Object.keys(redirects), '/api', '/media', '/assets', '/weekly-dish', '/sitemap.xml', '/robots.txt']
    .map((path) => path.split('/')[1] ?? '')
    .filter(Boolean),
);

/**
 * The admin's Content tab: every page and resource with its status, drafts saved
 * with a version (a stale tab's save is refused, nothing lost), publish now or at a time,
 * unpublish, every published version kept, compared with the one before, and restored as a new
 * version.
 */
export async function contentAdminRoutes(
  app: FastifyInstance,
  { ctx, ...deps }: { ctx: AppContext; builder: PageBuilder; content: ContentStore },
): Promise<void> {
  // Admins only, checked on request: before the body is parsed or a param is read (401, 403).
  app.addHook('onRequest', requireAdmin(ctx));
  const adminOf = (request: FastifyRequest) => signedInAdmin(request, ctx);
  const { db } = ctx;
  const idOf = (request: FastifyRequest) => parseInput(idParamsSchema, request.params).id;
  const existing = async (id: string): Promise<ContentItem> => {
    const item = await repo.findContent(db, id);
    if (!item) throw new HttpError(404, 'Page not found');
    return item;
  };
  const checkFields = (section: Parameters<typeof sectionFieldErrors>[0], fields: Parameters<typeof sectionFieldErrors>[1]) => {
    const errors = sectionFieldErrors(section, fields);
    const [first] = Object.entries(errors);
    if (first) throw new HttpError(400, `${first[0]}: ${first[1]}`, errors);
  };
  const changedMeanwhile = () =>
    new HttpError(409, 'This page was changed by another admin or in another tab since you opened it. Your text is kept here: copy it, reload, and apply it again.');

  app.get(adminApiPaths.adminContent, async (_request, reply) => {
    reply.header('cache-control', 'no-store');
    return { items: await repo.listContent(db) };
  });

  app.post(adminApiPaths.adminContent, { bodyLimit: CONTENT_BODY_BYTES }, async (request, reply) => {
    const admin = await adminOf(request);
    const input = parseInput(contentCreateSchema, request.body);
    checkFields(input.section, input.fields);
    refuseUnrenderable({ body: ['Body', input.body] });
    if (reservedSlugs.has(input.slug)) throw new HttpError(400, 'slug: This web address is a page of the site: choose another', { slug: 'This web address is a page of the site: choose another' });
    const id = await db.transaction(async (tx) => {
      const created = await repo.createContent(tx, input, admin.email);
      if (created) await recordAudit(tx, admin, { action: 'content_created', targetType: 'content', targetId: created, details: { title: input.title } });
      return created;
    });
    if (!id) throw new HttpError(400, 'slug: Another item in this section already uses this web address', { slug: 'Another item in this section already uses this web address' });
    return reply.status(201).send(await existing(id));
  });

  app.get(adminApiPaths.adminContentItem, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    return existing(idOf(request));
  });

  app.put(adminApiPaths.adminContentItem, { bodyLimit: CONTENT_BODY_BYTES }, async (request): Promise<ContentSaved> => {
    const id = idOf(request);
    const admin = await adminOf(request);
    const input = parseInput(contentSaveSchema, request.body);
    const current = await existing(id);
    checkFields(current.section, input.fields);
    refuseUnrenderable({ body: ['Body', input.body] });
    const { saved, cancelledSchedule } = await repo.saveDraft(db, id, input, admin.email);
    if (!saved) throw changedMeanwhile();
    return { ...(await existing(id)), cancelledSchedule: cancelledSchedule?.toISOString() ?? null };
  });

  app.post(adminApiPaths.adminContentPublish, async (request) => {
    const id = idOf(request);
    const admin = await adminOf(request);
    const input = parseInput(contentPublishSchema, request.body);
    const at = input.at ? new Date(input.at) : null;
    if (at && at.getTime() <= Date.now()) throw new HttpError(400, 'at: The publish time must be in the future', { at: 'The publish time must be in the future' });
    const item = await existing(id);
    checkFields(item.section, item.fields);
    // A draft saved before such text was refused is not published cut short either.
    refuseUnrenderable({ body: ['Body', item.body] });
    await db.transaction(async (tx) => {
      const locked = await repo.lockItem(tx, id);
      // Published is what the admin was looking at, or nothing.
      if (!locked || locked.version !== input.version) throw changedMeanwhile();
      if (at) {
        await repo.schedulePublish(tx, id, at, admin.email);
        await recordAudit(tx, admin, { action: 'content_scheduled', targetType: 'content', targetId: id, details: { title: item.title, at: at.toISOString() } });
      } else {
        const number = await repo.publishDraft(tx, id, admin.email);
        if (number !== null) await recordAudit(tx, admin, { action: 'content_published', targetType: 'content', targetId: id, details: { title: item.title, version: number } });
      }
    });
    await deps.content.refresh();
    return existing(id);
  });

  app.post(adminApiPaths.adminContentUnpublish, async (request) => {
    const id = idOf(request);
    parseInput(emptyBodySchema, request.body);
    const admin = await adminOf(request);
    const item = await existing(id);
    if (item.status === 'draft') throw new HttpError(409, 'This page is not published.');
    await db.transaction(async (tx) => {
      await repo.lockItem(tx, id);
      await repo.unpublish(tx, id, admin.email);
      await recordAudit(tx, admin, { action: 'content_unpublished', targetType: 'content', targetId: id, details: { title: item.title } });
    });
    await deps.content.refresh();
    return existing(id);
  });

  app.get(adminApiPaths.adminContentVersions, async (request, reply) => {
    const id = idOf(request);
    await existing(id);
    reply.header('cache-control', 'no-store');
    return { versions: await repo.listVersions(db, id) };
  });

  app.get(adminApiPaths.adminContentVersion, async (request, reply) => {
    const { id, number } = parseInput(versionParams, request.params);
    const version = await repo.findVersion(db, id, number);
    if (!version) throw new HttpError(404, 'Version not found');
    reply.header('cache-control', 'no-store');
    return version;
  });

  // Restoring publishes the earlier text as a new version: history only grows.
  app.post(adminApiPaths.adminContentRestore, async (request) => {
    const { id, number } = parseInput(versionParams, request.params);
    parseInput(emptyBodySchema, request.body);
    const admin = await adminOf(request);
    const restored = await db.transaction(async (tx) => {
      if (!(await repo.lockItem(tx, id))) return null;
      if (!(await repo.draftFromVersion(tx, id, number, admin.email))) return null;
      // Restoring the text that is live already publishes nothing new.
      const published = await repo.publishDraft(tx, id, admin.email);
      if (published !== null) await recordAudit(tx, admin, { action: 'content_restored', targetType: 'content', targetId: id, details: { from: number, version: published } });
      return { published };
    });
    if (restored === null) throw new HttpError(404, 'Version not found');
    await deps.content.refresh();
    return existing(id);
  });

  // The preview is the real page, rendered by the server with the draft in place of the live text.
  app.post(adminApiPaths.adminContentPreview, { bodyLimit: CONTENT_BODY_BYTES }, async (request) => {
    const input = parseInput(contentPreviewSchema, request.body);
    return { html: withoutScripts(await previewDocument(request.log, input)) };
  });

  async function previewDocument(log: FastifyBaseLogger, input: z.infer<typeof contentPreviewSchema>): Promise<string> {
    const draft: PublishedPage = { section: input.section, slug: input.slug, title: input.title, summary: input.summary, fields: input.fields, html: renderContentHtml(input.section, input.slug, input.body), publishedAt: new Date().toISOString() };
    if (input.section === 'resources') {
      const { pillar, format, url, source } = input.fields;
      const resource = { id: input.slug, title: input.title, pillar: pillar ?? 'Impact', format: format ?? 'Resource', summary: input.summary, html: draft.html, ...(url ? { url } : {}), ...(source ? { source } : {}) };
      const others = deps.content.resources().filter((entry) => entry.id !== input.slug);
      const { html } = await deps.builder.render(log, `/resources?q=${encodeURIComponent(input.title)}&open=${encodeURIComponent(input.slug)}`, false, { found: true, queries: [{ queryKey: resourcesQueryKey, data: [resource, ...others] }] });
      return html;
    }
    // Premium text, plan actions and the guides that need an account have no page a visitor's render shows them on.
    if (input.section === 'premium' || input.section === 'actions' || (input.section === 'field-guides' && findFieldGuide(input.slug)?.requiresFreeAccess)) {
      return deps.builder.article(draft.title, draft.summary, draft.html);
    }
    const path = input.section === 'field-guides' ? `/field-guide/${input.slug}` : `/${input.slug}`;
    if (!contentAt(path)) throw new HttpError(400, 'slug: No page of the site has this web address', { slug: 'No page of the site has this web address' });
    const { html } = await deps.builder.render(log, path, false, { found: true, queries: [{ queryKey: pageQueryKey(input.section, input.slug), data: draft }] });
    return html;
  }
}
