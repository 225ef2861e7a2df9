import type { AppContext } from '../../context';
import type { Feature } from '../../feature';
import type { ContentStore } from '../content/store';
import { planAdminRoutes } from './admin-routes';
import { plansPersonalData } from './repo';
import { planRoutes } from './routes';

export const plansFeature: Feature<{ ctx: AppContext; content: ContentStore }> = {
  name: 'plans',
  async routes(app, { ctx, content }) {
    await app.register(planRoutes, { ctx, content });
    await app.register(planAdminRoutes, { ctx, content });
  },
  personalData: plansPersonalData,
};
