import type { Feature } from '../../feature';
import { offerAdminRoutes } from './admin-routes';
import { offerRoutes } from './routes';
import { offersPersonalData } from './repo';

export const offersFeature: Feature = {
  name: 'offers',
  async routes(app, { ctx }) {
    await app.register(offerRoutes, ctx);
    await app.register(offerAdminRoutes, ctx);
  },
  personalData: offersPersonalData,
};
