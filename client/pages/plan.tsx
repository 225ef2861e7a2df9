import { useParams } from 'react-router';
import { Link } from '../components/link';
import { pillarInfo } from '#shared/checkup/questions';
import type { PlanView } from '#shared/plans/schemas';
import { PageHeader } from '../components/page-header';
import { PageLoading } from '../components/page-loading';
import { buttonClasses } from '../components/ui/button';
import { Card } from '../components/ui/card';
import { textLinkClass } from '../components/ui/text-link';
import { SignInRequired } from '../features/auth/sign-in-required';
import { useUser } from '../features/auth/use-user';
import { ActionRow } from '../features/plans/action-row';
import { usePlan } from '../features/plans/api';
import { OutcomeCard } from '../features/plans/outcome-card';
import { AddAction, ClosePlan, PlanHistory, ReassessForm } from '../features/plans/plan-parts';
import { actionsByPillar, priorityTitle, progressText, statementText } from '../features/plans/plan-texts';
import { useSiteDates } from '../features/site/use-site-dates';
import { errorText } from '../lib/api';

/**
 * /plans/:id: a plan's priorities, its actions by pillar (each change saved on its own), adding an
 * action, the reassessment date, the calendar, closing it, who did what and whether it worked.
 * A closed plan, or one the person may only read, shows the same without the controls.
 */
export default function PlanPage() {
  const { id = '' } = useParams();
  const { user, isLoading } = useUser();
  const plan = usePlan(id, Boolean(user));
  if (isLoading || (user && plan.isPending)) return <PageLoading />;
  if (!user) return <SignInRequired />;
  if (plan.isError || !plan.data) {
    return (
      <div className="mx-auto max-w-lg px-4 py-16">
        <Card className="text-center">
          <h1 className="font-serif text-2xl font-bold text-stone-900">Plan not found</h1>
          <p role="alert" className="mt-3 text-stone-700">
            {errorText(plan.error, 'This plan could not be loaded.')}
          </p>
          <Link to="/plans" className={buttonClasses('primary', 'md', 'mt-6')}>
            Your plans
          </Link>
        </Card>
      </div>
    );
  }
  return <Plan plan={plan.data} />;
}

function Plan({ plan }: { plan: PlanView }) {
  const dates = useSiteDates();
  const active = plan.status === 'active';
  const counted = plan.actions.filter((action) => action.status !== 'dropped');
  const done = counted.filter((action) => action.status === 'done').length;
  return (
    <>
      <PageHeader eyebrow={plan.kind === 'team' ? `Team plan · ${plan.teamName ?? 'your team'}` : 'Your plan'} title={`Plan from ${plan.sourceLabel}`}>
        <p>
          {active ? `Started ${dates.long(plan.startedAt)}` : `${dates.long(plan.startedAt)} to ${dates.long(plan.closedAt ?? plan.startedAt)}, closed`} ·{' '}
          {progressText({ actions: counted.length, done })}
          {plan.kind === 'team' ? ` · shared with the people of ${plan.teamName ?? 'your team'}` : ' · only you see it'}
        </p>
      </PageHeader>
      <div className="mx-auto grid max-w-4xl grid-cols-[minmax(0,1fr)] gap-8 px-4 py-10">
        <p className="flex flex-wrap gap-x-6 gap-y-2">
          <Link to="/plans" className={textLinkClass}>
            All your plans
          </Link>
          <Link to={plan.sourcePath} className={textLinkClass}>
            The result it was made from
          </Link>
        </p>
        {!active && (
          <p className="rounded-md border border-stone-300 bg-stone-100 p-3 text-stone-800">
            This plan was closed on {dates.long(plan.closedAt ?? plan.startedAt)}. It is kept here to look back on, and cannot be changed.
          </p>
        )}
        {plan.outcome && <OutcomeCard outcome={plan.outcome} on="plan" />}

        <section aria-labelledby="priorities-heading">
          <h2 id="priorities-heading" className="font-serif text-2xl font-bold text-stone-900">
            Priorities
          </h2>
          <ul className="mt-3 grid gap-2">
            {plan.priorities.map((priority) => (
              <li key={priority.kind === 'pillar' ? priority.pillar : `${priority.pillar}-${priority.questionId}`} className="rounded-md bg-stone-50 px-3 py-2">
                <span className="font-semibold text-stone-900">{priorityTitle(priority)}</span>
                {priority.kind === 'statement' && <span className="block text-sm text-stone-700">“{statementText(priority.questionId)}”</span>}
              </li>
            ))}
          </ul>
        </section>

        <section aria-labelledby="actions-heading" className="grid gap-6">
          <div className="flex flex-wrap items-baseline justify-between gap-3">
            <h2 id="actions-heading" className="font-serif text-2xl font-bold text-stone-900">
              Actions
            </h2>
            {active && plan.actions.some((action) => action.dueOn) && (
              <a href={plan.calendarPath} className={textLinkClass} download>
                Add due dates to your calendar
              </a>
            )}
          </div>
          {actionsByPillar(plan.actions).map((group) => (
            <section key={group.pillar} aria-labelledby={`pillar-${group.pillar}`} className="grid gap-3">
              <h3 id={`pillar-${group.pillar}`} className="font-serif text-xl font-semibold text-stone-900">
                {pillarInfo[group.pillar].name}
              </h3>
              <ul className="grid gap-3">
                {group.actions.map((action) => (
                  <ActionRow key={action.id} plan={plan} action={action} />
                ))}
              </ul>
            </section>
          ))}
        </section>

        {plan.canEdit && (
          <Card>
            <AddAction plan={plan} />
          </Card>
        )}
        <Card>
          <ReassessForm plan={plan} />
        </Card>
        <PlanHistory plan={plan} />
        {plan.canEdit && (
          <Card>
            <h2 className="font-serif text-2xl font-bold text-stone-900">Close the plan</h2>
            <p className="mt-2 mb-4 text-stone-700">
              When the plan is done with, close it. It stays here, read-only; a new plan can be made from your next result.
            </p>
            <ClosePlan plan={plan} />
          </Card>
        )}
      </div>
    </>
  );
}
