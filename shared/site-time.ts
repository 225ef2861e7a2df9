/**
 * The site's calendar (SITE_TIMEZONE): instants are stored in UTC and turned into the site's days
 * and months only at the edges, here. Daylight-saving changes are handled by asking Intl for the
 * zone's offset at the instant itself.
 */

import { dateFormatter, formatDate } from './date-format';

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

/** The site's calendar date at `now`. */
export function siteDate(now: Date, timeZone: string): { year: number; month: number; day: number } {
  const parts = dateFormatter({ timeZone, year: 'numeric', month: 'numeric', day: 'numeric' }).formatToParts(now);
  const get = (type: string) => Number(parts.find((p) => p.type === type)?.value);
  return { year: get('year'), month: get('month'), day: get('day') };
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
