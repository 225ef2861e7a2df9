import { asc, eq } from 'drizzle-orm';
import type { ContentSection, PublishedPage, PublishedResource } from '#shared/content/pages';
import type { DatabaseHandle } from '../../db/client';
import { contentItems, contentVersions } from './schema';
import { renderContentHtml } from './content-html';

/** Published everywhere at once: every server listens here and reads the content again. */
export const CONTENT_CHANNEL = 'content_changed';

type Log = { error(details: object, message: string): void };

interface Snapshot {
  pages: Map<string, PublishedPage>;
  markdown: Map<string, string>;
  bySection: Map<ContentSection, PublishedPage[]>;
  resources: PublishedResource[];
  lastChange: Map<ContentSection, Date>;
}

/**
 * The published content, held in memory: a page is read from here, never from the
 * database per request, so pages stay as fast as when they were built in. Any server that
 * publishes sends a PostgreSQL notification in the same transaction; every server (this one
 * too) reads the published versions again on it and tells its listeners, which replace the
 * pages they keep. A reload that fails keeps the content it had and is tried again shortly.
 */
export interface ContentStore {
  page(section: ContentSection, slug: string): PublishedPage | undefined;
  section(section: ContentSection): PublishedPage[];
  /** A published page's Markdown (the field guide PDF is made from it). */
  markdown(section: ContentSection, slug: string): string | undefined;
  resources(): PublishedResource[];
  /** The latest publish in a section, for the sitemap. */
  lastChange(section: ContentSection): Date | null;
  /** Raised on every reload: what was built from an older generation is out of date. */
  generation(): number;
  onChange(listener: () => void): void;
  /** Reads the published content again (also done on every notification). */
  refresh(): Promise<void>;
  close(): Promise<void>;
}

const key = (section: ContentSection, slug: string) => `${section}/${slug}`;

async function load(database: DatabaseHandle, log?: Log): Promise<Snapshot> {
  const rows = await database.db
    .select({
      section: contentItems.section,
      slug: contentItems.slug,
      title: contentVersions.title,
      summary: contentVersions.summary,
      body: contentVersions.body,
      fields: contentVersions.fields,
      html: contentVersions.html,
      publishedAt: contentVersions.publishedAt,
    })
    .from(contentItems)
    .innerJoin(contentVersions, eq(contentVersions.id, contentItems.publishedVersionId))
    .orderBy(asc(contentItems.section), asc(contentItems.position), asc(contentVersions.title));
  const pages = new Map<string, PublishedPage>();
  const markdown = new Map<string, string>();
  const bySection = new Map<ContentSection, PublishedPage[]>();
  const resources: PublishedResource[] = [];
  const lastChange = new Map<ContentSection, Date>();
  for (const row of rows) {
    // The HTML was rendered when the version was published; one kept without it (an older
    // server's publish during an upgrade) is rendered here, and one that cannot be is left out
    // alone (its page is a 404) rather than stopping every other page or the server's start.
    let html = row.html;
    if (html === null) {
      try {
        html = renderContentHtml(row.section, row.slug, row.body);
      } catch (error) {
        log?.error({ err: error, section: row.section, slug: row.slug }, 'could not render a published item; it is left out');
        continue;
      }
    }
    const { publishedAt } = row;
    if (publishedAt > (lastChange.get(row.section) ?? 0)) lastChange.set(row.section, publishedAt);
    if (row.section === 'resources') {
      const { pillar, format, url, source } = row.fields;
      if (!pillar || !format) continue;
      resources.push({ id: row.slug, title: row.title, pillar, format, summary: row.summary, html, ...(url ? { url } : {}), ...(source ? { source } : {}) });
      continue;
    }
    const page: PublishedPage = {
      section: row.section,
      slug: row.slug,
      title: row.title,
      summary: row.summary,
      fields: row.fields,
      html,
      publishedAt: publishedAt.toISOString(),
    };
    pages.set(key(row.section, row.slug), page);
    markdown.set(key(row.section, row.slug), row.body);
    bySection.set(row.section, [...(bySection.get(row.section) ?? []), page]);
  }
  return { pages, markdown, bySection, resources, lastChange };
}

export async function createContentStore(database: DatabaseHandle, log?: Log): Promise<ContentStore> {
  let snapshot = await load(database, log);
  let generation = 1;
  const listeners: (() => void)[] = [];
  let reloading: Promise<void> | null = null;
  let again = false;

  const refresh = async (): Promise<void> => {
    // Notifications that arrive during a reload are folded into one more reload after it.
    if (reloading) {
      again = true;
      return reloading;
    }
    reloading = (async () => {
      do {
        again = false;
        try {
          snapshot = await load(database, log);
          generation += 1;
          for (const listener of listeners) listener();
        } catch (error) {
          log?.error({ err: error }, 'could not read the published content again; trying again in a second');
          setTimeout(() => void refresh(), 1000).unref();
          return;
        }
      } while (again);
    })().finally(() => {
      reloading = null;
    });
    return reloading;
  };

  const stopListening = await database.listen(CONTENT_CHANNEL, () => void refresh());

  return {
    page: (section, slug) => snapshot.pages.get(key(section, slug)),
    section: (section) => snapshot.bySection.get(section) ?? [],
    markdown: (section, slug) => snapshot.markdown.get(key(section, slug)),
    resources: () => snapshot.resources,
    lastChange: (section) => snapshot.lastChange.get(section) ?? null,
    generation: () => generation,
    onChange: (listener) => listeners.push(listener),
    refresh,
    // Closing after the database is gone (a test, a failed start) has nothing left to stop.
    close: () => stopListening().catch(() => {}),
  };
}
