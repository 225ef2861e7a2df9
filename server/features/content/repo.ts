import { diffLines } from 'diff';
import { sql } from 'drizzle-orm';
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
import type { Database } from '../../db/client';
import { rowsOf } from '../../db/rows';
import { renderContentHtml } from './render';
import { CONTENT_CHANNEL } from './store';

type Executor = Pick<Database, 'execute'>;
const iso = (value: unknown) => (value === null || value === undefined ? null : new Date(value as string).toISOString());

interface ItemRow {
  id: string;
  section: ContentSection;
  slug: string;
  title: string;
  summary: string;
  body: string;
  fields: ContentFields;
  version: number;
  publish_at: string | null;
  updated_by: string | null;
  updated_at: string;
  published_at: string | null;
  live_title: string | null;
  live_summary: string | null;
  live_body: string | null;
  live_fields: ContentFields | null;
}

const itemSelect = sql`
  select i.id, i.section, i.slug, i.title, i.summary, i.body, i.fields, i.version, i.publish_at, i.updated_by, i.updated_at,
    v.published_at, v.title as live_title, v.summary as live_summary, v.body as live_body, v.fields as live_fields
  from content_items i left join content_versions v on v.id = i.published_version_id`;

/** What visitors see decides the status: a live page with a change scheduled is still published (its `publishAt` says the rest). */
const statusOf = (row: ItemRow): ContentStatus => (row.published_at ? 'published' : row.publish_at ? 'scheduled' : 'draft');
const differs = (row: ItemRow) =>
  row.published_at !== null &&
  (row.title !== row.live_title || row.summary !== row.live_summary || row.body !== row.live_body || JSON.stringify(row.fields) !== JSON.stringify(row.live_fields));

const toSummary = (row: ItemRow): ContentSummary => ({
  id: row.id,
  section: row.section,
  slug: row.slug,
  title: row.title,
  status: statusOf(row),
  unpublishedChanges: differs(row),
  publishAt: iso(row.publish_at),
  publishedAt: iso(row.published_at),
  updatedBy: row.updated_by,
  updatedAt: iso(row.updated_at)!,
});

export async function listContent(db: Executor): Promise<ContentSummary[]> {
  const rows = rowsOf<ItemRow>(await db.execute(sql`${itemSelect} order by i.section, i.position, i.title`));
  return rows.map(toSummary);
}

export async function findContent(db: Executor, id: string): Promise<ContentItem | null> {
  const [row] = rowsOf<ItemRow>(await db.execute(sql`${itemSelect} where i.id = ${id}`));
  if (!row) return null;
  return { ...toSummary(row), summary: row.summary, body: row.body, fields: row.fields, version: row.version, path: contentPath(row.section, row.slug) };
}

export async function slugTaken(db: Executor, section: ContentSection, slug: string): Promise<boolean> {
  return rowsOf(await db.execute(sql`select 1 from content_items where section = ${section} and slug = ${slug}`)).length > 0;
}

export async function createContent(
  db: Executor,
  input: { section: ContentSection; slug: string; title: string; summary: string; body: string; fields: ContentFields },
  by: string,
): Promise<string | null> {
  const [row] = rowsOf<{ id: string }>(
    await db.execute(sql`
      insert into content_items (section, slug, position, title, summary, body, fields, updated_by)
      values (${input.section}, ${input.slug}, (select coalesce(max(position), -1) + 1 from content_items where section = ${input.section}),
        ${input.title}, ${input.summary}, ${input.body}, ${JSON.stringify(input.fields)}::jsonb, ${by})
      on conflict (section, slug) do nothing returning id`),
  );
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
  const fields = JSON.stringify(input.fields);
  // Raw: the answer needs the schedule as it was before the update, which the builder's returning cannot read.
  const [row] = rowsOf<{ was: string | null; now: string | null }>(
    await db.execute(sql`
      with before as (select id, publish_at from content_items where id = ${id} and version = ${input.version} for update)
      update content_items i set title = ${input.title}, summary = ${input.summary}, body = ${input.body}, fields = ${fields}::jsonb,
        version = i.version + 1, updated_by = ${by}, updated_at = now(),
        publish_at = case when (i.title, i.summary, i.body, i.fields) = (${input.title}, ${input.summary}, ${input.body}, ${fields}::jsonb) then i.publish_at end
      from before where i.id = before.id
      returning before.publish_at as was, i.publish_at as now`),
  );
  if (!row) return { saved: false, cancelledSchedule: null };
  return { saved: true, cancelledSchedule: row.was && !row.now ? new Date(row.was) : null };
}

/**
 * Publishes the item's draft as its next version, in the caller's transaction, and notifies
 * every server; PostgreSQL delivers the notification only when the transaction commits, so a
 * publish that fails half way leaves the previous version live and nobody reloads. A draft that
 * is the live version already changes nothing (null): no version, no reload. Callers hold the
 * item's lock (lockItem), so of four clicks at once one publishes and three find it live.
 */
export async function publishDraft(tx: Executor, id: string, by: string): Promise<number | null> {
  const [row] = rowsOf<{ id: string; number: number; body: string; section: ContentSection; slug: string }>(
    await tx.execute(sql`
      insert into content_versions (item_id, number, title, summary, body, fields, published_by)
      select i.id, coalesce((select max(number) from content_versions where item_id = i.id), 0) + 1, i.title, i.summary, i.body, i.fields, ${by}
      from content_items i left join content_versions live on live.id = i.published_version_id
      where i.id = ${id} and (live.id is null or (i.title, i.summary, i.body, i.fields) is distinct from (live.title, live.summary, live.body, live.fields))
      returning id, number, body, (select section from content_items where id = item_id) as section, (select slug from content_items where id = item_id) as slug`),
  );
  if (!row) {
    await tx.execute(sql`update content_items set publish_at = null where id = ${id}`);
    return null;
  }
  // The page's HTML is rendered once here and kept with the version: pages never render per request.
  await tx.execute(sql`update content_versions set html = ${renderContentHtml(row.section, row.slug, row.body)} where id = ${row.id}`);
  // A publish is a change to the page: the Content tab's "last change" follows it, scheduled or not.
  await tx.execute(sql`update content_items set published_version_id = ${row.id}, publish_at = null, updated_by = ${by}, updated_at = now() where id = ${id}`);
  await notifyChange(tx);
  return row.number;
}

export const notifyChange = async (tx: Executor) => {
  await tx.execute(sql`select pg_notify(${CONTENT_CHANNEL}, '')`);
};

/** Locks the item's row for a publish, unpublish or restore: two admins clicking at once take turns. */
export async function lockItem(tx: Executor, id: string): Promise<{ version: number } | null> {
  const [row] = rowsOf<{ version: number }>(await tx.execute(sql`select version from content_items where id = ${id} for update`));
  return row ?? null;
}

/** The admin who schedules is the one named when the 'content-publish' job publishes. */
export async function schedulePublish(tx: Executor, id: string, at: Date, by: string): Promise<void> {
  await tx.execute(sql`update content_items set publish_at = ${at.toISOString()}, updated_by = ${by}, updated_at = now() where id = ${id}`);
}

export async function unpublish(tx: Executor, id: string, by: string): Promise<void> {
  await tx.execute(sql`update content_items set published_version_id = null, publish_at = null, updated_by = ${by}, updated_at = now() where id = ${id}`);
  await notifyChange(tx);
}

interface VersionRow {
  number: number;
  title: string;
  summary: string;
  body: string;
  fields: ContentFields;
  published_by: string | null;
  published_at: string;
  live: boolean;
}

const versionSelect = (id: string) => sql`
  select v.number, v.title, v.summary, v.body, v.fields, v.published_by, v.published_at, (i.published_version_id = v.id) as live
  from content_versions v join content_items i on i.id = v.item_id where v.item_id = ${id}`;

const versionSummary = (row: VersionRow): ContentVersionSummary => ({
  number: row.number,
  title: row.title,
  publishedBy: row.published_by,
  publishedAt: iso(row.published_at)!,
  live: Boolean(row.live),
});

export async function listVersions(db: Executor, id: string): Promise<ContentVersionSummary[]> {
  return rowsOf<VersionRow>(await db.execute(sql`${versionSelect(id)} order by v.number desc`)).map(versionSummary);
}

/** The text a comparison runs over: what a reader sees change. */
const comparable = (row: Pick<VersionRow, 'title' | 'summary' | 'body'>) => `Title: ${row.title}\nSummary: ${row.summary}\n\n${row.body.trimEnd()}\n`;

export function changesBetween(before: Pick<VersionRow, 'title' | 'summary' | 'body'> | null, after: Pick<VersionRow, 'title' | 'summary' | 'body'>): ContentChange[] {
  return diffLines(before ? comparable(before) : '', comparable(after)).map((part) => ({
    kind: part.added ? 'added' : part.removed ? 'removed' : 'same',
    text: part.value,
  }));
}

export async function findVersion(db: Executor, id: string, number: number): Promise<ContentVersion | null> {
  const rows = rowsOf<VersionRow>(await db.execute(sql`${versionSelect(id)} and v.number in (${number}, ${number - 1}) order by v.number desc`));
  const version = rows.find((row) => row.number === number);
  if (!version) return null;
  const before = rows.find((row) => row.number === number - 1) ?? null;
  return { ...versionSummary(version), summary: version.summary, body: version.body, fields: version.fields, changes: changesBetween(before, version) };
}

/** Puts an earlier version back as the draft (the next save's version), ready to publish as a new version. */
export async function draftFromVersion(tx: Executor, id: string, number: number, by: string): Promise<boolean> {
  const rows = rowsOf(
    await tx.execute(sql`
      update content_items i set title = v.title, summary = v.summary, body = v.body, fields = v.fields, version = i.version + 1, updated_by = ${by}, updated_at = now()
      from content_versions v where i.id = ${id} and v.item_id = i.id and v.number = ${number} returning i.id`),
  );
  return rows.length > 0;
}

/** The items whose publish time has come: published by the 'content-publish' job, once each. */
export async function publishDue(db: Database): Promise<number> {
  const due = rowsOf<{ id: string; updated_by: string | null }>(await db.execute(sql`select id, updated_by from content_items where publish_at <= now()`));
  let published = 0;
  for (const item of due) {
    await db.transaction(async (tx) => {
      // Locked and checked again: another server's job, or an admin, may have got there first.
      const [still] = rowsOf(await tx.execute(sql`select id from content_items where id = ${item.id} and publish_at <= now() for update`));
      if (!still) return;
      if ((await publishDraft(tx, item.id, `${item.updated_by ?? 'an admin'} (scheduled)`)) !== null) published += 1;
    });
  }
  return published;
}

/**
 * Versions kept without their HTML (published before the HTML was kept, or cleared by a
 * migration when the renderer changes) get it, one at a time: run at every start and by the
 * housekeeping job. A version that cannot be rendered is logged and left for the next run.
 */
export async function renderMissingHtml(db: Executor, log: { error(details: object, message: string): void }): Promise<number> {
  const missing = rowsOf<{ id: string; section: ContentSection; slug: string; body: string }>(
    await db.execute(sql`select v.id, i.section, i.slug, v.body from content_versions v join content_items i on i.id = v.item_id where v.html is null`),
  );
  let rendered = 0;
  for (const version of missing) {
    try {
      await db.execute(sql`update content_versions set html = ${renderContentHtml(version.section, version.slug, version.body)} where id = ${version.id} and html is null`);
      rendered += 1;
    } catch (error) {
      log.error({ err: error, versionId: version.id }, 'could not render a content version; it is tried again at the next start');
    }
  }
  return rendered;
}
