import { describe, expect, it } from 'vitest';
import { isTimeZone, siteDayAndMonthStart } from './site-time';

describe("the site's calendar", () => {
  it('starts days and months at local midnight, around the daylight-saving changes too', () => {
    const ny = 'America/New_York';
    // 2 November 2026, 03:00 UTC is still 1 November in New York (EST since 1 November, 02:00).
    expect(siteDayAndMonthStart(new Date('2026-11-02T03:00:00Z'), ny)).toEqual({ dayStart: new Date('2026-11-01T04:00:00Z'), monthStart: new Date('2026-11-01T04:00:00Z') });
    expect(siteDayAndMonthStart(new Date('2026-11-02T12:00:00Z'), ny)).toEqual({ dayStart: new Date('2026-11-02T05:00:00Z'), monthStart: new Date('2026-11-01T04:00:00Z') });
    // 8 March 2026: EDT from 02:00; the month started in EST.
    expect(siteDayAndMonthStart(new Date('2026-03-08T15:00:00Z'), ny)).toEqual({ dayStart: new Date('2026-03-08T05:00:00Z'), monthStart: new Date('2026-03-01T05:00:00Z') });
    expect(siteDayAndMonthStart(new Date('2026-03-09T15:00:00Z'), ny).dayStart).toEqual(new Date('2026-03-09T04:00:00Z'));
    expect(siteDayAndMonthStart(new Date('2026-06-15T23:30:00Z'), 'UTC')).toEqual({ dayStart: new Date('2026-06-15T00:00:00Z'), monthStart: new Date('2026-06-01T00:00:00Z') });
    expect(siteDayAndMonthStart(new Date('2026-06-15T23:30:00Z'), 'Asia/Kolkata').dayStart).toEqual(new Date('2026-06-15T18:30:00Z'));
  });

  it('knows a time zone from a typo', () => {
    expect(isTimeZone('America/New_York')).toBe(true);
    expect(isTimeZone('America/Nowhere')).toBe(false);
  });
});
