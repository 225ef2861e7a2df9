import type { FastifyInstance } from 'fastify';
import { apiPaths } from '#shared/api/paths';
import { type PublicEditions, slugSchema } from '#shared/newsletter/editions';
import { z } from '#shared/zod';
import type { AppContext } from '../../context';
import { HttpError, parseInput } from '../../http/errors';
import { archivePage, sentEdition } from './repo';

const slugParams = z.object({ slug: slugSchema }).strict();

/** The public archive (issue 23.6): sent editions only, the latest first; drafts and premium announcements never. */
export async function editionRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  app.get(apiPaths.editions, async (_request, reply): Promise<PublicEditions> => {
    reply.header('cache-control', 'no-cache');
    return archivePage(ctx.db);
  });
  app.get(apiPaths.edition, async (request, reply) => {
    reply.header('cache-control', 'no-cache');
    const edition = await sentEdition(ctx.db, parseInput(slugParams, request.params).slug);
    if (!edition) throw new HttpError(404, 'Edition not found');
    return edition;
  });
}
