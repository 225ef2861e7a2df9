import type { FastifyInstance } from 'fastify';
import { isIndexable } from '#shared/head';
import { routes } from '#shared/routes';
import { site } from '#shared/site';
import { escapeHtml } from '#shared/text';
import type { AppContext } from '../../context';
import { contentAt } from '../content/page-paths';
import type { ContentStore } from '../content/store';
import { sentEditions } from './repo';

/** RSS dates are RFC 822 in GMT: for feed readers, not words for people. */
// eslint-disable-next-line no-restricted-syntax
const rfc822 = (instant: string) => new Date(instant).toUTCString();

/**
 * The archive for machines: an RSS 2.0 feed of the sent editions (advertised in the
 * pages' head), a sitemap of every public page and edition, and robots.txt pointing at it. All
 * absolute addresses come from PUBLIC_URL.
 */
export async function feedRoutes(app: FastifyInstance, { ctx, content }: { ctx: AppContext; content: ContentStore }): Promise<void> {
  const base = ctx.env.PUBLIC_URL;

  app.get('/weekly-dish/feed.xml', async (_request, reply) => {
    const editions = (await sentEditions(ctx.db, ctx.env.SITE_TIMEZONE, 50, 50)).full;
    const items = editions
      .map(
        (edition) => `    <item>
      <title>${escapeHtml(edition.title)}</title>
      <link>${base}/weekly-dish/${edition.slug}</link>
      <guid isPermaLink="true">${base}/weekly-dish/${edition.slug}</guid>
      <pubDate>${rfc822(edition.sentAt)}</pubDate>
      <description>${escapeHtml(edition.summary)}</description>
      <content:encoded><![CDATA[${edition.html.replaceAll(']]>', ']]]]><![CDATA[>')}]]></content:encoded>
    </item>`,
      )
      .join('\n');
    const body = `<?xml version="1.0" encoding="UTF-8"?>
<rss version="2.0" xmlns:content="http://purl.org/rss/1.0/modules/content/" xmlns:atom="http://www.w3.org/2005/Atom">
  <channel>
    <title>The Weekly Dish</title>
    <link>${base}/weekly-dish</link>
    <atom:link href="${base}/weekly-dish/feed.xml" rel="self" type="application/rss+xml"/>
    <description>Trends, spotlights and one good tip for nonprofit leaders, every Tuesday morning. From ${escapeHtml(site.name)}.</description>
    <language>en</language>
${items}
  </channel>
</rss>
`;
    return reply.header('cache-control', 'public, max-age=300').type('application/rss+xml; charset=utf-8').send(body);
  });

  app.get('/sitemap.xml', async (_request, reply) => {
    // A published page carries the date of its last publish.
    const lastmod = (path: string) => {
      const at = contentAt(path);
      const changed = at ? content.page(at.section, at.slug)?.publishedAt : path === '/resources' ? content.lastChange('resources')?.toISOString() : undefined;
      return changed ? `<lastmod>${changed.slice(0, 10)}</lastmod>` : '';
    };
    const pages = routes
      .filter((route) => !route.path.includes(':') && isIndexable(route))
      .map((route) => `  <url><loc>${base}${route.path === '/' ? '/' : route.path}</loc>${lastmod(route.path)}</url>`);
    const editions = (await sentEditions(ctx.db, ctx.env.SITE_TIMEZONE, 0)).all.map(
      (edition) => `  <url><loc>${base}/weekly-dish/${edition.slug}</loc><lastmod>${edition.sentAt.slice(0, 10)}</lastmod></url>`,
    );
    const body = `<?xml version="1.0" encoding="UTF-8"?>
<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">
${[...pages, ...editions].join('\n')}
</urlset>
`;
    return reply.header('cache-control', 'public, max-age=300').type('application/xml; charset=utf-8').send(body);
  });

  app.get('/robots.txt', async (_request, reply) =>
    reply
      .header('cache-control', 'public, max-age=3600')
      .type('text/plain; charset=utf-8')
      .send(`User-agent: *\nAllow: /\nDisallow: /api/\n\nSitemap: ${base}/sitemap.xml\n`),
  );
}
