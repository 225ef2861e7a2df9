import { describe, expect, it } from 'vitest';
import { countdownMessage, secondsLeft } from './countdown';

describe('secondsLeft', () => {
  it('counts whole seconds down from the start', () => {
    expect(secondsLeft(6, 1000, 1000)).toBe(6);
    expect(secondsLeft(6, 1000, 1999)).toBe(6);
    expect(secondsLeft(6, 1000, 2000)).toBe(5);
    expect(secondsLeft(6, 1000, 6999)).toBe(1);
    expect(secondsLeft(6, 1000, 7000)).toBe(0);
  });

  it('never goes below zero, even when timers were delayed far past the end', () => {
    expect(secondsLeft(10, 0, 60_000)).toBe(0);
  });

  it('treats a clock that moved backwards as no time elapsed', () => {
    expect(secondsLeft(6, 5000, 4000)).toBe(6);
  });
});

describe('countdownMessage', () => {
  it('says seconds, or second for one', () => {
    expect(countdownMessage(6)).toBe('Taking you to your dashboard in 6 seconds');
    expect(countdownMessage(1)).toBe('Taking you to your dashboard in 1 second');
  });
});
