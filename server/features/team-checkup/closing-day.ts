import { siteLocalToInstant } from '#shared/site-time';
import { ROUND_MAX_DAYS, ROUND_REMINDER_DAYS_BEFORE, roundMessages } from '#shared/team-checkup/schemas';
import { HttpError } from '../../http/errors';

/**
 * A round's closing date is a day on the site's calendar (SITE_TIMEZONE): it closes at the end of
 * that day there, and its reminders go at 09:00 there, three days before and on the day itself
 * (decision 079), right across daylight-saving changes.
 */

/** The hour of the site's clock reminders go at: the start of a working day, not midnight. */
const REMINDER_TIME = '09:00';

/** `day` (YYYY-MM-DD) moved by `days` calendar days. */
export function addDays(day: string, days: number): string {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(year, month - 1, date + days)).toISOString().slice(0, 10);
}

export interface RoundTimes {
  /** The last millisecond of the closing day on the site's clock. */
  closesAt: Date;
  remindBeforeAt: Date;
  remindLastDayAt: Date;
}

export function roundTimes(closesOn: string, timeZone: string): RoundTimes {
  return {
    closesAt: new Date(siteLocalToInstant(`${addDays(closesOn, 1)}T00:00`, timeZone).getTime() - 1),
    remindBeforeAt: siteLocalToInstant(`${addDays(closesOn, -ROUND_REMINDER_DAYS_BEFORE)}T${REMINDER_TIME}`, timeZone),
    remindLastDayAt: siteLocalToInstant(`${closesOn}T${REMINDER_TIME}`, timeZone),
  };
}

/**
 * Refuses a closing day that is not after today, or more than ROUND_MAX_DAYS days after the day
 * the round started (`startedOn`; today for a new round), both on the site's calendar.
 */
export function checkClosingDay(closesOn: string, today: string, startedOn: string): void {
  if (closesOn <= today) throw new HttpError(400, roundMessages.closeInPast, { closesOn: roundMessages.closeInPast });
  if (closesOn > addDays(startedOn, ROUND_MAX_DAYS)) throw new HttpError(400, roundMessages.closeTooLate, { closesOn: roundMessages.closeTooLate });
}
