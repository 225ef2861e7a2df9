import type { Feature } from '../../feature';
import { coachingAdminRoutes } from './admin-routes';
import { coachingRoutes } from './routes';
import { coachingHousekeeping } from './service';
import { coachingPersonalData } from './repo';

export const coachingFeature: Feature = {
  name: 'coaching',
  async routes(app, { ctx }) {
    await app.register(coachingRoutes, ctx);
    await app.register(coachingAdminRoutes, ctx);
  },
  jobs: ({ ctx }) => [
    // Bookings of members no longer premium cancelled (slot freed), one reminder per booking.
    { name: 'coaching', cron: '* * * * *', run: async () => void (await coachingHousekeeping(ctx)) },
  ],
  personalData: coachingPersonalData,
};
