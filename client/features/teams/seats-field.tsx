import { Minus, Plus } from 'lucide-react';
import { useId } from 'react';
import { TEAM_MAX_SEATS, TEAM_MIN_SEATS } from '#shared/pricing';

const stepButton =
  'inline-flex h-11 w-11 shrink-0 items-center justify-center rounded-md border border-stone-300 bg-white text-stone-900 hover:bg-stone-100 disabled:pointer-events-none disabled:opacity-50';

/** Within the plan's limits; an empty or unreadable box counts as the fewest seats. */
const clamp = (seats: number) => Math.min(TEAM_MAX_SEATS, Math.max(TEAM_MIN_SEATS, Number.isFinite(seats) ? Math.round(seats) : TEAM_MIN_SEATS));

/**
 * A number of seats: a labelled number box (arrow keys step it) between "Remove a seat" and
 * "Add a seat" buttons. `value` is NaN while the box is empty; the form's schema says what is wrong.
 */
export function SeatsField({
  label,
  value,
  onChange,
  error,
  hint = `From ${TEAM_MIN_SEATS} to ${TEAM_MAX_SEATS} seats.`,
  disabled,
}: {
  label: string;
  value: number;
  onChange: (seats: number) => void;
  error?: string;
  hint?: string;
  disabled?: boolean;
}) {
  const id = useId();
  const describedBy = [`${id}-hint`, error ? `${id}-error` : ''].filter(Boolean).join(' ');
  return (
    <div className="grid gap-1.5">
      <label htmlFor={id} className="text-sm font-medium text-stone-800">
        {label}
      </label>
      <div className="flex items-center gap-2">
        <button
          type="button"
          className={stepButton}
          aria-label="Remove a seat"
          aria-controls={id}
          disabled={disabled || value <= TEAM_MIN_SEATS}
          onClick={() => onChange(clamp(value - 1))}
        >
          <Minus className="h-4 w-4" aria-hidden="true" />
        </button>
        <input
          id={id}
          type="number"
          inputMode="numeric"
          min={TEAM_MIN_SEATS}
          max={TEAM_MAX_SEATS}
          step={1}
          value={Number.isNaN(value) ? '' : value}
          onChange={(event) => onChange(event.target.value === '' ? Number.NaN : event.target.valueAsNumber)}
          disabled={disabled}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
          className="block h-11 w-24 rounded-md border border-stone-300 bg-white px-3 text-center text-base text-stone-900 focus:border-brand-600 focus:outline-none focus:ring-2 focus:ring-brand-600/30 aria-[invalid=true]:border-red-700"
        />
        <button
          type="button"
          className={stepButton}
          aria-label="Add a seat"
          aria-controls={id}
          disabled={disabled || value >= TEAM_MAX_SEATS}
          onClick={() => onChange(clamp(value + 1))}
        >
          <Plus className="h-4 w-4" aria-hidden="true" />
        </button>
      </div>
      <p id={`${id}-hint`} className="text-xs text-stone-600">
        {hint}
      </p>
      {error && (
        <p id={`${id}-error`} className="text-sm text-red-700">
          {error}
        </p>
      )}
    </div>
  );
}
