import { describe, expect, it } from 'vitest';
import { averageChangeText } from './plan-figures';

describe("the admin's plan figures", () => {
  it('says the average change of a pillar in points, and holds it back under the minimum', () => {
    expect(averageChangeText(4.46, 10)).toBe('+4.5 points');
    expect(averageChangeText(-2, 10)).toBe('-2 points');
    expect(averageChangeText(1, 10)).toBe('+1 point');
    expect(averageChangeText(0.01, 10)).toBe('No change');
    expect(averageChangeText(null, 10)).toBe('Shown from 10 plans on');
  });
});
