import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyBaseLogger, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { SIGNED_IN_HINT_COOKIE } from '#shared/auth/session-hint';
import { headHtml, pageHead } from '#shared/head';
import type { PrefilledQuery, RenderedApp, RenderPage } from '#shared/page-render';
import { matchRoute, redirects, routes } from '#shared/routes';
import type { SiteConfig } from '#shared/site-config';
import { apiPaths } from '#shared/api/paths';
import { assertTemplate, fallbackTemplate, inlineStylesheets, pageDocument } from './document';
import { type EncodedPage, encodePage, matchesEtag, pickEncoding } from './encoding';
import { takeEntryScript } from './deferred-scripts';
import { loadRenderer } from './renderer';
import { pageAssets, type ViteManifest } from './route-assets';

/** What the server knows about a page before rendering it: whether it exists, and its data. */
export interface PageLookup {
  found: boolean;
  queries: PrefilledQuery[];
  /** The page's own title and description, when they come from the database (an edition). */
  head?: { title: string; description: string };
}

export interface PagesOptions {
  clientDir: string;
  siteConfig: SiteConfig;
  /** The app's server renderer; by default the SSR build beside the client (dist/ssr). */
  renderPage?: RenderPage;
  /** For pages whose existence and content come from the database (a Check-Up result). */
  lookupPage?: (pathname: string) => Promise<PageLookup | undefined>;
  /**
   * Render every kept page once the server listens, one after another in the background, so
   * the first visitor of each page after a start gets it at once (main.ts turns it on).
   */
  warmUp?: boolean;
}

/**
 * Serves the built client: hashed assets with immutable caching, and every page of the route
 * table rendered by React on the server (404 for unknown paths). A page drawn the same for
 * every visitor (no query string, no data of its own) is rendered once per process, kept with
 * its brotli and gzip encodings and an ETag, and revalidated by browsers on each visit
 * (Cache-Control: no-cache, 304 when unchanged). '/' has a second kept variant: the member
 * home's shell, for requests carrying the signed-in hint cookie.
 */
export async function pagesRoutes(app: FastifyInstance, options: PagesOptions): Promise<void> {
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
  const assetsFor = (page: string) => {
    if (!assets.has(page)) assets.set(page, pageAssets(manifest, page));
    return assets.get(page)!;
  };
  let renderer: Promise<RenderPage | undefined> | undefined;
  const getRenderer = () =>
    (renderer ??= options.renderPage ? Promise.resolve(options.renderPage) : built ? loadRenderer(join(dirname(options.clientDir), 'ssr', 'entry-server.js')) : Promise.resolve(undefined));

  if (built) {
    await app.register(fastifyStatic, {
      root: options.clientDir,
      index: false,
      wildcard: false,
      // The template is for the server's use; /index.html is not a page.
      allowedPath: (pathName) => pathName !== '/index.html',
      // The build writes .br and .gz beside each asset (scripts/precompress.mjs): sent as the browser accepts.
      preCompressed: true,
      setHeaders(res, filePath) {
        const hashed = filePath.includes(`${join(options.clientDir, 'assets')}`);
        res.header('Cache-Control', hashed ? 'public, max-age=31536000, immutable' : 'public, max-age=3600');
      },
    });
  }

  for (const [from, to] of Object.entries(redirects)) {
    app.get(from, (_request, reply) => reply.redirect(to, 301));
  }
  // There is no external identity provider: the spec's navigation to /api/login lands on our sign-in page.
  app.get(apiPaths.login, (_request, reply) => reply.redirect('/auth', 302));

  async function buildPage(log: FastifyBaseLogger, url: string, userPending: boolean, lookup: PageLookup | undefined, effort: 'best' | 'fast'): Promise<EncodedPage> {
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
    const { chunks, stylesheetTags } = assetsFor(page);
    const html = pageDocument(template, [headHtml({ ...head, status }), stylesheetTags].filter(Boolean).join('\n    '), rendered, entry ? { entry, chunks } : undefined);
    return encodePage(status, html, effort);
  }

  // Kept for the life of the process: at most two entries per route of the table.
  const kept = new Map<string, Promise<EncodedPage>>();
  function keptPage(log: FastifyBaseLogger, pathname: string, userPending: boolean): Promise<EncodedPage> {
    const key = `${pathname}${userPending ? ' (user pending)' : ''}`;
    let page = kept.get(key);
    if (!page) {
      page = buildPage(log, pathname, userPending, undefined, 'best');
      kept.set(key, page);
      page.catch(() => kept.delete(key));
    }
    return page;
  }

  if (options.warmUp) {
    app.addHook('onListen', (done) => {
      void (async () => {
        for (const route of routes.filter((r) => !r.path.includes(':'))) {
          await keptPage(app.log, route.path, Boolean(route.signedIn)).catch(() => {});
        }
        await keptPage(app.log, '/', true).catch(() => {});
      })();
      done();
    });
  }

  app.get('/*', { compress: false }, async (request, reply) => {
    const [pathname = '/', query] = splitUrl(request.url);
    // One address per page: /pricing/ is /pricing.
    if (pathname.length > 1 && pathname.endsWith('/')) {
      return reply.redirect(`${pathname.replace(/\/+$/, '') || '/'}${query ? `?${query}` : ''}`, 301);
    }
    const route = matchRoute(pathname);
    const hint = request.cookies[SIGNED_IN_HINT_COOKIE] !== undefined;
    const userPending = Boolean(route?.signedIn) || (pathname === '/' && hint);
    const lookup = route ? await options.lookupPage?.(pathname) : undefined;
    const page =
      route && !query && !lookup
        ? await keptPage(request.log, pathname, userPending)
        : await buildPage(request.log, query ? `${pathname}?${query}` : pathname, userPending, lookup, 'fast');
    return sendPage(request, reply, page, pathname === '/' ? 'Accept-Encoding, Cookie' : 'Accept-Encoding');
  });
}

function splitUrl(url: string): [string, string] {
  const at = url.indexOf('?');
  return at === -1 ? [url, ''] : [url.slice(0, at), url.slice(at + 1)];
}

function sendPage(request: FastifyRequest, reply: FastifyReply, page: EncodedPage, vary: string): FastifyReply {
  reply.header('Cache-Control', 'no-cache').header('ETag', page.etag).header('Vary', vary);
  if (page.status === 200 && matchesEtag(request.headers['if-none-match'], page.etag)) return reply.status(304).send();
  const encoding = pickEncoding(request.headers['accept-encoding']);
  reply.status(page.status).type('text/html; charset=utf-8');
  if (encoding === 'identity') return reply.send(page.identity);
  return reply.header('Content-Encoding', encoding).send(encoding === 'br' ? page.br : page.gzip);
}
