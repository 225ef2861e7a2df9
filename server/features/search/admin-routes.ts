import type { FastifyInstance } from 'fastify';
import { adminApiPaths } from '#shared/api/admin-paths';
import { z } from '#shared/zod';
import type { AppContext } from '../../context';
import { parseInput } from '../../http/errors';
import { requireAdmin } from '../../http/guards';
import { weeklySearches } from './repo';
import type { SearchService } from './service';

const weeksSchema = z
  .object({
    weeks: z.coerce
      .number({ error: 'weeks must be a number' })
      .int('weeks must be a whole number')
      .min(1, 'weeks must be at least 1')
      .max(52, 'weeks must be at most 52')
      .default(8),
  })
  .strict();

/** GET /api/admin/searches: per week, the most frequent searches and those that found nothing. */
export async function searchAdminRoutes(app: FastifyInstance, { ctx, search }: { ctx: AppContext; search: SearchService }): Promise<void> {
  app.addHook('onRequest', requireAdmin(ctx));
  app.get(adminApiPaths.adminSearches, async (request, reply) => {
    const { weeks } = parseInput(weeksSchema, request.query);
    // This server's counts still in memory first (another server's are written within seconds).
    await search.flush();
    reply.header('Cache-Control', 'private, no-store');
    return { weeks: await weeklySearches(ctx.db, weeks) };
  });
}
