import { clsx } from 'clsx';
import type { RoundSummary } from '#shared/team-checkup/schemas';

/** "Open" or "Closed", as a badge: the words carry it, the colour only repeats them. */
export function RoundStatusBadge({ status }: { status: RoundSummary['status'] }) {
  return (
    <span
      className={clsx(
        'inline-flex rounded-full px-2.5 py-0.5 text-sm font-semibold',
        status === 'open' ? 'bg-green-100 text-green-900' : 'bg-stone-200 text-stone-800',
      )}
    >
      {status === 'open' ? 'Open' : 'Closed'}
    </span>
  );
}

/** "2 of 5 answered". */
export const answeredText = (round: Pick<RoundSummary, 'answered' | 'invited'>) => `${round.answered} of ${round.invited} answered`;
