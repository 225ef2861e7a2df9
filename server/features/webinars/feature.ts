import type { Feature } from '../../feature';
import { webinarAdminRoutes } from './admin-routes';
import { webinarRoutes } from './routes';
import { webinarsPersonalData } from './repo';
import { releaseEndedPlaces, sendReminders } from './service';

export const webinarsFeature: Feature = {
  name: 'webinars',
  async routes(app, { ctx }) {
    await app.register(webinarRoutes, ctx);
    await app.register(webinarAdminRoutes, ctx);
  },
  jobs: ({ ctx }) => [
    // Places of members no longer premium released (each told once), then the reminders a day
    // and an hour before: one notice row per person and start, so once.
    {
      name: 'webinar-reminders',
      cron: '* * * * *',
      run: async () => {
        await releaseEndedPlaces(ctx);
        await sendReminders(ctx);
      },
    },
  ],
  personalData: webinarsPersonalData,
};
