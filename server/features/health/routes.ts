import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';

/** /healthz: the process answers. /readyz: and its database answers too (for load balancers). */
export async function healthRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  app.get('/healthz', async () => ({ status: 'ok' }));
  app.get('/readyz', async (request, reply) => {
    try {
      await ctx.database.ping();
      return { status: 'ok', database: ctx.database.kind };
    } catch (error) {
      request.log.error({ err: error }, 'readiness check failed');
      return reply.status(503).send({ message: 'Database unavailable' });
    }
  });
}
