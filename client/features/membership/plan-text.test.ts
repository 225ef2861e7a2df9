import { describe, expect, it } from 'vitest';
import { planText } from './plan-text';

describe('plan texts', () => {
  it('come from the one price list: $19, $190, was $228, Save $38, $15.83/month; never $29 or $118; the percent saved rounded, as docs/product.md §9 says (about 17%, not 16)', () => {
    expect(planText).toEqual({
      monthlyPrice: '$19',
      yearlyPrice: '$190',
      was: '$228',
      save: 'Save $38',
      monthsFree: '2 months free (17% savings)',
      perMonth: 'Just $15.83/month - Save 17%',
    });
    expect(JSON.stringify(planText)).not.toMatch(/\$29|\$118/);
  });
});
