import { ROUND_DEFAULT_DAYS, ROUND_MAX_DAYS } from '#shared/team-checkup/schemas';
import { siteDate } from '#shared/site-year';

/** The site's calendar day that contains `now`, as a date input writes it (YYYY-MM-DD). */
export function siteToday(now: Date, timeZone: string): string {
  const { year, month, day } = siteDate(now, timeZone);
  return `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/** The calendar day `days` after `day` (both YYYY-MM-DD). */
export function dayAfter(day: string, days: number): string {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  // Noon UTC: adding whole days never lands on the day before or after.
  return new Date(Date.UTC(year, month - 1, date + days, 12)).toISOString().slice(0, 10);
}

/**
 * The closing days a round may have when it starts, from the site's today (the server closes it
 * at the end of that day on the site's clock): from tomorrow to 60 days ahead, 14 unless changed.
 */
export function closingDays(today: string): { first: string; usual: string; last: string } {
  return { first: dayAfter(today, 1), usual: dayAfter(today, ROUND_DEFAULT_DAYS), last: dayAfter(today, ROUND_MAX_DAYS) };
}
