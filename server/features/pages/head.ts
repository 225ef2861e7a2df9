import { matchRoute, notFoundMeta, pageTitle, type RouteMeta } from '#shared/routes';
import { site } from '#shared/site';

const escapeHtml = (value: string) =>
  value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** The head tags of one page, written into the HTML so crawlers and link previews see them without running scripts. */
export function headTags(meta: Pick<RouteMeta, 'title' | 'description' | 'noindex' | 'signedIn'>, canonicalUrl: string, path: string): string {
  const title = escapeHtml(pageTitle(meta, path));
  const description = escapeHtml(meta.description);
  const url = escapeHtml(canonicalUrl);
  return [
    `<title>${title}</title>`,
    `<meta name="description" content="${description}">`,
    `<link rel="canonical" href="${url}">`,
    `<meta property="og:type" content="website">`,
    `<meta property="og:site_name" content="${escapeHtml(site.name)}">`,
    `<meta property="og:title" content="${title}">`,
    `<meta property="og:description" content="${description}">`,
    `<meta property="og:url" content="${url}">`,
    `<meta name="twitter:card" content="summary">`,
    `<meta name="twitter:title" content="${title}">`,
    `<meta name="twitter:description" content="${description}">`,
    meta.noindex || meta.signedIn ? '<meta name="robots" content="noindex">' : '',
  ]
    .filter(Boolean)
    .join('\n    ');
}

export interface RenderedPage {
  status: 200 | 404;
  html: string;
}

/**
 * Fills the app's HTML template for a path: the route's own head tags (plus `assets`, the
 * preloads of its screen), or the not-found page's with status 404.
 */
export function renderPage(template: string, pathname: string, publicUrl: string, assets: (page: string) => string = () => ''): RenderedPage {
  const route = matchRoute(pathname);
  const path = route ? pathname.replace(/\/+$/, '') || '/' : pathname;
  const meta = route ?? { ...notFoundMeta, noindex: true };
  const head = [headTags(meta, `${publicUrl}${path}`, route ? path : '/404'), assets(route?.page ?? 'not-found')].filter(Boolean).join('\n    ');
  const html = template.replace('<!--app-head-->', head);
  return { status: route ? 200 : 404, html };
}
