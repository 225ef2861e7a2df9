import type { Feature } from '../../feature';
import { teamCheckupAdminRoutes } from './admin-routes';
import { sendRoundReminders } from './reminders';
import { teamCheckupPersonalData } from './repo';
import { teamCheckupRoutes } from './routes';

export const teamCheckupFeature: Feature = {
  name: 'team-checkup',
  async routes(app, { ctx }) {
    await app.register(teamCheckupRoutes, ctx);
    await app.register(teamCheckupAdminRoutes, ctx);
  },
  jobs: ({ ctx, isStopping }) => [
    // Rounds whose time passed closed, and each reminder once across servers (decision 079), in
    // slices of 50 s, a slice that stopped with work left queueing the next at once. Slices may
    // overlap (the rows are claimed SKIP LOCKED): a server killed mid-run holds up nothing, and
    // what it had not committed goes out with the next slice or tick (at most 5 minutes).
    {
      name: 'team-checkup-reminders',
      cron: '*/5 * * * *',
      atStart: true,
      overlapping: { expireInSeconds: 120 },
      run: async () => {
        const { done } = await sendRoundReminders(ctx, new Date(), Date.now() + 50_000);
        return done || isStopping() ? undefined : 'again';
      },
    },
  ],
  personalData: teamCheckupPersonalData,
};
