import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { redirects } from '#shared/routes';
import { renderPage } from './head';
import { pagePreloadTags, type ViteManifest } from './route-assets';

export interface PagesOptions {
  clientDir: string;
  publicUrl: string;
}

/**
 * Serves the built client: hashed assets with immutable caching, and for every page path the
 * HTML shell carrying that route's head tags (404 for unknown paths). HTML is revalidated on
 * every visit so a deploy is seen at once.
 */
export async function pagesRoutes(app: FastifyInstance, options: PagesOptions): Promise<void> {
  const indexFile = join(options.clientDir, 'index.html');
  const template = existsSync(indexFile) ? readFileSync(indexFile, 'utf8') : fallbackTemplate;
  const manifestFile = join(options.clientDir, '.vite', 'manifest.json');
  const manifest: ViteManifest = existsSync(manifestFile) ? JSON.parse(readFileSync(manifestFile, 'utf8')) : {};
  const preloads = new Map<string, string>();
  const assetsFor = (page: string) => {
    if (!preloads.has(page)) preloads.set(page, pagePreloadTags(manifest, page));
    return preloads.get(page)!;
  };

  if (existsSync(options.clientDir)) {
    await app.register(fastifyStatic, {
      root: options.clientDir,
      index: false,
      wildcard: false,
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
  app.get('/api/login', (_request, reply) => reply.redirect('/auth', 302));

  app.get('/*', (request, reply) => {
    const pathname = request.url.split('?')[0] ?? '/';
    const page = renderPage(template, pathname, options.publicUrl, assetsFor);
    return reply
      .status(page.status)
      .header('Cache-Control', 'no-cache')
      .type('text/html; charset=utf-8')
      .send(page.html);
  });
}

/** Used only when the client has not been built (API tests): the same head, no scripts. */
const fallbackTemplate = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="UTF-8">
    <!--app-head-->
  </head>
  <body><div id="root"></div></body>
</html>`;
