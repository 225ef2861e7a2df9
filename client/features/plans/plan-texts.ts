import { type Pillar, pillarInfo, pillars, questions } from '#shared/checkup/questions';
import type { PillarOutcome, PlanActionView, PlanPriority, PlanSummary } from '#shared/plans/schemas';

// Types only from the plans' schemas: the results pages and the member home show these texts and
// load no Zod with their first screen.

export const pillarName = (pillar: Pillar): string => pillarInfo[pillar].name;

/** A Check-Up statement's text, by its number. */
export const statementText = (questionId: number): string => questions.find((question) => question.id === questionId)?.text ?? `Statement ${questionId}`;

/** "Fuel: 44% → 63% after 4 of 5 actions": a planned pillar's change beside what was done. */
export function outcomeSentence(outcome: PillarOutcome): string {
  const change = `${pillarName(outcome.pillar)}: ${outcome.before}% → ${outcome.after}%`;
  // A priority can be planned with no actions of its own (or all of them dropped): still shown, as its change is still worth seeing.
  if (outcome.total === 0) return `${change} with no actions`;
  return `${change} after ${outcome.done} of ${outcome.total} ${outcome.total === 1 ? 'action' : 'actions'}`;
}

/** "3 of 5 done". */
export const progressText = (summary: Pick<PlanSummary, 'actions' | 'done'>): string => `${summary.done} of ${summary.actions} done`;

/** A priority as a heading: "Fuel, 44% healthy", or a statement the team disagrees on. */
export function priorityTitle(priority: PlanPriority): string {
  if (priority.kind === 'pillar') return `${pillarName(priority.pillar)}: ${priority.percent}% healthy`;
  return `${pillarName(priority.pillar)}, statement ${priority.questionId}: your team disagrees most here`;
}

/** A stable key for a priority in lists and for the actions chosen under it. */
export const priorityKey = (priority: PlanPriority): string => (priority.kind === 'pillar' ? priority.pillar : `${priority.pillar}-${priority.questionId}`);

/** The plan's actions by pillar, in the pillars' order, each pillar's in the plan's order; pillars without actions left out. */
export function actionsByPillar<A extends Pick<PlanActionView, 'pillar'>>(actions: readonly A[]): Array<{ pillar: Pillar; actions: A[] }> {
  return pillars.map((pillar) => ({ pillar, actions: actions.filter((action) => action.pillar === pillar) })).filter((group) => group.actions.length > 0);
}
