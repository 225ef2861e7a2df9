import { describe, expect, it } from 'vitest';
import {
  siteZoneName,
  calendarDate,
  calendarMonth,
  instantToSiteLocal,
  isTimeZone,
  nextTuesdayMorning,
  siteDates,
  siteDayAndMonthStart,
  siteIsoDate,
  siteLocalToInstant,
  siteLongDate,
  siteShortDate,
} from './site-time';
import { siteYear } from './site-year';

describe("the site's calendar", () => {
  it('starts days and months at local midnight, around the daylight-saving changes too', () => {
    const ny = 'America/New_York';
    // 2 November 2026, 03:00 UTC is still 1 November in New York (EST since 1 November, 02:00).
    expect(siteDayAndMonthStart(new Date('2026-11-02T03:00:00Z'), ny)).toEqual({
      dayStart: new Date('2026-11-01T04:00:00Z'),
      monthStart: new Date('2026-11-01T04:00:00Z'),
    });
    expect(siteDayAndMonthStart(new Date('2026-11-02T12:00:00Z'), ny)).toEqual({
      dayStart: new Date('2026-11-02T05:00:00Z'),
      monthStart: new Date('2026-11-01T04:00:00Z'),
    });
    // 8 March 2026: EDT from 02:00; the month started in EST.
    expect(siteDayAndMonthStart(new Date('2026-03-08T15:00:00Z'), ny)).toEqual({
      dayStart: new Date('2026-03-08T05:00:00Z'),
      monthStart: new Date('2026-03-01T05:00:00Z'),
    });
    expect(siteDayAndMonthStart(new Date('2026-03-09T15:00:00Z'), ny).dayStart).toEqual(new Date('2026-03-09T04:00:00Z'));
    expect(siteDayAndMonthStart(new Date('2026-06-15T23:30:00Z'), 'UTC')).toEqual({
      dayStart: new Date('2026-06-15T00:00:00Z'),
      monthStart: new Date('2026-06-01T00:00:00Z'),
    });
    expect(siteDayAndMonthStart(new Date('2026-06-15T23:30:00Z'), 'Asia/Kolkata').dayStart).toEqual(new Date('2026-06-15T18:30:00Z'));
  });

  it('knows a time zone from a typo', () => {
    expect(isTimeZone('America/New_York')).toBe(true);
    expect(isTimeZone('America/Nowhere')).toBe(false);
  });
});

describe('nextTuesdayMorning', () => {
  it('is the coming Tuesday at 07:00 in the site time zone', () => {
    // Wednesday 2026-11-25 12:00 UTC → Tuesday 2026-12-01 07:00 New York (EST, UTC-5).
    expect(nextTuesdayMorning(new Date('2026-11-25T12:00:00Z'), 'America/New_York').toISOString()).toBe('2026-12-01T12:00:00.000Z');
  });
  it('is today when it is Tuesday before 07:00, next week after', () => {
    expect(nextTuesdayMorning(new Date('2026-12-01T11:59:00Z'), 'America/New_York').toISOString()).toBe('2026-12-01T12:00:00.000Z');
    expect(nextTuesdayMorning(new Date('2026-12-01T12:00:00Z'), 'America/New_York').toISOString()).toBe('2026-12-08T12:00:00.000Z');
  });
  it('follows daylight saving: 07:00 EDT in spring, and London in summer', () => {
    // US clocks go forward on Sunday 2027-03-14: Tuesday 03-16 07:00 is UTC-4.
    expect(nextTuesdayMorning(new Date('2027-03-13T12:00:00Z'), 'America/New_York').toISOString()).toBe('2027-03-16T11:00:00.000Z');
    expect(nextTuesdayMorning(new Date('2027-07-01T00:00:00Z'), 'Europe/London').toISOString()).toBe('2027-07-06T06:00:00.000Z');
  });
  it('uses the site date, not the UTC date, near midnight', () => {
    // Tuesday 01:00 UTC is still Monday evening in New York: the slot is that same Tuesday morning.
    expect(nextTuesdayMorning(new Date('2026-12-01T01:00:00Z'), 'America/New_York').toISOString()).toBe('2026-12-01T12:00:00.000Z');
  });
});

describe('site-local times (a webinar start entered in the admin)', () => {
  const zone = 'America/New_York';
  it('reads a wall-clock time on either side of daylight saving', () => {
    expect(siteLocalToInstant('2026-12-10T13:00', zone).toISOString()).toBe('2026-12-10T18:00:00.000Z');
    expect(siteLocalToInstant('2026-07-10T13:00', zone).toISOString()).toBe('2026-07-10T17:00:00.000Z');
    expect(instantToSiteLocal(new Date('2026-03-08T07:30:00Z'), zone)).toBe('2026-03-08T03:30');
  });
  it('takes the first of an autumn hour that happens twice, and cannot read back a skipped spring time', () => {
    expect(siteLocalToInstant('2026-11-01T01:30', zone).toISOString()).toBe('2026-11-01T05:30:00.000Z');
    expect(instantToSiteLocal(siteLocalToInstant('2026-03-08T02:30', zone), zone)).not.toBe('2026-03-08T02:30');
  });
});

describe('dates in words on the site’s clock', () => {
  const ny = 'America/New_York';
  // Saturday 28 November 2026, 11:06 PM in New York: already Sunday the 29th in UTC.
  const lateSaturday = '2026-11-29T04:06:00.000Z';

  it('write the day New York is on, not the UTC day', () => {
    expect(siteLongDate(lateSaturday, ny)).toBe('November 28, 2026');
    expect(siteShortDate(new Date(lateSaturday), ny)).toBe('Nov 28, 2026');
    expect(siteIsoDate(lateSaturday, ny)).toBe('2026-11-28');
    expect(siteLongDate(lateSaturday, 'UTC')).toBe('November 29, 2026');
    // A week later to the minute: Saturday 5 December, 11:06 PM there, not "December 6".
    expect(siteLongDate(new Date(Date.parse(lateSaturday) + 7 * 86_400_000), ny)).toBe('December 5, 2026');
  });

  it('bundle the formats for one zone, the same wherever they run', () => {
    const dates = siteDates(ny);
    expect(dates.timeZone).toBe(ny);
    expect(dates.long(lateSaturday)).toBe('November 28, 2026');
    expect(dates.short(lateSaturday)).toBe('Nov 28, 2026');
    expect(dates.dateTime(lateSaturday)).toBe('Sat, Nov 28, 2026, 11:06 PM EST');
    expect(dates.weekdayDate(lateSaturday)).toBe('Saturday, November 28');
    expect(dates.clock(lateSaturday)).toBe('11:06 PM EST');
    expect(dates.month(lateSaturday)).toBe('November');
    expect(dates.monthYear(lateSaturday)).toBe('November 2026');
    expect(dates.year(new Date('2027-01-01T03:00:00Z'))).toBe(2026);
  });

  it('write a calendar month or day that has no clock as it is', () => {
    expect(calendarMonth('2026-12')).toBe('December 2026');
    expect(calendarDate('2026-11-17')).toBe('November 17, 2026');
    // Every day of two years, and every month, as Intl writes them in English.
    const long = new Intl.DateTimeFormat('en-US', { timeZone: 'UTC', year: 'numeric', month: 'long', day: 'numeric' });
    const month = new Intl.DateTimeFormat('en-US', { timeZone: 'UTC', year: 'numeric', month: 'long' });
    for (let t = Date.UTC(2026, 0, 1); t < Date.UTC(2028, 0, 1); t += 86_400_000) {
      const iso = new Date(t).toISOString();
      expect(calendarDate(iso.slice(0, 10))).toBe(long.format(t));
      expect(calendarMonth(iso.slice(0, 7))).toBe(month.format(t));
    }
  });
});

/** Counts the Intl.DateTimeFormat objects `run` makes (each made as usual). */
function formattersMadeBy(run: () => void): number {
  const Original = Intl.DateTimeFormat;
  let made = 0;
  Intl.DateTimeFormat = class extends Original {
    constructor(...args: ConstructorParameters<typeof Original>) {
      super(...args);
      made += 1;
    }
  } as typeof Original;
  try {
    run();
  } finally {
    Intl.DateTimeFormat = Original;
  }
  return made;
}

describe('siteYear', () => {
  it("is the year the zone's clock shows, on either side of every new year, in the zones furthest from UTC", () => {
    const zones = ['Pacific/Kiritimati', 'Etc/GMT+12', 'America/New_York', 'Asia/Kolkata', 'UTC'];
    // Every half hour from two days before to two days after three new years, and every day between.
    const instants: Date[] = [];
    for (const year of [2026, 2027, 2028]) {
      const newYear = Date.UTC(year, 0, 1);
      for (let t = newYear - 2 * 86_400_000; t <= newYear + 2 * 86_400_000; t += 1_800_000) instants.push(new Date(t));
    }
    for (let t = Date.UTC(2026, 0, 1); t < Date.UTC(2027, 0, 1); t += 86_400_000 + 3_600_000) instants.push(new Date(t));
    for (const zone of zones) {
      for (const instant of instants) {
        const shown = Number(new Intl.DateTimeFormat('en-US', { timeZone: zone, year: 'numeric' }).format(instant));
        expect(siteYear(instant, zone), `${zone} at ${instant.toISOString()}`).toBe(shown);
      }
    }
  });

  it('asks Intl nothing far from a new year', () => {
    const years: number[] = [];
    const made = formattersMadeBy(() => {
      years.push(siteYear(new Date('2026-07-04T12:00:00Z'), 'Australia/Lord_Howe'));
      years.push(siteDates('Australia/Lord_Howe').year('2026-06-01T00:00:00Z'));
    });
    expect(years).toEqual([2026, 2026]);
    expect(made).toBe(0);
    // Within a zone's reach of a new year it asks: 03:00 UTC on New Year's Day is still the old year there.
    expect(formattersMadeBy(() => years.push(siteYear(new Date('2027-01-01T03:00:00Z'), 'America/Denver')))).toBe(1);
    expect(years[2]).toBe(2026);
  });
});

describe('siteZoneName', () => {
  it("names the zone the pages' times are on, without its season", () => {
    expect(siteZoneName('America/New_York')).toBe('Eastern Time');
    expect(siteZoneName('America/Los_Angeles')).toBe('Pacific Time');
    expect(siteZoneName('UTC')).toBe('Coordinated Universal Time');
  });

  it("is the bundle of formats' zoneName, named only when read", () => {
    let dates = siteDates('UTC');
    expect(formattersMadeBy(() => (dates = siteDates('America/Chicago')))).toBe(0);
    expect(dates.zoneName).toBe('Central Time');
    const { zoneName } = dates;
    expect(zoneName).toBe('Central Time');
  });
});
