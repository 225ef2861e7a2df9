import { and, eq, inArray, ne, sql } from 'drizzle-orm';
import {
  type Edition,
  type EditionAudience,
  type EditionDraft,
  type EditionStatus,
  type EditionSummary,
  type PublicEdition,
  type PublicEditions,
  type PublicEditionSummary,
  readingMinutes,
  readingTime,
  RECENT_EDITIONS,
} from '#shared/newsletter/editions';
import { markdownToHtml } from '#shared/markdown/render';
import type { Database, Executor } from '../../db/client';
import { rowsOf } from '../../db/rows';
import { newsletterEditions } from '../../db/schema';
import { isUniqueViolation } from '../../db/unique-violation';

const iso = (value: unknown) => (value === null || value === undefined ? null : new Date(value as string).toISOString());

interface SummaryRow {
  id: string;
  slug: string;
  title: string;
  summary: string;
  audience: EditionSummary['audience'];
  status: EditionSummary['status'];
  issue_number: number | null;
  scheduled_at: string | null;
  sent_at: string | null;
  updated_at: string;
  started_at: string | null;
  total: number;
  sent: number;
  failed: number;
  skipped: number;
  unsubscribes: number;
}

// One pass over an edition's deliveries for its figures; unsubscribes counted since it started.
const summarySelect = sql`
  select e.id, e.slug, e.title, e.summary, e.audience, e.status, e.issue_number, e.scheduled_at, e.sent_at, e.updated_at, e.started_at,
    coalesce(f.total, 0)::int as total, coalesce(f.sent, 0)::int as sent, coalesce(f.failed, 0)::int as failed, coalesce(f.skipped, 0)::int as skipped,
    case when e.started_at is null then 0 else (select count(*)::int from newsletter_signups s where s.unsubscribed_at >= e.started_at) end as unsubscribes
  from newsletter_editions e
  left join lateral (
    select count(*) as total, count(*) filter (where d.status = 'sent') as sent, count(*) filter (where d.status = 'failed') as failed,
      count(*) filter (where d.status = 'skipped') as skipped
    from edition_deliveries d where d.edition_id = e.id) f on true`;

const toSummary = (row: SummaryRow): EditionSummary => ({
  id: row.id,
  slug: row.slug,
  title: row.title,
  summary: row.summary,
  audience: row.audience,
  status: row.status,
  issueNumber: row.issue_number,
  scheduledAt: iso(row.scheduled_at),
  sentAt: iso(row.sent_at),
  updatedAt: iso(row.updated_at)!,
  progress: { total: row.total, sent: row.sent, failed: row.failed, skipped: row.skipped, remaining: row.total - row.sent - row.failed - row.skipped },
  unsubscribesSince: row.unsubscribes,
});

/**
 * The admin's list: drafts (last edited first), then what is scheduled (soonest first), then what
 * is sending or paused, then what was sent (latest first).
 */
export async function listEditions(db: Pick<Database, 'execute'>): Promise<EditionSummary[]> {
  const rows = rowsOf<SummaryRow>(
    await db.execute(sql`${summarySelect}
      order by case e.status when 'draft' then 0 when 'scheduled' then 1 when 'sent' then 3 else 2 end,
        case when e.status = 'scheduled' then e.scheduled_at end asc,
        coalesce(e.sent_at, e.updated_at) desc`),
  );
  return rows.map(toSummary);
}

export async function findEdition(db: Pick<Database, 'execute'>, id: string): Promise<Edition | null> {
  const [row] = rowsOf<SummaryRow>(await db.execute(sql`${summarySelect} where e.id = ${id}`));
  if (!row) return null;
  const [content] = rowsOf<{ body: string; version: number }>(await db.execute(sql`select body, version from newsletter_editions where id = ${id}`));
  if (!content) return null;
  const failures = rowsOf<{ reason: string; count: number }>(
    await db.execute(sql`
      select coalesce(last_error, 'Unknown') as reason, count(*)::int as count from edition_deliveries
      where edition_id = ${id} and status = 'failed' group by 1 order by 2 desc limit 20`),
  );
  return { ...toSummary(row), body: content.body, version: content.version, failures };
}

interface PublicRow {
  slug: string;
  title: string;
  summary: string;
  audience: EditionAudience;
  issue_number: number | null;
  sent_at: string;
  reading_minutes: number | null;
}

/** What a saved body keeps beside it: its page HTML and reading time, worked out once, never per request. */
export const renderedBody = (body: string) => ({ html: markdownToHtml(body), readingMinutes: readingMinutes(body) });
const keptBody = (body: string) => {
  const { html, readingMinutes: minutes } = renderedBody(body);
  return { bodyHtml: html, readingMinutes: minutes };
};

const toPublicSummary = (row: PublicRow): PublicEditionSummary => ({
  slug: row.slug,
  title: row.title,
  summary: row.summary,
  audience: row.audience,
  issueNumber: row.issue_number,
  sentAt: iso(row.sent_at)!,
  readingTime: readingTime(row.reading_minutes ?? 1),
});
const toPublic = (row: PublicRow & { body_html: string | null }): PublicEdition => ({ ...toPublicSummary(row), html: row.body_html ?? '' });
const publicColumns = sql`slug, title, summary, audience, issue_number, sent_at, reading_minutes`;

/**
 * Sent editions for everyone (premium announcements stay in members' inboxes), newest first; the
 * first `inFull` rendered to HTML, the rest as summaries.
 */
export async function sentEditions(
  db: Pick<Database, 'execute'>,
  inFull: number,
  limit = 5000,
): Promise<{ full: PublicEdition[]; all: PublicEditionSummary[] }> {
  // Only the first `inFull` bring their HTML: the archive's links need no text.
  const rows = rowsOf<PublicRow & { body_html: string | null }>(
    await db.execute(sql`
      select ${publicColumns}, case when row_number() over (order by sent_at desc, issue_number desc nulls last) <= ${inFull} then body_html end as body_html
      from newsletter_editions
      where status = 'sent' and audience = 'subscribers' order by sent_at desc, issue_number desc nulls last limit ${limit}`),
  );
  return { full: rows.slice(0, inFull).map(toPublic), all: rows.map(toPublicSummary) };
}

/** What /weekly-dish and GET /api/editions show: the latest, the three before it, and the archive. */
export async function archivePage(db: Pick<Database, 'execute'>): Promise<PublicEditions> {
  const { full, all } = await sentEditions(db, 1 + RECENT_EDITIONS);
  const [latest = null, ...recent] = full;
  return { latest, recent, archive: all };
}

/** A sent edition by its web address, public or premium: who may read it is the caller's to decide. */
export async function sentEdition(db: Pick<Database, 'execute'>, slug: string): Promise<PublicEdition | null> {
  const [row] = rowsOf<PublicRow & { body_html: string | null }>(
    await db.execute(sql`select ${publicColumns}, body_html from newsletter_editions where slug = ${slug} and status = 'sent'`),
  );
  return row ? toPublic(row) : null;
}

/**
 * Editions kept without their page HTML (saved before it was kept, or cleared by a migration
 * when the renderer changes) get it, one at a time: at every start and by the housekeeping job.
 * One that cannot be rendered is logged and left for the next run.
 */
export async function renderMissingHtml(db: Pick<Database, 'execute'>, log: { error(details: object, message: string): void }): Promise<number> {
  const missing = rowsOf<{ id: string; body: string }>(await db.execute(sql`select id, body from newsletter_editions where body_html is null`));
  let rendered = 0;
  for (const edition of missing) {
    try {
      const { html, readingMinutes: minutes } = renderedBody(edition.body);
      await db.execute(sql`update newsletter_editions set body_html = ${html}, reading_minutes = ${minutes} where id = ${edition.id} and body_html is null`);
      rendered += 1;
    } catch (error) {
      log.error({ err: error, editionId: edition.id }, 'could not render an edition; it is tried again at the next start');
    }
  }
  return rendered;
}

/** Whom a sent edition is for, without reading it: what the page of a premium announcement needs before it knows the visitor. */
export async function sentEditionAudience(db: Database, slug: string): Promise<EditionAudience | null> {
  const [row] = await db
    .select({ audience: newsletterEditions.audience })
    .from(newsletterEditions)
    .where(and(eq(newsletterEditions.slug, slug), eq(newsletterEditions.status, 'sent')));
  return row?.audience ?? null;
}

type DraftFields = Required<Pick<EditionDraft, 'title' | 'summary' | 'slug' | 'body' | 'audience'>>;

/** Another edition (any but `exceptId`) already at this web address. */
export async function slugTaken(db: Database, slug: string, exceptId: string | null): Promise<boolean> {
  const rows = await db
    .select({ id: newsletterEditions.id })
    .from(newsletterEditions)
    .where(exceptId ? and(eq(newsletterEditions.slug, slug), ne(newsletterEditions.id, exceptId)) : eq(newsletterEditions.slug, slug))
    .limit(1);
  return rows.length > 0;
}

/** Thrown when another edition took the web address between the check and the write (two admins at once). */
export class SlugTakenError extends Error {}

const slugConflict = (error: unknown) => (isUniqueViolation(error, 'newsletter_editions_slug_idx') ? new SlugTakenError() : error);

export async function insertEdition(tx: Executor, fields: DraftFields, by: string): Promise<string> {
  try {
    const [row] = await tx
      .insert(newsletterEditions)
      .values({ ...fields, ...keptBody(fields.body), updatedBy: by })
      .returning({ id: newsletterEditions.id });
    return row!.id;
  } catch (error) {
    throw slugConflict(error);
  }
}

/** Saves a draft or scheduled edition if it is still at `version`; false when another save came first. */
export async function saveEdition(db: Database, id: string, fields: DraftFields & { version: number }, by: string): Promise<boolean> {
  const { version, ...values } = fields;
  try {
    const rows = await db
      .update(newsletterEditions)
      .set({ ...values, ...keptBody(values.body), version: sql`${newsletterEditions.version} + 1`, updatedBy: by, updatedAt: sql`now()` })
      .where(and(eq(newsletterEditions.id, id), eq(newsletterEditions.version, version), inArray(newsletterEditions.status, ['draft', 'scheduled'])))
      .returning({ id: newsletterEditions.id });
    return rows.length > 0;
  } catch (error) {
    throw slugConflict(error);
  }
}

/**
 * Moves an edition to `to` only if it is still in one of `from`: the row's own check, so two
 * admins or two clicks change it once. A schedule is set with `scheduledAt`, and cleared with null.
 */
export async function moveEdition(tx: Executor, id: string, from: readonly EditionStatus[], to: EditionStatus, scheduledAt?: Date | null): Promise<boolean> {
  const rows = await tx
    .update(newsletterEditions)
    .set({ status: to, updatedAt: sql`now()`, ...(scheduledAt !== undefined ? { scheduledAt } : {}) })
    .where(and(eq(newsletterEditions.id, id), inArray(newsletterEditions.status, [...from])))
    .returning({ id: newsletterEditions.id });
  return rows.length > 0;
}

/** Deletes an edition that is a draft; false when it is not (or no longer) one. */
export async function deleteDraft(tx: Executor, id: string): Promise<boolean> {
  const rows = await tx
    .delete(newsletterEditions)
    .where(and(eq(newsletterEditions.id, id), eq(newsletterEditions.status, 'draft')))
    .returning({ id: newsletterEditions.id });
  return rows.length > 0;
}

/**
 * Editions an earlier version left "cancelled" (a cancelled schedule, with only Delete offered)
 * become the drafts a cancelled schedule gives now; run at every start, it finds none after the first.
 */
export async function reopenCancelledEditions(db: Database): Promise<number> {
  const rows = await db
    .update(newsletterEditions)
    // The status column's type no longer has 'cancelled': the old rows are matched as plain text.
    .set({ status: 'draft', scheduledAt: null, updatedAt: sql`now()` })
    .where(sql`${newsletterEditions.status} = 'cancelled'`)
    .returning({ id: newsletterEditions.id });
  return rows.length;
}
