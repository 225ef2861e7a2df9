import { useState } from 'react';
import { ROUND_MAX_DAYS, roundMessages, type RoundView } from '#shared/team-checkup/schemas';
import { Button } from '../../components/ui/button';
import { Confirm, smallDeleteButton } from '../../components/ui/confirm';
import { TextField } from '../../components/ui/field';
import { toast } from '../../components/ui/use-toast';
import { ApiError, errorText } from '../../lib/api';
import { useToday } from '../../lib/dates';
import { useSiteDates } from '../site/use-site-dates';
import { roundRequests, useRoundChange } from './api';
import { dayAfter, siteToday } from './closing-days';

/** A refusal's words as a toast (the server's own sentence: "This round has been extended once already."). */
const refused = (title: string) => (error: unknown) => toast({ title, description: errorText(error, 'Please try again.'), variant: 'destructive' });

/**
 * The organiser's controls of an open round: remind those who have not answered (at most once a
 * day: the button says when it can be used again), move the closing date once, close it now.
 */
export function RoundActions({ round }: { round: RoundView }) {
  const dates = useSiteDates();
  const now = useToday();
  const remind = useRoundChange(round.id, () => roundRequests.remind(round.id));
  const close = useRoundChange(round.id, () => roundRequests.close(round.id));
  const waitingRemind = round.remindAgainAt !== null && new Date(round.remindAgainAt).getTime() > now.getTime();
  const unanswered = round.invitees.filter((person) => !person.answered && !person.withdrawn).length;

  return (
    <section aria-labelledby="round-actions-heading" className="grid gap-6 print:hidden">
      <h2 id="round-actions-heading" className="font-serif text-2xl font-bold text-stone-900">
        Run the round
      </h2>
      <div className="grid gap-2">
        <h3 className="font-semibold text-stone-900">Remind people</h3>
        <p className="text-sm text-stone-700">
          {unanswered === 0
            ? 'Everyone asked has answered.'
            : `An email goes to the ${unanswered === 1 ? 'one person' : `${unanswered} people`} who have not answered yet. Reminders also go 3 days before the close and on the last day.`}
        </p>
        <div className="flex flex-wrap items-center gap-3">
          <Button
            variant="outline"
            disabled={waitingRemind || unanswered === 0 || remind.isPending}
            aria-describedby={waitingRemind ? 'remind-again' : undefined}
            onClick={() =>
              remind.mutate(undefined, {
                onSuccess: () => toast({ title: 'Reminder sent', description: 'Everyone who has not answered gets an email with their link.' }),
                onError: refused('No reminder sent'),
              })
            }
          >
            {remind.isPending ? 'Sending…' : 'Remind now'}
          </Button>
          {waitingRemind && (
            <p id="remind-again" className="text-sm text-stone-700">
              You can remind them again from {dates.dateTime(round.remindAgainAt!)}.
            </p>
          )}
        </div>
      </div>
      <ExtendForm round={round} />
      <div className="grid gap-2">
        <h3 className="font-semibold text-stone-900">Close the round</h3>
        <p className="text-sm text-stone-700">Nobody can answer or change their answers after it closes.</p>
        <Confirm
          title="Close this round now?"
          description={`“${round.name}” closes now instead of on ${dates.long(round.closesAt)}. Nobody can answer or change their answers after that.`}
          confirmLabel="Close the round"
          destructive
          onConfirm={() =>
            close.mutate(undefined, {
              onSuccess: () => toast({ title: 'Round closed', description: 'No more answers can be given.' }),
              onError: refused('Round not closed'),
            })
          }
          trigger={
            <button type="button" className={`${smallDeleteButton} justify-self-start`} disabled={close.isPending}>
              Close now
            </button>
          }
        />
      </div>
    </section>
  );
}

/** Move the closing date, once, to a later day within 60 days of the start. */
function ExtendForm({ round }: { round: RoundView }) {
  const { timeZone } = useSiteDates();
  const closesOn = siteToday(new Date(round.closesAt), timeZone);
  const last = dayAfter(siteToday(new Date(round.startedAt), timeZone), ROUND_MAX_DAYS);
  const [day, setDay] = useState(() => (dayAfter(closesOn, 7) > last ? last : dayAfter(closesOn, 7)));
  const [error, setError] = useState<string | undefined>();
  const extend = useRoundChange(round.id, (closesOn: string) => roundRequests.extend(round.id, closesOn));

  if (round.extended) {
    return (
      <div className="grid gap-2">
        <h3 className="font-semibold text-stone-900">Closing date</h3>
        <p className="text-sm text-stone-700">{roundMessages.extendedAlready}</p>
      </div>
    );
  }
  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    if (!/^\d{4}-\d{2}-\d{2}$/.test(day)) return setError('Choose the closing date');
    if (day <= closesOn) return setError(roundMessages.extendEarlier);
    if (day > last) return setError(roundMessages.closeTooLate);
    setError(undefined);
    extend.mutate(day, {
      onSuccess: () => toast({ title: 'Closing date moved', description: 'Everyone asked can answer until the new date.' }),
      onError: (failure) =>
        failure instanceof ApiError && failure.status < 500 ? setError(errorText(failure, 'Please try again.')) : refused('Not extended')(failure),
    });
  };
  return (
    <form onSubmit={submit} noValidate className="grid gap-2" aria-labelledby="extend-heading">
      <h3 id="extend-heading" className="font-semibold text-stone-900">
        Extend the round
      </h3>
      <p className="text-sm text-stone-700">You can move the closing date once.</p>
      <div className="flex flex-wrap items-end gap-3">
        <TextField
          label="New closing date"
          type="date"
          min={dayAfter(closesOn, 1)}
          max={last}
          value={day}
          onChange={(event) => setDay(event.target.value)}
          error={error}
          className="w-56"
        />
        <Button type="submit" variant="outline" disabled={extend.isPending} className={error ? 'mb-7' : undefined}>
          {extend.isPending ? 'Extending…' : 'Extend'}
        </Button>
      </div>
    </form>
  );
}

/** Withdraw one unanswered person's invitation: their link stops working. */
export function WithdrawButton({ round, invitee }: { round: RoundView; invitee: RoundView['invitees'][number] }) {
  const withdraw = useRoundChange(round.id, () => roundRequests.withdraw(round.id, invitee.id));
  return (
    <Confirm
      title="Withdraw this invitation?"
      description={`${invitee.name}'s link stops working and they get no more reminders.`}
      confirmLabel="Withdraw"
      destructive
      onConfirm={() =>
        withdraw.mutate(undefined, {
          onSuccess: () => toast({ title: 'Invitation withdrawn', description: `${invitee.name} can no longer answer this round.` }),
          onError: refused('Not withdrawn'),
        })
      }
      trigger={
        <button type="button" className={smallDeleteButton} disabled={withdraw.isPending}>
          Withdraw<span className="sr-only"> {invitee.name}</span>
        </button>
      }
    />
  );
}
