import { describe, expect, it } from 'vitest';
import { questions } from '#shared/checkup/questions';
import { currentQuestion, type FlowState, flowReducer, initialFlow } from './checkup-flow';

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
