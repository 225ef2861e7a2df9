import type { AppContext } from '../../context';
import type { Feature } from '../../feature';
import type { PageBuilder } from '../../rendering/builder';
import { contentAdminRoutes } from './admin-routes';
import { imageUploadRoutes, mediaRoutes, stripStoredImages } from './images';
import { publishDue, contentPersonalData } from './repo';
import { contentRoutes, lookupContentPage } from './routes';
import type { ContentStore } from './store';

export const contentFeature: Feature<{ ctx: AppContext; content: ContentStore; builder: PageBuilder }> = {
  name: 'content',
  async routes(app, { ctx, content, builder }) {
    await app.register(contentRoutes, { ctx, content });
    await app.register(mediaRoutes, ctx);
    await app.register(contentAdminRoutes, { ctx, builder, content });
    await app.register(imageUploadRoutes, ctx);
  },
  lookups: ({ content }) => [lookupContentPage(content)],
  jobs: ({ ctx, log }) => [
    // Pages and resources scheduled in /admin → Content go live, once across servers.
    { name: 'content-publish', cron: '* * * * *', run: async () => void (await publishDue(ctx.db)) },
    // Images stored with their metadata (EXIF, GPS) before it was stripped on upload: cleaned once, each marked when done.
    { name: 'images', cron: '41 * * * *', atStart: true, run: () => stripStoredImages(ctx.db, log) },
  ],
  personalData: contentPersonalData,
};
