import { describe, expect, it } from 'vitest';
import { actionsByPillar, outcomeSentence, priorityTitle, progressText } from './plan-texts';

describe("a plan's texts", () => {
  it('says a planned pillar’s change beside what was done', () => {
    expect(outcomeSentence({ pillar: 'FUEL', before: 44, after: 63, done: 4, total: 5 })).toBe('Fuel: 44% → 63% after 4 of 5 actions');
    expect(outcomeSentence({ pillar: 'HUMANS', before: 50, after: 45, done: 0, total: 1 })).toBe('Humans: 50% → 45% after 0 of 1 action');
    // A priority the person planned nothing for (or dropped all of): not "after 0 of 0 actions".
    expect(outcomeSentence({ pillar: 'HUMANS', before: 25, after: 25, done: 0, total: 0 })).toBe('Humans: 25% → 25% with no actions');
  });

  it('groups actions by pillar in the pillars’ order, keeping each pillar’s order and leaving out empty pillars', () => {
    const actions = [
      { id: 'a', pillar: 'GEARS' },
      { id: 'b', pillar: 'IMPACT' },
      { id: 'c', pillar: 'GEARS' },
    ] as const;
    expect(actionsByPillar(actions)).toEqual([
      { pillar: 'IMPACT', actions: [actions[1]] },
      { pillar: 'GEARS', actions: [actions[0], actions[2]] },
    ]);
    expect(actionsByPillar([])).toEqual([]);
  });

  it('says progress and priorities in words', () => {
    expect(progressText({ actions: 5, done: 3 })).toBe('3 of 5 done');
    expect(priorityTitle({ kind: 'pillar', pillar: 'FUEL', percent: 44 })).toBe('Fuel: 44% healthy');
    expect(priorityTitle({ kind: 'statement', pillar: 'FUEL', questionId: 10, spread: 1.2 })).toBe('Fuel, statement 10: your team disagrees most here');
  });
});
