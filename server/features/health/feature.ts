import type { Feature } from '../../feature';
import { healthRoutes } from './routes';

export const healthFeature: Feature = {
  name: 'health',
  async routes(app, { ctx }) {
    await app.register(healthRoutes, ctx);
  },
};
