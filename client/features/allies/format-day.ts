/** A fixed locale and time zone, so a date reads the same wherever it is rendered. */
export function formatDay(iso: string): string {
  return new Date(iso).toLocaleDateString('en-US', { year: 'numeric', month: 'short', day: 'numeric', timeZone: 'UTC' });
}
