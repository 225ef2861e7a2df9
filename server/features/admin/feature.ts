import type { Feature } from '../../feature';
import { adminRoutes } from './routes';

export const adminFeature: Feature = {
  name: 'admin',
  async routes(app, { ctx }) {
    await app.register(adminRoutes, ctx);
  },
};
