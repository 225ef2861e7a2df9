import { Users } from 'lucide-react';
import { useId, useState } from 'react';
import { Link } from '../../components/link';
import { formatDollars, plans } from '#shared/pricing';
import { teamMessages, type TeamView } from '#shared/teams/schemas';
import { Card } from '../../components/ui/card';
import { textLinkClass } from '../../components/ui/text-link';
import { errorText } from '../../lib/api';
import { useLongDate } from './team-dates';
import { TeamInviteForm } from './team-invite-form';
import { TeamInvitations, TeamMembers } from './team-people';
import { TeamOwnSeat } from './team-own-seat';
import { TeamPlanActions } from './team-plan-actions';
import { seatsTimesText } from './team-price';
import { TeamSeatsChange } from './team-seats-change';
import { useTeam } from './use-team';

const live = (team: TeamView) => ['active', 'trialing', 'past_due'].includes(team.status);

/**
 * /account's team section: the team plan the person buys (its seats, members, invitations and
 * controls), and the team whose seat they hold. Nothing shows for someone with neither.
 */
export function TeamCard() {
  const longDate = useLongDate();
  const answer = useTeam(true);
  if (answer.isLoading) {
    return (
      <p role="status" className="sr-only">
        Checking for a team plan…
      </p>
    );
  }
  if (answer.isError) {
    return (
      <Card>
        <h2 className="font-serif text-xl font-bold text-stone-900">Team plan</h2>
        <p role="alert" className="mt-2 text-red-800">
          {errorText(answer.error, 'Your team plan could not be loaded.')} Reload the page to try again.
        </p>
      </Card>
    );
  }
  const { team, seatIn } = answer.data ?? { team: null, seatIn: null };
  return (
    <>
      {seatIn && (
        <Card>
          <h2 className="flex items-center gap-2 font-serif text-xl font-bold text-stone-900">
            <Users className="h-5 w-5 text-accent-700" aria-hidden="true" />
            Your team seat
          </h2>
          <p className="mt-2 text-stone-800" data-testid="team-seat-in">
            {`You have premium through ${seatIn.ownerName}'s team plan since ${longDate(seatIn.since)}.`}
          </p>
          <p className="mt-2 text-sm text-stone-700">To leave the team, ask {seatIn.ownerName} to remove you.</p>
          <TeamCheckupLink />
        </Card>
      )}
      {team && <TeamPlanCard team={team} />}
    </>
  );
}

function TeamPlanCard({ team }: { team: TeamView }) {
  const [draft, setDraft] = useState(team.seats);
  // After a change, the box starts from the plan's new number of seats.
  const [seatsSeen, setSeatsSeen] = useState(team.seats);
  if (seatsSeen !== team.seats) {
    setSeatsSeen(team.seats);
    setDraft(team.seats);
  }
  const addSeat = () => {
    setDraft(team.seats + 1);
    document.getElementById('team-seats-heading')?.focus();
  };

  return (
    <Card>
      <h2 className="flex items-center gap-2 font-serif text-xl font-bold text-stone-900">
        <Users className="h-5 w-5 text-accent-700" aria-hidden="true" />
        Your team plan
      </h2>
      <TeamSummary team={team} />
      {live(team) ? (
        <>
          <TeamMembers team={team} />
          <TeamInvitations team={team} />
          <TeamInviteForm team={team} onAddSeat={addSeat} />
          <TeamSeatsChange team={team} draft={draft} onDraft={setDraft} />
          <TeamOwnSeat team={team} />
          <TeamPlanActions team={team} />
          <TeamCheckupLink />
        </>
      ) : (
        <p className="mt-4 text-stone-700">
          {teamMessages.notLive}{' '}
          <Link to="/teams" className={textLinkClass}>
            Start a new team plan
          </Link>
        </p>
      )}
    </Card>
  );
}

/** The team's people (its buyer and seat holders) take the Check-Up together: rounds, answers and results at /team-checkup. */
function TeamCheckupLink() {
  const id = useId();
  return (
    <section aria-labelledby={id} className="mt-6 border-t border-stone-200 pt-4">
      <h3 id={id} className="font-semibold text-stone-900">
        <Link to="/team-checkup" className={textLinkClass}>
          Team Check-Up
        </Link>
      </h3>
      <p className="mt-1 text-sm text-stone-700">Take the Check-Up with your team: one picture of your organisation, and where you see it differently.</p>
    </section>
  );
}

function TeamSummary({ team }: { team: TeamView }) {
  const longDate = useLongDate();
  const interval = plans[team.plan].interval;
  return (
    <dl className="mt-4 grid gap-3 text-stone-800 sm:grid-cols-[10rem_1fr]">
      <dt className="font-semibold">Plan</dt>
      <dd data-testid="team-plan">
        Team, {plans[team.plan].label}: {seatsTimesText(team.plan, team.seats)}
      </dd>
      <dt className="font-semibold">Seats</dt>
      <dd data-testid="team-seats">
        {team.seatsUsed} of {team.seats} seats used
      </dd>
      <dt className="font-semibold">Amount</dt>
      <dd data-testid="team-amount">
        {formatDollars(team.amountCents)}/{interval}
      </dd>
      {team.currentPeriodEnd && (
        <>
          <dt className="font-semibold">{team.cancelAtPeriodEnd ? 'Team plan ends on' : 'Next renewal'}</dt>
          <dd data-testid="team-date">{longDate(team.currentPeriodEnd)}</dd>
        </>
      )}
      {team.status === 'past_due' && (
        <>
          <dt className="font-semibold">Status</dt>
          <dd className="font-semibold text-red-800">The last payment for your team plan failed.</dd>
        </>
      )}
    </dl>
  );
}
