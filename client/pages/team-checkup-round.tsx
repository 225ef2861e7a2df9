import { Check, Clock } from 'lucide-react';
import { useParams } from 'react-router';
import { Link } from '../components/link';
import type { RoundView } from '#shared/team-checkup/schemas';
import { PageHeader } from '../components/page-header';
import { PageLoading } from '../components/page-loading';
import { buttonClasses } from '../components/ui/button';
import { Card } from '../components/ui/card';
import { textLinkClass } from '../components/ui/text-link';
import { SignInRequired } from '../features/auth/sign-in-required';
import { useUser } from '../features/auth/use-user';
import { useSiteDates } from '../features/site/use-site-dates';
import { useRound } from '../features/team-checkup/api';
import { RoundActions, WithdrawButton } from '../features/team-checkup/round-actions';
import { answeredText, RoundStatusBadge } from '../features/team-checkup/round-status';
import { errorText } from '../lib/api';

/**
 * /team-checkup/rounds/:id: a round's status, closing date and who has answered (never what). The
 * organiser also reminds, extends, closes and withdraws invitations here.
 */
export default function TeamCheckupRoundPage() {
  const { id = '' } = useParams();
  const { user, isLoading } = useUser();
  const round = useRound(id, Boolean(user));
  if (isLoading || (user && round.isPending)) return <PageLoading />;
  if (!user) return <SignInRequired />;
  if (round.isError || !round.data) {
    return (
      <div className="mx-auto max-w-lg px-4 py-16">
        <Card className="text-center">
          <h1 className="font-serif text-2xl font-bold text-stone-900">Round not found</h1>
          <p role="alert" className="mt-3 text-stone-700">
            {errorText(round.error, 'This round could not be loaded.')}
          </p>
          <Link to="/team-checkup" className={buttonClasses('primary', 'md', 'mt-6')}>
            Back to the Team Check-Up
          </Link>
        </Card>
      </div>
    );
  }
  return <RoundPage round={round.data} />;
}

function RoundPage({ round }: { round: RoundView }) {
  const dates = useSiteDates();
  const open = round.status === 'open';
  return (
    <>
      <PageHeader eyebrow="Team Check-Up round" title={round.name}>
        <p className="flex flex-wrap items-center gap-3">
          <RoundStatusBadge status={round.status} />
          <span>
            {open ? `Closes at the end of ${dates.long(round.closesAt)}` : `Closed ${dates.long(round.closedAt ?? round.closesAt)}`} · {answeredText(round)}
          </span>
        </p>
      </PageHeader>
      <div className="mx-auto grid max-w-4xl gap-6 px-4 py-10">
        <p>
          <Link to="/team-checkup" className={textLinkClass}>
            All your team&apos;s rounds
          </Link>
        </p>
        <Card>
          <h2 className="font-serif text-2xl font-bold text-stone-900">The team&apos;s result</h2>
          {round.resultVisible ? (
            <Link to={`/team-checkup/rounds/${round.id}/result`} className={buttonClasses('primary', 'md', 'mt-4')}>
              See the team&apos;s result
            </Link>
          ) : (
            <p className="mt-2 text-stone-700">
              The result shows once at least 3 people have answered, to the people who answered and to {round.canManage ? 'you' : round.organiserName}.
            </p>
          )}
        </Card>
        <Card>
          <h2 className="font-serif text-2xl font-bold text-stone-900">Who has answered</h2>
          <p className="mt-2 text-sm text-stone-700">
            Started {dates.long(round.startedAt)} by {round.organiserName}. You see who has answered, never what: nobody sees anyone&apos;s own answers.
          </p>
          {round.invitees.length > 0 && (
            <ul className="mt-4 grid gap-2" aria-label="People asked">
              {round.invitees.map((person) => (
                <li key={person.id} className="flex flex-wrap items-center justify-between gap-2 rounded-md bg-stone-50 px-3 py-2" data-testid="invitee">
                  <span className="min-w-0 break-all">
                    <span className="block font-medium text-stone-900">{person.name}</span>
                    {person.fromTeam && person.name !== person.email && <span className="block text-sm text-stone-700">{person.email}</span>}
                    {person.notMailed && <span className="block text-sm text-accent-700">{person.notMailed}</span>}
                  </span>
                  <span className="flex items-center gap-3">
                    {person.withdrawn ? (
                      <span className="text-sm text-stone-700">Invitation withdrawn</span>
                    ) : person.answered ? (
                      <span className="inline-flex items-center gap-1 text-sm font-semibold text-green-900">
                        <Check className="h-4 w-4" aria-hidden="true" />
                        Answered
                      </span>
                    ) : (
                      <span className="inline-flex items-center gap-1 text-sm text-stone-700">
                        <Clock className="h-4 w-4" aria-hidden="true" />
                        Not yet
                      </span>
                    )}
                    {round.canManage && open && !person.answered && !person.withdrawn && <WithdrawButton round={round} invitee={person} />}
                  </span>
                </li>
              ))}
            </ul>
          )}
        </Card>
        {round.canManage && open && (
          <Card>
            <RoundActions round={round} />
          </Card>
        )}
      </div>
    </>
  );
}
