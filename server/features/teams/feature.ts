import type { Feature } from '../../feature';
import { teamAdminRoutes } from './admin-routes';
import { withdrawInvitationsBeyondSeats } from './over-seats';
import { teamRoutes } from './routes';
import { teamsPersonalData } from './repo';

export const teamsFeature: Feature = {
  name: 'teams',
  async routes(app, { ctx }) {
    await app.register(teamRoutes, ctx);
    await app.register(teamAdminRoutes, ctx);
  },
  jobs: ({ ctx }) => [
    // Open invitations a team has no seat left for (its quantity lowered at the provider): withdrawn, its buyer told (decision 063).
    { name: 'team-seats', cron: '*/5 * * * *', run: async () => void (await withdrawInvitationsBeyondSeats(ctx)) },
  ],
  personalData: teamsPersonalData,
};
