/**
 * The site's calendar (SITE_TIMEZONE): instants are stored in UTC and turned into the site's days
 * and months only at the edges, here. Daylight-saving changes are handled by asking Intl for the
 * zone's offset at the instant itself.
 */

import { dateFormatter, formatDate } from './date-format';
import { siteDate, siteYear } from './site-year';

type Instant = Date | string;

/** The zone's offset from UTC at `date`, in milliseconds (New York in winter: -5 h). */
function offsetMs(date: Date, timeZone: string): number {
  const parts = dateFormatter({
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
    second: 'numeric',
  }).formatToParts(date);
  const get = (type: string) => Number(parts.find((p) => p.type === type)?.value);
  const wall = Date.UTC(get('year'), get('month') - 1, get('day'), get('hour'), get('minute'), get('second'));
  return wall - Math.floor(date.getTime() / 1000) * 1000;
}

/** The instant the site's clock reads `year-month-day hour:minute`. */
function zonedMidnight(year: number, month: number, day: number, timeZone: string, hour = 0, minute = 0): Date {
  const wall = Date.UTC(year, month - 1, day, hour, minute);
  let instant = wall - offsetMs(new Date(wall), timeZone);
  // The offset at the first guess may be the other side of a daylight-saving change.
  const corrected = wall - offsetMs(new Date(instant), timeZone);
  if (corrected !== instant) instant = corrected;
  return new Date(instant);
}

/** The start of the site's day and calendar month that contain `now`. */
export function siteDayAndMonthStart(now: Date, timeZone: string): { dayStart: Date; monthStart: Date } {
  const { year, month, day } = siteDate(now, timeZone);
  return { dayStart: zonedMidnight(year, month, day, timeZone), monthStart: zonedMidnight(year, month, 1, timeZone) };
}

/**
 * The Weekly Dish's slot: the next Tuesday at 07:00 on the site's clock after `now`
 * (a week later when it is Tuesday past 07:00), right across daylight-saving changes.
 */
export function nextTuesdayMorning(now: Date, timeZone: string): Date {
  const { year, month, day } = siteDate(now, timeZone);
  const weekday = new Date(Date.UTC(year, month - 1, day)).getUTCDay();
  for (let ahead = (2 - weekday + 7) % 7; ; ahead += 7) {
    const date = new Date(Date.UTC(year, month - 1, day + ahead));
    const slot = zonedMidnight(date.getUTCFullYear(), date.getUTCMonth() + 1, date.getUTCDate(), timeZone, 7);
    if (slot.getTime() > now.getTime()) return slot;
  }
}

export function isTimeZone(value: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: value });
    return true;
  } catch {
    return false;
  }
}

/**
 * The instant the site's clock reads `2026-12-10T13:00` (a webinar's start, entered in the admin).
 * A time that happens twice in the autumn is its first occurrence (still summer time). A time the
 * spring-forward change skips comes back an hour earlier: callers check with instantToSiteLocal
 * and refuse it (site-time.test.ts).
 */
export function siteLocalToInstant(local: string, timeZone: string): Date {
  const [date, time] = local.split('T') as [string, string];
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  const [hour, minute] = time.split(':').map(Number) as [number, number];
  return zonedMidnight(year, month, day, timeZone, hour, minute);
}

/** `instant` as the site's clock shows it, in the form siteLocalToInstant reads. */
export function instantToSiteLocal(instant: Date, timeZone: string): string {
  const parts = dateFormatter({
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
  }).formatToParts(instant);
  const get = (type: string) => parts.find((p) => p.type === type)?.value ?? '00';
  return `${get('year')}-${get('month')}-${get('day')}T${get('hour')}:${get('minute')}`;
}

/** "Thursday, December 10, 2026, 1:00 PM EST": in the site's time zone, named, right across daylight saving. */
export function siteTime(instant: Date, timeZone: string): string {
  return formatDate(instant, {
    timeZone,
    weekday: 'long',
    year: 'numeric',
    month: 'long',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    timeZoneName: 'short',
  });
}

/**
 * The admin's one way of showing a time: "Tue, Dec 1, 2026, 7:00 AM EST", always in the site's
 * zone and naming it, whatever the admin's browser is set to.
 */
export function siteDateTime(instant: Date, timeZone: string): string {
  return formatDate(instant, {
    timeZone,
    weekday: 'short',
    year: 'numeric',
    month: 'short',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    timeZoneName: 'short',
  });
}

/** The same, split for lists grouped by day: "Tuesday, December 1, 2026" and "7:00 AM EST". */
export function siteDay(instant: Date, timeZone: string): string {
  return formatDate(instant, { timeZone, weekday: 'long', year: 'numeric', month: 'long', day: 'numeric' });
}
export function siteClock(instant: Date, timeZone: string): string {
  return formatDate(instant, { timeZone, hour: 'numeric', minute: '2-digit', timeZoneName: 'short' });
}

/**
 * Dates in words, on the site's clock. Every date shown to people (pages, the admin, emails) is
 * written by these, given SITE_TIMEZONE: the server and the browser write the same day whatever
 * zone either runs in, and 11:06 PM on a Saturday in New York is that Saturday, not UTC's Sunday.
 * ESLint keeps other ways of writing a date out of client/, server/ and shared/.
 */

/** "November 28, 2026". */
export function siteLongDate(instant: Instant, timeZone: string): string {
  return formatDate(instant, { timeZone, year: 'numeric', month: 'long', day: 'numeric' });
}

/** "Nov 28, 2026". */
export function siteShortDate(instant: Instant, timeZone: string): string {
  return formatDate(instant, { timeZone, year: 'numeric', month: 'short', day: 'numeric' });
}

/** "2026-11-28": the site's calendar date in figures (a file name people download, say). */
export function siteIsoDate(instant: Instant, timeZone: string): string {
  return instantToSiteLocal(new Date(instant), timeZone).slice(0, 10);
}

// English month names, written out: a date with no clock needs no Intl (its first use costs a
// phone's browser about 140 ms of its main thread, in the middle of hydrating).
const monthNames = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];

/** A calendar month with no clock, "2026-12" → "December 2026" (a month key the site's clock chose). */
export function calendarMonth(month: string): string {
  const [year, number] = month.split('-').map(Number) as [number, number];
  return `${monthNames[number - 1]} ${year}`;
}

/** A calendar day with no clock, "2026-11-17" → "November 17, 2026" (a date written in content, or a day the server put on the site's clock). */
export function calendarDate(day: string): string {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  return `${monthNames[month - 1]} ${date}, ${year}`;
}

/**
 * "Eastern Time": the zone's name without its season, for a page that says which clock its times
 * are on. A zone with no generic name ("GMT+00:00" for UTC) gets its full one.
 */
export function siteZoneName(timeZone: string): string {
  const name = (style: 'longGeneric' | 'long') =>
    dateFormatter({ timeZone, timeZoneName: style })
      .formatToParts(new Date(0))
      .find((part) => part.type === 'timeZoneName')!.value;
  const generic = name('longGeneric');
  return generic.startsWith('GMT') ? name('long') : generic;
}

const datesOfZone = new Map<string, ReturnType<typeof datesIn>>();

/**
 * Every format above bound to one zone: what the browser's `useSiteDates()` hands its pages. One
 * set per zone, made once: the zone's name alone takes two formatToParts, and the progress data
 * asks for the dates of its zone once per pillar.
 */
export function siteDates(timeZone: string): SiteDates {
  let dates = datesOfZone.get(timeZone);
  if (!dates) {
    dates = datesIn(timeZone);
    datesOfZone.set(timeZone, dates);
  }
  return dates;
}

function datesIn(timeZone: string) {
  let zoneName: string | undefined;
  return {
    timeZone,
    /** "November 28, 2026" */
    long: (instant: Instant) => siteLongDate(instant, timeZone),
    /** "Nov 28, 2026" */
    short: (instant: Instant) => siteShortDate(instant, timeZone),
    /** "Sat, Nov 28, 2026, 11:06 PM EST" */
    dateTime: (instant: Instant) => siteDateTime(new Date(instant), timeZone),
    /** "Saturday, November 28, 2026" */
    day: (instant: Instant) => siteDay(new Date(instant), timeZone),
    /** "Saturday, November 28" */
    weekdayDate: (instant: Instant) => formatDate(instant, { timeZone, weekday: 'long', month: 'long', day: 'numeric' }),
    /** "11:06 PM EST" */
    clock: (instant: Instant) => siteClock(new Date(instant), timeZone),
    /** "November" */
    month: (instant: Instant) => formatDate(instant, { timeZone, month: 'long' }),
    /** "November 2026" */
    monthYear: (instant: Instant) => formatDate(instant, { timeZone, month: 'long', year: 'numeric' }),
    /** "Eastern Time": the zone's name without its season, for a page that says which clock its times are on. */
    // Named when first read: only the pages that give times say which clock they are on.
    get zoneName() {
      return (zoneName ??= siteZoneName(timeZone));
    },
    /** 2026: the site's year at that instant. */
    year: (instant: Instant) => siteYear(new Date(instant), timeZone),
  };
}

export type SiteDates = ReturnType<typeof datesIn>;
