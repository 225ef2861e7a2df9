import { describe, expect, it } from 'vitest';
import { conversionRate, gradeOf, preview, scoreBadge, statusBand } from './checkup-bands';

describe('admin constants of docs/product.md §9', () => {
  it('band a check-up score', () => {
    expect([20, 34, 35, 49, 50, 64, 65, 80].map(statusBand)).toEqual([
      'Consultant Energy',
      'Consultant Energy',
      'Mostly Functional',
      'Mostly Functional',
      'Hope & Coffee',
      'Hope & Coffee',
      'Send Snacks',
      'Send Snacks',
    ]);
  });
  it('put the grade the member was shown beside the status band: they disagree (44 is Mostly Functional and D)', () => {
    expect(statusBand(44)).toBe('Mostly Functional');
    expect(gradeOf(44)).toBe('D, Please Send Snacks');
    expect([20, 24, 25, 32, 33].map(gradeOf)).toEqual([
      'B, Mostly Functional',
      'B, Mostly Functional',
      'C, Held Together by Hope & Coffee',
      'C, Held Together by Hope & Coffee',
      'D, Please Send Snacks',
    ]);
  });
  it('pick the score badge', () => {
    expect([40, 41, 60, 61].map(scoreBadge)).toEqual(['default', 'secondary', 'secondary', 'destructive']);
  });
  it('compute the conversion rate, 0 without signups', () => {
    expect(conversionRate(1, 3)).toBe(33);
    expect(conversionRate(5, 0)).toBe(0);
  });
  it('cut a description to 100 characters', () => {
    expect(preview('x'.repeat(100))).toBe('x'.repeat(100));
    expect(preview('x'.repeat(101))).toBe(`${'x'.repeat(100)}...`);
  });
});
