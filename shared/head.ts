import { escapeHtml } from './text';
import { notFoundMeta } from './not-found-head';
import { headOf, pageTitle } from './route-heads';
import { matchRoute, type RouteMeta } from './routes';
import { site } from './site';

/** The site's social card: a 1200×630 PNG in client/public/, drawn by scripts/og-card.mjs. */
export const socialCard = {
  path: '/og-card.png',
  width: 1200,
  height: 630,
  alt: `${site.name}: field guides, the Check-Up, The Weekly Dish and a community for nonprofit leaders`,
} as const;

/** One head element the page keeps up to date, identified by its key attribute (`name`, `property` or `rel`). */
export interface HeadTag {
  element: 'meta' | 'link';
  key: 'name' | 'property' | 'rel';
  id: string;
  /** The attribute carrying the value: `content` for meta, `href` for link. */
  attribute: 'content' | 'href';
  value: string;
}

export interface PageHead {
  title: string;
  /** 404 for paths outside the route table. */
  status: 200 | 404;
  tags: HeadTag[];
}

/**
 * Whether search engines should index a route: not when it needs an account, only makes sense
 * for one person (tokens, confirmations, results) or is still a placeholder screen.
 */
export function isIndexable(route: RouteMeta | undefined): boolean {
  return Boolean(route && route.page && !route.noindex && !route.signedIn);
}

/** A page's own words from the database (an edition); `noindex` keeps a members' page out of search. */
export interface PageContent {
  title: string;
  description: string;
  noindex?: boolean;
}

/**
 * The head of a page: title, description, canonical URL, robots, Open Graph and Twitter tags.
 * The server writes it into the HTML and the client applies it on every navigation, so both
 * always agree. URLs are absolute from the site's public address, never from the browser's.
 */
export function pageHead(pathname: string, publicUrl: string, content?: PageContent): PageHead {
  const route = matchRoute(pathname);
  const path = route ? pathname.replace(/\/+$/, '') || '/' : '/404';
  // A page whose words come from the database (an edition) names itself; the route table has the rest.
  const meta = route && content ? content : route ? headOf(route) : notFoundMeta;
  const title = pageTitle(meta, path);
  const url = route ? `${publicUrl}${path}` : `${publicUrl}${pathname}`;
  const image = `${publicUrl}${socialCard.path}`;
  const metaTag = (key: 'name' | 'property', id: string, value: string): HeadTag => ({ element: 'meta', key, id, attribute: 'content', value });
  return {
    title,
    status: route ? 200 : 404,
    tags: [
      metaTag('name', 'description', meta.description),
      { element: 'link', key: 'rel', id: 'canonical', attribute: 'href', value: url },
      metaTag('name', 'robots', isIndexable(route) && !content?.noindex ? 'index, follow' : 'noindex'),
      metaTag('property', 'og:type', 'website'),
      metaTag('property', 'og:site_name', site.name),
      metaTag('property', 'og:title', title),
      metaTag('property', 'og:description', meta.description),
      metaTag('property', 'og:url', url),
      metaTag('property', 'og:image', image),
      metaTag('property', 'og:image:width', String(socialCard.width)),
      metaTag('property', 'og:image:height', String(socialCard.height)),
      metaTag('property', 'og:image:alt', socialCard.alt),
      metaTag('name', 'twitter:card', 'summary_large_image'),
      metaTag('name', 'twitter:title', title),
      metaTag('name', 'twitter:description', meta.description),
      metaTag('name', 'twitter:image', image),
      metaTag('name', 'twitter:image:alt', socialCard.alt),
    ],
  };
}

/** The head as HTML, for the server's page template. */
export function headHtml(head: PageHead): string {
  const tags = head.tags.map((tag) => `<${tag.element} ${tag.key}="${escapeHtml(tag.id)}" ${tag.attribute}="${escapeHtml(tag.value)}">`);
  return [`<title>${escapeHtml(head.title)}</title>`, ...tags].join('\n    ');
}
