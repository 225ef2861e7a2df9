import type { TeamInvitationView, TeamMemberView, TeamView } from '#shared/teams/schemas';
import { Confirm, smallDeleteButton, smallOutlineButton } from '../../components/ui/confirm';
import { toast } from '../../components/ui/use-toast';
import { errorText } from '../../lib/api';
import { useLongDate } from './team-dates';
import { teamRequests, useTeamChange } from './use-team';

const failed = (title: string) => (error: unknown) => toast({ title, description: errorText(error, 'Please try again.'), variant: 'destructive' });

/** Who holds the team's seats: name, email, since when; each can be removed (the buyer leaves through "Leave my seat"). */
export function TeamMembers({ team }: { team: TeamView }) {
  return (
    <section aria-labelledby="team-members-heading" className="mt-6">
      <h3 id="team-members-heading" className="font-semibold text-stone-900">
        Members ({team.members.length})
      </h3>
      {team.members.length === 0 ? (
        <p className="mt-2 text-stone-700">No one holds a seat yet. Invite people below: each one who joins gets premium.</p>
      ) : (
        <ul className="mt-2 grid gap-2" aria-label="Team members">
          {team.members.map((member) => (
            <MemberRow key={member.userId} member={member} />
          ))}
        </ul>
      )}
    </section>
  );
}

function MemberRow({ member }: { member: TeamMemberView }) {
  const longDate = useLongDate();
  const remove = useTeamChange(teamRequests.removeMember);
  const who = member.name ?? member.email;
  return (
    <li className="flex flex-wrap items-center justify-between gap-2 rounded-md border border-stone-200 p-3">
      <span className="min-w-0">
        <span className="block font-medium text-stone-900">
          {who}
          {member.isOwner && ' (you)'}
        </span>
        {member.name && <span className="block break-all text-sm text-stone-700">{member.email}</span>}
        <span className="block text-sm text-stone-700">Joined {longDate(member.joinedAt)}</span>
      </span>
      {!member.isOwner && (
        <Confirm
          title={`Remove ${who} from your team?`}
          description={`${who} loses the premium this seat gives them, now. The seat stays on your plan: you can invite someone else to it.`}
          confirmLabel="Remove from team"
          destructive
          onConfirm={() =>
            remove.mutate(member.userId, {
              onSuccess: () => toast({ title: 'Member removed', description: `${who} no longer has a seat on your team.` }),
              onError: failed('Not removed'),
            })
          }
          trigger={
            <button type="button" className={smallDeleteButton} disabled={remove.isPending} aria-label={`Remove ${who}`}>
              {remove.isPending ? 'Removing…' : 'Remove'}
            </button>
          }
        />
      )}
    </li>
  );
}

/** Invitations not yet used: each holds a seat until it is used, withdrawn or expires. */
export function TeamInvitations({ team }: { team: TeamView }) {
  return (
    <section aria-labelledby="team-invitations-heading" className="mt-6">
      <h3 id="team-invitations-heading" className="font-semibold text-stone-900">
        Open invitations ({team.invitations.length})
      </h3>
      {team.invitations.length === 0 ? (
        <p className="mt-2 text-stone-700">No open invitations.</p>
      ) : (
        <ul className="mt-2 grid gap-2" aria-label="Open invitations">
          {team.invitations.map((invitation) => (
            <InvitationRow key={invitation.id} invitation={invitation} />
          ))}
        </ul>
      )}
    </section>
  );
}

function InvitationRow({ invitation }: { invitation: TeamInvitationView }) {
  const longDate = useLongDate();
  const withdraw = useTeamChange(teamRequests.withdraw);
  return (
    <li className="flex flex-wrap items-center justify-between gap-2 rounded-md border border-stone-200 p-3">
      <span className="min-w-0">
        <span className="block break-all font-medium text-stone-900">{invitation.email}</span>
        <span className="block text-sm text-stone-700">
          Sent {longDate(invitation.sentAt)} · expires {longDate(invitation.expiresAt)}
        </span>
      </span>
      <button
        type="button"
        className={smallOutlineButton}
        disabled={withdraw.isPending}
        aria-label={`Withdraw the invitation to ${invitation.email}`}
        onClick={() =>
          withdraw.mutate(invitation.id, {
            onSuccess: () => toast({ title: 'Invitation withdrawn', description: `The link sent to ${invitation.email} no longer works. Its seat is free.` }),
            onError: failed('Not withdrawn'),
          })
        }
      >
        {withdraw.isPending ? 'Withdrawing…' : 'Withdraw'}
      </button>
    </li>
  );
}
