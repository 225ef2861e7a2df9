import { describe, expect, it } from 'vitest';
import { questions } from '#shared/checkup/questions';
import { currentQuestion, type FlowState, flowReducer, initialFlow } from './checkup-flow';
import { parseProgress, serializeProgress } from './saved-progress';

const started = (): FlowState => flowReducer(initialFlow(questions), { type: 'begin', email: ' me@example.org ' });

describe('the Check-Up flow', () => {
  it('starts the questions with the trimmed email at the first question', () => {
    const state = started();
    expect(state).toMatchObject({ step: 'questions', email: 'me@example.org', index: 0, answers: {} });
  });

  it('does not move on until the question is answered, and not back from the first', () => {
    let state = started();
    expect(flowReducer(state, { type: 'next' })).toBe(state);
    expect(flowReducer(state, { type: 'previous' })).toBe(state);
    state = flowReducer(state, { type: 'answer', value: 3 });
    state = flowReducer(state, { type: 'next' });
    expect(state.index).toBe(1);
    expect(flowReducer(state, { type: 'previous' }).index).toBe(0);
  });

  it('celebrates after the last answer, then reveals the results', () => {
    let state = started();
    for (let i = 0; i < questions.length; i++) {
      state = flowReducer(state, { type: 'answer', value: 2 });
      state = flowReducer(state, { type: 'next' });
    }
    expect(state.step).toBe('celebrating');
    expect(Object.keys(state.answers)).toHaveLength(20);
    expect(flowReducer(state, { type: 'answer', value: 4 })).toBe(state);
    expect(flowReducer(state, { type: 'reveal' }).step).toBe('results');
  });

  it('retakes from the gate with no answers, no email and the new order', () => {
    let state = flowReducer(started(), { type: 'answer', value: 1 });
    const order = [...questions].reverse();
    state = flowReducer(state, { type: 'retake', order });
    expect(state).toMatchObject({ step: 'gate', email: '', index: 0, answers: {}, attempt: 1 });
    expect(currentQuestion(state).id).toBe(20);
  });
});

describe('a Check-Up left part-way', () => {
  it('is saved and resumed at the same question, in the same order, with its answers', () => {
    let state = started();
    for (let i = 0; i < 5; i++) {
      state = flowReducer(state, { type: 'answer', value: ((i % 4) + 1) as 1 | 2 | 3 | 4 });
      state = flowReducer(state, { type: 'next' });
    }
    const saved = parseProgress(serializeProgress(state))!;
    expect(saved.order.map((q) => q.id)).toEqual(state.order.map((q) => q.id));
    const resumed = flowReducer(initialFlow([...questions].reverse()), { type: 'resume', ...saved });
    expect(resumed).toMatchObject({ step: 'questions', index: 5, email: 'me@example.org', answers: state.answers });
    expect(currentQuestion(resumed)).toBe(currentQuestion(state));
  });

  it('keeps the answers about the organisation, forgetting a value no longer in its list', () => {
    const state = flowReducer(initialFlow(questions), { type: 'begin', email: 'me@example.org', organisation: { budgetBand: '1m-5m', focusArea: 'health' } });
    const resumed = flowReducer(initialFlow(questions), { type: 'resume', ...parseProgress(serializeProgress(state))! });
    expect(resumed.organisation).toEqual({ budgetBand: '1m-5m', focusArea: 'health' });
    const edited = JSON.parse(serializeProgress(state)) as Record<string, unknown>;
    const saved = parseProgress(JSON.stringify({ ...edited, organisation: { budgetBand: 'a billion', staffBand: '6-20' } }))!;
    expect(saved.organisation).toEqual({ staffBand: '6-20' });
    // A retake through the email step offers the same answers again.
    expect(flowReducer(state, { type: 'retake', order: questions }).organisation).toEqual({ budgetBand: '1m-5m', focusArea: 'health' });
  });

  it('is ignored when it is not whole and valid', () => {
    const valid = JSON.parse(serializeProgress(started())) as Record<string, unknown>;
    for (const broken of [
      null,
      'not json',
      JSON.stringify({ ...valid, order: [1, 2, 3] }),
      JSON.stringify({ ...valid, order: Array(20).fill(1) }),
      JSON.stringify({ ...valid, answers: { 1: 9 } }),
      JSON.stringify({ ...valid, answers: { 99: 1 } }),
      JSON.stringify({ ...valid, index: 7 }),
      JSON.stringify({ ...valid, index: -1 }),
      JSON.stringify({ ...valid, email: 5 }),
    ]) {
      expect(parseProgress(broken)).toBeNull();
    }
    expect(parseProgress(JSON.stringify(valid))).not.toBeNull();
  });
});

describe('Take Quiz Again', () => {
  it('shows the email step again, cleared, to whoever filled it in the first time', () => {
    const retaken = flowReducer(started(), { type: 'retake', order: questions });
    expect(retaken).toMatchObject({ step: 'gate', email: '', attempt: 1, answers: {}, skippedGate: false });
  });

  it('skips it again for a member or subscriber whose first run skipped it, asking about the organisation with the answers just given', () => {
    let state = flowReducer(initialFlow(questions), { type: 'askOrganisation', email: 'member@example.org', organisation: { budgetBand: '1m-5m' } });
    state = flowReducer(state, { type: 'begin', email: state.email, skippedGate: true, organisation: { budgetBand: '5m-plus', staffBand: '21-50' } });
    state = flowReducer(state, { type: 'answer', value: 4 });
    const retaken = flowReducer(state, { type: 'retake', order: [...questions].reverse() });
    expect(retaken).toMatchObject({
      step: 'organisation',
      email: 'member@example.org',
      attempt: 1,
      index: 0,
      answers: {},
      skippedGate: true,
      organisation: { budgetBand: '5m-plus', staffBand: '21-50' },
    });
    expect(currentQuestion(retaken).id).toBe(20);
  });
});

describe('whoever skips the email step', () => {
  it('is asked about the organisation first, filled in with the answers given (a member: with their last Check-Up)', () => {
    const asked = flowReducer(initialFlow(questions), { type: 'askOrganisation', email: ' member@example.org ', organisation: { budgetBand: '100k-500k' } });
    expect(asked).toMatchObject({ step: 'organisation', email: 'member@example.org', organisation: { budgetBand: '100k-500k' } });
    // Decided once: a late answer from the server does not take the visitor back.
    expect(flowReducer(asked, { type: 'askOrganisation', email: 'member@example.org', organisation: {} })).toBe(asked);
    const begun = flowReducer(asked, { type: 'begin', email: asked.email, skippedGate: true, organisation: { budgetBand: '500k-1m' } });
    expect(begun).toMatchObject({ step: 'questions', skippedGate: true, organisation: { budgetBand: '500k-1m' } });
  });
});
