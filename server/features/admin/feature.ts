import type { AppContext } from '../../context';
import type { Feature } from '../../feature';
import type { PersonalData } from '../../personal-data';
import { adminRoutes } from './routes';

export const adminFeature: Feature<{ ctx: AppContext; personalDataParts: readonly PersonalData[] }> = {
  name: 'admin',
  async routes(app, { ctx, personalDataParts }) {
    await app.register(adminRoutes, { ctx, personalDataParts });
  },
};
