import { describe, expect, it } from 'vitest';
import { dateFormatter, formatDate } from './date-format';

describe('formatDate', () => {
  it('writes a date as toLocaleDateString does, from a Date or an ISO string', () => {
    const instant = new Date('2026-03-05T23:30:00Z');
    const options: Intl.DateTimeFormatOptions = { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' };
    expect(formatDate(instant, options)).toBe('March 5, 2026');
    expect(formatDate('2026-03-05T23:30:00Z', options)).toBe(instant.toLocaleDateString('en-US', options));
    expect(formatDate(instant, { ...options, timeZone: 'Asia/Tokyo' })).toBe('March 6, 2026');
    expect(formatDate(instant, options, 'en-GB')).toBe('5 March 2026');
  });

  it('builds one formatter per set of options and locale', () => {
    const a = dateFormatter({ month: 'long', timeZone: 'UTC' });
    expect(dateFormatter({ month: 'long', timeZone: 'UTC' })).toBe(a);
    expect(dateFormatter({ month: 'long', timeZone: 'UTC' }, 'en-GB')).not.toBe(a);
    expect(dateFormatter({ month: 'short', timeZone: 'UTC' })).not.toBe(a);
  });
});
