import { describe, expect, it } from 'vitest';
import { formatExpiry, testCardSchema } from './schemas';

describe('the test card form', () => {
  it('writes the expiry as card forms do while it is typed', () => {
    expect(['1', '12', '123', '1230', '12/30', '12 / 30', '12303', ''].map(formatExpiry)).toEqual([
      '1',
      '12',
      '12 / 3',
      '12 / 30',
      '12 / 30',
      '12 / 30',
      '12 / 30',
      '',
    ]);
  });

  it('accepts "1230" as 12 / 30 and still refuses an incomplete or impossible month', () => {
    const card = { cardNumber: '4242 4242 4242 4242', cvc: '123' };
    expect(testCardSchema.parse({ ...card, expiry: '1230' }).expiry).toBe('12 / 30');
    expect(testCardSchema.safeParse({ ...card, expiry: '123' }).success).toBe(false);
    expect(testCardSchema.safeParse({ ...card, expiry: '1330' }).success).toBe(false);
  });
});
