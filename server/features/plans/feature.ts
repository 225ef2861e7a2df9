import type { AppContext } from '../../context';
import type { Feature } from '../../feature';
import type { ContentStore } from '../content/store';
import { PLAN_FIGURES_ACTIONS, planAdminRoutes } from './admin-routes';
import { computePlanFigures, plansPersonalData } from './repo';
import { PLAN_REMINDERS_JOB, sendPlanReminders } from './reminders';
import { planRoutes } from './routes';

export const plansFeature: Feature<{ ctx: AppContext; content: ContentStore }> = {
  name: 'plans',
  async routes(app, { ctx, content }) {
    await app.register(planRoutes, { ctx, content });
    await app.register(planAdminRoutes, { ctx, content });
  },
  jobs: ({ ctx, isStopping }) => [
    // The digests and reassessment reminders, each once across servers (decision 081), in slices
    // of 50 s, a slice that stopped with work left queueing the next at once. Slices may overlap
    // (the rows are claimed SKIP LOCKED): a server killed mid-run holds up nothing, and what it had
    // not committed goes with the next slice or tick. Also queued a few seconds after a due date is
    // saved (soonAfterDueDates).
    {
      name: PLAN_REMINDERS_JOB,
      cron: '*/5 * * * *',
      atStart: true,
      overlapping: { expireInSeconds: 120 },
      run: async () => {
        const { done } = await sendPlanReminders(ctx, new Date(), Date.now() + 50_000);
        return done || isStopping() ? undefined : 'again';
      },
    },
    // The admin's figures over every plan, every 15 minutes (decision 082): seconds at scale, so never on a request.
    {
      name: 'plan-figures',
      cron: '*/15 * * * *',
      atStart: true,
      run: () => computePlanFigures(ctx.db, PLAN_FIGURES_ACTIONS),
    },
  ],
  personalData: plansPersonalData,
};
