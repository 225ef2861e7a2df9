import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { type TeamInviteInput, teamInviteSchema, teamMessages, type TeamView } from '#shared/teams/schemas';
import { Button } from '../../components/ui/button';
import { smallOutlineButton } from '../../components/ui/confirm';
import { TextField } from '../../components/ui/field';
import { toast } from '../../components/ui/use-toast';
import { ApiError, errorText } from '../../lib/api';
import { teamRequests, useTeamChange } from './use-team';

/**
 * Invite someone by email: the server emails them a link that holds a seat for 7 days. Its
 * refusals (team full, already invited, already a member) are shown under the field; a full team
 * is offered a way to add seats.
 */
export function TeamInviteForm({ team, onAddSeat }: { team: TeamView; onAddSeat: () => void }) {
  const form = useForm<TeamInviteInput>({ resolver: zodResolver(teamInviteSchema), defaultValues: { email: '' } });
  const { errors } = form.formState;
  const invite = useTeamChange(teamRequests.invite);
  const full = team.seatsUsed >= team.seats;

  const onSubmit = form.handleSubmit(async ({ email }) => {
    try {
      await invite.mutateAsync(email);
      form.reset();
      toast({ title: 'Invitation sent', description: `We emailed ${email} a link to join your team. It holds a seat for 7 days.` });
    } catch (error) {
      if (error instanceof ApiError && error.status < 500)
        form.setError('email', { message: error.errors?.email ?? errorText(error, 'Please try again.') }, { shouldFocus: true });
      else toast({ title: 'Invitation not sent', description: errorText(error, 'Please try again.'), variant: 'destructive' });
    }
  });

  return (
    <section aria-labelledby="team-invite-heading" className="mt-6">
      <h3 id="team-invite-heading" className="font-semibold text-stone-900">
        Invite someone
      </h3>
      <form onSubmit={onSubmit} noValidate className="mt-2 grid max-w-md gap-3">
        <TextField
          label="Email address to invite"
          type="email"
          autoComplete="off"
          hint="They get an email with a link to join. Until they join, the invitation holds a seat."
          error={errors.email?.message}
          {...form.register('email')}
        />
        <Button type="submit" disabled={invite.isPending} className="justify-self-start">
          {invite.isPending ? 'Sending…' : 'Send invitation'}
        </Button>
      </form>
      {full && (
        <div className="mt-3 flex flex-wrap items-center gap-3 rounded-md border border-stone-300 bg-stone-50 p-3 text-sm text-stone-800">
          <p className="min-w-0 flex-1">{teamMessages.full(team.seats)}</p>
          <button type="button" className={smallOutlineButton} onClick={onAddSeat}>
            Add seats to invite more
          </button>
        </div>
      )}
    </section>
  );
}
