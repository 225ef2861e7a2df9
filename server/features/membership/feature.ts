import type { Feature } from '../../feature';
import { runGrants } from './grants';
import { runMembershipCheck } from './membership-check';
import { membershipRoutes } from './routes';
import { membershipPersonalData } from './repo';

export const membershipFeature: Feature = {
  name: 'membership',
  async routes(app, { ctx }) {
    await app.register(membershipRoutes, ctx);
  },
  jobs: ({ ctx, log }) => [
    // Local test payments' renewals and retries, and the end of premium when a cancelled period is over.
    { name: 'membership-check', cron: '*/5 * * * *', run: () => runMembershipCheck(ctx, log), atStart: true },
    // Admins' time-limited grants: each ends by itself, its member told a week before and on the day (decision 052).
    { name: 'premium-grants', cron: '* * * * *', atStart: true, run: async () => void (await runGrants(ctx)) },
  ],
  personalData: membershipPersonalData,
};
