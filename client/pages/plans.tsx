import { Link } from '../components/link';
import { PageHeader } from '../components/page-header';
import { PageLoading } from '../components/page-loading';
import { buttonClasses } from '../components/ui/button';
import { Card } from '../components/ui/card';
import { textLinkClass } from '../components/ui/text-link';
import { SignInRequired } from '../features/auth/sign-in-required';
import { useUser } from '../features/auth/use-user';
import { usePlans } from '../features/plans/api';
import { summaryTitle } from '../components/plan-next-actions';
import { ActivePlanCard } from '../features/plans/plan-summary';
import { progressText } from '../features/plans/plan-texts';
import { useSiteDates } from '../features/site/use-site-dates';
import { errorText } from '../lib/api';

/** /plans: the person's active plan, their team's, and the earlier ones; how to make one when there is none. */
export default function PlansPage() {
  const { user, isLoading } = useUser();
  const plans = usePlans(Boolean(user));
  const dates = useSiteDates();
  if (isLoading || (user && plans.isPending)) return <PageLoading />;
  if (!user) return <SignInRequired />;
  const data = plans.data;
  const active = data ? [data.personal, data.team].filter((plan) => plan !== null) : [];
  return (
    <>
      <PageHeader eyebrow="Plans" title="Your plans">
        <p>Your weakest pillars turned into actions, each with an owner and a date, and whether they worked at your next Check-Up.</p>
      </PageHeader>
      <div className="mx-auto grid max-w-4xl grid-cols-[minmax(0,1fr)] gap-8 px-4 py-10">
        {plans.isError || !data ? (
          <p role="alert" className="text-red-800">
            {errorText(plans.error, 'Your plans could not be loaded.')} Reload the page to try again.
          </p>
        ) : (
          <>
            <section aria-labelledby="active-plans-heading" className="grid gap-4">
              <h2 id="active-plans-heading" className="font-serif text-2xl font-bold text-stone-900">
                Active plans
              </h2>
              {active.length === 0 ? (
                <Card>
                  <p className="text-stone-800">
                    You have no active plan. A plan starts from a result: open your latest Check-Up result and choose &quot;Make a plan&quot;
                    {data.inTeam ? ", or make one for your team from a team round's result" : ''}.
                  </p>
                  <p className="mt-4 flex flex-wrap gap-3">
                    <Link to="/checkup/progress" className={buttonClasses('primary', 'md')}>
                      Open your results
                    </Link>
                    <Link to="/checkup" className={buttonClasses('outline', 'md')}>
                      Take the Check-Up
                    </Link>
                    {data.inTeam && (
                      <Link to="/team-checkup" className={buttonClasses('outline', 'md')}>
                        Your Team Check-Up
                      </Link>
                    )}
                  </p>
                </Card>
              ) : (
                active.map((plan) => <ActivePlanCard key={plan.id} plan={plan} />)
              )}
              {active.length === 1 && data.inTeam && !data.team && (
                <p className="text-stone-700">
                  Your team has no active plan. Make one from a round&apos;s result on{' '}
                  <Link to="/team-checkup" className={textLinkClass}>
                    your Team Check-Up
                  </Link>
                  .
                </p>
              )}
            </section>
            {data.earlier.length > 0 && (
              <section aria-labelledby="earlier-plans-heading">
                <h2 id="earlier-plans-heading" className="font-serif text-2xl font-bold text-stone-900">
                  Earlier plans
                </h2>
                <ul className="mt-3 grid gap-2">
                  {data.earlier.map((plan) => (
                    <li key={plan.id} className="rounded-md border border-stone-200 bg-white px-4 py-3">
                      <Link to={`/plans/${plan.id}`} className={textLinkClass}>
                        {summaryTitle(plan)}
                      </Link>
                      <span className="block text-sm text-stone-700">
                        {dates.long(plan.startedAt)} to {dates.long(plan.closedAt ?? plan.startedAt)} · {progressText(plan)}
                      </span>
                    </li>
                  ))}
                </ul>
              </section>
            )}
          </>
        )}
      </div>
    </>
  );
}
