import type { Feature } from '../../feature';
import { siteConfigRoutes } from './routes';

export const siteConfigFeature: Feature = {
  name: 'site-config',
  async routes(app, { ctx }) {
    await app.register(siteConfigRoutes, ctx);
  },
};
