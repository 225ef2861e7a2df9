import { useSearchParams } from 'react-router';
import { Link } from '../components/link';
import { PageHeader } from '../components/page-header';
import { PageLoading } from '../components/page-loading';
import { buttonClasses } from '../components/ui/button';
import { Card } from '../components/ui/card';
import { SignInRequired } from '../features/auth/sign-in-required';
import { useUser } from '../features/auth/use-user';
import { type PlanFrom, usePlanProposal } from '../features/plans/api';
import { MakePlanForm } from '../features/plans/make-plan-form';
import { errorText } from '../lib/api';

/** `?result=<id>` (a personal Check-Up result) or `?round=<id>` (a team round's result). */
function planFrom(params: URLSearchParams): PlanFrom | null {
  const result = params.get('result');
  const round = params.get('round');
  if (result && !round) return { kind: 'checkup', id: result };
  if (round && !result) return { kind: 'round', id: round };
  return null;
}

/**
 * /plans/new: "Make a plan" from a result. The server proposes the weakest pillars (a team: also the
 * statements its people disagree on most) with the library's suggestions; the person chooses.
 */
export default function PlanNewPage() {
  const [params] = useSearchParams();
  const from = planFrom(params);
  const { user, isLoading } = useUser();
  const proposal = usePlanProposal(from, Boolean(user));
  if (isLoading || (user && from && proposal.isPending)) return <PageLoading />;
  if (!user) return <SignInRequired />;
  if (!from || proposal.isError || !proposal.data) {
    return (
      <div className="mx-auto max-w-lg px-4 py-16">
        <Card className="text-center">
          <h1 className="font-serif text-2xl font-bold text-stone-900">A plan cannot be made from here</h1>
          <p role="alert" className="mt-3 text-stone-700">
            {from
              ? errorText(proposal.error, 'The proposal could not be loaded. Reload the page to try again.')
              : 'Open a Check-Up result, then choose "Make a plan".'}
          </p>
          <Link to="/plans" className={buttonClasses('primary', 'md', 'mt-6')}>
            Your plans
          </Link>
        </Card>
      </div>
    );
  }
  const data = proposal.data;
  return (
    <>
      <PageHeader eyebrow={data.kind === 'team' ? 'Team plan' : 'Your plan'} title="Make a plan">
        <p>
          From {data.sourceLabel}. Here are the weakest pillars{data.kind === 'team' ? ' and the statements your team disagrees on most' : ''}, with actions
          that help. Tick the ones you will do, or write your own, and give each an owner and a date.
        </p>
      </PageHeader>
      <div className="mx-auto max-w-4xl px-4 py-10">
        <MakePlanForm proposal={data} userId={user.id} />
      </div>
    </>
  );
}
