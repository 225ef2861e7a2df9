import type { FastifyInstance } from 'fastify';
import { apiPaths } from '#shared/api/paths';
import { adminRoundsQuerySchema } from '#shared/team-checkup/schemas';
import type { AppContext } from '../../context';
import { requireAdmin } from '../../http/guards';
import { parseInput } from '../../http/errors';
import { adminRoundsPage } from './repo';

/** The admin's list of team Check-Up rounds (decision 077): teams, dates and counts, never anyone's answers (decision 078). */
export async function teamCheckupAdminRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  // Admins only, checked on request (401, 403).
  app.addHook('onRequest', requireAdmin(ctx));
  app.get(apiPaths.adminTeamCheckupRounds, async (request, reply) => {
    const query = parseInput(adminRoundsQuerySchema, request.query);
    return reply.header('Cache-Control', 'no-store').send(await adminRoundsPage(ctx.db, query));
  });
}
