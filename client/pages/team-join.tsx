import { useParams } from 'react-router';
import { Link } from '../components/link';
import { PageHeader } from '../components/page-header';
import { Card } from '../components/ui/card';
import { textLinkClass } from '../components/ui/text-link';
import { useUser } from '../features/auth/use-user';
import { TeamJoinPanel } from '../features/teams/team-join-panel';
import { useTeamInvitation } from '../features/teams/use-team';
import { errorText } from '../lib/api';

/**
 * /team/join/:token: the page an invitation email links to. Opening it changes nothing; "Join the
 * team" (signed in) takes the seat. What it offers depends on who opens it, so it is asked once the
 * signed-in user is known.
 */
export default function TeamJoinPage() {
  const { token = '' } = useParams();
  const { user, isLoading } = useUser();
  const invitation = useTeamInvitation(token, user?.id ?? null, !isLoading);
  const view = invitation.data;
  const title = view && view.status === 'open' && !view.alreadyMember ? `${view.ownerName} invited you to their team plan` : 'Your team invitation';

  return (
    <>
      <PageHeader eyebrow="Team plan" title={title}>
        <p>A team plan gives each person on it a premium membership, paid for by the person who invites them.</p>
      </PageHeader>
      <div className="mx-auto max-w-xl px-4 py-10">
        <Card>
          {isLoading || invitation.isPending ? (
            <p role="status" className="text-stone-700">
              Checking your invitation…
            </p>
          ) : invitation.isError || !view ? (
            <>
              <h2 className="font-serif text-xl font-bold text-stone-900">This invitation link does not work</h2>
              <p role="alert" className="mt-2 text-stone-700">
                {errorText(invitation.error, 'This invitation could not be found.')} Ask the person who invited you for a new link, or{' '}
                <Link to="/contact" className={textLinkClass}>
                  write to us
                </Link>
                .
              </p>
            </>
          ) : (
            <TeamJoinPanel token={token} view={view} signedIn={Boolean(user)} />
          )}
        </Card>
      </div>
    </>
  );
}
