import { type CategoryScores, gradeOverall, gradePillar, type GradedScore } from './grading';
import type { PeerFigures } from './organisation';
import { type Pillar, pillarInfo, pillars } from './questions';
import { comparable, type QuestionSetHistory, questionSetHistory } from './versions';
import { siteDates } from '../site-time';

/** One stored attempt as its owner sees it: what was answered, scored as the results page scores it. */
export interface CheckupAttempt {
  id: string;
  createdAt: string;
  questionSetVersion: number;
  totalScore: number;
  categoryScores: CategoryScores;
}

export interface AttemptSummary extends CheckupAttempt {
  /** 1 for the member's first attempt still kept. */
  number: number;
  overall: GradedScore;
  pillars: Record<Pillar, GradedScore>;
}

export interface PillarProgress {
  pillar: Pillar;
  name: string;
  latest: GradedScore;
  /** The attempt before the latest, and the first one (null with a single attempt). */
  previous: GradedScore | null;
  first: GradedScore | null;
  /** False when the pillar's questions changed between the two attempts' question sets. */
  previousComparable: boolean;
  firstComparable: boolean;
  /** Points (percent) since the first attempt, when there is one to compare with. */
  change: number | null;
  /** The change in words: "Fuel: 44% → 63%, up 19 points since March". */
  summary: string;
}

export interface CheckupProgress {
  /** Oldest first, as the chart reads. */
  attempts: AttemptSummary[];
  /** In the pillars' order; empty without attempts. */
  pillars: PillarProgress[];
}

/** What the progress page shows: the progress, and where the latest attempt stands among peers (its budget band's stored figures, or all organisations'). */
export interface CheckupProgressPage extends CheckupProgress {
  peers: PeerFigures | null;
}

/** "March", or "March 2025" when the year is not the latest attempt's: on the site's clock (`timeZone`). */
export function sinceWhen(from: string, latest: string, timeZone: string): string {
  const dates = siteDates(timeZone);
  return dates.year(from) === dates.year(latest) ? dates.month(from) : dates.monthYear(from);
}

const points = (n: number) => `${n} ${n === 1 ? 'point' : 'points'}`;

function changeWords(change: number): string {
  if (change > 0) return `up ${points(change)}`;
  if (change < 0) return `down ${points(-change)}`;
  return 'no change';
}

/** Every attempt with its grades, and per pillar the latest beside the previous and the first, in words. */
export function buildProgress(attempts: readonly CheckupAttempt[], timeZone: string, history: QuestionSetHistory = questionSetHistory): CheckupProgress {
  const ordered = [...attempts].sort((a, b) => a.createdAt.localeCompare(b.createdAt) || a.id.localeCompare(b.id));
  const summaries: AttemptSummary[] = ordered.map((attempt, index) => ({
    ...attempt,
    number: index + 1,
    overall: gradeOverall(attempt.totalScore),
    pillars: Object.fromEntries(pillars.map((p) => [p, gradePillar(attempt.categoryScores[p])])) as Record<Pillar, GradedScore>,
  }));
  const latest = summaries.at(-1);
  if (!latest) return { attempts: [], pillars: [] };
  const first = summaries.length > 1 ? summaries[0]! : null;
  const previous = summaries.length > 1 ? summaries.at(-2)! : null;
  // The same words for every pillar: written once.
  const since = first ? sinceWhen(first.createdAt, latest.createdAt, timeZone) : '';
  return {
    attempts: summaries,
    pillars: pillars.map((pillar): PillarProgress => {
      const name = pillarInfo[pillar].name;
      const now = latest.pillars[pillar];
      const firstComparable = first ? comparable(pillar, first.questionSetVersion, latest.questionSetVersion, history) : false;
      const previousComparable = previous ? comparable(pillar, previous.questionSetVersion, latest.questionSetVersion, history) : false;
      let summary: string;
      let change: number | null = null;
      if (!first) summary = `${name}: ${now.percent}% (${now.grade}), your first Check-Up: no change to show yet.`;
      else if (!firstComparable) summary = `${name}: ${now.percent}% (${now.grade}), not comparable with ${since}: its questions have changed since.`;
      else {
        change = now.percent - first.pillars[pillar].percent;
        summary = `${name}: ${first.pillars[pillar].percent}% → ${now.percent}%, ${changeWords(change)} since ${since}`;
      }
      return {
        pillar,
        name,
        latest: now,
        previous: previous?.pillars[pillar] ?? null,
        first: first?.pillars[pillar] ?? null,
        previousComparable,
        firstComparable,
        change,
        summary,
      };
    }),
  };
}
