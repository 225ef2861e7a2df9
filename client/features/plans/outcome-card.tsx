import { Link } from '../../components/link';
import type { PlanOutcome } from '#shared/plans/schemas';
import { Card } from '../../components/ui/card';
import { textLinkClass } from '../../components/ui/text-link';
import { outcomeSentence } from './plan-texts';

/**
 * "Did it work": per planned pillar, its health when the plan began and at the next result, beside
 * what was done. On the plan's page it names the result; on the result's page it links to the plan.
 */
export function OutcomeCard({ outcome, on }: { outcome: PlanOutcome; on: 'plan' | 'result' }) {
  return (
    <Card aria-labelledby="did-it-work-heading" role="region">
      <h2 id="did-it-work-heading" className="font-serif text-2xl font-bold text-stone-900">
        Did it work?
      </h2>
      <p className="mt-2 text-stone-700">
        {on === 'plan' ? (
          <>
            Compared with{' '}
            <Link to={outcome.resultPath} className={textLinkClass}>
              {outcome.resultLabel}
            </Link>
            , the first result since the plan began:
          </>
        ) : (
          <>
            Since{' '}
            <Link to={`/plans/${outcome.planId}`} className={textLinkClass}>
              your plan
            </Link>{' '}
            began, each planned pillar has moved:
          </>
        )}
      </p>
      <ul className="mt-3 grid gap-2" aria-label="Change per planned pillar">
        {outcome.pillars.map((pillar) => (
          <li key={pillar.pillar} className="rounded-md bg-stone-50 px-3 py-2 font-semibold text-stone-900">
            {outcomeSentence(pillar)}
          </li>
        ))}
      </ul>
    </Card>
  );
}
