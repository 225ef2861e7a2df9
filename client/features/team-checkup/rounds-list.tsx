import { Link } from '../../components/link';
import type { RoundSummary } from '#shared/team-checkup/schemas';
import { textLinkClass } from '../../components/ui/text-link';
import { useSiteDates } from '../site/use-site-dates';
import { answeredText, RoundStatusBadge } from './round-status';

/** The team's rounds over time, newest first: each links to its page, and to its result when the person may see one. */
export function RoundsList({ rounds }: { rounds: RoundSummary[] }) {
  const dates = useSiteDates();
  if (rounds.length === 0) return <p className="text-stone-700">No rounds yet. Start the first one below.</p>;
  return (
    <ul className="grid gap-3" aria-label="Your team's rounds">
      {rounds.map((round) => (
        <li key={round.id} className="grid gap-2 rounded-lg border border-stone-200 bg-white p-4" data-testid="round-summary">
          <div className="flex flex-wrap items-start justify-between gap-2">
            <h3 className="min-w-0 break-words font-semibold text-stone-900">
              <Link to={`/team-checkup/rounds/${round.id}`} className={textLinkClass}>
                {round.name}
              </Link>
            </h3>
            <RoundStatusBadge status={round.status} />
          </div>
          <p className="text-sm text-stone-700">
            Started {dates.long(round.startedAt)} by {round.organiserName} ·{' '}
            {round.status === 'open' ? `closes ${dates.long(round.closesAt)}` : `closed ${dates.long(round.closedAt ?? round.closesAt)}`} ·{' '}
            {answeredText(round)}
          </p>
          {round.resultVisible && (
            <p className="text-sm">
              <Link to={`/team-checkup/rounds/${round.id}/result`} className={textLinkClass}>
                See the team&apos;s result
                <span className="sr-only"> of {round.name}</span>
              </Link>
            </p>
          )}
        </li>
      ))}
    </ul>
  );
}
