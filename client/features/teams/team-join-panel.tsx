import { useState } from 'react';
import { useLocation } from 'react-router';
import { Link } from '../../components/link';
import { formatDollars } from '#shared/pricing';
import { teamMessages, type TeamJoinView } from '#shared/teams/schemas';
import { Button, buttonClasses } from '../../components/ui/button';
import { storage, storageKeys } from '../../lib/storage';
import { errorText } from '../../lib/api';
import { focusOnOpen, useLongDate } from './team-dates';
import { moveFromOwnMessage, useJoinTeam } from './use-team';

const closedMessages: Record<Exclude<TeamJoinView['status'], 'open'>, string> = {
  used: teamMessages.invitationUsed,
  expired: teamMessages.invitationExpired,
  withdrawn: teamMessages.invitationWithdrawn,
  ended: teamMessages.notLive,
};

/** The two ways on once premium comes through the team. */
function PremiumLinks() {
  return (
    <div className="mt-4 flex flex-wrap gap-3">
      <Link to="/premium-resources" className={buttonClasses('primary', 'md')}>
        Open your premium resources
      </Link>
      <Link to="/account" className={buttonClasses('outline', 'md')}>
        Go to your account
      </Link>
    </div>
  );
}

/**
 * What an invitation link offers: joining (after signing in), moving from one's own paid
 * membership to the seat (with its refund), or why the link no longer works.
 */
export function TeamJoinPanel({ token, view, signedIn }: { token: string; view: TeamJoinView; signedIn: boolean }) {
  const longDate = useLongDate();
  const { pathname } = useLocation();
  const join = useJoinTeam(token);
  const [moveMessage, setMoveMessage] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);

  const send = (moveFromOwn: boolean) => {
    setProblem(null);
    join.mutate(moveFromOwn, {
      onError: (error) => {
        const message = moveFromOwnMessage(error);
        if (message && !moveFromOwn) setMoveMessage(message);
        else setProblem(errorText(error, 'You could not join the team. Please try again.'));
      },
    });
  };

  if (join.isSuccess) {
    return (
      <div role="status">
        <h2 ref={focusOnOpen} tabIndex={-1} className="font-serif text-xl font-bold text-stone-900 outline-none">
          {`You're in: you have premium through ${view.ownerName}'s team.`}
        </h2>
        <p className="mt-2 text-stone-700">Everything premium is open to you now, for as long as the team plan runs.</p>
        <PremiumLinks />
      </div>
    );
  }
  if (view.alreadyMember) {
    return (
      <>
        <h2 className="font-serif text-xl font-bold text-stone-900">You&rsquo;re already on this team</h2>
        <p className="mt-2 text-stone-700">You hold a seat on {view.ownerName}&rsquo;s team plan: you have premium through it.</p>
        <PremiumLinks />
      </>
    );
  }
  if (view.status !== 'open') {
    return (
      <>
        <h2 className="font-serif text-xl font-bold text-stone-900">This invitation no longer works</h2>
        <p className="mt-2 text-stone-700">{closedMessages[view.status]}</p>
      </>
    );
  }
  if (!signedIn) {
    const rememberWayBack = () => storage.set(storageKeys.redirectAfterAuth, pathname);
    return (
      <>
        <h2 className="font-serif text-xl font-bold text-stone-900">Sign in to join</h2>
        <p className="mt-2 text-stone-700">
          This invitation was sent to <strong className="break-all">{view.email}</strong>. Sign in, or create a free account, then come back here to join. It is
          open until {longDate(view.expiresAt)}.
        </p>
        <div className="mt-4 flex flex-wrap gap-3">
          <Link to="/auth?mode=register" className={buttonClasses('primary', 'md')} onClick={rememberWayBack}>
            Create an account
          </Link>
          <Link to="/auth" className={buttonClasses('outline', 'md')} onClick={rememberWayBack}>
            Sign in
          </Link>
        </div>
      </>
    );
  }
  if (view.paysForSelf || moveMessage) {
    return (
      <div role="group" aria-labelledby="join-move-heading">
        <h2 id="join-move-heading" ref={focusOnOpen} tabIndex={-1} className="font-serif text-xl font-bold text-stone-900 outline-none">
          Move to the team seat?
        </h2>
        <p className="mt-2 text-stone-700">{moveMessage ?? teamMessages.paysForSelf}</p>
        {view.refundCents > 0 && (
          <p className="mt-2 font-semibold text-stone-900" data-testid="join-refund">
            You get {formatDollars(view.refundCents)} back.
          </p>
        )}
        {problem && (
          <p role="alert" className="mt-3 rounded-md border border-red-700 bg-red-50 p-3 text-sm text-red-800">
            {problem}
          </p>
        )}
        <div className="mt-4 flex flex-wrap gap-3">
          <Button variant="primary" disabled={join.isPending} onClick={() => send(true)}>
            {join.isPending ? 'Moving…' : 'Move to the team seat'}
          </Button>
          <Link to="/account" className={buttonClasses('ghost', 'md')}>
            Keep my own membership
          </Link>
        </div>
      </div>
    );
  }
  return (
    <>
      <h2 className="font-serif text-xl font-bold text-stone-900">Join the team</h2>
      <p className="mt-2 text-stone-700">
        A seat on the team gives you premium: the Allies Directory, coaching, webinars, toolkits and the Slack community. {view.ownerName} pays for it; nothing
        is charged to you. The invitation is open until {longDate(view.expiresAt)}.
      </p>
      {problem && (
        <p role="alert" className="mt-3 rounded-md border border-red-700 bg-red-50 p-3 text-sm text-red-800">
          {problem}
        </p>
      )}
      <Button variant="accent" className="mt-4" disabled={join.isPending} onClick={() => send(false)}>
        {join.isPending ? 'Joining…' : 'Join the team'}
      </Button>
    </>
  );
}
