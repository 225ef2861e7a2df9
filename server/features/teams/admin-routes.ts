import type { FastifyInstance } from 'fastify';
import { apiPaths } from '#shared/api/paths';
import { adminTeamsQuerySchema } from '#shared/teams/schemas';
import type { AppContext } from '../../context';
import { requireAdmin } from '../../http/guards';
import { parseInput } from '../../http/errors';
import { clockNow } from '../../payment-providers/choose-provider';
import { adminTeamsPage } from './repo';

/** The admin's Teams tab (decision 055): every team plan, its seats and who holds them, a page at a time. */
export async function teamAdminRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  // Admins only, checked on request (401, 403).
  app.addHook('onRequest', requireAdmin(ctx));
  // Counted as the buyer's /account counts them: one function, one clock.
  app.get(apiPaths.adminTeams, async (request, reply) => {
    const query = parseInput(adminTeamsQuerySchema, request.query);
    return reply.header('Cache-Control', 'no-store').send(await adminTeamsPage(ctx.db, query, await clockNow(ctx)));
  });
}
