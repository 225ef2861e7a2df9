import { gradePillar } from '#shared/checkup/grading';
import { type Pillar, pillarInfo, pillars, questions } from '#shared/checkup/questions';
import type { LibraryAction } from '#shared/plans/library';
import {
  type ActionStatus,
  type PillarOutcome,
  PLAN_PROPOSED_PILLARS,
  PLAN_PROPOSED_STATEMENTS,
  type PlanActionView,
  type PlanChangeView,
  type PlanPriority,
  type PlanSource,
  type PlanSummary,
} from '#shared/plans/schemas';
import { calendarDate } from '#shared/site-time';
import type { RoundFigures } from '#shared/team-checkup/schemas';
import type { ActionWithOwner, PlanChangeRow, PlanRow } from './repo';

/** What a former member's changes and actions are said to be by, once their account is gone. */
export const FORMER_MEMBER = 'A former member';

/** A third pillar is proposed too when its percent is within this many points of the second's. */
const THIRD_PILLAR_WITHIN = 5;

/** Each pillar's health percent in a personal result, as its results page grades it. */
export const baselineOfScores = (categoryScores: Record<Pillar, number>): Record<Pillar, number> =>
  Object.fromEntries(pillars.map((pillar) => [pillar, gradePillar(categoryScores[pillar]).percent])) as Record<Pillar, number>;

/** Each pillar's health percent in a round's figures: the mean the team's result shows. */
export const baselineOfFigures = (figures: RoundFigures): Record<Pillar, number> =>
  Object.fromEntries(pillars.map((pillar) => [pillar, figures.pillars.find((figure) => figure.pillar === pillar)?.mean ?? 0])) as Record<Pillar, number>;

/**
 * The priorities proposed for a result: the weakest two pillars (ties in the pillars' order), a
 * third when it is within five points of the second; for a team also the statements it
 * disagrees on most (the round's "talk about these first").
 */
export function proposedPriorities(baseline: Record<Pillar, number>, figures?: RoundFigures): PlanPriority[] {
  const sorted = [...pillars].sort((a, b) => baseline[a] - baseline[b]);
  const chosen = sorted.slice(0, 2);
  const third = sorted[2];
  if (PLAN_PROPOSED_PILLARS > 2 && third && baseline[third] - baseline[sorted[1]!] <= THIRD_PILLAR_WITHIN) chosen.push(third);
  const priorities: PlanPriority[] = chosen.map((pillar) => ({ kind: 'pillar', pillar, percent: baseline[pillar] }));
  for (const questionId of figures?.talkFirst.slice(0, PLAN_PROPOSED_STATEMENTS) ?? []) {
    const statement = figures!.statements.find((s) => s.questionId === questionId);
    if (statement) priorities.push({ kind: 'statement', questionId, pillar: statement.pillar, spread: statement.spread });
  }
  return priorities;
}

/** The library's suggestions for a priority: those for its statement first, then the pillar's. */
export function suggestionsFor(priority: PlanPriority, library: LibraryAction[]): LibraryAction[] {
  const ofPillar = library.filter((action) => action.pillar === priority.pillar);
  if (priority.kind === 'statement')
    return [...ofPillar.filter((action) => action.questionId === priority.questionId), ...ofPillar.filter((action) => action.questionId === null)];
  return [...ofPillar.filter((action) => action.questionId !== null), ...ofPillar.filter((action) => action.questionId === null)];
}

/** A plan's planned pillars: those of its priorities, and those with an action not dropped. */
export function plannedPillars(priorities: PlanPriority[], actions: Array<{ pillar: Pillar; status: ActionStatus }>): Pillar[] {
  const planned = new Set<Pillar>(priorities.map((priority) => priority.pillar));
  for (const action of actions) if (action.status !== 'dropped') planned.add(action.pillar);
  return pillars.filter((pillar) => planned.has(pillar));
}

/** Per planned pillar: before, after, and how many of its actions (not dropped) are done. */
export function pillarOutcomes(plan: PlanRow, actions: Array<{ pillar: Pillar; status: ActionStatus }>, after: Record<Pillar, number>): PillarOutcome[] {
  return plannedPillars(plan.priorities, actions).map((pillar) => {
    const kept = actions.filter((action) => action.pillar === pillar && action.status !== 'dropped');
    return {
      pillar,
      before: plan.baseline[pillar],
      after: after[pillar],
      done: kept.filter((action) => action.status === 'done').length,
      total: kept.length,
    };
  });
}

export const sourceOf = (plan: PlanRow): PlanSource =>
  plan.kind === 'personal' ? { kind: 'checkup', resultId: plan.sourceResultId ?? '' } : { kind: 'round', roundId: plan.sourceRoundId ?? '' };

/** The result's page; the plans page when it was deleted since. */
export const sourcePathOf = (plan: PlanRow): string =>
  plan.kind === 'personal'
    ? plan.sourceResultId
      ? `/checkup/results/${plan.sourceResultId}`
      : '/plans'
    : plan.sourceRoundId
      ? `/team-checkup/rounds/${plan.sourceRoundId}/result`
      : '/plans';

export function actionView(action: ActionWithOwner, library: Map<string, LibraryAction>, today: string): PlanActionView {
  const fromLibrary = action.librarySlug ? library.get(action.librarySlug) : undefined;
  return {
    id: action.id,
    version: action.version,
    librarySlug: action.librarySlug,
    title: action.title,
    why: fromLibrary?.why ?? null,
    links: fromLibrary?.links ?? [],
    pillar: action.pillar,
    questionId: action.questionId,
    ownerId: action.ownerId,
    ownerName: action.ownerName,
    dueOn: action.dueOn,
    status: action.status,
    note: action.note,
    overdue: isOverdue(action, today),
    updatedAt: action.updatedAt.toISOString(),
  };
}

export const isOverdue = (action: { dueOn: string | null; status: ActionStatus }, today: string) =>
  action.dueOn !== null && action.dueOn < today && action.status !== 'done' && action.status !== 'dropped';

/** The next actions to do: neither done nor dropped, soonest due first (undated last), at most three. */
export function nextActions(actions: PlanActionView[]): PlanActionView[] {
  return actions
    .filter((action) => action.status === 'planned' || action.status === 'in-progress')
    .sort((a, b) => (a.dueOn ?? '9999-12-31').localeCompare(b.dueOn ?? '9999-12-31'))
    .slice(0, 3);
}

export function planSummary(plan: PlanRow, teamName: string | null, actions: PlanActionView[]): PlanSummary {
  return {
    id: plan.id,
    kind: plan.kind,
    status: plan.status,
    teamName,
    sourceLabel: plan.sourceLabel,
    startedAt: plan.startedAt.toISOString(),
    reassessOn: plan.reassessOn,
    closedAt: plan.closedAt?.toISOString() ?? null,
    actions: actions.filter((action) => action.status !== 'dropped').length,
    done: actions.filter((action) => action.status === 'done').length,
    next: nextActions(actions),
  };
}

const statusWords: Record<ActionStatus, string> = { planned: 'planned', 'in-progress': 'in progress', done: 'done', dropped: 'dropped' };

/** One line of the history in words: "Dana marked “Write down payroll” done". */
export function changeView(change: PlanChangeRow & { actorName: string | null }, names: Map<string, string>): PlanChangeView {
  const by = change.actorName ?? FORMER_MEMBER;
  const title = `“${change.details.title ?? ''}”`;
  const d = change.details;
  const text = ((): string => {
    switch (change.kind) {
      case 'created':
        return `${by} made the plan`;
      case 'added':
        return `${by} added ${title}`;
      case 'status':
        return d.status === 'dropped' ? `${by} dropped ${title}` : `${by} marked ${title} ${statusWords[d.status as ActionStatus] ?? d.status}`;
      case 'owner':
        if (!d.ownerId) return `${by} left ${title} without an owner`;
        if (d.ownerId === change.actorId) return `${by} took on ${title}`;
        return `${by} gave ${title} to ${names.get(d.ownerId) ?? FORMER_MEMBER}`;
      case 'due':
        return d.dueOn ? `${by} moved ${title} to ${calendarDate(d.dueOn)}` : `${by} removed the due date of ${title}`;
      case 'title':
        return `${by} renamed ${title} to “${d.to ?? ''}”`;
      case 'note':
        return `${by} changed the note of ${title}`;
      case 'reassess':
        return `${by} moved the reassessment to ${calendarDate(d.reassessOn ?? '')}`;
      case 'closed':
        return `${by} closed the plan`;
      case 'unassigned':
        return `${title} has no owner now: its owner's account was deleted`;
    }
  })();
  return { id: String(change.id), at: change.at.toISOString(), by, text };
}

export const pillarName = (pillar: Pillar) => pillarInfo[pillar].name;

export const questionPillar = (questionId: number): Pillar | undefined => questions.find((question) => question.id === questionId)?.category;
