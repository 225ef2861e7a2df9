import type { OrganisationAnswers } from '#shared/checkup/organisation';
import type { AnswerValue, Question } from '#shared/checkup/questions';

/**
 * The Check-Up's steps (docs/product.md §4): the email gate, the questions one at a time, the
 * celebratory overlay, then the results. 'deciding' is the moment before we know whether the
 * visitor has already signed up (and so skips the gate); whoever skips it answers the questions
 * about the organisation on a step of their own, 'organisation', filled in from last time.
 */
export type Step = 'deciding' | 'gate' | 'organisation' | 'questions' | 'celebrating' | 'results';

export interface FlowState {
  step: Step;
  email: string;
  order: readonly Question[];
  index: number;
  answers: Readonly<Record<number, AnswerValue>>;
  /** 0 for the first run, then +1 per 'Take Quiz Again'. */
  attempt: number;
  /** The first run skipped the email step (a member or subscriber): retakes skip it too. */
  skippedGate: boolean;
  /** The optional answers about the organisation, given on the email step or on the organisation step. */
  organisation: OrganisationAnswers;
}

export type FlowAction =
  | { type: 'showGate' }
  /** Whoever skips the email step: the questions about the organisation, filled in with `organisation`. */
  | { type: 'askOrganisation'; email: string; organisation: OrganisationAnswers }
  | { type: 'begin'; email: string; skippedGate?: boolean; organisation?: OrganisationAnswers }
  | { type: 'answer'; value: AnswerValue }
  | { type: 'next' }
  | { type: 'previous' }
  | { type: 'reveal' }
  | { type: 'retake'; order: readonly Question[] }
  | ({ type: 'resume' } & Pick<FlowState, 'order' | 'answers' | 'index' | 'email' | 'attempt' | 'skippedGate' | 'organisation'>);

export const initialFlow = (order: readonly Question[]): FlowState => ({
  step: 'deciding',
  email: '',
  order,
  index: 0,
  answers: {},
  attempt: 0,
  skippedGate: false,
  organisation: {},
});

export const currentQuestion = (state: FlowState): Question => state.order[state.index]!;
export const isAnswered = (state: FlowState): boolean => currentQuestion(state).id in state.answers;
export const isLastQuestion = (state: FlowState): boolean => state.index === state.order.length - 1;

export function flowReducer(state: FlowState, action: FlowAction): FlowState {
  switch (action.type) {
    case 'showGate':
      return { ...state, step: 'gate' };
    case 'askOrganisation':
      return state.step === 'deciding' ? { ...state, step: 'organisation', email: action.email.trim(), organisation: action.organisation } : state;
    case 'begin':
      return {
        ...state,
        step: 'questions',
        email: action.email.trim(),
        index: 0,
        answers: {},
        skippedGate: action.skippedGate ?? state.skippedGate,
        organisation: action.organisation ?? state.organisation,
      };
    case 'answer':
      if (state.step !== 'questions') return state;
      return { ...state, answers: { ...state.answers, [currentQuestion(state).id]: action.value } };
    case 'next':
      // Every question must be answered before moving on (docs/product.md §5).
      if (state.step !== 'questions' || !isAnswered(state)) return state;
      return isLastQuestion(state) ? { ...state, step: 'celebrating' } : { ...state, index: state.index + 1 };
    case 'previous':
      if (state.step !== 'questions' || state.index === 0) return state;
      return { ...state, index: state.index - 1 };
    case 'reveal':
      return state.step === 'celebrating' ? { ...state, step: 'results' } : state;
    case 'resume':
      // A Check-Up left part-way (a reload, Back): the same order, answers and question.
      if (state.step !== 'deciding') return state;
      return {
        step: 'questions',
        email: action.email,
        order: action.order,
        index: action.index,
        answers: action.answers,
        attempt: action.attempt,
        skippedGate: action.skippedGate,
        organisation: action.organisation,
      };
    case 'retake':
      // Back to the start with no answers and a new order: the gate again with the email cleared,
      // or, for whoever skipped it the first time, the questions about the organisation (the
      // answers just given filled in) with the same email.
      return state.skippedGate
        ? { ...state, step: 'organisation', order: action.order, index: 0, answers: {}, attempt: state.attempt + 1 }
        : {
            step: 'gate',
            email: '',
            order: action.order,
            index: 0,
            answers: {},
            attempt: state.attempt + 1,
            skippedGate: false,
            organisation: state.organisation,
          };
  }
}
