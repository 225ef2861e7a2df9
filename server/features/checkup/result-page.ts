import { checkupResultQueryKey } from '#shared/query-keys';
import { siteIsoDate } from '#shared/site-time';
import type { AppContext } from '../../context';
import type { PageLookup } from '../../rendering/builder';
import { findResultView } from './routes';

/**
 * For /checkup/results/:id: the result, rendered into the page by the server, or "not found"
 * (HTTP 404, and the page's own "We couldn't find these results").
 *
 * A found result's page is kept, drawn once (decision 086): the server draws it the same for
 * every visitor (who is signed in, their plans and their email are filled in by the browser),
 * and what it shows is the attempt, which never changes, and the stored peer figures, which do.
 * Both are read from the database on every request, and the page is kept under what was read:
 * new figures or a deleted attempt (from any server) are a new key or a 404 on the next visit.
 * The site's date is in the key too: the footer's year comes from the day the page was drawn.
 */
export function lookupResultPage(ctx: AppContext): (pathname: string) => Promise<PageLookup | undefined> {
  return async (pathname) => {
    const match = /^\/checkup\/results\/([^/]+)$/.exec(pathname);
    if (!match) return undefined;
    let id: string;
    try {
      id = decodeURIComponent(match[1]!);
    } catch {
      return { found: false, queries: [] };
    }
    const view = await findResultView(ctx.db, id);
    if (!view) return { found: false, queries: [{ queryKey: checkupResultQueryKey(id), data: null }] };
    return {
      found: true,
      queries: [{ queryKey: checkupResultQueryKey(id), data: view }],
      keepAs: `checkup result ${siteIsoDate(new Date(), ctx.env.SITE_TIMEZONE)} ${JSON.stringify(view)}`,
    };
  };
}
