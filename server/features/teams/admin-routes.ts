import type { FastifyInstance } from 'fastify';
import { apiPaths } from '#shared/api/paths';
import type { AppContext } from '../../context';
import { requireAdmin } from '../../http/guards';
import { clockNow } from '../../payment-providers/choose-provider';
import { listTeams } from './repo';

/** The admin's Teams tab (decision 055): every team plan, its seats and who holds them. */
export async function teamAdminRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  // Admins only, checked on request (401, 403).
  app.addHook('onRequest', requireAdmin(ctx));
  // Counted as the buyer's /account counts them: one function, one clock.
  app.get(apiPaths.adminTeams, async (_request, reply) =>
    reply.header('Cache-Control', 'no-store').send({ teams: await listTeams(ctx.db, await clockNow(ctx)) }),
  );
}
