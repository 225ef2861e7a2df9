import { RotateCcw } from 'lucide-react';
import { Suspense, useCallback, useEffect, useLayoutEffect, useReducer, useRef } from 'react';
import { Link } from '../components/link';
import { scoreAnswers } from '#shared/checkup/grading';
import type { OrganisationAnswers } from '#shared/checkup/organisation';
import { type AnswerValue, questions } from '#shared/checkup/questions';
import { shuffle } from '#shared/checkup/shuffle';
import { PageLoading } from '../components/page-loading';
import { Button } from '../components/ui/button';
import { saveCheckupResult, useLastOrganisation } from '../features/checkup/api';
import { Celebration, CELEBRATION_MS } from '../features/checkup/celebration';
import { currentQuestion, flowReducer, initialFlow } from '../features/checkup/checkup-flow';
import { EmailGate } from '../features/checkup/email-gate';
import { OrganisationStep } from '../features/checkup/organisation-step';
import { showNewScreen } from '../features/checkup/new-screen';
import { clearProgress, loadProgress, saveProgress } from '../features/checkup/saved-progress';
import { useAccess } from '../features/auth/use-access';
import { useHydrated } from '../lib/hydrated';
import { useLazyMutation } from '../lib/lazy-mutation';
import { preloadable } from '../lib/preloadable';
import { storageKeys, useStoredValue } from '../lib/storage';
import { track } from '../lib/track';

// The steps after the first come in chunks of their own: the first screen (the email step, which
// the server sends) needs none of them. They are asked for as soon as the visitor turns to the
// email field or the questions start, minutes before the results show.
const QuestionStep = preloadable(() => import('../features/checkup/question-step').then((module) => module.QuestionStep));
const ResultsView = preloadable(() => import('../features/checkup/results-view').then((module) => module.ResultsView));
const BreakdownForm = preloadable(() => import('../features/checkup/breakdown-form').then((module) => module.BreakdownForm));
const preloadLaterSteps = () => {
  for (const step of [QuestionStep, ResultsView, BreakdownForm]) step.preload().catch(() => {});
};

/** The Check-Up at /checkup (docs/product.md (Decisions)): email gate, 20 shuffled questions, results. */
export default function Checkup() {
  const [state, dispatch] = useReducer(flowReducer, questions, (all) => initialFlow(shuffle(all)));
  const { user, isLoading, newsletterFlag } = useAccess();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const storedEmail = useStoredValue(storageKeys.newsletterEmail) ?? '';
  const hydrated = useHydrated();

  const save = useLazyMutation({ mutationFn: saveCheckupResult });
  const payload = () => {
    const scores = scoreAnswers(state.answers);
    // The server recomputes the sums from the answers; they are sent as docs/product.md §7 lists them.
    return {
      email: state.email,
      answers: Object.fromEntries(Object.entries(state.answers)),
      score: scores.score,
      categoryScores: scores.categoryScores,
      ...state.organisation,
    };
  };

  const begin = useCallback((email: string, skippedGate?: boolean, organisation?: OrganisationAnswers) => {
    preloadLaterSteps();
    track('quiz_start');
    dispatch({ type: 'begin', email, skippedGate, organisation });
  }, []);
  const beginFromGate = useCallback((email: string, organisation: OrganisationAnswers) => begin(email, undefined, organisation), [begin]);

  // A member's answers about the organisation last time, to ask them again filled in.
  const lastOrganisation = useLastOrganisation(hydrated && Boolean(user) && state.step === 'deciding');

  // A Check-Up left part-way resumes where it was. Otherwise a visitor who has already signed up
  // (newsletter flag and email, or an account) skips the gate, and skips it again on a retake,
  // but is asked about the organisation (a member's last answers filled in), so the results
  // compare with organisations of the same size. Decided after hydration, when the saved
  // progress, the flag, the stored email and the user are really known.
  useEffect(() => {
    if (state.step !== 'deciding' || !hydrated) return;
    const saved = loadProgress();
    if (saved) {
      preloadLaterSteps();
      dispatch({ type: 'resume', ...saved });
      return;
    }
    if (isLoading) return;
    const email = newsletterFlag && storedEmail ? storedEmail : user?.email;
    if (!email) dispatch({ type: 'showGate' });
    else if (!user) dispatch({ type: 'askOrganisation', email, organisation: state.organisation });
    // A failed look-up asks with nothing filled in rather than not at all.
    else if (!lastOrganisation.isPending) dispatch({ type: 'askOrganisation', email, organisation: lastOrganisation.data ?? {} });
  }, [state.step, state.organisation, hydrated, newsletterFlag, storedEmail, isLoading, user, lastOrganisation.isPending, lastOrganisation.data]);
  const startFromOrganisation = useCallback((organisation: OrganisationAnswers) => begin(state.email, true, organisation), [begin, state.email]);

  // The progress is kept while the questions are answered and forgotten once the results show.
  useEffect(() => {
    if (state.step === 'questions') saveProgress(state);
    else if (state.step === 'results') clearProgress();
  }, [state]);

  useEffect(() => {
    if (state.step !== 'celebrating') return;
    const timer = setTimeout(() => dispatch({ type: 'reveal' }), CELEBRATION_MS);
    return () => clearTimeout(timer);
  }, [state.step]);

  // Each new step starts at the top with its heading focused, so keyboard and screen reader users start there too.
  useLayoutEffect(() => {
    if (state.step === 'gate' || state.step === 'organisation' || state.step === 'results') showNewScreen(headingRef.current);
  }, [state.step]);

  const onAnswer = useCallback((value: AnswerValue) => dispatch({ type: 'answer', value }), []);
  const onPrevious = useCallback(() => dispatch({ type: 'previous' }), []);
  // The flow moves on only when the current question is answered, whatever this render saw.
  const onNext = useCallback(() => dispatch({ type: 'next' }), []);

  // Finished: store the result once per attempt, from the flow's complete answers, while the
  // overlay shows (the server records the completion when it stores it).
  const savedAttempt = useRef(-1);
  useEffect(() => {
    if (state.step !== 'celebrating' || savedAttempt.current === state.attempt) return;
    savedAttempt.current = state.attempt;
    save.mutate(payload());
  });

  const retake = () => {
    save.reset();
    clearProgress();
    dispatch({ type: 'retake', order: shuffle(questions) });
  };

  switch (state.step) {
    case 'organisation':
      return (
        <OrganisationStep
          // A member's answers from their last Check-Up, or those just given (a retake).
          fromLastTime={Object.values(state.organisation).some(Boolean)}
          initial={state.organisation}
          onStart={startFromOrganisation}
          onFocus={preloadLaterSteps}
          headingRef={headingRef}
        />
      );
    case 'deciding':
    case 'gate':
      // While deciding, the visitor's first screen (the server sends it too); a spinner only while an account, or its last answers, load.
      if (state.step === 'deciding' && (isLoading || (user && lastOrganisation.isPending))) return <PageLoading />;
      // The first time the email is filled in for the visitor; a retake starts with it cleared (docs/product.md §4).
      return (
        <EmailGate
          initialEmail={state.attempt === 0 ? storedEmail || user?.email || '' : ''}
          initialOrganisation={state.organisation}
          onStart={beginFromGate}
          onFocus={preloadLaterSteps}
          headingRef={headingRef}
        />
      );
    case 'questions':
    case 'celebrating': {
      const question = currentQuestion(state);
      return (
        <>
          <div className="border-b border-stone-200 bg-brand-50">
            <h1 className="mx-auto max-w-3xl px-4 py-4 font-serif text-xl font-bold text-brand-800">The Check-Up</h1>
          </div>
          <Suspense fallback={<PageLoading />}>
            <QuestionStep.Component
              question={question}
              position={state.index + 1}
              total={state.order.length}
              answer={state.answers[question.id]}
              onAnswer={onAnswer}
              onNext={onNext}
              onPrevious={onPrevious}
            />
          </Suspense>
          {state.step === 'celebrating' && <Celebration />}
        </>
      );
    }
    case 'results': {
      const scores = scoreAnswers(state.answers);
      return (
        <div className="mx-auto max-w-5xl px-4 py-10 sm:py-14">
          <p className="text-sm font-semibold uppercase tracking-wide text-brand-700">The Check-Up</p>
          <h1 ref={headingRef} tabIndex={-1} className="mt-2 font-serif text-3xl font-bold text-stone-900 outline-none sm:text-4xl">
            Your Check-Up Results
          </h1>
          <p className="mt-3 max-w-2xl text-lg text-stone-700">
            Here is how your organisation scores overall and on each of the five pillars. A higher score means a healthier pillar.
          </p>
          <Suspense fallback={<PageLoading />}>
            <div className="mt-8">
              {/* The peers' figures come with the stored result, which is saved while the overlay shows. */}
              <ResultsView.Component scores={scores} peers={save.data?.peers ?? null} />
            </div>
            <div className="mt-10">
              <BreakdownForm.Component initialEmail={state.email} resultId={async () => save.data?.id ?? (await save.mutateAsync(payload())).id} />
            </div>
          </Suspense>
          <div className="mt-10 flex flex-wrap items-center gap-4 border-t border-stone-200 pt-8">
            <Button variant="outline" onClick={retake}>
              <RotateCcw className="h-4 w-4" aria-hidden="true" />
              Take Quiz Again
            </Button>
            {save.data && (
              <p className="text-sm text-stone-700">
                Your results are saved at{' '}
                <Link to={`/checkup/results/${save.data.id}`} className="font-semibold text-brand-700 underline underline-offset-2">
                  their own page
                </Link>
                .
              </p>
            )}
          </div>
        </div>
      );
    }
  }
}
