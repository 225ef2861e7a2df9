import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { splitFrontMatter } from '#shared/content/front-matter';
import type { ContentFields, ContentSection } from '#shared/content/pages';
import { pillars } from '#shared/content/pillars';
import type { Database } from '../../db/client';
import { contentItems, contentVersions } from './schema';
import { contentDir } from '../../dirs';
import { renderContentHtml } from './content-html';
import { readActionFiles } from './action-files';

interface SeedItem {
  section: ContentSection;
  slug: string;
  position: number;
  title: string;
  summary: string;
  body: string;
  fields: ContentFields;
}

async function markdownItem(file: string, section: ContentSection, slug: string, position: number, summaryKey: string): Promise<SeedItem> {
  const { meta, body } = splitFrontMatter(await readFile(join(contentDir, file), 'utf8'));
  if (!meta.title) throw new Error(`content/${file} needs a title`);
  return { section, slug, position, title: meta.title, summary: meta[summaryKey] ?? '', body: body.trim(), fields: {} };
}

/** Everything content/ holds, as the first items. */
async function seedItems(): Promise<SeedItem[]> {
  const items: SeedItem[] = [];
  for (const [index, pillar] of pillars.entries()) items.push(await markdownItem(`field-guides/${pillar.slug}.md`, 'field-guides', pillar.slug, index, 'description'));
  items.push(await markdownItem('start-here.md', 'pages', 'start-here', 0, 'description'));
  items.push(await markdownItem('five-pillars.md', 'pages', 'five-pillars', 1, 'description'));
  for (const [index, slug] of ['privacy-policy', 'terms-of-service', 'cookie-policy'].entries()) items.push(await markdownItem(`legal/${slug}.md`, 'legal', slug, index, 'description'));
  const premium = (await readdir(join(contentDir, 'premium'))).filter((file) => file.endsWith('.md')).sort();
  for (const [index, file] of premium.entries()) items.push(await markdownItem(`premium/${file}`, 'premium', file.replace(/^\d+-/, '').replace(/\.md$/, ''), index, 'summary'));
  const resources = JSON.parse(await readFile(join(contentDir, 'resources.json'), 'utf8')) as {
    id: string;
    title: string;
    pillar: ContentFields['pillar'];
    format: string;
    summary: string;
    body: string;
    url?: string;
    source?: string;
  }[];
  for (const [index, resource] of resources.entries()) {
    const fields: ContentFields = { pillar: resource.pillar, format: resource.format, ...(resource.url ? { url: resource.url } : {}), ...(resource.source ? { source: resource.source } : {}) };
    items.push({ section: 'resources', slug: resource.id, position: index, title: resource.title, summary: resource.summary, body: resource.body, fields });
  }
  // The starter library of actions: an action's "why it matters" is its summary, its how-to the body.
  for (const [index, action] of (await readActionFiles()).entries()) {
    items.push({ section: 'actions', slug: action.slug, position: index, title: action.title, summary: action.why, body: action.body, fields: action.fields });
  }
  return items;
}

/**
 * The files of content/ become the first items, each published as its version 1.
 * An item whose section and address exist is skipped, in the same statement that would add it,
 * so a second start, or a second server starting at the same moment, adds nothing; and an
 * item the team has edited is never overwritten by the file.
 */
export async function seedContent(db: Database): Promise<number> {
  let added = 0;
  for (const item of await seedItems()) {
    await db.transaction(async (tx) => {
      const { section, slug, title, summary, body, fields } = item;
      const [inserted] = await tx
        .insert(contentItems)
        .values({ ...item, updatedBy: 'content/' })
        .onConflictDoNothing({ target: [contentItems.section, contentItems.slug] })
        .returning({ id: contentItems.id });
      if (!inserted) return;
      const [version] = await tx
        .insert(contentVersions)
        .values({ itemId: inserted.id, number: 1, title, summary, body, fields, html: renderContentHtml(section, slug, body), publishedBy: 'content/' })
        .returning({ id: contentVersions.id });
      await tx.update(contentItems).set({ publishedVersionId: version!.id }).where(eq(contentItems.id, inserted.id));
      added += 1;
    });
  }
  return added;
}
