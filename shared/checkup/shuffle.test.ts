import { describe, expect, it } from 'vitest';
import { shuffle } from './shuffle';

/** mulberry32: a small seeded generator, so the statistics below are reproducible. */
function seeded(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

describe('shuffle (Fisher-Yates)', () => {
  it('swaps from the end with the drawn index', () => {
    // random 0 always picks index 0: [1,2,3,4] → [4,2,3,1] → [3,2,4,1] → [2,3,4,1]
    expect(shuffle([1, 2, 3, 4], () => 0)).toEqual([2, 3, 4, 1]);
    // random just under 1 always picks i itself: nothing moves
    expect(shuffle([1, 2, 3, 4], () => 0.999999)).toEqual([1, 2, 3, 4]);
  });

  it('returns a new permutation and leaves the input alone', () => {
    const input = Object.freeze(Array.from({ length: 20 }, (_, i) => i));
    const output = shuffle(input, seeded(1));
    expect(output).not.toBe(input);
    expect([...output].sort((a, b) => a - b)).toEqual(input);
    expect(output).not.toEqual(input);
  });

  it('is reproducible with the same random source and differs with another', () => {
    const items = Array.from({ length: 20 }, (_, i) => i);
    expect(shuffle(items, seeded(7))).toEqual(shuffle(items, seeded(7)));
    expect(shuffle(items, seeded(7))).not.toEqual(shuffle(items, seeded(8)));
  });

  it('gives every order of 4 items about equally often', () => {
    const random = seeded(42);
    const counts = new Map<string, number>();
    const runs = 24_000;
    for (let i = 0; i < runs; i++) {
      const key = shuffle(['a', 'b', 'c', 'd'], random).join('');
      counts.set(key, (counts.get(key) ?? 0) + 1);
    }
    expect(counts.size).toBe(24);
    // Expected 1000 each; a biased shuffle (e.g. drawing from the whole array) is off by 30% or more.
    for (const count of counts.values()) expect(Math.abs(count - 1000)).toBeLessThan(150);
  });
});
