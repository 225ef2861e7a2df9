import { describe, expect, it } from 'vitest';
import { buildProgress, type CheckupAttempt } from './progress';
import { comparable, currentFingerprints, questionSetHistory, questionSetVersion } from './versions';

const ny = 'America/New_York';

/** FUEL's sum for a percent: percent = (16 − sum) × 100 / 16, so 9 → 44%, 6 → 63%. */
const attempt = (id: string, createdAt: string, fuel: number, version = 1): CheckupAttempt => ({
  id,
  createdAt,
  questionSetVersion: version,
  totalScore: 40,
  categoryScores: { IMPACT: 8, HUMANS: 8, FUEL: fuel, GEARS: 8, FUTURE: 8 },
});

describe('question set versions', () => {
  it('the latest version is the questions as they are: a changed question without a new version fails here', () => {
    expect(questionSetHistory[questionSetVersion]).toEqual(currentFingerprints());
    expect(Math.max(...Object.keys(questionSetHistory).map(Number))).toBe(questionSetVersion);
  });

  it('a pillar is comparable across versions only when its questions are the same', () => {
    const history = { 1: questionSetHistory[1]!, 2: { ...questionSetHistory[1]!, FUEL: 'changed0' } };
    expect(comparable('FUEL', 1, 2, history)).toBe(false);
    expect(comparable('IMPACT', 1, 2, history)).toBe(true);
    expect(comparable('FUEL', 1, 99, history)).toBe(false);
  });
});

describe('buildProgress', () => {
  it('has nothing to show without attempts', () => {
    expect(buildProgress([], ny)).toEqual({ attempts: [], pillars: [] });
  });

  it('with one attempt says there is no change yet', () => {
    const progress = buildProgress([attempt('a', '2026-03-10T10:00:00Z', 6)], ny);
    expect(progress.attempts).toHaveLength(1);
    const fuel = progress.pillars.find((p) => p.pillar === 'FUEL')!;
    expect(fuel).toMatchObject({ previous: null, first: null, change: null });
    expect(fuel.summary).toBe('Fuel: 63% (C), your first Check-Up: no change to show yet.');
  });

  it("gives the latest grade beside the previous and the first, in the results page's percents and in words", () => {
    const progress = buildProgress(
      [attempt('c', '2026-09-01T10:00:00Z', 6), attempt('a', '2026-03-10T10:00:00Z', 9), attempt('b', '2026-06-01T10:00:00Z', 12)],
      ny,
    );
    expect(progress.attempts.map((a) => [a.id, a.number])).toEqual([
      ['a', 1],
      ['b', 2],
      ['c', 3],
    ]);
    expect(progress.attempts[0]!.overall).toMatchObject({ percent: 50, grade: 'D' });
    const fuel = progress.pillars.find((p) => p.pillar === 'FUEL')!;
    expect(fuel.latest).toMatchObject({ percent: 63, grade: 'C' });
    expect(fuel.previous).toMatchObject({ percent: 25, grade: 'D' });
    expect(fuel.first).toMatchObject({ percent: 44, grade: 'D' });
    expect(fuel.change).toBe(19);
    expect(fuel.summary).toBe('Fuel: 44% → 63%, up 19 points since March');
    const impact = progress.pillars.find((p) => p.pillar === 'IMPACT')!;
    expect(impact.summary).toBe('Impact: 50% → 50%, no change since March');
  });

  it('says down, one point in the singular, and the year when it is not the latest one', () => {
    const down = buildProgress([attempt('a', '2025-11-10T10:00:00Z', 6), attempt('b', '2026-02-01T10:00:00Z', 9)], ny);
    expect(down.pillars.find((p) => p.pillar === 'FUEL')!.summary).toBe('Fuel: 63% → 44%, down 19 points since November 2025');
  });

  it('names the month and year on the site’s clock: late on the last evening of a year in New York is still that year', () => {
    const progress = buildProgress([attempt('a', '2026-01-01T03:00:00Z', 6), attempt('b', '2026-06-01T10:00:00Z', 9)], ny);
    expect(progress.pillars.find((p) => p.pillar === 'FUEL')!.summary).toBe('Fuel: 63% → 44%, down 19 points since December 2025');
  });

  it('marks a pillar whose questions changed as not comparable, and the others compared as usual', () => {
    const history = { 1: questionSetHistory[1]!, 2: { ...questionSetHistory[1]!, FUEL: 'changed0' } };
    const progress = buildProgress([attempt('a', '2026-03-10T10:00:00Z', 9, 1), attempt('b', '2026-06-01T10:00:00Z', 6, 2)], ny, history);
    const fuel = progress.pillars.find((p) => p.pillar === 'FUEL')!;
    expect(fuel).toMatchObject({ firstComparable: false, previousComparable: false, change: null });
    expect(fuel.summary).toBe('Fuel: 63% (C), not comparable with March: its questions have changed since.');
    expect(progress.pillars.find((p) => p.pillar === 'GEARS')).toMatchObject({ firstComparable: true, change: 0 });
  });
});
