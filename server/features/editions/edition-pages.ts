import { editionHead, type LockedEdition, premiumEditionHead, slugSchema } from '#shared/newsletter/editions';
import { editionQueryKey, editionsQueryKey } from '#shared/query-keys';
import type { AppContext } from '../../context';
import type { PageLookup } from '../../rendering/builder';
import { archivePage, sentEdition, sentEditionAudience } from './repo';

/**
 * /weekly-dish and /weekly-dish/<slug>: rendered by the server with the editions in
 * them, each edition with its own title and description in the head (and social card); an
 * unknown edition, or one whose copies have not started going out, is a 404. A premium announcement's page is drawn locked, the same
 * for everyone: the browser of a signed-in premium member asks for it with the member's session,
 * anyone else is told how to read it; the head says nothing of what is in it.
 */
export function lookupEditionPage(ctx: AppContext): (pathname: string) => Promise<PageLookup | undefined> {
  return async (pathname) => {
    if (pathname === '/weekly-dish') {
      return { found: true, queries: [{ queryKey: editionsQueryKey, data: await archivePage(ctx.db, ctx.env.SITE_TIMEZONE) }] };
    }
    const match = /^\/weekly-dish\/([^/]+)$/.exec(pathname);
    if (!match) return undefined;
    let slug: string;
    try {
      slug = decodeURIComponent(match[1]!);
    } catch {
      return { found: false, queries: [] };
    }
    const audience = slugSchema.safeParse(slug).success ? await sentEditionAudience(ctx.db, slug) : null;
    if (audience === 'premium') {
      const locked: LockedEdition = { slug, audience, locked: true };
      return { found: true, queries: [{ queryKey: editionQueryKey(slug), data: locked }], head: premiumEditionHead };
    }
    const edition = audience ? await sentEdition(ctx.db, slug, ctx.env.SITE_TIMEZONE) : null;
    return {
      found: Boolean(edition),
      queries: [{ queryKey: editionQueryKey(slug), data: edition }],
      ...(edition ? { head: editionHead(edition) } : {}),
    };
  };
}
