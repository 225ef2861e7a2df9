import type { FastifyInstance } from 'fastify';
import { apiPaths } from '#shared/api/paths';
import { searchQueryKey } from '#shared/query-keys';
import { searchParamsSchema } from '#shared/search/query-schema';
import { emptyAnswer, type SearchAnswer, searchOf } from '#shared/search/search';
import { z } from '#shared/zod';
import type { AppContext } from '../../context';
import { parseInput } from '../../http/errors';
import { getSessionUser } from '../../http/guards';
import type { PageLookup } from '../../rendering/builder';
import type { SearchService } from './service';

/** A premium member's browser asks again for a search the server drew for everyone: that is not a second search. */
const apiParamsSchema = searchParamsSchema.extend({ again: z.literal('1', { error: 'again must be 1' }).optional() }).strict();

/** GET /api/search: the site's search, as the session may see it (decision 042). */
export async function searchRoutes(app: FastifyInstance, { ctx, search }: { ctx: AppContext; search: SearchService }): Promise<void> {
  app.get(apiPaths.search, async (request, reply) => {
    const params = parseInput(apiParamsSchema, request.query);
    const user = await getSessionUser(request, ctx);
    const answer = await search.search(params, { premium: Boolean(user?.isPremium) });
    // Counted once per search typed: not again for another page, another kind or a member's second look.
    if (!params.again && params.page === 1 && !params.kind) search.count(answer.query, answer.total === 0);
    reply.header('Cache-Control', user ? 'private, no-store' : 'no-cache');
    return answer;
  });
}

/**
 * /search?q=…: drawn by the server for everyone (premium items locked), so it works before and
 * without JavaScript and a result list can be shared; a bad query is drawn with its message.
 */
export function lookupSearchPage(search: SearchService): (pathname: string, query: URLSearchParams) => Promise<PageLookup | undefined> {
  return async (pathname, query) => {
    if (pathname !== '/search') return undefined;
    const key = searchQueryKey(searchOf(query));
    const parsed = searchParamsSchema.safeParse({ q: query.get('q') ?? undefined, kind: query.get('kind') ?? undefined, page: query.get('page') ?? undefined });
    if (!parsed.success) {
      const refused: SearchAnswer = { ...emptyAnswer, message: parsed.error.issues[0]?.message ?? 'This search cannot be made.' };
      return { found: true, queries: [{ queryKey: key, data: refused }] };
    }
    const { answer, generation } = await search.searchAt(parsed.data, { premium: false });
    if (parsed.data.page === 1 && !parsed.data.kind) search.count(answer.query, answer.total === 0);
    return {
      found: true,
      // Without a query the page is the same for everyone: kept like the pages without data.
      keep: !answer.query && !query.size,
      // With one, the same for everyone until what search finds changes: kept under that.
      keepAs: `search ${generation} ${query.toString()}`,
      queries: [{ queryKey: key, data: answer }],
    };
  };
}
