import { describe, expect, it } from 'vitest';
import { plural } from './plural';

describe('plural', () => {
  it('agrees with the count, 1 included, with the figure written in English', () => {
    expect(plural(1, 'subscriber')).toBe('1 subscriber');
    expect(plural(0, 'subscriber')).toBe('0 subscribers');
    expect(plural(2, 'subscriber')).toBe('2 subscribers');
    expect(plural(12_500, 'subscriber')).toBe('12,500 subscribers');
    expect(plural(1, 'person', 'people')).toBe('1 person');
    expect(plural(3, 'person', 'people')).toBe('3 people');
  });
});
