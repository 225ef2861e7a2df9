import { answerOptions, type Pillar, pillars, questions } from './questions';

/**
 * The Check-Up's grading (docs/product.md §9, kept exactly by docs/product.md (Decisions) "Quiz grading"). Answers
 * run 1-4 and a higher answer means more dysfunction, so a lower sum is healthier:
 * percent = round((max − sum) / max × 100), with max 80 overall and 16 per pillar. Because the
 * lowest answer is 1, the best reachable percent is 75 (a B): that is the specified behaviour.
 */
export const OVERALL_MAX = 80;
export const PILLAR_MAX = 16;

export const grades = ['A', 'B', 'C', 'D'] as const;
export type Grade = (typeof grades)[number];

export const gradeLabels: Record<Grade, string> = {
  A: 'Consultant Energy',
  B: 'Mostly Functional',
  C: 'Held Together by Hope & Coffee',
  D: 'Please Send Snacks',
};

export interface GradedScore {
  percent: number;
  grade: Grade;
  label: string;
}

export type CategoryScores = Record<Pillar, number>;

/** A result's sums: score and totalScore are the same sum (20-80); the spec lists both fields. */
export interface CheckupScores {
  score: number;
  totalScore: number;
  categoryScores: CategoryScores;
}

export interface GradedResult {
  overall: GradedScore;
  pillars: Record<Pillar, GradedScore>;
}

/**
 * round((max − sum) / max × 100), computed as (max − sum) × 100 / max: the same value, but
 * exact in floating point, so a true .5 (e.g. 2.5) is never seen as 2.4999… and rounded down.
 */
export function percentFor(sum: number, max: number): number {
  return Math.round(((max - sum) * 100) / max);
}

export function gradeForPercent(percent: number): Grade {
  if (percent >= 80) return 'A';
  if (percent >= 70) return 'B';
  if (percent >= 60) return 'C';
  return 'D';
}

function graded(sum: number, max: number): GradedScore {
  const percent = percentFor(sum, max);
  const grade = gradeForPercent(percent);
  return { percent, grade, label: gradeLabels[grade] };
}

export const gradeOverall = (total: number): GradedScore => graded(total, OVERALL_MAX);
export const gradePillar = (score: number): GradedScore => graded(score, PILLAR_MAX);

/** Each grade's health percents in words, as gradeForPercent draws the lines. */
export const gradePercents: Record<Grade, string> = { A: '80% or more', B: '70-79%', C: '60-69%', D: 'below 60%' };

/** The lowest total a Check-Up can have: every answer the lowest (20). */
export const LOWEST_TOTAL = questions.length * answerOptions[0].value;

/**
 * The totals that give each overall grade (B 20-24, C 25-32, D 33-80), as gradeOverall says;
 * null for A, which no total reaches. What a query over stored totals compares with, so that
 * the database and the results page never disagree on a grade.
 */
export const totalsOfGrade: Record<Grade, { min: number; max: number } | null> = (() => {
  const ranges: Record<Grade, { min: number; max: number } | null> = { A: null, B: null, C: null, D: null };
  for (let total = LOWEST_TOTAL; total <= OVERALL_MAX; total++) {
    const { grade } = gradeOverall(total);
    const range = ranges[grade];
    ranges[grade] = range ? { min: range.min, max: total } : { min: total, max: total };
  }
  return ranges;
})();

/** The grades some Check-Up reaches (B, C, D: the best reachable is 75%): the ones an admin can choose. */
export const reachedGrades: readonly Grade[] = grades.filter((grade) => totalsOfGrade[grade]);

/** Sums answers (question id → 1..4) overall and per pillar. Callers validate the answers first. */
export function scoreAnswers(answers: Readonly<Record<string | number, number>>): CheckupScores {
  const categoryScores = Object.fromEntries(pillars.map((p) => [p, 0])) as CategoryScores;
  let sum = 0;
  for (const question of questions) {
    const value = answers[question.id] ?? 0;
    categoryScores[question.category] += value;
    sum += value;
  }
  return { score: sum, totalScore: sum, categoryScores };
}

export function gradeScores(scores: Pick<CheckupScores, 'totalScore' | 'categoryScores'>): GradedResult {
  const pillarGrades = Object.fromEntries(pillars.map((p) => [p, gradePillar(scores.categoryScores[p])])) as Record<Pillar, GradedScore>;
  return { overall: gradeOverall(scores.totalScore), pillars: pillarGrades };
}

/** The pillars to work on first: the lowest percents, ties in pillar order. */
/** Every pillar at the lowest percent: one, or several when they tie (all five when every pillar scores the same). */
export function lowestPillars(result: GradedResult): Pillar[] {
  const lowest = Math.min(...pillars.map((pillar) => result.pillars[pillar].percent));
  return pillars.filter((pillar) => result.pillars[pillar].percent === lowest);
}

export function weakestPillars(result: GradedResult, count = 2): Pillar[] {
  return [...pillars].sort((a, b) => result.pillars[a].percent - result.pillars[b].percent).slice(0, count);
}
