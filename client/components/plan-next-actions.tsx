import type { PlanActionView, PlanSummary } from '#shared/plans/schemas';
import { calendarDate } from '#shared/site-time';

// Shared by the plans' pages and the member home, with types only from the plans' schemas: the
// member home shows these and loads no Zod with its first screen.

/** "Your plan, from your Check-Up of March 3, 2026" or "Riverside Food Bank's plan, from Spring round". */
export const summaryTitle = (plan: Pick<PlanSummary, 'kind' | 'teamName' | 'sourceLabel'>): string =>
  plan.kind === 'team' ? `${plan.teamName ?? 'Your team'}'s plan, from ${plan.sourceLabel}` : `Your plan, from ${plan.sourceLabel}`;

/** The next actions to do: title, owner, due date, overdue in words. */
export function NextActions({ actions }: { actions: readonly PlanActionView[] }) {
  if (actions.length === 0) return <p className="text-sm text-stone-700">Nothing left to do: every action is done or dropped.</p>;
  return (
    <ul className="grid gap-2" aria-label="Next actions">
      {actions.map((action) => (
        <li key={action.id} className="rounded-md bg-stone-50 px-3 py-2">
          <span className="block font-medium wrap-anywhere text-stone-900">{action.title}</span>
          <span className="block text-sm text-stone-700">
            {action.ownerName ?? 'Unassigned'} · {action.dueOn ? `due ${calendarDate(action.dueOn)}` : 'no due date'}
            {action.overdue && <strong className="ml-2 font-semibold text-red-800">Overdue</strong>}
          </span>
        </li>
      ))}
    </ul>
  );
}
