import type { Feature } from '../../feature';
import { eventsRoutes } from './routes';

export const eventsFeature: Feature = {
  name: 'events',
  async routes(app, { ctx }) {
    await app.register(eventsRoutes, ctx);
  },
};
