import { adminApiPaths } from '#shared/api/admin-paths';
import { pillarInfo } from '#shared/checkup/questions';
import type { AdminPlanStats } from '#shared/plans/schemas';
import { AdminSection } from '../admin-section';
import { FiguresTable } from '../figures-table';
import { adminKey, useAdminQuery } from '../use-admin';
import { useSiteDates } from '../../site/use-site-dates';
import { averageChangeText, countedText } from './plan-figures';

/**
 * The admin's Plans tab: how many plans there are, which library actions are chosen, done and
 * dropped most, and the average change of a planned pillar by the next result. Counted over
 * plans, never naming a person or an organisation, and shown only from the minimum of plans on.
 */
export function PlansPanel() {
  const stats = useAdminQuery<AdminPlanStats>(adminKey('plans'), adminApiPaths.adminPlans);
  const dates = useSiteDates();
  if (stats.isError) return <p role="alert">The plans' figures could not be loaded. Reload the page to try again.</p>;
  if (!stats.data) return <p role="status">Loading the plans' figures...</p>;
  const { asOf, plans, minimum, actions, pillars } = stats.data;
  const held = `Shown from ${minimum} plans on.`;
  const titles = new Map((actions ?? []).map((action) => [action.slug, action.title]));
  return (
    <AdminSection
      title="Plans"
      intro="Plans made from Check-Up results and team rounds: which of the library's actions people choose, finish and drop, and what changed by the next result. Never a person or an organisation."
    >
      <p className="text-lg text-stone-900">
        <span className="font-semibold">{plans}</span> {plans === 1 ? 'plan' : 'plans'} made
      </p>
      <p className="text-sm text-stone-700">{countedText(asOf, dates.dateTime)}</p>
      <section aria-labelledby="plan-actions-heading" className="grid gap-2">
        <h3 id="plan-actions-heading" className="font-serif text-xl font-semibold text-stone-900">
          Library actions, most chosen first
        </h3>
        {actions === null ? (
          <p className="text-stone-700">{held}</p>
        ) : actions.length === 0 ? (
          <p className="text-stone-700">No library action has been chosen yet.</p>
        ) : (
          <FiguresTable
            caption="Library actions chosen, done and dropped"
            headers={['Action', 'Pillar', 'Chosen', 'Done', 'Dropped']}
            rows={actions.map((action) => [action.slug, pillarInfo[action.pillar].name, action.chosen, action.done, action.dropped])}
            first={(slug) => titles.get(slug) ?? slug}
          />
        )}
      </section>
      <section aria-labelledby="plan-pillars-heading" className="grid gap-2">
        <h3 id="plan-pillars-heading" className="font-serif text-xl font-semibold text-stone-900">
          Average change of a planned pillar by the next result
        </h3>
        <FiguresTable
          caption="Average change per planned pillar"
          headers={['Pillar', 'Plans with a result', 'Average change']}
          rows={pillars.map((pillar) => [pillarInfo[pillar.pillar].name, pillar.plans, averageChangeText(pillar.averageChange, minimum)])}
        />
      </section>
    </AdminSection>
  );
}
