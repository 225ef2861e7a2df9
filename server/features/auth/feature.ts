import type { Feature } from '../../feature';
import { authRoutes } from './routes';
import { authPersonalData } from './email-verification';

export const authFeature: Feature = {
  name: 'auth',
  async routes(app, { ctx }) {
    await app.register(authRoutes, ctx);
  },
  personalData: authPersonalData,
};
