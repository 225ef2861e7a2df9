import { expect, it } from 'vitest';
import { formatDollars, parsePlan, plans, yearlyComparedToMonthly } from './pricing';

it('holds the decided prices and the yearly saving (docs/product.md (Decisions), Price)', () => {
  expect(formatDollars(plans.monthly.amountCents)).toBe('$19');
  expect(formatDollars(plans.yearly.amountCents)).toBe('$190');
  expect(formatDollars(yearlyComparedToMonthly.wasCents)).toBe('$228');
  expect(formatDollars(yearlyComparedToMonthly.savesCents)).toBe('$38');
  expect(formatDollars(yearlyComparedToMonthly.perMonthCents)).toBe('$15.83');
  expect(yearlyComparedToMonthly.savesPercent).toBe(17);
});

it('accepts annual as an alias of yearly and defaults to monthly', () => {
  expect(parsePlan('annual')).toBe('yearly');
  expect(parsePlan('yearly')).toBe('yearly');
  expect(parsePlan('monthly')).toBe('monthly');
  expect(parsePlan(null)).toBe('monthly');
  expect(parsePlan('lifetime')).toBe('monthly');
});
