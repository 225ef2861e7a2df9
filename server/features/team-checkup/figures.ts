import { gradeForPercent, OVERALL_MAX, PILLAR_MAX, percentFor, scoreAnswers } from '#shared/checkup/grading';
import { type Pillar, pillars, questions } from '#shared/checkup/questions';
import {
  agreementOf,
  type PillarFigure,
  type RespondentRole,
  respondentRoles,
  type RoleFigure,
  ROUND_MINIMUM,
  type RoundFigures,
  type StatementFigure,
} from '#shared/team-checkup/schemas';
import { isSafeToPublish } from './disclosure';

/**
 * A round's figures and when they may change (decision 078). The figures are drawn over sets of
 * answers; which sets were ever shown is kept, so that no later figure can be subtracted from an
 * earlier one to compute anyone's answers (disclosure.ts).
 */

/** Statements listed under "talk about these first", at most. */
export const TALK_FIRST_MAX = 5;

/** One person's answer in a round, as counted: a new answer from the same person is a new answer (a new answeredAt). */
export interface CountedAnswer {
  /** The invitation's id. */
  id: string;
  answeredAt: Date;
  role: RespondentRole;
  answers: Readonly<Record<string, number>>;
}

/**
 * What a round shows, stored with the round: the figures (null while none may be shown), which
 * answers they are of (invitation id → answeredAt), and every set of answers any figure of the
 * round was ever drawn over (as answer keys), the history the next figures are checked against.
 */
export interface ShownFigures {
  figures: RoundFigures | null;
  of: Record<string, string>;
  published: string[][];
}

const keyOf = (answer: Pick<CountedAnswer, 'id' | 'answeredAt'>) => `${answer.id}@${answer.answeredAt.toISOString()}`;
const keysOf = (of: Record<string, string>) => Object.entries(of).map(([id, at]) => `${id}@${at}`);

const mean = (values: readonly number[]) => values.reduce((sum, x) => sum + x, 0) / values.length;
/** The sample standard deviation (values are a few people's, not a population). */
function spreadOf(values: readonly number[]): number {
  const m = mean(values);
  return Math.sqrt(values.reduce((sum, x) => sum + (x - m) ** 2, 0) / (values.length - 1));
}
const round1 = (x: number) => Math.round(x * 10) / 10;
const round2 = (x: number) => Math.round(x * 100) / 100;

/** Each person's health percent per pillar and overall, as their own result shows it. */
function percentsOf(answers: readonly CountedAnswer[]) {
  return answers.map((answer) => {
    const scores = scoreAnswers(answer.answers);
    return {
      overall: percentFor(scores.totalScore, OVERALL_MAX),
      pillars: Object.fromEntries(pillars.map((p) => [p, percentFor(scores.categoryScores[p], PILLAR_MAX)])) as Record<Pillar, number>,
    };
  });
}

function pillarMeans(answers: readonly CountedAnswer[]): Record<Pillar, number> {
  const people = percentsOf(answers);
  return Object.fromEntries(pillars.map((p) => [p, Math.round(mean(people.map((person) => person.pillars[p])))])) as Record<Pillar, number>;
}

/** The role groups to show: every group of at least ROUND_MINIMUM, less the smallest ones while the whole would give someone away. */
function rolesToShow(answers: readonly CountedAnswer[], history: readonly string[][]): { roles: RoleFigure[]; sets: string[][]; withheld: boolean } {
  const everyone = answers.map(keyOf);
  const present = respondentRoles.filter((role) => answers.some((answer) => answer.role === role));
  let groups = present
    .map((role) => ({ role, answers: answers.filter((answer) => answer.role === role) }))
    .filter((group) => group.answers.length >= ROUND_MINIMUM)
    // Dropped first: the smallest groups, the later role on a tie.
    .sort((a, b) => b.answers.length - a.answers.length || respondentRoles.indexOf(a.role) - respondentRoles.indexOf(b.role));
  while (groups.length > 0 && !isSafeToPublish([...history, everyone, ...groups.map((group) => group.answers.map(keyOf))])) groups = groups.slice(0, -1);
  groups.sort((a, b) => respondentRoles.indexOf(a.role) - respondentRoles.indexOf(b.role));
  return {
    roles: groups.map((group) => ({ role: group.role, respondents: group.answers.length, pillars: pillarMeans(group.answers) })),
    sets: groups.map((group) => group.answers.map(keyOf)),
    // A single role shown for everyone is no role withheld.
    withheld: groups.length < present.length,
  };
}

/** The figures over `answers` (at least ROUND_MINIMUM of them), with the role groups `history` allows. */
export function drawFigures(answers: readonly CountedAnswer[], history: readonly string[][], now: Date): { figures: RoundFigures; sets: string[][] } {
  const people = percentsOf(answers);
  const pillarFigures: PillarFigure[] = pillars.map((pillar) => {
    const values = people.map((person) => person.pillars[pillar]);
    const spread = spreadOf(values);
    return { pillar, mean: Math.round(mean(values)), spread: Math.round(spread), agreement: agreementOf(spread, 'pillar') };
  });
  const statements: StatementFigure[] = questions.map((question) => {
    const values = answers.map((answer) => answer.answers[question.id] ?? 0);
    const spread = spreadOf(values);
    return {
      questionId: question.id,
      pillar: question.category,
      mean: round1(mean(values)),
      spread: round2(spread),
      agreement: agreementOf(spread, 'statement'),
    };
  });
  const talkFirst = statements
    .filter((statement) => statement.agreement !== 'agree')
    .sort((a, b) => b.spread - a.spread || a.questionId - b.questionId)
    .slice(0, TALK_FIRST_MAX)
    .map((statement) => statement.questionId);
  const overall = Math.round(mean(people.map((person) => person.overall)));
  const roles = rolesToShow(answers, history);
  return {
    figures: {
      respondents: answers.length,
      asOf: now.toISOString(),
      overall: { mean: overall, grade: gradeForPercent(overall) },
      pillars: pillarFigures,
      statements,
      talkFirst,
      roles: roles.roles,
      rolesWithheld: roles.withheld,
    },
    sets: [answers.map(keyOf), ...roles.sets],
  };
}

/** How many answers differ from those the shown figures are of (added, replaced, removed). */
export function waitingSince(current: readonly CountedAnswer[], shown: ShownFigures | null): number {
  const now = new Set(current.map(keyOf));
  const then = new Set(shown ? keysOf(shown.of) : []);
  let differ = 0;
  for (const key of now) if (!then.has(key)) differ++;
  for (const key of then) if (!now.has(key)) differ++;
  return differ;
}

/**
 * The figures to show from now on, given every answer the round now counts and what it showed
 * so far. New figures come only once at least ROUND_MINIMUM answers differ from those shown, and
 * only if, together with every figure shown before, they let nobody compute anyone's answers;
 * otherwise the shown figures stay. Fewer than ROUND_MINIMUM answers left (a deletion) hide them.
 * Null only while nothing has ever been shown and nothing may be.
 */
export function figuresToShow(current: readonly CountedAnswer[], shown: ShownFigures | null, now: Date): ShownFigures | null {
  const history = shown?.published ?? [];
  if (current.length < ROUND_MINIMUM) return shown ? { figures: null, of: {}, published: history } : null;
  if (waitingSince(current, shown) < ROUND_MINIMUM) return shown;
  const everyone = current.map(keyOf);
  if (!isSafeToPublish([...history, everyone])) return shown;
  const drawn = drawFigures(current, history, now);
  return {
    figures: drawn.figures,
    of: Object.fromEntries(current.map((answer) => [answer.id, answer.answeredAt.toISOString()])),
    published: [...history, ...drawn.sets.filter((set) => !history.some((seen) => sameSet(seen, set)))],
  };
}

function sameSet(a: readonly string[], b: readonly string[]): boolean {
  if (a.length !== b.length) return false;
  const inA = new Set(a);
  return b.every((key) => inA.has(key));
}
