import { formatDate } from '#shared/date-format';

/** A fixed locale and time zone, so a date reads the same wherever it is rendered. */
export function formatDay(iso: string): string {
  return formatDate(iso, { year: 'numeric', month: 'short', day: 'numeric', timeZone: 'UTC' });
}
