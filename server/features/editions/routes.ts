import type { FastifyInstance } from 'fastify';
import { apiPaths } from '#shared/api/paths';
import { type PublicEditions, slugSchema } from '#shared/newsletter/editions';
import { z } from '#shared/zod';
import type { AppContext } from '../../context';
import { HttpError, parseInput } from '../../http/errors';
import { getSessionUser } from '../../http/guards';
import { archivePage, sentEdition } from './repo';

const slugParams = z.object({ slug: slugSchema }).strict();

/**
 * The archive: sent editions only, the latest first, drafts never. A premium
 * announcement is in no list; its own address (its "View in your browser" link) serves it to a
 * signed-in premium member, and tells anyone else what it takes (401: sign in, 403: the plans).
 */
export async function editionRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  app.get(apiPaths.editions, async (_request, reply): Promise<PublicEditions> => {
    reply.header('cache-control', 'no-cache');
    return archivePage(ctx.db, ctx.env.SITE_TIMEZONE);
  });
  app.get(apiPaths.edition, async (request, reply) => {
    const edition = await sentEdition(ctx.db, parseInput(slugParams, request.params).slug, ctx.env.SITE_TIMEZONE);
    if (!edition) throw new HttpError(404, 'Edition not found');
    // Only premium announcements are members' reading: a segment's edition is as public as any other at its address.
    if (edition.audience !== 'premium') {
      reply.header('cache-control', 'no-cache');
      return edition;
    }
    // Members' reading, and the answer depends on who asks: no shared cache may keep it.
    reply.header('cache-control', 'private, no-store');
    const user = await getSessionUser(request, ctx);
    if (!user) throw new HttpError(401, 'This edition is for premium members: sign in to read it.');
    if (!user.isPremium) throw new HttpError(403, 'This edition is for premium members.');
    return edition;
  });
}
