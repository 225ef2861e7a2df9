import { describe, expect, it } from 'vitest';
import { chargeFor, describeSchedule, offerSchedule } from './offer-price';

describe('offer prices', () => {
  it('a percent off once: the first charge only', () => {
    const schedule = offerSchedule('monthly', { kind: 'percent', percentOff: 50, duration: 'once' });
    expect([0, 1, 2].map((i) => chargeFor(schedule, i))).toEqual([950, 1900, 1900]);
    expect(describeSchedule('monthly', schedule)).toBe('$9.50 today, then $19/month');
  });

  it('a fixed amount for three months on the monthly plan: three charges', () => {
    const schedule = offerSchedule('monthly', { kind: 'amount', amountOffCents: 500, duration: 'repeating', durationMonths: 3 });
    expect([0, 1, 2, 3].map((i) => chargeFor(schedule, i))).toEqual([1400, 1400, 1400, 1900]);
    expect(describeSchedule('monthly', schedule)).toBe('$14/month for the first 3 months, then $19/month');
  });

  it('months on the yearly plan cover one yearly charge per started twelve months (Stripe’s rule)', () => {
    const six = offerSchedule('yearly', { kind: 'percent', percentOff: 20, duration: 'repeating', durationMonths: 6 });
    expect([0, 1].map((i) => chargeFor(six, i))).toEqual([15200, 19000]);
    const eighteen = offerSchedule('yearly', { kind: 'percent', percentOff: 20, duration: 'repeating', durationMonths: 18 });
    expect([0, 1, 2].map((i) => chargeFor(eighteen, i))).toEqual([15200, 15200, 19000]);
    expect(describeSchedule('yearly', eighteen)).toBe('$152/year for the first 2 years, then $190/year');
  });

  it('forever, rounding to the cent, and never below zero', () => {
    const third = offerSchedule('monthly', { kind: 'percent', percentOff: 33, duration: 'forever' });
    expect(chargeFor(third, 40)).toBe(1273);
    expect(describeSchedule('monthly', third)).toBe('$12.73/month');
    const free = offerSchedule('monthly', { kind: 'amount', amountOffCents: 5000, duration: 'once' });
    expect(chargeFor(free, 0)).toBe(0);
  });

  it('a trial: nothing today, the full price after the trial', () => {
    const schedule = offerSchedule('yearly', { kind: 'trial', trialDays: 30 });
    expect(schedule.firstChargeInDays).toBe(30);
    expect(chargeFor(schedule, 0)).toBe(19000);
    expect(describeSchedule('yearly', schedule)).toBe('Free for 30 days, then $190/year');
    expect(describeSchedule('monthly', offerSchedule('monthly', { kind: 'trial', trialDays: 1 }))).toBe('Free for 1 day, then $19/month');
  });
});
