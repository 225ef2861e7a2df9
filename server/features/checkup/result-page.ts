import { isResultId } from '#shared/checkup/schemas';
import { checkupResultQueryKey } from '#shared/query-keys';
import type { AppContext } from '../../context';
import type { PageLookup } from '../../rendering/builder';
import { findCheckupResult } from './repo';
import { resultView } from './routes';

/**
 * For /checkup/results/:id: the result, rendered into the page by the server, or "not found"
 * (HTTP 404, and the page's own "We couldn't find these results").
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
    const row = isResultId(id) ? await findCheckupResult(ctx.db, id) : undefined;
    return { found: Boolean(row), queries: [{ queryKey: checkupResultQueryKey(id), data: row ? await resultView(ctx.db, row) : null }] };
  };
}
