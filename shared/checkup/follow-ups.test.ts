import { describe, expect, it } from 'vitest';
import { followUpSequenceSchema, targetLabel, weakestPillar } from './follow-ups';
import { pillars } from './questions';

const scores = (sums: Partial<Record<(typeof pillars)[number], number>>) => {
  const categoryScores = Object.fromEntries(pillars.map((p) => [p, sums[p] ?? 4])) as Record<(typeof pillars)[number], number>;
  return { totalScore: Object.values(categoryScores).reduce((a, b) => a + b, 0), categoryScores };
};

describe('follow-up targets', () => {
  it("name a grade as the member's results do, never by the admin's status bands", () => {
    expect(targetLabel('grade', 'D')).toBe('Overall grade: D, Please Send Snacks (health score below 60%)');
    expect(targetLabel('grade', 'B')).toBe('Overall grade: B, Mostly Functional (health score 70-79%)');
    expect(targetLabel('grade', 'A')).toBe('Overall grade: A, Consultant Energy (health score 80% or more; no Check-Up reaches it, the best is 75%)');
    expect(targetLabel('pillar', 'FUEL')).toBe('Weakest pillar: Fuel');
  });

  it('the weakest pillar is the lowest percent; a tie goes to the first in the pillars’ order', () => {
    expect(weakestPillar(scores({ FUEL: 16 }))).toBe('FUEL');
    expect(weakestPillar(scores({ FUEL: 16, HUMANS: 16 }))).toBe('HUMANS');
    expect(weakestPillar(scores({ FUTURE: 12, GEARS: 12 }))).toBe('GEARS');
    expect(weakestPillar(scores({}))).toBe('IMPACT');
  });

  it('refuses a delay outside 0-365 days, an unknown target and NUL, naming the field', () => {
    const base = { name: 'A', targetKind: 'pillar', target: 'FUEL', steps: [{ delayDays: 0, subject: 'S', body: 'B' }] };
    expect(followUpSequenceSchema.safeParse(base).success).toBe(true);
    const pathOf = (value: unknown) => followUpSequenceSchema.safeParse(value).error?.issues[0]?.path.join('.');
    expect(pathOf({ ...base, steps: [{ ...base.steps[0], delayDays: -1 }] })).toBe('steps.0.delayDays');
    expect(pathOf({ ...base, steps: [{ ...base.steps[0], delayDays: 3650 }] })).toBe('steps.0.delayDays');
    expect(pathOf({ ...base, steps: [{ ...base.steps[0], delayDays: 1.5 }] })).toBe('steps.0.delayDays');
    expect(pathOf({ ...base, target: 'send-snacks' })).toBe('target');
    expect(pathOf({ ...base, targetKind: 'grade', target: 'send-snacks' })).toBe('target');
    expect(pathOf({ ...base, targetKind: 'grade', target: 'E' })).toBe('target');
    expect(followUpSequenceSchema.safeParse({ ...base, targetKind: 'grade', target: 'D' }).success).toBe(true);
    // The admin's status bands are no target any more.
    expect(pathOf({ ...base, targetKind: 'band', target: 'send-snacks' })).toBe('targetKind');
    expect(pathOf({ ...base, steps: [{ ...base.steps[0], subject: 'a\u0000' }] })).toBe('steps.0.subject');
  });
});
