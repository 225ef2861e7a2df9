import type { AnswerValue, Question } from '#shared/checkup/questions';
import type { AnswerDraft, RespondentRole } from '#shared/team-checkup/schemas';

/** The progress kept on the server as the Check-Up's flow holds answers (by statement id). */
export function draftAnswers(draft: AnswerDraft): Record<number, AnswerValue> {
  return Object.fromEntries(Object.entries(draft.answers).map(([id, value]) => [Number(id), value as AnswerValue]));
}

/** The flow's answers and the role as the server keeps them: statement ids as keys, in the Check-Up's order. */
export function draftOf(answers: Readonly<Record<number, AnswerValue>>, role: RespondentRole | null): AnswerDraft {
  const ids = Object.keys(answers)
    .map(Number)
    .sort((a, b) => a - b);
  return { answers: Object.fromEntries(ids.map((id) => [String(id), answers[id]!])), role };
}

/** Where to go on: the first statement without an answer, or the last when all are answered (then the role question). */
export function firstUnanswered(order: readonly Question[], answers: Readonly<Record<number, AnswerValue>>): number {
  const index = order.findIndex((question) => !(question.id in answers));
  return index === -1 ? order.length - 1 : index;
}
