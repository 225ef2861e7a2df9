import { editionHead, editionQueryKey, editionsQueryKey, slugSchema } from '#shared/newsletter/editions';
import type { AppContext } from '../../context';
import type { PageLookup } from '../pages/builder';
import { archivePage, sentEdition } from './repo';

/**
 * /weekly-dish and /weekly-dish/<slug> (issue 23.6): rendered by the server with the editions in
 * them, each edition with its own title and description in the head (and social card); an
 * unknown or unsent edition is a 404.
 */
export function lookupEditionPage(ctx: AppContext): (pathname: string) => Promise<PageLookup | undefined> {
  return async (pathname) => {
    if (pathname === '/weekly-dish') {
      return { found: true, queries: [{ queryKey: editionsQueryKey, data: await archivePage(ctx.db) }] };
    }
    const match = /^\/weekly-dish\/([^/]+)$/.exec(pathname);
    if (!match) return undefined;
    let slug: string;
    try {
      slug = decodeURIComponent(match[1]!);
    } catch {
      return { found: false, queries: [] };
    }
    const edition = slugSchema.safeParse(slug).success ? await sentEdition(ctx.db, slug) : null;
    return {
      found: Boolean(edition),
      queries: [{ queryKey: editionQueryKey(slug), data: edition }],
      ...(edition ? { head: editionHead(edition) } : {}),
    };
  };
}
