import { sql } from 'drizzle-orm';
import { type Edition, type EditionSummary, type PublicEdition, type PublicEditions, type PublicEditionSummary, readingMinutes, readingTime, RECENT_EDITIONS } from '#shared/newsletter/editions';
import { markdownToHtml } from '#shared/markdown/render';
import type { Database } from '../../db/client';
import { rowsOf } from '../../db/rows';

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

export async function listEditions(db: Pick<Database, 'execute'>): Promise<EditionSummary[]> {
  const rows = rowsOf<SummaryRow>(await db.execute(sql`${summarySelect} order by (e.status = 'draft') desc, coalesce(e.sent_at, e.scheduled_at, e.updated_at) desc`));
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
  issue_number: number | null;
  sent_at: string;
  reading_minutes: number | null;
}

/** What a saved body keeps beside it: its page HTML and reading time, worked out once. */
export const renderedBody = (body: string) => ({ html: markdownToHtml(body), readingMinutes: readingMinutes(body) });

const toPublicSummary = (row: PublicRow): PublicEditionSummary => ({
  slug: row.slug,
  title: row.title,
  summary: row.summary,
  issueNumber: row.issue_number,
  sentAt: iso(row.sent_at)!,
  readingTime: readingTime(row.reading_minutes ?? 1),
});
const toPublic = (row: PublicRow & { body_html: string | null }): PublicEdition => ({ ...toPublicSummary(row), html: row.body_html ?? '' });
const publicColumns = sql`slug, title, summary, issue_number, sent_at, reading_minutes`;

/**
 * Sent editions for everyone (premium announcements stay in members' inboxes), newest first; the
 * first `inFull` rendered to HTML, the rest as summaries.
 */
export async function sentEditions(db: Pick<Database, 'execute'>, inFull: number, limit = 5000): Promise<{ full: PublicEdition[]; all: PublicEditionSummary[] }> {
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

export async function sentEdition(db: Pick<Database, 'execute'>, slug: string): Promise<PublicEdition | null> {
  const [row] = rowsOf<PublicRow & { body_html: string | null }>(
    await db.execute(sql`select ${publicColumns}, body_html from newsletter_editions where slug = ${slug} and status = 'sent' and audience = 'subscribers'`),
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
