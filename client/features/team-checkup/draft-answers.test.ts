import { describe, expect, it } from 'vitest';
import { questions } from '#shared/checkup/questions';
import { draftAnswers, draftOf, firstUnanswered } from './draft-answers';

describe("a respondent's progress between the server and the Check-Up's flow", () => {
  it('goes on at the first statement not answered, on any device', () => {
    const kept = { answers: { '1': 2, '2': 4, '4': 1 }, role: null };
    const answers = draftAnswers(kept);
    expect(answers).toEqual({ 1: 2, 2: 4, 4: 1 });
    expect(firstUnanswered(questions, answers)).toBe(2);
    expect(firstUnanswered(questions, {})).toBe(0);
    const all = Object.fromEntries(questions.map((q) => [q.id, 3 as const]));
    expect(firstUnanswered(questions, all)).toBe(19);
  });

  it('sends the answers keyed by statement and the role', () => {
    expect(draftOf({ 10: 3, 2: 1 }, 'board')).toEqual({ answers: { '2': 1, '10': 3 }, role: 'board' });
    // The same progress is the same text, whatever order it was given in: nothing is sent twice.
    expect(JSON.stringify(draftOf({ 10: 3, 2: 1 }, null))).toBe(JSON.stringify(draftOf({ 2: 1, 10: 3 }, null)));
  });
});
