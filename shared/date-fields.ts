import { z } from './zod';

/**
 * The years a date typed into the site may be in. JavaScript and PostgreSQL each reach further,
 * but not together: 9999-12-31 23:59 in New York is in the year 10000 in UTC, which
 * `toISOString` writes as "+010000-…" and the database refuses, and years before 100 are read as
 * 19xx. No webinar, coaching slot, send or publish of this site is meant for outside these years.
 */
export const DATE_YEARS = { first: 2000, last: 2999 } as const;

const outOfYears = (label: string) => `${label} must be in the years ${DATE_YEARS.first} to ${DATE_YEARS.last}`;
const inYears = (year: number) => year >= DATE_YEARS.first && year <= DATE_YEARS.last;
const daysInMonth = (year: number, month: number) => new Date(Date.UTC(year, month, 0)).getUTCDate();

/**
 * A date and time as a clock reads it, without a zone (`2026-12-10T13:00`): what an admin types
 * for the site's clock. A day or an hour that no calendar has (February 30, 24:00, month 13) is
 * refused as such here; whether the site's zone skips the time for daylight saving is the
 * server's question (it knows the zone).
 */
export const clockTime = (label: string) =>
  z.string({ error: `${label} must be a date and time` }).superRefine((value, ctx) => {
    const match = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/.exec(value);
    if (!match) {
      ctx.addIssue({ code: 'custom', message: `${label} must be a date and time (YYYY-MM-DDTHH:MM)` });
      return;
    }
    const [year, month, day, hour, minute] = match.slice(1).map(Number) as [number, number, number, number, number];
    if (month < 1 || month > 12 || day < 1 || day > daysInMonth(year, month) || hour > 23 || minute > 59) {
      ctx.addIssue({ code: 'custom', message: `${value} is not a real date and time` });
      return;
    }
    if (!inYears(year)) ctx.addIssue({ code: 'custom', message: outOfYears(label) });
  });

/** An instant with its offset (`2026-12-10T18:00:00Z`, `…-05:00`), as the browser sends a time it converted. */
export const instant = (label: string) =>
  z.iso.datetime({ offset: true, error: `${label} must be a date and time` }).refine((value) => inYears(new Date(value).getUTCFullYear()), outOfYears(label));

/** A day on the site's calendar (`2027-03-01`), as a date input gives it: a real day of the years above. */
export const calendarDay = (label: string) =>
  z.string({ error: `${label} must be a date` }).superRefine((value, ctx) => {
    const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
    if (!match) {
      ctx.addIssue({ code: 'custom', message: `${label} must be a date (YYYY-MM-DD)` });
      return;
    }
    const [year, month, day] = match.slice(1).map(Number) as [number, number, number];
    if (month < 1 || month > 12 || day < 1 || day > daysInMonth(year, month)) {
      ctx.addIssue({ code: 'custom', message: `${value} is not a real date` });
      return;
    }
    if (!inYears(year)) ctx.addIssue({ code: 'custom', message: outOfYears(label) });
  });
