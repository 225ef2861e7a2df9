import { describe, expect, it } from 'vitest';
import { averageChangeText, countedText } from './plan-figures';

describe("the admin's plan figures", () => {
  it('says the average change of a pillar in points, and holds it back under the minimum', () => {
    expect(averageChangeText(4.46, 10)).toBe('+4.5 points');
    expect(averageChangeText(-2, 10)).toBe('-2 points');
    expect(averageChangeText(1, 10)).toBe('+1 point');
    expect(averageChangeText(0.01, 10)).toBe('No change');
    expect(averageChangeText(null, 10)).toBe('Shown from 10 plans on');
  });

  it('says when the figures were counted, as they are counted every 15 minutes and not on each visit', () => {
    const dateTime = (instant: string) => (instant === '2026-11-29T17:00:00.000Z' ? 'Sun, Nov 29, 2026, 12:00 PM EST' : 'another time');
    expect(countedText('2026-11-29T17:00:00.000Z', dateTime)).toBe('Counted on Sun, Nov 29, 2026, 12:00 PM EST, and again every 15 minutes.');
    expect(countedText(null, dateTime)).toBe('Not counted yet: the figures are counted every 15 minutes.');
  });
});
