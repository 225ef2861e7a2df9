import { Link } from '../../components/link';
import type { PlanSummary } from '#shared/plans/schemas';
import { calendarDate } from '#shared/site-time';
import { NextActions, summaryTitle } from '../../components/plan-next-actions';
import { textLinkClass } from '../../components/ui/text-link';
import { useSiteDates } from '../site/use-site-dates';
import { progressText } from './plan-texts';

/** An active plan on /plans: its progress, next actions and a link to it. */
export function ActivePlanCard({ plan }: { plan: PlanSummary }) {
  const dates = useSiteDates();
  return (
    <article className="grid gap-3 rounded-xl border border-stone-200 bg-white p-6 shadow-sm" aria-labelledby={`plan-${plan.id}`}>
      <h3 id={`plan-${plan.id}`} className="font-serif text-xl font-bold text-stone-900 wrap-anywhere">
        {summaryTitle(plan)}
      </h3>
      <p className="text-stone-700">
        Started {dates.long(plan.startedAt)} · {progressText(plan)} · look again on {calendarDate(plan.reassessOn)}
      </p>
      <NextActions actions={plan.next} />
      <Link to={`/plans/${plan.id}`} className={`${textLinkClass} justify-self-start`}>
        Open the plan
      </Link>
    </article>
  );
}
