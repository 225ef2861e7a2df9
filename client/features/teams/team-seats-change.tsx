import { useState } from 'react';
import { formatDollars, plans } from '#shared/pricing';
import { teamMessages, teamSeatsSchema, type TeamSeatsPreview, type TeamView } from '#shared/teams/schemas';
import { Button } from '../../components/ui/button';
import { toast } from '../../components/ui/use-toast';
import { SeatsField } from './seats-field';
import { focusOnOpen, useLongDate } from './team-dates';
import { seatsErrorText, teamRequests, useSeatsPreview, useTeamChange } from './use-team';

/** What the change costs or gives back, in words, before it is made. */
function previewText(team: TeamView, preview: TeamSeatsPreview, longDate: (iso: string) => string): string {
  const interval = plans[team.plan].interval;
  const from = preview.renewsAt ? `From ${longDate(preview.renewsAt)}` : 'From your next renewal';
  const renewal = `${from}, your team plan renews at ${formatDollars(preview.renewalAmountCents)}/${interval}.`;
  if (preview.seats > team.seats) {
    return `You pay ${formatDollars(preview.amountDueCents)} now for the added seats until the end of this ${interval}. ${renewal}`;
  }
  const credit =
    preview.creditCents > 0
      ? `${formatDollars(preview.creditCents)} for the unused part of the removed seats is taken off your next payments.`
      : 'Nothing is charged now.';
  return `${credit} ${renewal}`;
}

/**
 * Change the number of seats: priced first ("Preview": the amount due now or the credit, and the
 * new renewal amount), then made with "Confirm". `draft` is the parent's, so "Add seats to invite
 * more" can set it.
 */
export function TeamSeatsChange({ team, draft, onDraft }: { team: TeamView; draft: number; onDraft: (seats: number) => void }) {
  const longDate = useLongDate();
  const previewing = useSeatsPreview();
  const change = useTeamChange(teamRequests.changeSeats);
  const [preview, setPreview] = useState<TeamSeatsPreview | null>(null);
  const [problem, setProblem] = useState<string | null>(null);

  const setDraft = (seats: number) => {
    onDraft(seats);
    setPreview(null);
    setProblem(null);
  };
  const askPreview = () => {
    const checked = teamSeatsSchema.safeParse({ seats: draft });
    if (!checked.success) return setProblem(checked.error.issues[0]?.message ?? 'Choose a number of seats.');
    if (draft === team.seats) return setProblem(teamMessages.sameSeats);
    setProblem(null);
    previewing.mutate(draft, {
      onSuccess: setPreview,
      onError: (error) => setProblem(seatsErrorText(error, 'The change could not be priced. Please try again.')),
    });
  };
  const confirm = (seats: number) =>
    change.mutate(seats, {
      onSuccess: () => {
        setPreview(null);
        toast({ title: 'Seats changed', description: `Your team plan now has ${seats} seats.` });
      },
      onError: (error) => {
        setPreview(null);
        setProblem(seatsErrorText(error, 'The seats were not changed. Please try again.'));
      },
    });

  return (
    <section aria-labelledby="team-seats-heading" className="mt-6">
      <h3 id="team-seats-heading" tabIndex={-1} className="font-semibold text-stone-900 outline-none">
        Change seats
      </h3>
      <p className="mt-1 text-sm text-stone-700">
        Add seats to invite more people, or remove seats nobody uses. You pay only for the part of the {plans[team.plan].interval} each seat is used.
      </p>
      <div className="mt-3 grid max-w-md gap-3">
        <SeatsField
          label="Number of seats"
          value={draft}
          onChange={setDraft}
          hint={`Now ${team.seats} seats, ${team.seatsUsed} in use.`}
          error={problem ?? undefined}
          disabled={change.isPending}
        />
        <Button variant="outline" className="justify-self-start" disabled={previewing.isPending || change.isPending} onClick={askPreview}>
          {previewing.isPending ? 'Working out the price…' : 'Preview'}
        </Button>
      </div>
      {preview && preview.seats === draft && (
        <div className="mt-3 rounded-lg border border-stone-300 bg-stone-50 p-4" role="group" aria-labelledby="seats-preview-heading">
          <h4 id="seats-preview-heading" ref={focusOnOpen} tabIndex={-1} className="font-semibold text-stone-900 outline-none">
            Change to {preview.seats} seats?
          </h4>
          <p className="mt-1 text-stone-700" data-testid="seats-preview">
            {previewText(team, preview, longDate)}
          </p>
          <div className="mt-3 flex flex-wrap gap-3">
            <Button variant="primary" disabled={change.isPending} onClick={() => confirm(preview.seats)}>
              {change.isPending ? 'Changing…' : 'Confirm'}
            </Button>
            <Button variant="ghost" onClick={() => setDraft(team.seats)}>
              Keep {team.seats} seats
            </Button>
          </div>
        </div>
      )}
    </section>
  );
}
