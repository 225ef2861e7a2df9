import type { FastifyInstance, FastifyRequest } from 'fastify';
import { apiPaths } from '#shared/api/paths';
import { searchQueryKey } from '#shared/query-keys';
import { searchParamsSchema } from '#shared/search/query-schema';
import { emptyAnswer, type SearchAnswer, searchOf } from '#shared/search/search';
import { z } from '#shared/zod';
import type { PublicUser } from '#shared/auth/user';
import type { AppContext } from '../../context';
import { parseInput } from '../../http/errors';
import { getSessionUser } from '../../http/guards';
import type { PageLookup } from '../../rendering/builder';
import type { Searcher } from './repo';
import type { SearchService } from './service';

/** A browser asks again for a search it was given for someone else (its reader signed in since): that is not a second search. */
const apiParamsSchema = searchParamsSchema.extend({ again: z.literal('1', { error: 'again must be 1' }).optional() }).strict();

/** Premium items whole for a premium member; for anyone else, locked (admins too: premium views need a premium session). */
const searcherOf = (user: PublicUser | null): Searcher => ({ premium: Boolean(user?.isPremium) });

/** GET /api/search: the site's search, as the session may see it (decision 042). */
export async function searchRoutes(app: FastifyInstance, { ctx, search }: { ctx: AppContext; search: SearchService }): Promise<void> {
  app.get(apiPaths.search, async (request, reply) => {
    const params = parseInput(apiParamsSchema, request.query);
    const user = await getSessionUser(request, ctx);
    const answer = await search.search(params, searcherOf(user));
    // Counted once per search typed: not again for another page, another kind or a member's second look.
    if (!params.again && params.page === 1 && !params.kind) search.count(answer.query, answer.total === 0);
    reply.header('Cache-Control', user ? 'private, no-store' : 'no-cache');
    return answer;
  });
}

/**
 * /search?q=…: drawn by the server, so it works before and without JavaScript and a result list
 * can be shared; a bad query is drawn with its message. Drawn for the person who asked: a
 * premium member's page shows the premium items whole, as the API does for the same session.
 */
export function lookupSearchPage(
  search: SearchService,
  ctx: AppContext,
): (pathname: string, query: URLSearchParams, request?: FastifyRequest) => Promise<PageLookup | undefined> {
  return async (pathname, query, request) => {
    if (pathname !== '/search') return undefined;
    const key = searchQueryKey(searchOf(query));
    const parsed = searchParamsSchema.safeParse({ q: query.get('q') ?? undefined, kind: query.get('kind') ?? undefined, page: query.get('page') ?? undefined });
    if (!parsed.success) {
      const refused: SearchAnswer = { ...emptyAnswer, message: parsed.error.issues[0]?.message ?? 'This search cannot be made.' };
      return { found: true, queries: [{ queryKey: key, data: refused }] };
    }
    // Without a query the page is the same for everyone: no session to look up.
    const searcher = searcherOf(parsed.data.q.trim() && request ? await getSessionUser(request, ctx) : null);
    const { answer, generation } = await search.searchAt(parsed.data, searcher);
    if (parsed.data.page === 1 && !parsed.data.kind) search.count(answer.query, answer.total === 0);
    return {
      found: true,
      // Without a query the page is the same for everyone: kept like the pages without data.
      keep: !answer.query && !query.size,
      // With one, the same for everyone of the same access until what search finds changes: kept under that.
      keepAs: `search ${generation} ${searcher.premium ? 'premium' : 'everyone'} ${query.toString()}`,
      personal: Boolean(answer.query),
      queries: [{ queryKey: key, data: answer }],
    };
  };
}
