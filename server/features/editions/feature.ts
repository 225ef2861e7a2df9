import type { AppContext } from '../../context';
import type { Feature } from '../../feature';
import type { PageBuilder } from '../../rendering/builder';
import type { ContentStore } from '../content/store';
import { editionAdminRoutes } from './admin-routes';
import { editionCountRoutes } from './count-routes';
import { feedRoutes } from './feeds';
import { lookupEditionPage } from './edition-pages';
import { editionRoutes } from './routes';
import { deliverEditions, startDueEditions } from './sender';
import { editionsPersonalData } from './repo';

export const editionsFeature: Feature<{ ctx: AppContext; content: ContentStore; builder: PageBuilder }> = {
  name: 'editions',
  async routes(app, { ctx, content, builder }) {
    await app.register(editionRoutes, ctx);
    await app.register(feedRoutes, { ctx, content });
    await app.register(editionAdminRoutes, ctx);
    // The counted links of an edition's email, outside /api.
    await app.register(editionCountRoutes, { ctx, builder });
  },
  lookups: ({ ctx }) => [lookupEditionPage(ctx)],
  jobs: ({ ctx, bulkTransport, isStopping, log }) => {
    const { env } = ctx;
    const sending = {
      publicUrl: env.PUBLIC_URL,
      postalAddress: env.POSTAL_ADDRESS,
      timeZone: env.SITE_TIMEZONE,
      ratePerSecond: env.NEWSLETTER_RATE_PER_SECOND,
      connections: env.NEWSLETTER_CONNECTIONS,
      bounceAddress: env.BOUNCE_ADDRESS,
    };
    return [
      // The Weekly Dish: scheduled editions start, and what is due is sent, in slices of at most 50
      // seconds; a slice that stopped with work left queues the next at once. Slices may overlap
      // (two servers share the rows, SKIP LOCKED), so a server killed mid-send delays the rest by
      // the claim of its rows (a minute), not by its job's expiry (decision 028).
      {
        name: 'weekly-dish',
        cron: '* * * * *',
        atStart: true,
        overlapping: { expireInSeconds: 120 },
        run: async () => {
          await startDueEditions(ctx.db, sending, log);
          const deadline = Date.now() + 50_000;
          await deliverEditions(ctx.db, bulkTransport, sending, { deadline, shouldStop: isStopping, log });
          return Date.now() >= deadline && !isStopping() ? 'again' : undefined;
        },
      },
    ];
  },
  personalData: editionsPersonalData,
};
