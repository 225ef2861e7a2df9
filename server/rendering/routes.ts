import fastifyStatic from '@fastify/static';
import type { FastifyBaseLogger, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { join } from 'node:path';
import { SIGNED_IN_HINT_COOKIE } from '#shared/auth/session-hint';
import { isIndexable } from '#shared/head';
import { matchRoute, redirects, type RouteMeta, routes } from '#shared/routes';
import { apiPaths } from '#shared/api/paths';
import type { PageBuilder, PageLookup } from './builder';
import { type EncodedPage, type Encoding, encodePage, matchesEtag, pickEncoding } from './encoding';

export interface PagesOptions {
  clientDir: string;
  builder: PageBuilder;
  /**
   * For pages whose existence and content come from the database (a Check-Up result, an edition, a
   * published page); given the request for what depends on who asks (none when warming up).
   */
  lookupPage?: (pathname: string, query: URLSearchParams, request?: FastifyRequest) => Promise<PageLookup | undefined>;
  /**
   * Published content: the pages it feeds are kept until it changes; each change
   * raises the generation, and what was kept is replaced.
   */
  content?: { generation(): number; onChange(listener: () => void): void };
  /**
   * Render the pages strangers land on (warmedRoutes) once the server listens, one after another
   * in the background, so the first visitor of each after a start gets it at once (main.ts turns
   * it on). The others are rendered and kept on their first visit.
   */
  warmUp?: boolean;
}

/** Pages kept under a lookup's key: a week's common searches fit, a flood of distinct ones cannot grow it. */
const KEPT_BY_KEY = 500;
/** And their bytes: 500 Check-Up result pages in brotli (about 19 KB each) fit; uncompressed (about 92 KB), fewer. */
const KEPT_BY_KEY_BYTES = 16 * 1024 * 1024;

/**
 * Serves the built client: hashed assets with immutable caching, and every page of the route
 * table rendered by React on the server (404 for unknown paths). A page drawn the same for
 * every visitor (no query string, no data of its own) is rendered once per process, kept with
 * its brotli and gzip encodings and an ETag, and revalidated by browsers on each visit
 * (Cache-Control: no-cache, 304 when unchanged). '/' has a second kept variant: the member
 * home's shell, for requests carrying the signed-in hint cookie.
 */
export async function pagesRoutes(app: FastifyInstance, options: PagesOptions): Promise<void> {
  const { built } = options.builder;
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

  const buildPage = async (
    log: FastifyBaseLogger,
    url: string,
    userPending: boolean,
    lookup: PageLookup | undefined,
    effort: 'best' | 'fast',
    only?: Encoding,
  ): Promise<EncodedPage> => {
    const { status, html } = await options.builder.render(log, url, userPending, lookup);
    return encodePage(status, html, effort, only);
  };

  // Kept until the published content changes: at most two entries per route of the table.
  const kept = new Map<string, Promise<EncodedPage>>();
  options.content?.onChange(() => kept.clear());
  function keptPage(log: FastifyBaseLogger, pathname: string, userPending: boolean, lookup: PageLookup | undefined): Promise<EncodedPage> {
    // A page begun before a change is not kept under the new generation's key.
    const key = `${options.content?.generation() ?? 0} ${pathname}${userPending ? ' (user pending)' : ''}`;
    let page = kept.get(key);
    if (!page) {
      page = buildPage(log, pathname, userPending, lookup, 'best');
      kept.set(key, page);
      page.catch(() => kept.delete(key));
    }
    return page;
  }

  // Pages a lookup says may be kept under a key naming what they show (keepAs: a search, a
  // Check-Up result): the most recently used ones, each in the one encoding it was asked in, at
  // most KEPT_BY_KEY of them and KEPT_BY_KEY_BYTES together (counted once each is made).
  const keptByKey = new Map<string, { page: Promise<EncodedPage>; bytes: number }>();
  let keptBytes = 0;
  const forget = (key: string) => {
    keptBytes -= keptByKey.get(key)?.bytes ?? 0;
    keptByKey.delete(key);
  };
  const trimKept = () => {
    while (keptByKey.size > KEPT_BY_KEY || keptBytes > KEPT_BY_KEY_BYTES) forget(keptByKey.keys().next().value!);
  };
  function pageKeptAs(log: FastifyBaseLogger, key: string, url: string, userPending: boolean, lookup: PageLookup, only: Encoding): Promise<EncodedPage> {
    const full = `${key} ${only}${userPending ? ' (user pending)' : ''}`;
    const known = keptByKey.get(full);
    if (known) {
      // Most recently used last: the oldest is the first to go.
      keptByKey.delete(full);
      keptByKey.set(full, known);
      return known.page;
    }
    const entry = { page: buildPage(log, url, userPending, lookup, 'fast', only), bytes: 0 };
    keptByKey.set(full, entry);
    entry.page.then(
      (page) => {
        if (keptByKey.get(full) !== entry) return;
        entry.bytes = (page.identity?.length ?? 0) + (page.br?.length ?? 0) + (page.gzip?.length ?? 0);
        keptBytes += entry.bytes;
        trimKept();
      },
      () => {
        if (keptByKey.get(full) === entry) forget(full);
      },
    );
    trimKept();
    return entry.page;
  }

  if (options.warmUp) {
    app.addHook('onListen', (done) => {
      void (async () => {
        for (const route of warmedRoutes()) {
          const lookup = await options.lookupPage?.(route.path, new URLSearchParams()).catch(() => undefined);
          if (!lookup || lookup.keep) await keptPage(app.log, route.path, false, lookup).catch(() => {});
        }
        // The member home's shell: where a returning member lands.
        await keptPage(app.log, '/', true, undefined).catch(() => {});
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
    const lookup = route ? await options.lookupPage?.(pathname, new URLSearchParams(query), request) : undefined;
    // Kept under its address: a page whose lookup says so (content that exists), or a route of the
    // table itself. An address with a value no lookup vouches for (a token, an id) is drawn for its
    // request: anyone can make up millions of them, and each kept would stay in memory.
    const keepable = route && !query && (lookup ? lookup.keep : !route.path.includes(':'));
    const page = keepable
      ? await keptPage(request.log, pathname, userPending, lookup)
      : lookup?.keepAs
        ? await pageKeptAs(
            request.log,
            lookup.keepAs,
            query ? `${pathname}?${query}` : pathname,
            userPending,
            lookup,
            pickEncoding(request.headers['accept-encoding']),
          )
        : await buildPage(
            request.log,
            query ? `${pathname}?${query}` : pathname,
            userPending,
            lookup,
            'fast',
            pickEncoding(request.headers['accept-encoding']),
          );
    return sendPage(request, reply, page, pathname === '/' || lookup?.personal ? 'Accept-Encoding, Cookie' : 'Accept-Encoding', Boolean(lookup?.personal));
  });
}

/**
 * The pages rendered at start: those search engines and shared links send strangers to (indexed,
 * drawn the same for everyone, no parameter). A member's pages, the admin and the pages a link in
 * a mail opens are rendered on their first visit: rendering every page at start loaded every
 * page's modules into a server that may never serve them (8 MB once settled, decision 059).
 */
export function warmedRoutes(): RouteMeta[] {
  return routes.filter((route) => !route.path.includes(':') && isIndexable(route));
}

function splitUrl(url: string): [string, string] {
  const at = url.indexOf('?');
  return at === -1 ? [url, ''] : [url.slice(0, at), url.slice(at + 1)];
}

function sendPage(request: FastifyRequest, reply: FastifyReply, page: EncodedPage, vary: string, personal: boolean): FastifyReply {
  reply
    .header('Cache-Control', personal ? 'private, no-cache' : 'no-cache')
    .header('ETag', page.etag)
    .header('Vary', vary);
  if (page.status === 200 && matchesEtag(request.headers['if-none-match'], page.etag)) return reply.status(304).send();
  const encoding = pickEncoding(request.headers['accept-encoding']);
  reply.status(page.status).type('text/html; charset=utf-8');
  // A page made in one encoding (`only`) is sent only to requests that take it: the same one as this.
  const body = encoding === 'identity' ? undefined : page[encoding];
  if (!body) return reply.send(page.identity);
  return reply.header('Content-Encoding', encoding).send(body);
}
