import compress from '@fastify/compress';
import cookie from '@fastify/cookie';
import rateLimit from '@fastify/rate-limit';
import Fastify, { type FastifyInstance } from 'fastify';
import type { AppContext } from './context';
import { adminRoutes } from './features/admin/routes';
import { authRoutes } from './features/auth/routes';
import { checkupRoutes } from './features/checkup/routes';
import { contactRoutes } from './features/contact/routes';
import { eventsRoutes } from './features/events/routes';
import { guidesRoutes } from './features/guides/routes';
import { healthRoutes } from './features/health/routes';
import { newsletterRoutes } from './features/newsletter/routes';
import { pagesRoutes } from './features/pages/routes';
import { siteConfigRoutes } from './features/site-config/routes';
import { HttpError, registerErrorHandler } from './http/errors';
import { registerSecurity } from './http/security';
import { clientDistDir } from './paths';

export interface BuildAppOptions {
  /** The built client to serve; tests without a build get the head-only fallback page. */
  clientDir?: string;
  logger?: boolean;
}

/** The whole application without listening: main.ts starts it, tests build their own. */
export async function buildApp(ctx: AppContext, options: BuildAppOptions = {}): Promise<FastifyInstance> {
  const app = Fastify({
    logger: options.logger === false ? false : { level: ctx.env.LOG_LEVEL },
    trustProxy: ctx.env.TRUST_PROXY,
    bodyLimit: ctx.env.BODY_LIMIT_BYTES,
    return503OnClosing: true,
    routerOptions: { ignoreTrailingSlash: true },
  });

  registerErrorHandler(app);
  // The API speaks JSON only: any other body type is refused with 415 instead of reaching a route as a string.
  app.removeContentTypeParser('text/plain');
  await registerSecurity(app, { publicUrl: ctx.env.PUBLIC_URL, behindHttps: ctx.env.PUBLIC_URL.startsWith('https://') });
  await app.register(compress, { threshold: 1024 });
  await app.register(cookie);
  await app.register(rateLimit, {
    global: false,
    errorResponseBuilder: (_request, context) =>
      new HttpError(429, `Too many requests. Please wait ${context.after} and try again.`),
  });

  await app.register(healthRoutes, ctx);
  await app.register(siteConfigRoutes, ctx);
  await app.register(eventsRoutes, ctx);
  await app.register(authRoutes, ctx);
  await app.register(newsletterRoutes, ctx);
  await app.register(contactRoutes, ctx);
  await app.register(guidesRoutes, ctx);
  await app.register(checkupRoutes, ctx);
  await app.register(adminRoutes, ctx);

  app.all('/api/*', async (request) => {
    throw new HttpError(404, `No API route ${request.method} ${request.url.split('?')[0]}`);
  });
  await app.register(pagesRoutes, { clientDir: options.clientDir ?? clientDistDir, publicUrl: ctx.env.PUBLIC_URL });
  app.setNotFoundHandler((request, reply) => reply.status(404).send({ message: `Not found: ${request.method} ${request.url.split('?')[0]}` }));

  return app;
}
