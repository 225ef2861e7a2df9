import { useState } from 'react';
import type { TeamView } from '#shared/teams/schemas';
import { Button } from '../../components/ui/button';
import { Confirm, smallOutlineButton } from '../../components/ui/confirm';
import { toast } from '../../components/ui/use-toast';
import { errorText } from '../../lib/api';
import { focusOnOpen } from './team-dates';
import { moveFromOwnMessage, teamRequests, useTeamChange } from './use-team';

const failed = (title: string) => (error: unknown) => toast({ title, description: errorText(error, 'Please try again.'), variant: 'destructive' });

/**
 * The buyer's own seat: taking one gives them premium through the team; one who pays for their own
 * membership is told it ends (with a refund) and confirms the move first.
 */
export function TeamOwnSeat({ team }: { team: TeamView }) {
  const ownSeat = useTeamChange(teamRequests.ownSeat, { ownPremium: true });
  const [moveMessage, setMoveMessage] = useState<string | null>(null);
  const full = team.seatsUsed >= team.seats;

  const take = (moveFromOwn: boolean) =>
    ownSeat.mutate(
      { take: true, ...(moveFromOwn ? { moveFromOwn } : {}) },
      {
        onSuccess: () => {
          setMoveMessage(null);
          toast({ title: 'You took a seat', description: 'You have premium through your team plan.' });
        },
        onError: (error) => {
          const message = moveFromOwnMessage(error);
          if (message && !moveFromOwn) setMoveMessage(message);
          else failed('Seat not taken')(error);
        },
      },
    );
  const leave = () =>
    ownSeat.mutate(
      { take: false },
      {
        onSuccess: () => toast({ title: 'You left your seat', description: 'Your seat is free for someone else.' }),
        onError: failed('Seat not left'),
      },
    );

  return (
    <section aria-labelledby="team-own-seat-heading" className="mt-6">
      <h3 id="team-own-seat-heading" className="font-semibold text-stone-900">
        Your own seat
      </h3>
      {team.ownerHoldsSeat ? (
        <div className="mt-2 flex flex-wrap items-center gap-3">
          <p className="min-w-0 flex-1 text-stone-700">You hold a seat on your team: it gives you premium.</p>
          <Confirm
            title="Leave your seat?"
            description="You lose the premium this seat gives you, now, and the seat is free for someone else. You can take a seat again while one is free."
            confirmLabel="Leave my seat"
            cancelLabel="Keep my seat"
            destructive
            onConfirm={leave}
            trigger={
              <button type="button" className={smallOutlineButton} disabled={ownSeat.isPending}>
                Leave my seat
              </button>
            }
          />
        </div>
      ) : (
        <div className="mt-2 grid gap-2">
          <p className="text-stone-700">
            {full ? 'Want premium too? Every seat is taken: add a seat first, then take it.' : 'Want premium too? Take one of your seats.'}
          </p>
          <Button variant="outline" className="justify-self-start" disabled={full || ownSeat.isPending || Boolean(moveMessage)} onClick={() => take(false)}>
            {ownSeat.isPending && !moveMessage ? 'Taking a seat…' : 'Take a seat'}
          </Button>
        </div>
      )}
      {moveMessage && !team.ownerHoldsSeat && (
        <div className="mt-3 rounded-lg border border-stone-300 bg-stone-50 p-4" role="group" aria-labelledby="own-seat-move-heading">
          <h4 id="own-seat-move-heading" ref={focusOnOpen} tabIndex={-1} className="font-semibold text-stone-900 outline-none">
            Move to a team seat?
          </h4>
          <p className="mt-1 text-stone-700">{moveMessage}</p>
          <div className="mt-3 flex flex-wrap gap-3">
            <Button variant="primary" disabled={ownSeat.isPending} onClick={() => take(true)}>
              {ownSeat.isPending ? 'Moving…' : 'Move to the team seat'}
            </Button>
            <Button variant="ghost" onClick={() => setMoveMessage(null)}>
              Keep my own membership
            </Button>
          </div>
        </div>
      )}
    </section>
  );
}
