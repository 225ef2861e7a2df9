import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import { headHtml, type PageContent, pageHead } from '#shared/head';
import type { PrefilledQuery, RenderedApp, RenderPage } from '#shared/page-render';
import { matchRoute } from '#shared/routes';
import { escapeHtml } from '#shared/text';
import type { SiteConfig } from '#shared/site-config';
import { assertTemplate, fallbackTemplate, inlineStylesheets, pageDocument } from './document';
import { takeEntryScript } from './deferred-scripts';
import { loadRenderer } from './renderer';
import { pageAssets, type ViteManifest } from './route-assets';

/** What the server knows about a page before rendering it: whether it exists, and its data. */
export interface PageLookup {
  found: boolean;
  queries: PrefilledQuery[];
  /** The page's own title and description, when they come from the database (an edition). */
  head?: PageContent;
  /**
   * The same for every visitor until the content changes (a published page): the page is kept
   * like the pages without data, and replaced when the content store changes.
   */
  keep?: boolean;
  /**
   * For a page that is the same for every visitor until something changes (a search, a Check-Up
   * result with its peer figures): a key naming that state (the address and the data's generation,
   * or the data itself). The rendered page is kept under it, a bounded number of them, and a new
   * key is a new page.
   */
  keepAs?: string;
  /**
   * Drawn for the person who asked (a search shows a premium member the premium items whole):
   * no shared cache may keep it (Cache-Control: private) and it varies with the session cookie.
   * Its keepAs key names the access it was drawn with.
   */
  personal?: boolean;
}

export interface PageBuilderOptions {
  clientDir: string;
  siteConfig: SiteConfig;
  /** The app's server renderer; by default the SSR build beside the client (dist/ssr). */
  renderPage?: RenderPage;
}

export interface PageBuilder {
  /** Whether there is a built client (index.html) to serve. */
  built: boolean;
  /** A whole HTML document for a page: the route table's head, the stylesheets inlined, the app rendered with the given data. */
  render(log: FastifyBaseLogger, url: string, userPending: boolean, lookup: PageLookup | undefined): Promise<{ status: number; html: string }>;
  /** A document with the site's styles and one article (the preview of text that has no public page of its own). */
  article(title: string, summary: string, html: string): string;
}

/**
 * Renders pages from the built client's template: used for every page the server sends, and
 * for the admin's preview of a draft (which is the real page with the draft as its data).
 */
export function createPageBuilder(options: PageBuilderOptions): PageBuilder {
  const indexFile = join(options.clientDir, 'index.html');
  const built = existsSync(indexFile);
  // The entry is asked for by the loader after the first paint (decision 024), not by the head.
  const { template, entry } = takeEntryScript(
    built ? inlineStylesheets(readFileSync(indexFile, 'utf8'), (path) => readFileSync(join(options.clientDir, path), 'utf8')) : fallbackTemplate,
  );
  assertTemplate(template);
  if (built && !entry) throw new Error('The page template (index.html) has no entry script');
  const manifestFile = join(options.clientDir, '.vite', 'manifest.json');
  const manifest: ViteManifest = existsSync(manifestFile) ? JSON.parse(readFileSync(manifestFile, 'utf8')) : {};
  const assets = new Map<string, ReturnType<typeof pageAssets>>();
  const assetsFor = (page: string, userPending: boolean) => {
    const key = `${page}${userPending ? ' (user pending)' : ''}`;
    if (!assets.has(key)) assets.set(key, pageAssets(manifest, page, userPending));
    return assets.get(key)!;
  };
  let renderer: Promise<RenderPage | undefined> | undefined;
  const getRenderer = () =>
    (renderer ??= options.renderPage
      ? Promise.resolve(options.renderPage)
      : built
        ? loadRenderer(join(dirname(options.clientDir), 'ssr', 'entry-server.js'))
        : Promise.resolve(undefined));

  return {
    built,
    async render(log, url, userPending, lookup) {
      const pathname = url.split('?')[0]!;
      const route = matchRoute(pathname);
      const head = pageHead(pathname, options.siteConfig.publicUrl, lookup?.head);
      const status = lookup?.found === false ? 404 : head.status;
      const page = route ? (route.page ?? 'placeholder') : 'not-found';
      const render = await getRenderer();
      let rendered: RenderedApp | undefined;
      if (render) {
        try {
          rendered = await render({ url, siteConfig: options.siteConfig, userPending, queries: lookup?.queries });
          for (const error of rendered.errors) log.error({ err: error, url }, 'error while rendering a page on the server');
        } catch (error) {
          // The browser renders the page itself from the same scripts.
          log.error({ err: error, url }, 'could not render the page on the server');
        }
      }
      const { chunks, stylesheetTags } = assetsFor(page, userPending);
      const html = pageDocument(
        template,
        [headHtml({ ...head, status }), stylesheetTags].filter(Boolean).join('\n    '),
        rendered,
        entry ? { entry, chunks } : undefined,
      );
      return { status, html };
    },
    article(title, summary, html) {
      const article = `<main class="mx-auto max-w-3xl px-4 py-10"><h1 class="font-serif text-3xl font-bold text-stone-900">${escapeHtml(title)}</h1>${
        summary ? `<p class="mt-2 text-lg text-stone-700">${escapeHtml(summary)}</p>` : ''
      }<div class="prose-content mt-6">${html}</div></main>`;
      return pageDocument(template, `<title>${escapeHtml(title)}</title>\n    <meta name="robots" content="noindex">`, {
        html: article,
        pageData: '',
        errors: [],
      });
    },
  };
}
