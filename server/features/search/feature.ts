import type { AppContext } from '../../context';
import type { Feature } from '../../feature';
import { searchAdminRoutes } from './admin-routes';
import { lookupSearchPage, searchRoutes } from './routes';
import type { SearchService } from './service';

export const searchFeature: Feature<{ ctx: AppContext; search: SearchService }> = {
  name: 'search',
  async routes(app, { ctx, search }) {
    await app.register(searchRoutes, { ctx, search });
    await app.register(searchAdminRoutes, { ctx, search });
  },
  // Drawn for the person who asks (their session), unlike the other features' pages.
  lookups: ({ ctx, search }) => [lookupSearchPage(search, ctx)],
};
