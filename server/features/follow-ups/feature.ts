import type { Feature } from '../../feature';
import { followUpAdminRoutes } from './admin-routes';
import { followUpRoutes } from './routes';
import { sendDueFollowUps } from './service';
import { followUpsPersonalData } from './repo';

export const followUpsFeature: Feature = {
  name: 'follow-ups',
  async routes(app, { ctx }) {
    await app.register(followUpRoutes, ctx);
    await app.register(followUpAdminRoutes, ctx);
  },
  jobs: ({ ctx }) => [
    // The Check-Up's follow-ups: each due step once per person (decision 039), delivered after its commit.
    { name: 'follow-ups', cron: '* * * * *', run: async () => void (await sendDueFollowUps(ctx)) },
  ],
  personalData: followUpsPersonalData,
};
