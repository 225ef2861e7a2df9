import type { TeamView } from '#shared/teams/schemas';
import { Button } from '../../components/ui/button';
import { Confirm } from '../../components/ui/confirm';
import { buttonClasses } from '../../components/ui/button-classes';
import { toast } from '../../components/ui/use-toast';
import { errorText } from '../../lib/api';
import { useLongDate } from './team-dates';
import { teamRequests, useTeamChange } from './use-team';

const failed = (title: string) => (error: unknown) => toast({ title, description: errorText(error, 'Please try again.'), variant: 'destructive' });

/** Cancel the team plan at the end of its period (everyone keeps premium until then), or resume it before then. */
export function TeamPlanActions({ team }: { team: TeamView }) {
  const longDate = useLongDate();
  const cancel = useTeamChange(teamRequests.cancel, { ownPremium: true });
  const resume = useTeamChange(teamRequests.resume, { ownPremium: true });
  const until = team.currentPeriodEnd ? longDate(team.currentPeriodEnd) : 'the end of the period you paid for';

  if (team.cancelAtPeriodEnd) {
    return (
      <div className="mt-6 flex flex-wrap items-center gap-3 border-t border-stone-200 pt-4">
        <p className="min-w-0 flex-1 text-stone-700">Your team plan is cancelled: everyone keeps premium until {until}. Resume it to keep it going.</p>
        <Button
          variant="primary"
          disabled={resume.isPending}
          onClick={() =>
            resume.mutate(undefined, {
              onSuccess: () => toast({ title: 'Team plan resumed', description: `Your team plan renews on ${until}.` }),
              onError: failed('Not resumed'),
            })
          }
        >
          {resume.isPending ? 'Resuming…' : 'Resume team plan'}
        </Button>
      </div>
    );
  }
  return (
    <div className="mt-6 border-t border-stone-200 pt-4">
      <Confirm
        title="Cancel your team plan?"
        description={`Everyone on your team keeps premium until ${until}, then the seats end. Nothing more is charged. You can resume before then.`}
        confirmLabel="Yes, cancel at period end"
        cancelLabel="Keep my team plan"
        destructive
        onConfirm={() =>
          cancel.mutate(undefined, {
            onSuccess: () => toast({ title: 'Team plan cancelled', description: `Everyone keeps premium until ${until}.` }),
            onError: failed('Not cancelled'),
          })
        }
        trigger={
          <button type="button" className={buttonClasses('outline', 'md')} disabled={cancel.isPending}>
            {cancel.isPending ? 'Cancelling…' : 'Cancel team plan'}
          </button>
        }
      />
    </div>
  );
}
