import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { splitFrontMatter } from '#shared/content/front-matter';
import { slugify } from '#shared/newsletter/editions';
import type { Executor } from '../../db/client';
import { contentDir } from '../../dirs';
import { anyEdition, insertSentEdition, renderedBody } from './repo';

/**
 * The editions of content/weekly-dish become the first rows of newsletter_editions on the first
 * start, marked as already sent: the archive is never empty and nothing is mailed for
 * them. Only into an empty table, and each insert skips a slug that exists, so a second start or
 * a second server starting at the same moment adds nothing.
 */
export async function seedEditions(db: Executor): Promise<number> {
  if (await anyEdition(db)) return 0;
  const folder = join(contentDir, 'weekly-dish');
  const files = (await readdir(folder)).filter((name) => name.endsWith('.md'));
  let added = 0;
  for (const file of files) {
    const { meta, body } = splitFrontMatter(await readFile(join(folder, file), 'utf8'));
    if (!meta.title || !meta.date) throw new Error(`content/weekly-dish/${file} needs a title and a date`);
    const issue = meta.issue ? Number(meta.issue) : null;
    // Sent on the Tuesday of its date, 07:00 in New York (12:00 UTC): the day matters, not the minute.
    const sentAt = new Date(`${meta.date}T12:00:00Z`);
    const rendered = renderedBody(body.trim());
    const inserted = await insertSentEdition(db, {
      slug: slugify(meta.title),
      title: meta.title,
      summary: meta.summary ?? '',
      body: body.trim(),
      bodyHtml: rendered.html,
      readingMinutes: rendered.readingMinutes,
      issueNumber: issue,
      startedAt: sentAt,
      sentAt,
      updatedBy: 'content/weekly-dish',
      createdAt: sentAt,
      updatedAt: sentAt,
    });
    if (inserted) added += 1;
  }
  return added;
}
