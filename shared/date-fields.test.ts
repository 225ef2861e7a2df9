import { describe, expect, it } from 'vitest';
import { clockTime, instant } from './date-fields';
import { versionInPathSchema, versionSchema } from './number-fields';

const messageOf = (result: { success: boolean; error?: { issues: { message: string }[] } }) => (result.success ? null : result.error!.issues[0]!.message);

describe('dates people type', () => {
  const start = clockTime('Start');

  it('says a day or hour that no calendar has is not a real date, not that the clocks skip it', () => {
    for (const value of [
      '2027-02-30T10:00',
      '2027-01-01T24:00',
      '2027-13-01T10:00',
      '2027-00-10T10:00',
      '2027-04-31T10:00',
      '2027-01-01T10:60',
      '2027-02-29T10:00',
    ]) {
      expect(messageOf(start.safeParse(value)), value).toBe(`${value} is not a real date and time`);
    }
    expect(start.safeParse('2028-02-29T10:00').success).toBe(true);
    expect(start.safeParse('2027-12-31T23:59').success).toBe(true);
  });

  it('keeps to the years 2000 to 2999, whose UTC form the database and JavaScript both write', () => {
    for (const value of ['9999-12-31T23:59', '3000-01-01T00:00', '0050-01-01T00:00', '1999-12-31T23:59']) {
      expect(messageOf(start.safeParse(value)), value).toBe('Start must be in the years 2000 to 2999');
    }
    for (const value of ['9999-12-31T23:59:00-05:00', '9999-12-31T23:59:00Z', '0000-01-01T00:00:00Z', '2999-12-31T23:00:00-05:00']) {
      expect(messageOf(instant('Publish time').safeParse(value)), value).toBe('Publish time must be in the years 2000 to 2999');
    }
    expect(instant('Publish time').safeParse('2999-12-31T23:00:00Z').success).toBe(true);
  });

  it('names the expected form for what is not a date at all', () => {
    expect(messageOf(start.safeParse('next week'))).toBe('Start must be a date and time (YYYY-MM-DDTHH:MM)');
    expect(messageOf(start.safeParse(20271231))).toBe('Start must be a date and time');
    expect(messageOf(instant('Send time').safeParse('tomorrow'))).toBe('Send time must be a date and time');
  });
});

describe('version numbers', () => {
  it('refuses what PostgreSQL’s integer cannot hold, in bodies and paths', () => {
    expect(versionSchema.safeParse(2 ** 31 - 1).success).toBe(true);
    expect(messageOf(versionSchema.safeParse(2 ** 31))).toBe('Version must be at most 2147483647');
    expect(versionInPathSchema.safeParse('2147483647').data).toBe(2 ** 31 - 1);
    for (const value of ['2147483648', '99999999999', '1e3', '0', '-1', '1.5', ' 1', 'Infinity']) {
      expect(messageOf(versionInPathSchema.safeParse(value)), value).toBe('number must be a version number');
    }
  });
});
