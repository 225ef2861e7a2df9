import type { Feature } from '../../feature';
import { deliverabilityAdminRoutes } from './admin-routes';

export const deliverabilityFeature: Feature = {
  name: 'deliverability',
  async routes(app, { ctx }) {
    await app.register(deliverabilityAdminRoutes, ctx);
  },
};
