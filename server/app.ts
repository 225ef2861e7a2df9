import compress from '@fastify/compress';
import cookie from '@fastify/cookie';
import rateLimit from '@fastify/rate-limit';
import Fastify, { type FastifyInstance, type FastifyRequest } from 'fastify';
import type { RenderPage } from '#shared/page-render';
import type { AppContext } from './context';
import type { Lookup } from './feature';
import { type AppServices, features, personalDataParts } from './features';
import { createContentStore } from './features/content/store';
import { createSearchService } from './features/search/service';
import { siteConfig } from './features/site-config/routes';
import { createPageBuilder } from './rendering/builder';
import { loaderCspSource } from './rendering/deferred-scripts';
import { pagesRoutes } from './rendering/routes';
import { HttpError, registerErrorHandler } from './http/errors';
import { databaseRateLimitStore } from './http/rate-limit-store';
import { recordApiRoutes } from './http/route-registry';
import { registerSecurity } from './http/security';
import { refuseUnstorableText } from './http/unstorable-text';
import { parseJsonBodies } from './http/json-body';
import { clientDistDir } from './dirs';

export interface BuildAppOptions {
  /** The built client to serve; tests without a build get the head-only fallback page. */
  clientDir?: string;
  logger?: boolean;
  /** Tests share one PostgreSQL database: each app counts its own rate limits unless told to share. */
  rateLimitKeyPrefix?: string;
  /** The app's server renderer; by default the SSR build beside the client (tests pass the source's). */
  renderPage?: RenderPage;
  /** Render the pages every visitor gets right after listening (the production server does). */
  warmUpPages?: boolean;
  /** Where the log goes instead of stdout (tests read it). */
  logStream?: { write(line: string): void };
}

/** The whole application without listening: main.ts starts it, tests build their own. */
export async function buildApp(ctx: AppContext, options: BuildAppOptions = {}): Promise<FastifyInstance> {
  const app = Fastify({
    logger: options.logger === false ? false : { level: ctx.env.LOG_LEVEL, ...(options.logStream ? { stream: options.logStream } : {}) },
    trustProxy: ctx.env.TRUST_PROXY,
    bodyLimit: ctx.env.BODY_LIMIT_BYTES,
    // A client that never finishes its request is dropped: Node checks the deadline every
    // connectionsCheckingInterval, so it is kept well under the timeout.
    requestTimeout: ctx.env.REQUEST_TIMEOUT_MS,
    connectionTimeout: ctx.env.IDLE_TIMEOUT_MS,
    http: {
      headersTimeout: ctx.env.REQUEST_TIMEOUT_MS,
      connectionsCheckingInterval: Math.min(5000, Math.ceil(ctx.env.REQUEST_TIMEOUT_MS / 4)),
    },
    return503OnClosing: true,
    routerOptions: { ignoreTrailingSlash: true },
  });

  registerErrorHandler(app);
  recordApiRoutes(app);
  parseJsonBodies(app);
  refuseUnstorableText(app);
  ctx.mailQueue.useLogger(app.log);
  // Shutdown (app.close) waits for mail still being sent, so an accepted action never loses its email.
  app.addHook('onClose', () => ctx.mailQueue.idle());
  // The API speaks JSON only: any other body type is refused with 415 instead of reaching a route as a string.
  app.removeContentTypeParser('text/plain');
  await registerSecurity(app, {
    publicUrl: ctx.env.PUBLIC_URL,
    behindHttps: ctx.env.SECURE_COOKIES,
    stripeJs: Boolean(ctx.env.STRIPE_SECRET_KEY),
    inlineScripts: [loaderCspSource],
  });
  // Answers over 1 KB are compressed. Request bodies are not accepted compressed: no client of
  // ours sends one, and a small compressed body could expand far past the body limit.
  await app.register(compress, { threshold: 1024, globalDecompression: false });
  await app.register(cookie);
  await app.register(rateLimit, {
    global: false,
    // Counted in the database, so several servers on one database share each limit.
    store: databaseRateLimitStore(ctx.db, options.rateLimitKeyPrefix),
    errorResponseBuilder: (_request, context) => new HttpError(429, `Too many requests. Please wait ${context.after} and try again.`),
  });

  // The published pages, read once and again on every publish from any server.
  const content = await createContentStore(ctx.database, app.log);
  app.addHook('onClose', () => content.close());
  // Answers kept until what search finds changes; counts of searches written every few seconds.
  const search = createSearchService(ctx.db, app.log, { contactEmail: ctx.env.CONTACT_EMAIL });
  app.addHook('onClose', () => search.close());
  const builder = createPageBuilder({ clientDir: options.clientDir ?? clientDistDir, siteConfig: siteConfig(ctx.env), renderPage: options.renderPage });

  // Every feature's public and admin routes, in the list's order (server/features.ts).
  const services: AppServices = { ctx, content, search, builder, personalDataParts };
  for (const feature of features) await app.register(feature.routes, services);

  const unknownApiRoute = async (request: FastifyRequest) => {
    throw new HttpError(404, `No API route ${request.method} ${request.url.split('?')[0]}`);
  };
  // `/api/*` does not match `/api` itself, which would otherwise fall through to the HTML pages.
  app.all('/api', unknownApiRoute);
  app.all('/api/*', unknownApiRoute);
  await app.register(pagesRoutes, {
    clientDir: options.clientDir ?? clientDistDir,
    builder,
    content,
    lookupPage: firstLookup(features.flatMap((feature) => feature.lookups?.(services) ?? [])),
    warmUp: options.warmUpPages,
  });
  app.setNotFoundHandler((request, reply) => reply.status(404).send({ message: `Not found: ${request.method} ${request.url.split('?')[0]}` }));

  return app;
}

/** The lookup that knows the path answers for it (each answers for pages of its own). */
function firstLookup(lookups: Lookup[]): Lookup {
  return async (pathname, query, request) => {
    for (const lookup of lookups) {
      const found = await lookup(pathname, query, request);
      if (found) return found;
    }
    return undefined;
  };
}
