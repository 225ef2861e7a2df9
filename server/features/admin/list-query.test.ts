import { describe, expect, it } from 'vitest';
import { escapeLike, offsetOf } from './list-query';

describe('list query helpers', () => {
  it('escape LIKE wildcards so they match literally', () => {
    expect(escapeLike('50%_off\\')).toBe('50\\%\\_off\\\\');
    expect(escapeLike("o'brien")).toBe("o'brien");
  });
  it('turn a page number into an offset', () => {
    expect(offsetOf(1, 25)).toBe(0);
    expect(offsetOf(3, 10)).toBe(20);
  });
});
