import { Link } from '../../components/link';
import { buttonClasses } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { useRememberWayBack } from '../auth/use-remember-way-back';
import { useUser } from '../auth/use-user';
import { type PlanFrom, usePlanOutcome } from './api';
import { OutcomeCard } from './outcome-card';

const newPlanPath = (from: PlanFrom) => `/plans/new?${from.kind === 'checkup' ? 'result' : 'round'}=${encodeURIComponent(from.id)}`;

/**
 * A result's plans: "did it work" when a plan ran before it, and "Make a plan". Asked only of a
 * signed-in person, and shown only when the server answers (the result is theirs, or their
 * team's); a visitor is offered to sign in and come straight to the plan.
 */
export function usePlanFromResult(from: PlanFrom) {
  const { user, isLoading } = useUser();
  const outcome = usePlanOutcome(from, Boolean(user));
  return { signedOut: !isLoading && !user, theirs: outcome.isSuccess, outcome: outcome.data ?? null };
}

export function DidItWork({ from }: { from: PlanFrom }) {
  const { outcome } = usePlanFromResult(from);
  return outcome ? <OutcomeCard outcome={outcome} on="result" /> : null;
}

export function MakePlanCard({ from, offerSignIn }: { from: PlanFrom; offerSignIn: boolean }) {
  const { signedOut, theirs } = usePlanFromResult(from);
  const path = newPlanPath(from);
  const rememberWayBack = useRememberWayBack(path);
  if (!theirs && !(signedOut && offerSignIn)) return null;
  return (
    <Card className="print:hidden">
      <h2 className="font-serif text-2xl font-bold text-stone-900">Make a plan</h2>
      <p className="mt-2 text-stone-700">
        Turn the weakest pillars{from.kind === 'round' ? ' and what your team disagrees on' : ''} into actions, each with an owner and a due date. We remind the
        owners when actions are due, and your next {from.kind === 'round' ? 'round' : 'Check-Up'} shows whether it worked.
      </p>
      {theirs ? (
        <Link to={path} className={buttonClasses('primary', 'md', 'mt-4')}>
          Make a plan
        </Link>
      ) : (
        <Link to="/auth" className={buttonClasses('primary', 'md', 'mt-4')} onClick={rememberWayBack}>
          Sign in to make a plan
        </Link>
      )}
    </Card>
  );
}
