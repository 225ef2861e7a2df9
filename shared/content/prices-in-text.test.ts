import { expect, it } from 'vitest';
import { fillPrices } from './prices-in-text';

it('fills every price placeholder from the price list', () => {
  expect(fillPrices('{{MONTHLY_PRICE}} a month, {{YEARLY_PRICE}} a year; {{MONTHLY_PRICE}} again')).toBe('$19 a month, $190 a year; $19 again');
});
