import { describe, expect, it } from 'vitest';
import {
  gradeForPercent,
  gradeOverall,
  gradePercents,
  gradePillar,
  gradeScores,
  lowestPillars,
  percentFor,
  scoreAnswers,
  totalsOfGrade,
  weakestPillars,
} from './grading';
import { insightFor } from './insights';
import { answerOptions, pillars, questions } from './questions';

const allAnswered = (value: (id: number) => number) => Object.fromEntries(questions.map((q) => [q.id, value(q.id)]));

describe('overall grade = round((80 − total) / 80 × 100)', () => {
  it.each([
    [16, 80, 'A', 'Consultant Energy'],
    [17, 79, 'B', 'Mostly Functional'], // 78.75 rounds to 79
    [24, 70, 'B', 'Mostly Functional'],
    [25, 69, 'C', 'Held Together by Hope & Coffee'], // 68.75 → 69
    [32, 60, 'C', 'Held Together by Hope & Coffee'],
    [33, 59, 'D', 'Please Send Snacks'], // 58.75 → 59
    [80, 0, 'D', 'Please Send Snacks'],
  ])('total %i → %i%% %s', (total, percent, grade, label) => {
    expect(gradeOverall(total)).toEqual({ percent, grade, label });
  });

  it('gives each grade one run of totals, as stored totals are compared in queries: none reaches A', () => {
    expect(totalsOfGrade).toEqual({ A: null, B: { min: 20, max: 24 }, C: { min: 25, max: 32 }, D: { min: 33, max: 80 } });
    for (let total = 20; total <= 80; total++) {
      const { grade } = gradeOverall(total);
      expect(total).toBeGreaterThanOrEqual(totalsOfGrade[grade]!.min);
      expect(total).toBeLessThanOrEqual(totalsOfGrade[grade]!.max);
    }
  });

  it('names the percents of each grade as the grading draws them', () => {
    expect([80, 79, 70, 69, 60, 59].map(gradeForPercent)).toEqual(['A', 'B', 'B', 'C', 'C', 'D']);
    expect(gradePercents).toEqual({ A: '80% or more', B: '70-79%', C: '60-69%', D: 'below 60%' });
  });

  it('rounds a true half up, without floating-point error', () => {
    expect(percentFor(78, 80)).toBe(3); // 2.5
    expect(percentFor(74, 80)).toBe(8); // 7.5
    expect(percentFor(14, 16)).toBe(13); // 12.5
  });
});

describe('pillar grade = round((16 − score) / 16 × 100)', () => {
  it.each([
    [3, 81, 'A'], // 81.25
    [4, 75, 'B'],
    [5, 69, 'C'], // 68.75 → 69
    [6, 63, 'C'], // 62.5 → 63
    [7, 56, 'D'], // 56.25
    [16, 0, 'D'],
  ])('score %i → %i%% %s', (score, percent, grade) => {
    expect(gradePillar(score)).toMatchObject({ percent, grade });
  });
});

describe('grade bands', () => {
  it.each([
    [100, 'A'],
    [80, 'A'],
    [79, 'B'],
    [70, 'B'],
    [69, 'C'],
    [60, 'C'],
    [59, 'D'],
    [0, 'D'],
  ] as const)('%i%% → %s', (percent, grade) => {
    expect(gradeForPercent(percent)).toBe(grade);
  });
});

describe('scoring answers', () => {
  it('all answers 1: total 20, 75% B overall and in every pillar (the best reachable, docs/product.md (Decisions))', () => {
    const scores = scoreAnswers(allAnswered(() => 1));
    expect(scores).toEqual({ score: 20, totalScore: 20, categoryScores: { IMPACT: 4, HUMANS: 4, FUEL: 4, GEARS: 4, FUTURE: 4 } });
    const graded = gradeScores(scores);
    expect(graded.overall).toEqual({ percent: 75, grade: 'B', label: 'Mostly Functional' });
    for (const pillar of pillars) expect(graded.pillars[pillar]).toEqual({ percent: 75, grade: 'B', label: 'Mostly Functional' });
  });

  it('all answers 4: total 80, 0% D', () => {
    const graded = gradeScores(scoreAnswers(allAnswered(() => 4)));
    expect(graded.overall).toEqual({ percent: 0, grade: 'D', label: 'Please Send Snacks' });
  });

  it('sums each pillar from its own four questions', () => {
    const byPillar = { IMPACT: 1, HUMANS: 2, FUEL: 3, GEARS: 4, FUTURE: 2 } as const;
    const scores = scoreAnswers(allAnswered((id) => byPillar[questions.find((q) => q.id === id)!.category]));
    expect(scores.categoryScores).toEqual({ IMPACT: 4, HUMANS: 8, FUEL: 12, GEARS: 16, FUTURE: 8 });
    expect(scores.score).toBe(48);
    const graded = gradeScores(scores);
    expect(graded.overall).toMatchObject({ percent: 40, grade: 'D' });
    expect(graded.pillars.HUMANS).toMatchObject({ percent: 50, grade: 'D' });
    expect(weakestPillars(graded)).toEqual(['GEARS', 'FUEL']);
    expect(lowestPillars(graded)).toEqual(['GEARS']);
  });

  it('names every pillar tied at the lowest score, and all five when they all score the same', () => {
    const tied = gradeScores({ totalScore: 64, categoryScores: { IMPACT: 16, HUMANS: 16, FUEL: 16, GEARS: 12, FUTURE: 4 } });
    expect(lowestPillars(tied)).toEqual(['IMPACT', 'HUMANS', 'FUEL']);
    const level = gradeScores({ totalScore: 40, categoryScores: { IMPACT: 8, HUMANS: 8, FUEL: 8, GEARS: 8, FUTURE: 8 } });
    expect(lowestPillars(level)).toHaveLength(5);
  });
});

describe('questions and insights', () => {
  it('has 20 questions, ids 1-20, four per pillar, and the four answer labels', () => {
    expect(questions.map((q) => q.id)).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
    for (const pillar of pillars) expect(questions.filter((q) => q.category === pillar)).toHaveLength(4);
    expect(answerOptions.map((o) => o.label)).toEqual(['Not true at all', 'A little true', 'Mostly true', 'Totally true']);
  });

  it('gives every pillar and grade a meaning and three next steps', () => {
    for (const pillar of pillars) {
      for (const grade of ['A', 'B', 'C', 'D'] as const) {
        const insight = insightFor(pillar, grade);
        expect(insight.meaning.length).toBeGreaterThan(40);
        expect(insight.nextSteps).toHaveLength(3);
      }
    }
  });
});
