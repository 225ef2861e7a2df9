/**
 * The site's calendar date and year (SITE_TIMEZONE), apart from the rest of its calendar
 * (site-time.ts): the footer writes the year on every page, and this is all of the calendar the
 * first screen's script carries (about 1.5 KB less of it on every page's first load).
 */

import { dateFormatter } from './date-format';

/** SITE_TIMEZONE's default (server/env.ts), and the clock a page uses before it has the site config. */
export const DEFAULT_SITE_TIMEZONE = 'America/New_York';

/** The site's calendar date at `now`. */
export function siteDate(now: Date, timeZone: string): { year: number; month: number; day: number } {
  const parts = dateFormatter({ timeZone, year: 'numeric', month: 'numeric', day: 'numeric' }).formatToParts(now);
  const get = (type: string) => Number(parts.find((p) => p.type === type)?.value);
  return { year: get('year'), month: get('month'), day: get('day') };
}

// Every zone's clock is within 14 hours of UTC (Kiribati +14, Baker Island -12).
const ZONE_REACH_MS = 14 * 3_600_000;

/**
 * The site's year at `now`. Further than any zone's reach from a new year in UTC, that is UTC's
 * year, found without Intl: the first Intl formatter with a time zone costs a phone's browser
 * about 140 ms of its main thread (its zone data), and the footer writes the year on every page
 * as it hydrates.
 */
export function siteYear(now: Date, timeZone: string): number {
  const year = now.getUTCFullYear();
  const time = now.getTime();
  if (time - Date.UTC(year, 0, 1) > ZONE_REACH_MS && Date.UTC(year + 1, 0, 1) - time > ZONE_REACH_MS) return year;
  return siteDate(now, timeZone).year;
}
