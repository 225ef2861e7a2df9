import { describe, expect, it } from 'vitest';
import { basedOnText, neededText, waitingText } from './result-texts';

describe("the team result's sentences", () => {
  it('count answers in words, one and many', () => {
    expect(neededText(2)).toBe("2 more answers are needed before the team's result is shown");
    expect(neededText(1)).toBe("1 more answer is needed before the team's result is shown");
    expect(basedOnText(3)).toBe('Based on 3 answers');
    expect(waitingText(2)).toBe("2 newer answers will be counted once at least 3 have come, so that nobody's answers can be worked out.");
    expect(waitingText(1)).toMatch(/^1 newer answer will be counted/);
  });
});
