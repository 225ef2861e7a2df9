import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { splitFrontMatter } from '#shared/content/front-matter';
import { slugify } from '#shared/newsletter/editions';
import type { Database } from '../../db/client';
import { contentDir } from '../../paths';
import { renderedBody } from './repo';

/**
 * The editions of content/weekly-dish become the first rows of newsletter_editions on the first
 * start (issue 23.6), marked as already sent: the archive is never empty and nothing is mailed for
 * them. Only into an empty table, and each insert skips a slug that exists, so a second start or
 * a second server starting at the same moment adds nothing.
 */
export async function seedEditions(db: Database): Promise<number> {
  const existing = (await db.execute(sql`select 1 from newsletter_editions limit 1`)) as unknown as { rows: unknown[] };
  if (existing.rows.length > 0) return 0;
  const folder = join(contentDir, 'weekly-dish');
  const files = (await readdir(folder)).filter((name) => name.endsWith('.md'));
  let added = 0;
  for (const file of files) {
    const { meta, body } = splitFrontMatter(await readFile(join(folder, file), 'utf8'));
    if (!meta.title || !meta.date) throw new Error(`content/weekly-dish/${file} needs a title and a date`);
    const issue = meta.issue ? Number(meta.issue) : null;
    // Sent on the Tuesday of its date, 07:00 in New York (12:00 UTC): the day matters, not the minute.
    const sentAt = `${meta.date}T12:00:00Z`;
    const rendered = renderedBody(body.trim());
    const result = (await db.execute(sql`
      insert into newsletter_editions (slug, title, summary, body, body_html, reading_minutes, status, issue_number, started_at, sent_at, updated_by, created_at, updated_at)
      values (${slugify(meta.title)}, ${meta.title}, ${meta.summary ?? ''}, ${body.trim()}, ${rendered.html}, ${rendered.readingMinutes}, 'sent', ${issue}, ${sentAt}, ${sentAt}, 'content/weekly-dish', ${sentAt}, ${sentAt})
      on conflict do nothing returning 1`)) as unknown as { rows: unknown[] };
    added += result.rows.length;
  }
  return added;
}
