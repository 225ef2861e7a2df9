import { feedRoutes } from './features/editions/feeds';
import { editionRoutes } from './features/editions/routes';
import { editionAdminRoutes } from './features/editions/admin-routes';
import { editionCountRoutes } from './features/editions/count-routes';
import { subscriptionRoutes } from './features/newsletter/subscription-routes';
import { bounceWebhookRoutes } from './features/bounces/routes';
import { bounceAdminRoutes } from './features/bounces/admin-routes';
import { lookupPreferencesPage, preferencesRoutes } from './features/newsletter/preferences-routes';
import compress from '@fastify/compress';
import cookie from '@fastify/cookie';
import rateLimit from '@fastify/rate-limit';
import Fastify, { type FastifyInstance, type FastifyRequest } from 'fastify';
import type { RenderPage } from '#shared/page-render';
import { billingRoutes } from './features/membership/routes';
import type { AppContext } from './context';
import { accountRoutes } from './features/account/routes';
import { alliesRoutes } from './features/allies/routes';
import { adminRoutes } from './features/admin/routes';
import { authRoutes } from './features/auth/routes';
import { lookupResultPage } from './features/checkup/result-page';
import { lookupEditionPage } from './features/editions/pages';
import { checkupRoutes } from './features/checkup/routes';
import { checkupAdminRoutes } from './features/checkup/admin-routes';
import { followUpRoutes } from './features/follow-ups/routes';
import { followUpAdminRoutes } from './features/follow-ups/admin-routes';
import { lookupSearchPage, searchRoutes } from './features/search/routes';
import { searchAdminRoutes } from './features/search/admin-routes';
import { deliverabilityAdminRoutes } from './features/deliverability/admin-routes';
import { createSearchService } from './features/search/service';
import { contactRoutes } from './features/contact/routes';
import { eventsRoutes } from './features/events/routes';
import { guidesRoutes } from './features/guides/routes';
import { healthRoutes } from './features/health/routes';
import { newsletterRoutes } from './features/newsletter/routes';
import { loaderCspSource } from './rendering/deferred-scripts';
import { createPageBuilder, type PageLookup } from './rendering/builder';
import { pagesRoutes } from './rendering/routes';
import { contentRoutes, lookupContentPage } from './features/content/routes';
import { contentAdminRoutes } from './features/content/admin-routes';
import { imageUploadRoutes, mediaRoutes } from './features/content/images';
import { createContentStore } from './features/content/store';
import { premiumRoutes } from './features/premium/routes';
import { webinarRoutes } from './features/webinars/routes';
import { webinarAdminRoutes } from './features/webinars/admin-routes';
import { offerAdminRoutes } from './features/offers/admin-routes';
import { offerRoutes } from './features/offers/routes';
import { teamAdminRoutes } from './features/teams/admin-routes';
import { teamRoutes } from './features/teams/routes';
import { coachingRoutes } from './features/coaching/routes';
import { coachingAdminRoutes } from './features/coaching/admin-routes';
import { siteConfig, siteConfigRoutes } from './features/site-config/routes';
import { HttpError, registerErrorHandler } from './http/errors';
import { databaseRateLimitStore } from './http/rate-limit-store';
import { recordApiRoutes } from './http/route-registry';
import { registerSecurity } from './http/security';
import { refuseUnstorableText } from './http/unstorable-text';
import { parseJsonBodies } from './http/json-body';
import { clientDistDir } from './paths';

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
  ctx.mailer.useLogger(app.log);
  // Shutdown (app.close) waits for mail still being sent, so an accepted action never loses its email.
  app.addHook('onClose', () => ctx.mailer.idle());
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

  await app.register(healthRoutes, ctx);
  await app.register(siteConfigRoutes, ctx);
  await app.register(eventsRoutes, ctx);
  await app.register(authRoutes, ctx);
  await app.register(newsletterRoutes, ctx);
  await app.register(subscriptionRoutes, ctx);
  await app.register(preferencesRoutes, ctx);
  await app.register(editionRoutes, ctx);
  await app.register(bounceWebhookRoutes, ctx);
  await app.register(feedRoutes, { ctx, content });
  await app.register(contentRoutes, { ctx, content });
  await app.register(mediaRoutes, ctx);
  await app.register(contactRoutes, ctx);
  await app.register(guidesRoutes, { ctx, content });
  await app.register(checkupRoutes, ctx);
  await app.register(followUpRoutes, ctx);
  await app.register(searchRoutes, { ctx, search });
  await app.register(billingRoutes, ctx);
  await app.register(accountRoutes, ctx);
  await app.register(premiumRoutes, { ctx, content });
  await app.register(webinarRoutes, ctx);
  await app.register(coachingRoutes, ctx);
  await app.register(alliesRoutes, ctx);
  // The admin's routes, one plugin per feature; each file guards its own routes (admins only).
  await app.register(adminRoutes, ctx);
  await app.register(editionAdminRoutes, ctx);
  await app.register(contentAdminRoutes, { ctx, builder, content });
  await app.register(imageUploadRoutes, ctx);
  await app.register(webinarAdminRoutes, ctx);
  await app.register(offerRoutes, ctx);
  await app.register(offerAdminRoutes, ctx);
  await app.register(teamRoutes, ctx);
  await app.register(teamAdminRoutes, ctx);
  await app.register(coachingAdminRoutes, ctx);
  await app.register(followUpAdminRoutes, ctx);
  await app.register(searchAdminRoutes, { ctx, search });
  await app.register(checkupAdminRoutes, ctx);
  await app.register(bounceAdminRoutes, ctx);
  await app.register(deliverabilityAdminRoutes, ctx);

  const unknownApiRoute = async (request: FastifyRequest) => {
    throw new HttpError(404, `No API route ${request.method} ${request.url.split('?')[0]}`);
  };
  // `/api/*` does not match `/api` itself, which would otherwise fall through to the HTML pages.
  app.all('/api', unknownApiRoute);
  app.all('/api/*', unknownApiRoute);
  await app.register(editionCountRoutes, { ctx, builder });
  // Drawn for the person who asks (their session), unlike the lookups before it.
  const searchPage = lookupSearchPage(search, ctx);
  await app.register(pagesRoutes, {
    clientDir: options.clientDir ?? clientDistDir,
    builder,
    content,
    lookupPage: firstLookup([lookupContentPage(content), lookupResultPage(ctx), lookupEditionPage(ctx), lookupPreferencesPage(ctx), searchPage]),
    warmUp: options.warmUpPages,
  });
  app.setNotFoundHandler((request, reply) => reply.status(404).send({ message: `Not found: ${request.method} ${request.url.split('?')[0]}` }));

  return app;
}

type Lookup = (pathname: string, query: URLSearchParams, request?: FastifyRequest) => Promise<PageLookup | undefined>;

/** The first lookup that knows the path answers for it. */
function firstLookup(lookups: Lookup[]): Lookup {
  return async (pathname, query, request) => {
    for (const lookup of lookups) {
      const found = await lookup(pathname, query, request);
      if (found) return found;
    }
    return undefined;
  };
}
