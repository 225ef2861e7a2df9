import { describe, expect, it } from 'vitest';
import { bandOf, followUpSequenceSchema, scoreBands, weakestPillar } from './follow-ups';
import { OVERALL_MAX } from './grading';
import { pillars } from './questions';

const scores = (sums: Partial<Record<(typeof pillars)[number], number>>) => {
  const categoryScores = Object.fromEntries(pillars.map((p) => [p, sums[p] ?? 4])) as Record<(typeof pillars)[number], number>;
  return { totalScore: Object.values(categoryScores).reduce((a, b) => a + b, 0), categoryScores };
};

describe('follow-up targets', () => {
  it('the bands cover the total score 20-80 once each, without gaps or overlaps', () => {
    expect(scoreBands[0]!.min).toBe(20);
    expect(scoreBands[scoreBands.length - 1]!.max).toBe(OVERALL_MAX);
    for (let i = 1; i < scoreBands.length; i++) expect(scoreBands[i]!.min).toBe(scoreBands[i - 1]!.max + 1);
    expect([20, 34, 35, 49, 50, 64, 65, 80].map((total) => bandOf(total).id)).toEqual([
      'consultant-energy',
      'consultant-energy',
      'mostly-functional',
      'mostly-functional',
      'hope-and-coffee',
      'hope-and-coffee',
      'send-snacks',
      'send-snacks',
    ]);
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
    expect(pathOf({ ...base, targetKind: 'band', target: 'nope' })).toBe('target');
    expect(pathOf({ ...base, steps: [{ ...base.steps[0], subject: 'a\u0000' }] })).toBe('steps.0.subject');
  });
});
