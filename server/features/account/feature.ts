import type { AppContext } from '../../context';
import type { Feature } from '../../feature';
import type { PersonalData } from '../../personal-data';
import { accountPersonalData } from './repo';
import { accountRoutes } from './routes';

export const accountFeature: Feature<{ ctx: AppContext; personalDataParts: readonly PersonalData[] }> = {
  name: 'account',
  async routes(app, { ctx, personalDataParts }) {
    await app.register(accountRoutes, { ctx, personalDataParts });
  },
  personalData: accountPersonalData,
};
