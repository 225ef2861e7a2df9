import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';

/** The few settings the browser needs. Demo mode is decided here, never by a value a visitor can set (decisions.md). */
export async function siteConfigRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  app.get('/api/config', async (_request, reply) => {
    reply.header('Cache-Control', 'no-cache');
    return {
      contactEmail: ctx.env.CONTACT_EMAIL,
      demoMode: ctx.env.DEMO_MODE,
      // Which payment form /subscribe shows; the publishable key is public by design (spec point 9).
      billing: ctx.env.STRIPE_SECRET_KEY ? { provider: 'stripe', publishableKey: ctx.env.STRIPE_PUBLISHABLE_KEY } : { provider: 'local' },
    };
  });
}
