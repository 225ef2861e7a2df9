import { useParams } from 'react-router';
import { Link } from '../components/link';
import { PageLoading } from '../components/page-loading';
import { buttonClasses } from '../components/ui/button';
import { useUser } from '../features/auth/use-user';
import { useCheckupResult } from '../features/checkup/use-checkup-queries';
import { BreakdownForm } from '../features/checkup/breakdown-form';
import { ResultsView } from '../features/checkup/results-view';
import { DidItWork, MakePlanCard } from '../features/plans/plan-from-result';
import { useSiteDates } from '../features/site/use-site-dates';

/** A saved Check-Up result at /checkup/results/:id, the link the breakdown email carries. */
export default function CheckupResults() {
  const { id = '' } = useParams();
  const { data, isPending, isError } = useCheckupResult(id);
  // Whoever holds the link may be signed in: the breakdown goes to their address unless they type another.
  const { user } = useUser();

  if (isPending) return <PageLoading />;
  if (isError || !data) {
    return (
      <div className="mx-auto max-w-xl px-4 py-20 text-center">
        <h1 className="font-serif text-3xl font-bold">We couldn't find these results</h1>
        <p className="mt-3 text-stone-700">The link may be incomplete. Check the link in your email, or take the Check-Up again: it takes about 10 minutes.</p>
        <Link to="/checkup" className={buttonClasses('primary', 'md', 'mt-8')}>
          Take the Check-Up
        </Link>
      </div>
    );
  }

  return (
    <div className="mx-auto max-w-5xl px-4 py-10 sm:py-14">
      <p className="text-sm font-semibold uppercase tracking-wide text-brand-700">The Check-Up</p>
      <h1 className="mt-2 font-serif text-3xl font-bold text-stone-900 sm:text-4xl">Your Check-Up Results</h1>
      <p className="mt-3 max-w-2xl text-lg text-stone-700">
        Taken on <TakenOn date={data.createdAt} />. A higher score means a healthier pillar.
      </p>
      <div className="mt-8 grid gap-10">
        <DidItWork from={{ kind: 'checkup', id: data.id }} />
        <ResultsView scores={data} peers={data.peers} />
        <MakePlanCard from={{ kind: 'checkup', id: data.id }} offerSignIn />
      </div>
      <div className="mt-10">
        <BreakdownForm initialEmail={user?.email ?? ''} resultId={async () => data.id} />
      </div>
      <div className="mt-10 border-t border-stone-200 pt-8">
        <Link to="/checkup" className={buttonClasses('outline')}>
          Take the Check-Up again
        </Link>
      </div>
    </div>
  );
}

function TakenOn({ date }: { date: string }) {
  return <>{useSiteDates().long(date)}</>;
}
