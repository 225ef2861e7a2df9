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
  jobs: ({ ctx }) => [
    // Rounds whose time passed closed, and each reminder once across servers (decision 079).
    { name: 'team-checkup-reminders', cron: '*/15 * * * *', run: async () => void (await sendRoundReminders(ctx)) },
  ],
  personalData: teamCheckupPersonalData,
};
