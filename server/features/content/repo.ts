import { diffLines } from 'diff';
import { and, asc, desc, eq, inArray, isNull, lte, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import {
  type ContentChange,
  type ContentFields,
  type ContentItem,
  contentPath,
  type ContentSection,
  type ContentStatus,
  type ContentSummary,
  type ContentVersion,
  type ContentVersionSummary,
} from '#shared/content/pages';
import type { Database, Executor, Transaction } from '../../db/client';
import { contentItems, contentVersions } from './schema';
import { pricePlaceholders } from '#shared/content/prices-in-text';
import { renderContentHtml } from './content-html';
import { CONTENT_CHANNEL } from './store';
import { type PersonalData } from '../../personal-data';

/** Every item with its live version's text, for the status and "unpublished changes". */
const itemQuery = (db: Executor) =>
  db
    .select({
      id: contentItems.id,
      section: contentItems.section,
      slug: contentItems.slug,
      title: contentItems.title,
      summary: contentItems.summary,
      body: contentItems.body,
      fields: contentItems.fields,
      version: contentItems.version,
      publishAt: contentItems.publishAt,
      updatedBy: contentItems.updatedBy,
      updatedAt: contentItems.updatedAt,
      live: { publishedAt: contentVersions.publishedAt, title: contentVersions.title, summary: contentVersions.summary, body: contentVersions.body, fields: contentVersions.fields },
    })
    .from(contentItems)
    .leftJoin(contentVersions, eq(contentVersions.id, contentItems.publishedVersionId))
    .$dynamic();
type ItemRow = Awaited<ReturnType<typeof itemQuery>>[number];

/** What visitors see decides the status: a live page with a change scheduled is still published (its `publishAt` says the rest). */
const statusOf = (row: ItemRow): ContentStatus => (row.live ? 'published' : row.publishAt ? 'scheduled' : 'draft');
const differs = ({ live, ...draft }: ItemRow) =>
  live !== null && (draft.title !== live.title || draft.summary !== live.summary || draft.body !== live.body || JSON.stringify(draft.fields) !== JSON.stringify(live.fields));

const toSummary = (row: ItemRow): ContentSummary => ({
  id: row.id,
  section: row.section,
  slug: row.slug,
  title: row.title,
  status: statusOf(row),
  unpublishedChanges: differs(row),
  publishAt: row.publishAt?.toISOString() ?? null,
  publishedAt: row.live?.publishedAt.toISOString() ?? null,
  updatedBy: row.updatedBy,
  updatedAt: row.updatedAt.toISOString(),
  pillar: row.fields.pillar ?? null,
  statement: row.fields.statement ?? null,
});

export async function listContent(db: Executor): Promise<ContentSummary[]> {
  const rows = await itemQuery(db).orderBy(asc(contentItems.section), asc(contentItems.position), asc(contentItems.title));
  return rows.map(toSummary);
}

export async function findContent(db: Executor, id: string): Promise<ContentItem | null> {
  const [row] = await itemQuery(db).where(eq(contentItems.id, id));
  if (!row) return null;
  return { ...toSummary(row), summary: row.summary, body: row.body, fields: row.fields, version: row.version, path: contentPath(row.section, row.slug) };
}

export async function slugTaken(db: Executor, section: ContentSection, slug: string): Promise<boolean> {
  const found = await db
    .select({ id: contentItems.id })
    .from(contentItems)
    .where(and(eq(contentItems.section, section), eq(contentItems.slug, slug)))
    .limit(1);
  return found.length > 0;
}

export async function createContent(
  db: Executor,
  input: { section: ContentSection; slug: string; title: string; summary: string; body: string; fields: ContentFields },
  by: string,
): Promise<string | null> {
  const [row] = await db
    .insert(contentItems)
    .values({
      ...input,
      // Last in its section.
      position: sql`(select coalesce(max(${contentItems.position}), -1) + 1 from ${contentItems} where ${contentItems.section} = ${input.section})`,
      updatedBy: by,
    })
    .onConflictDoNothing({ target: [contentItems.section, contentItems.slug] })
    .returning({ id: contentItems.id });
  return row?.id ?? null;
}

/**
 * Saves the draft if it is still at `version`; `saved` is false when another save came first.
 * A scheduled publish is of the text that was scheduled: a save that changes the text cancels
 * it, and `cancelledSchedule` says when it was to be.
 */
export async function saveDraft(
  db: Executor,
  id: string,
  input: { title: string; summary: string; body: string; fields: ContentFields; version: number },
  by: string,
): Promise<{ saved: boolean; cancelledSchedule: Date | null }> {
  // The schedule as it was before the update, which the update's own returning cannot read.
  const before = db.$with('before').as(
    db
      .select({ id: contentItems.id, publishAt: contentItems.publishAt })
      .from(contentItems)
      .where(and(eq(contentItems.id, id), eq(contentItems.version, input.version)))
      .for('update'),
  );
  const sameText = sql`(${contentItems.title}, ${contentItems.summary}, ${contentItems.body}, ${contentItems.fields}) = (${input.title}, ${input.summary}, ${input.body}, ${JSON.stringify(input.fields)}::jsonb)`;
  const [row] = await db
    .with(before)
    .update(contentItems)
    .set({
      title: input.title,
      summary: input.summary,
      body: input.body,
      fields: input.fields,
      version: sql`${contentItems.version} + 1`,
      updatedBy: by,
      updatedAt: sql`now()`,
      publishAt: sql`case when ${sameText} then ${contentItems.publishAt} end`,
    })
    .from(before)
    .where(eq(contentItems.id, before.id))
    .returning({ was: before.publishAt, now: contentItems.publishAt });
  if (!row) return { saved: false, cancelledSchedule: null };
  return { saved: true, cancelledSchedule: row.was && !row.now ? row.was : null };
}

/**
 * Publishes the item's draft as its next version, in the caller's transaction, and notifies
 * every server; PostgreSQL delivers the notification only when the transaction commits, so a
 * publish that fails half way leaves the previous version live and nobody reloads. A draft that
 * is the live version already changes nothing (null): no version, no reload. Callers hold the
 * item's lock (lockItem), so of four clicks at once one publishes and three find it live, and
 * the next number is read and taken by one of them at a time.
 */
export async function publishDraft(tx: Transaction, id: string, by: string): Promise<number | null> {
  const live = alias(contentVersions, 'live');
  const [draft] = await tx
    .select({ section: contentItems.section, slug: contentItems.slug, title: contentItems.title, summary: contentItems.summary, body: contentItems.body, fields: contentItems.fields })
    .from(contentItems)
    .leftJoin(live, eq(live.id, contentItems.publishedVersionId))
    .where(
      and(
        eq(contentItems.id, id),
        or(
          isNull(live.id),
          sql`(${contentItems.title}, ${contentItems.summary}, ${contentItems.body}, ${contentItems.fields}) is distinct from (${live.title}, ${live.summary}, ${live.body}, ${live.fields})`,
        ),
      ),
    );
  if (!draft) {
    await tx.update(contentItems).set({ publishAt: null }).where(eq(contentItems.id, id));
    return null;
  }
  const [last] = await tx
    .select({ number: sql<number | null>`max(${contentVersions.number})` })
    .from(contentVersions)
    .where(eq(contentVersions.itemId, id));
  const [version] = await tx
    .insert(contentVersions)
    .values({
      itemId: id,
      number: (last?.number ?? 0) + 1,
      title: draft.title,
      summary: draft.summary,
      body: draft.body,
      fields: draft.fields,
      // The page's HTML is rendered once here and kept with the version: pages never render per request.
      html: renderContentHtml(draft.section, draft.slug, draft.body),
      publishedBy: by,
    })
    .returning({ id: contentVersions.id, number: contentVersions.number });
  // A publish is a change to the page: the Content tab's "last change" follows it, scheduled or not.
  await tx
    .update(contentItems)
    .set({ publishedVersionId: version!.id, publishAt: null, updatedBy: by, updatedAt: sql`now()` })
    .where(eq(contentItems.id, id));
  await notifyChange(tx);
  return version!.number;
}

export const notifyChange = async (tx: Executor) => {
  // Raw: a notification is a function call, which the builder has no statement for.
  await tx.execute(sql`select pg_notify(${CONTENT_CHANNEL}, '')`);
};

/** Locks the item's row for a publish, unpublish or restore: two admins clicking at once take turns. */
export async function lockItem(tx: Transaction, id: string): Promise<{ version: number } | null> {
  const [row] = await tx.select({ version: contentItems.version }).from(contentItems).where(eq(contentItems.id, id)).for('update');
  return row ?? null;
}

/** The admin who schedules is the one named when the 'content-publish' job publishes. */
export async function schedulePublish(tx: Transaction, id: string, at: Date, by: string): Promise<void> {
  await tx.update(contentItems).set({ publishAt: at, updatedBy: by, updatedAt: sql`now()` }).where(eq(contentItems.id, id));
}

export async function unpublish(tx: Transaction, id: string, by: string): Promise<void> {
  await tx.update(contentItems).set({ publishedVersionId: null, publishAt: null, updatedBy: by, updatedAt: sql`now()` }).where(eq(contentItems.id, id));
  await notifyChange(tx);
}

const versionQuery = (db: Executor) =>
  db
    .select({
      id: contentVersions.id,
      number: contentVersions.number,
      title: contentVersions.title,
      summary: contentVersions.summary,
      body: contentVersions.body,
      fields: contentVersions.fields,
      publishedBy: contentVersions.publishedBy,
      publishedAt: contentVersions.publishedAt,
      liveId: contentItems.publishedVersionId,
    })
    .from(contentVersions)
    .innerJoin(contentItems, eq(contentItems.id, contentVersions.itemId))
    .$dynamic();
type VersionRow = Awaited<ReturnType<typeof versionQuery>>[number];

const versionSummary = (row: VersionRow): ContentVersionSummary => ({
  number: row.number,
  title: row.title,
  publishedBy: row.publishedBy,
  publishedAt: row.publishedAt.toISOString(),
  live: row.liveId === row.id,
});

export async function listVersions(db: Executor, id: string): Promise<ContentVersionSummary[]> {
  const rows = await versionQuery(db).where(eq(contentVersions.itemId, id)).orderBy(desc(contentVersions.number));
  return rows.map(versionSummary);
}

/** The text a comparison runs over: what a reader sees change, a resource's or an action's fields included (a line each, a link per line). */
type Text = Pick<VersionRow, 'title' | 'summary' | 'body' | 'fields'>;
const fieldLines = ({ pillar, statement, format, url, source, links }: ContentFields) =>
  [
    pillar && `Pillar: ${pillar}`,
    statement && `Statement: ${statement}`,
    format && `Kind: ${format}`,
    url && `Link: ${url}`,
    source && `Source: ${source}`,
    ...(links ?? []).map((link) => `Link: ${link.label} (${link.href})`),
  ]
    .filter(Boolean)
    .map((line) => `${line}\n`)
    .join('');
const comparable = (row: Text) => `Title: ${row.title}\nSummary: ${row.summary}\n${fieldLines(row.fields)}\n${row.body.trimEnd()}\n`;

export function changesBetween(before: Text | null, after: Text): ContentChange[] {
  return diffLines(before ? comparable(before) : '', comparable(after)).map((part) => ({
    kind: part.added ? 'added' : part.removed ? 'removed' : 'same',
    text: part.value,
  }));
}

export async function findVersion(db: Executor, id: string, number: number): Promise<ContentVersion | null> {
  const rows = await versionQuery(db)
    .where(and(eq(contentVersions.itemId, id), inArray(contentVersions.number, [number, number - 1])))
    .orderBy(desc(contentVersions.number));
  const version = rows.find((row) => row.number === number);
  if (!version) return null;
  const before = rows.find((row) => row.number === number - 1) ?? null;
  return { ...versionSummary(version), summary: version.summary, body: version.body, fields: version.fields, changes: changesBetween(before, version) };
}

/** Puts an earlier version back as the draft (the next save's version), ready to publish as a new version. */
export async function draftFromVersion(tx: Transaction, id: string, number: number, by: string): Promise<boolean> {
  const rows = await tx
    .update(contentItems)
    .set({
      title: sql`${contentVersions.title}`,
      summary: sql`${contentVersions.summary}`,
      body: sql`${contentVersions.body}`,
      fields: sql`${contentVersions.fields}`,
      version: sql`${contentItems.version} + 1`,
      updatedBy: by,
      updatedAt: sql`now()`,
    })
    .from(contentVersions)
    .where(and(eq(contentItems.id, id), eq(contentVersions.itemId, contentItems.id), eq(contentVersions.number, number)))
    .returning({ id: contentItems.id });
  return rows.length > 0;
}

/** The items whose publish time has come: published by the 'content-publish' job, once each. */
export async function publishDue(db: Database): Promise<number> {
  const due = await db
    .select({ id: contentItems.id, updatedBy: contentItems.updatedBy })
    .from(contentItems)
    .where(lte(contentItems.publishAt, sql`now()`));
  let published = 0;
  for (const item of due) {
    await db.transaction(async (tx) => {
      // Locked and checked again: another server's job, or an admin, may have got there first.
      const [still] = await tx
        .select({ id: contentItems.id })
        .from(contentItems)
        .where(and(eq(contentItems.id, item.id), lte(contentItems.publishAt, sql`now()`)))
        .for('update');
      if (!still) return;
      if ((await publishDraft(tx, item.id, `${item.updatedBy ?? 'an admin'} (scheduled)`)) !== null) published += 1;
    });
  }
  return published;
}

/**
 * Versions kept without their HTML (published before the HTML was kept, or cleared by a
 * migration when the renderer changes) get it, one at a time: run at every start and by the
 * housekeeping job. So do versions quoting a price whose kept HTML is not what the renderer makes
 * now (kept with the prices left for the browser by an older server, or a changed price list),
 * and field guides kept with a heading that has no anchor (rendered before headings had them):
 * search re-indexes a published one in the same statement, and every server reads the pages
 * again. A version that cannot be rendered is logged and left for the next run.
 */
export async function renderMissingHtml(db: Executor, log: { error(details: object, message: string): void }): Promise<number> {
  const due = await db
    .select({ id: contentVersions.id, section: contentItems.section, slug: contentItems.slug, body: contentVersions.body, html: contentVersions.html })
    .from(contentVersions)
    .innerJoin(contentItems, eq(contentItems.id, contentVersions.itemId))
    .where(
      or(
        isNull(contentVersions.html),
        ...pricePlaceholders.map((placeholder) => sql`strpos(${contentVersions.body}, ${placeholder}) > 0`),
        and(eq(contentItems.section, 'field-guides'), sql`strpos(${contentVersions.html}, '<h2>') > 0`),
      ),
    );
  let rendered = 0;
  let changed = false;
  for (const version of due) {
    try {
      const html = renderContentHtml(version.section, version.slug, version.body);
      if (html === version.html) continue;
      const updated = await db
        .update(contentVersions)
        .set({ html })
        .where(and(eq(contentVersions.id, version.id), version.html === null ? isNull(contentVersions.html) : eq(contentVersions.html, version.html)))
        .returning({ id: contentVersions.id });
      rendered += updated.length;
      if (updated.length && version.html !== null) changed = true;
    } catch (error) {
      log.error({ err: error, versionId: version.id }, 'could not render a content version; it is tried again at the next start');
    }
  }
  if (changed) await notifyChange(db);
  return rendered;
}

/** What pages keep about people (server/personal-data.ts): only which admin did what, nothing to download or erase. */
export const contentPersonalData: PersonalData = {
  tables: {
    content_items: { kept: "updated_by is the admin who last saved a page: the site's editorial record" },
    content_versions: { kept: "published_by is the admin who published a version: the site's editorial record" },
    images: { kept: "uploaded_by is the admin who uploaded an image: the site's editorial record" },
  },
};
