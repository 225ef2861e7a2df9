import type { FastifyInstance } from 'fastify';
import { apiPaths } from '#shared/api/paths';
import { contentSections, isPremiumSection } from '#shared/content/pages';
import { pageQueryKey, resourcesQueryKey } from '#shared/query-keys';
import { z } from '#shared/zod';
import type { AppContext } from '../../context';
import { HttpError, parseInput } from '../../http/errors';
import { requirePremium } from '../../http/guards';
import type { PageLookup } from '../../rendering/builder';
import { contentAt } from './page-paths';
import type { ContentStore } from './store';

const pageParams = z.object({ section: z.enum(contentSections, { error: `section must be one of: ${contentSections.join(', ')}` }), slug: z.string().max(200) }).strict();

/**
 * The published content for visitors: a page by section and address, and the
 * resources library. Premium items answer to premium sessions only, as the premium hub does.
 */
export async function contentRoutes(app: FastifyInstance, { ctx, content }: { ctx: AppContext; content: ContentStore }): Promise<void> {
  const premiumOnly = requirePremium(ctx);
  app.get(apiPaths.page, async (request, reply) => {
    const { section, slug } = parseInput(pageParams, request.params);
    if (isPremiumSection(section)) {
      await premiumOnly.call(app, request, reply);
      reply.header('Cache-Control', 'private, no-store');
    } else {
      reply.header('Cache-Control', 'no-cache');
    }
    const page = content.page(section, slug);
    if (!page) throw new HttpError(404, 'No published page at this address');
    return page;
  });

  app.get(apiPaths.resources, async (_request, reply) => {
    reply.header('Cache-Control', 'no-cache');
    return content.resources();
  });
}

export function lookupContentPage(content: ContentStore): (pathname: string) => Promise<PageLookup | undefined> {
  return async (pathname) => {
    if (pathname === '/resources') return { found: true, keep: true, queries: [{ queryKey: resourcesQueryKey, data: content.resources() }] };
    const at = contentAt(pathname);
    if (!at) return undefined;
    const page = content.page(at.section, at.slug);
    return { found: Boolean(page), keep: true, queries: [{ queryKey: pageQueryKey(at.section, at.slug), data: page ?? null }] };
  };
}
