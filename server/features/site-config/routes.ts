import type { FastifyInstance } from 'fastify';
import type { SiteConfig } from '#shared/site-config';
import { apiPaths } from '#shared/api/paths';
import type { AppContext } from '../../context';
import type { Env } from '../../env';

/** The few settings the browser needs. Demo mode is decided here, never by a value a visitor can set (docs/product.md (Decisions)). */
export function siteConfig(env: Env): SiteConfig {
  return {
    contactEmail: env.CONTACT_EMAIL,
    demoMode: env.DEMO_MODE,
    publicUrl: env.PUBLIC_URL,
    timeZone: env.SITE_TIMEZONE,
    // With STRIPE_SECRET_KEY set, env.ts requires the publishable key too.
    billing: env.STRIPE_SECRET_KEY && env.STRIPE_PUBLISHABLE_KEY ? { provider: 'stripe', publishableKey: env.STRIPE_PUBLISHABLE_KEY } : { provider: 'local' },
  };
}

export async function siteConfigRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  app.get(apiPaths.config, async (_request, reply) => {
    reply.header('Cache-Control', 'no-cache');
    return siteConfig(ctx.env);
  });
}
