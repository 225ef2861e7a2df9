import type { Feature } from '../../feature';
import { accountRoutes } from './routes';

export const accountFeature: Feature = {
  name: 'account',
  async routes(app, { ctx }) {
    await app.register(accountRoutes, ctx);
  },
};
