import { budgetBandValues, focusAreaValues, type OrganisationAnswers, staffBandValues } from '#shared/checkup/organisation';
import { answerOptions, type AnswerValue, type Question, questions } from '#shared/checkup/questions';
import { storage } from '../../lib/storage';
import type { FlowState } from './checkup-flow';

/**
 * A Check-Up under way is remembered in this browser (the privacy policy promises it): the
 * question order, the answers so far, where the visitor was and the email, until the results
 * are shown. A reload or Back then resumes at the same question in the same order.
 */
export const PROGRESS_KEY = 'nlh_checkup_progress';

export type SavedProgress = Pick<FlowState, 'order' | 'answers' | 'index' | 'email' | 'attempt' | 'skippedGate' | 'organisation'>;

export function serializeProgress(state: FlowState): string {
  return JSON.stringify({
    order: state.order.map((q) => q.id),
    answers: state.answers,
    index: state.index,
    email: state.email,
    attempt: state.attempt,
    skippedGate: state.skippedGate,
    organisation: state.organisation,
  });
}

const byId = new Map(questions.map((q) => [q.id, q]));
const values = new Set<number>(answerOptions.map((o) => o.value));

/** The saved progress, or null when there is none or it is not a whole, valid one (an older version, a hand edit). */
export function parseProgress(text: string | null): SavedProgress | null {
  if (!text) return null;
  try {
    const raw = JSON.parse(text) as {
      order?: unknown;
      answers?: unknown;
      index?: unknown;
      email?: unknown;
      attempt?: unknown;
      skippedGate?: unknown;
      organisation?: unknown;
    };
    const ids = Array.isArray(raw.order) ? raw.order : [];
    const order = ids.map((id) => byId.get(id as number)).filter((q): q is Question => q !== undefined);
    if (order.length !== questions.length || new Set(order).size !== questions.length) return null;
    if (typeof raw.answers !== 'object' || raw.answers === null || Array.isArray(raw.answers)) return null;
    const answers: Record<number, AnswerValue> = {};
    for (const [id, value] of Object.entries(raw.answers)) {
      if (!byId.has(Number(id)) || !values.has(value as number)) return null;
      answers[Number(id)] = value as AnswerValue;
    }
    const index = Number(raw.index);
    if (!Number.isInteger(index) || index < 0 || index >= order.length) return null;
    // Never past the first unanswered question: every question is answered before moving on.
    const firstOpen = order.findIndex((q) => !(q.id in answers));
    if (firstOpen !== -1 && index > firstOpen) return null;
    if (typeof raw.email !== 'string') return null;
    const attempt = Number.isInteger(raw.attempt) ? (raw.attempt as number) : 0;
    return { order, answers, index, email: raw.email, attempt, skippedGate: raw.skippedGate === true, organisation: organisationOf(raw.organisation) };
  } catch {
    return null;
  }
}

/** The answers about the organisation that are still among the lists; any other is forgotten (they are optional). */
function organisationOf(raw: unknown): OrganisationAnswers {
  if (typeof raw !== 'object' || raw === null) return {};
  const { budgetBand, staffBand, focusArea } = raw as Record<string, unknown>;
  const kept = <T extends string>(value: unknown, list: readonly T[]) => (list.includes(value as T) ? (value as T) : undefined);
  return { budgetBand: kept(budgetBand, budgetBandValues), staffBand: kept(staffBand, staffBandValues), focusArea: kept(focusArea, focusAreaValues) };
}

export const loadProgress = () => parseProgress(storage.get(PROGRESS_KEY));
export const saveProgress = (state: FlowState) => storage.set(PROGRESS_KEY, serializeProgress(state));
export const clearProgress = () => storage.remove(PROGRESS_KEY);
