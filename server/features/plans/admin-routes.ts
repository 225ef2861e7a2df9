import type { FastifyInstance } from 'fastify';
import { adminApiPaths } from '#shared/api/admin-paths';
import { pillars } from '#shared/checkup/questions';
import { libraryActionOf } from '#shared/plans/library';
import { type AdminPlanStats, PLAN_ADMIN_MINIMUM } from '#shared/plans/schemas';
import type { AppContext } from '../../context';
import { requireAdmin } from '../../http/guards';
import type { ContentStore } from '../content/store';
import { computePlanFigures, storedPlanFigures } from './repo';

/** Library actions in the admin's figures: the most chosen. */
export const PLAN_FIGURES_ACTIONS = 50;

/**
 * The admin's figures about plans (decision 082), as the job last computed them: counts over plans, never naming a person or an
 * organisation, and nothing at all while there are fewer than PLAN_ADMIN_MINIMUM plans; an
 * average change only over at least that many plans with a result since they began.
 */
export async function planAdminRoutes(app: FastifyInstance, { ctx, content }: { ctx: AppContext; content: ContentStore }): Promise<void> {
  // Admins only, checked on request (401, 403).
  app.addHook('onRequest', requireAdmin(ctx));
  app.get(adminApiPaths.adminPlans, async (_request, reply): Promise<AdminPlanStats> => {
    reply.header('Cache-Control', 'no-store');
    const library = new Map(
      content
        .section('actions')
        .flatMap((page) => libraryActionOf(page) ?? [])
        .map((action) => [action.slug, action.title]),
    );
    // As the job last computed them; the first time ever, now.
    const stored = (await storedPlanFigures(ctx.db)) ?? (await computePlanFigures(ctx.db, PLAN_FIGURES_ACTIONS));
    const enough = stored.plans >= PLAN_ADMIN_MINIMUM;
    return {
      asOf: stored.computedAt.toISOString(),
      plans: stored.plans,
      minimum: PLAN_ADMIN_MINIMUM,
      // Named as the library names them now (a plan may have reworded its copy).
      actions: enough ? stored.actions.map((row) => ({ ...row, title: library.get(row.slug) ?? row.title })) : null,
      pillars: pillars.map((pillar) => {
        const found = enough ? stored.pillars.find((change) => change.pillar === pillar) : undefined;
        const counted = found?.plans ?? 0;
        return {
          pillar,
          plans: counted,
          averageChange: found && counted >= PLAN_ADMIN_MINIMUM && found.averageChange !== null ? Math.round(found.averageChange * 10) / 10 : null,
        };
      }),
    };
  });
}
