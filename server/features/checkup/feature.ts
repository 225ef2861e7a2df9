import type { Feature } from '../../feature';
import { checkupAdminRoutes } from './admin-routes';
import { recomputePeerGroups } from './peers';
import { sendRetakeReminders } from './reminders';
import { lookupResultPage } from './result-page';
import { checkupRoutes } from './routes';
import { checkupPersonalData } from './repo';

export const checkupFeature: Feature = {
  name: 'checkup',
  async routes(app, { ctx }) {
    await app.register(checkupRoutes, ctx);
    await app.register(checkupAdminRoutes, ctx);
  },
  lookups: ({ ctx }) => [lookupResultPage(ctx)],
  jobs: ({ ctx }) => [
    // Retake reminders, once per attempt across servers (decision 038).
    { name: 'checkup-reminders', cron: '7 * * * *', run: async () => void (await sendRetakeReminders(ctx)) },
    // The peer figures (decision 040): recomputed every hour and when a server starts, never per request.
    { name: 'checkup-peers', cron: '29 * * * *', atStart: true, run: async () => void (await recomputePeerGroups(ctx.db)) },
  ],
  personalData: checkupPersonalData,
};
