import type { Pillar } from '#shared/checkup/questions';
import type { LibraryAction } from '#shared/plans/library';
import { type PlanCreateInput, type PlanPriority, type PlanProposal, planCreateSchema } from '#shared/plans/schemas';
import { priorityKey } from './plan-texts';

/** One action as the "Make a plan" form holds it: from the library (its slug) or written by the person. */
export interface DraftAction {
  /** The library's slug, or "own-<n>" for one the person wrote. */
  key: string;
  librarySlug: string | null;
  title: string;
  pillar: Pillar;
  questionId: number | null;
  /** '' is nobody yet. */
  ownerId: string;
  /** YYYY-MM-DD, '' for none. */
  dueOn: string;
  note: string;
}

/** The field errors of the form, by the schema's path ("actions.1.dueOn", "reassessOn", "actions"). */
export type FormErrors = Record<string, string>;

/**
 * The proposal's priorities, each with the suggestions shown under it: a suggestion listed under
 * two priorities (a statement's and its pillar's) is shown once, under the first, so one tick
 * and one set of fields stand for it.
 */
export function prioritiesToShow(proposal: Pick<PlanProposal, 'priorities'>): Array<{ key: string; priority: PlanPriority; suggestions: LibraryAction[] }> {
  const seen = new Set<string>();
  return proposal.priorities.map(({ priority, suggestions }) => ({
    key: priorityKey(priority),
    priority,
    suggestions: suggestions.filter((suggestion) => !seen.has(suggestion.slug) && seen.add(suggestion.slug)),
  }));
}

/** A ticked suggestion as a chosen action, owned by `ownerId` unless changed. */
export const draftOf = (suggestion: LibraryAction, ownerId: string): DraftAction => ({
  key: suggestion.slug,
  librarySlug: suggestion.slug,
  title: suggestion.title,
  pillar: suggestion.pillar,
  questionId: suggestion.questionId,
  ownerId,
  dueOn: '',
  note: '',
});

/** What the form sends: the chosen actions in the order they were chosen, empty fields as null. */
export function createInput(proposal: Pick<PlanProposal, 'source' | 'activePlan'>, chosen: readonly DraftAction[], reassessOn: string): PlanCreateInput {
  return {
    source: proposal.source,
    reassessOn,
    actions: chosen.map((action) => ({
      librarySlug: action.librarySlug,
      title: action.title,
      pillar: action.pillar,
      questionId: action.questionId,
      ownerId: action.ownerId || null,
      dueOn: action.dueOn || null,
      note: action.note,
    })),
    replaceActive: proposal.activePlan !== null,
  };
}

/** The shared schema's verdict on what the form would send: each field's first message, by its path; {} when it may be sent. */
export function formErrors(input: PlanCreateInput): FormErrors {
  const parsed = planCreateSchema.safeParse(input);
  if (parsed.success) return {};
  const errors: FormErrors = {};
  for (const issue of parsed.error.issues) {
    const path = issue.path.join('.') || 'form';
    errors[path] ??= issue.message;
  }
  return errors;
}

/** The fields a chosen action shows, each with its error under it. */
type ActionField = 'title' | 'pillar' | 'ownerId' | 'dueOn' | 'note';
const fieldPath = /^actions\.(\d+)\.(title|pillar|ownerId|dueOn|note)$/;

/** The errors of one chosen action (by its place in what is sent), by field. */
export function actionErrors(errors: FormErrors, index: number): Partial<Record<ActionField, string>> {
  const found: Partial<Record<ActionField, string>> = {};
  for (const [path, message] of Object.entries(errors)) {
    const match = fieldPath.exec(path);
    if (match && Number(match[1]) === index) found[match[2] as ActionField] = message;
  }
  return found;
}

/** The errors no field shows: the list of actions ("Choose at least one action"), the source, anything else the server names. */
export function formLevelErrors(errors: FormErrors): string[] {
  return Object.entries(errors)
    .filter(([path]) => !fieldPath.test(path) && path !== 'reassessOn')
    .map(([, message]) => message);
}
