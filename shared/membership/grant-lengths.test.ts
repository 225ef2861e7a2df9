import { describe, expect, it } from 'vitest';
import { grantEnd } from './grant-lengths';

describe('grantEnd', () => {
  const at = (iso: string) => new Date(iso);
  it('adds seven days for a week, at the same time', () => {
    expect(grantEnd('1_week', at('2026-11-27T09:15:00Z'))?.toISOString()).toBe('2026-12-04T09:15:00.000Z');
  });
  it('adds calendar months, keeping the day or taking the month’s last', () => {
    expect(grantEnd('1_month', at('2026-11-27T09:15:00Z'))?.toISOString()).toBe('2026-12-27T09:15:00.000Z');
    expect(grantEnd('1_month', at('2027-01-31T23:00:00Z'))?.toISOString()).toBe('2027-02-28T23:00:00.000Z');
    expect(grantEnd('1_month', at('2028-01-31T00:00:00Z'))?.toISOString()).toBe('2028-02-29T00:00:00.000Z');
    expect(grantEnd('6_months', at('2026-08-31T12:00:00Z'))?.toISOString()).toBe('2027-02-28T12:00:00.000Z');
    expect(grantEnd('1_year', at('2028-02-29T12:00:00Z'))?.toISOString()).toBe('2029-02-28T12:00:00.000Z');
    expect(grantEnd('1_year', at('2026-12-15T00:00:00Z'))?.toISOString()).toBe('2027-12-15T00:00:00.000Z');
  });
  it('has no end without end', () => {
    expect(grantEnd('without_end', at('2026-11-27T09:15:00Z'))).toBeNull();
  });
});
