import { useCallback, useEffect, useReducer, useState } from 'react';
import { useParams } from 'react-router';
import { Link } from '../components/link';
import { type AnswerValue, questions } from '#shared/checkup/questions';
import { type AnswerLinkView, type RespondentRole, ROUND_MINIMUM, roundMessages } from '#shared/team-checkup/schemas';
import { PageHeader } from '../components/page-header';
import { PageLoading } from '../components/page-loading';
import { Button, buttonClasses } from '../components/ui/button';
import { Card } from '../components/ui/card';
import { textLinkClass } from '../components/ui/text-link';
import { toast } from '../components/ui/use-toast';
import { currentQuestion, type FlowAction, flowReducer, type FlowState, initialFlow } from '../features/checkup/checkup-flow';
import { QuestionStep } from '../features/checkup/question-step';
import { ResultsView } from '../features/checkup/results-view';
import { useSiteDates } from '../features/site/use-site-dates';
import { linkRequests, useAnswerLink, useLinkChange } from '../features/team-checkup/api';
import { AnsweredView } from '../features/team-checkup/answered-view';
import { draftAnswers, draftOf, firstUnanswered } from '../features/team-checkup/draft-answers';
import { RoleStep } from '../features/team-checkup/role-step';
import { useDraftSaver } from '../features/team-checkup/use-draft-saver';
import { ApiError, errorText } from '../lib/api';

/**
 * /team-checkup/answer/:token: the personal link from the invitation email. No account needed.
 * It says who asks and what happens to the answers, then the Check-Up's own statements, scale and
 * screen (its flow and question step, as /checkup runs them), each answer kept on the server as it
 * is given, the role question, and the person's own result as the Check-Up shows it. A closed or
 * withdrawn link says so and offers nothing to answer.
 */
export default function TeamCheckupAnswerPage() {
  const { token = '' } = useParams();
  const link = useAnswerLink(token);
  const [answering, setAnswering] = useState<'resume' | 'change' | null>(null);

  if (link.isPending) return <PageLoading />;
  if (link.isError || !link.data) {
    return (
      <div className="mx-auto max-w-lg px-4 py-16">
        <Card>
          <h1 className="font-serif text-2xl font-bold text-stone-900">This link does not work</h1>
          <p role="alert" className="mt-3 text-stone-700">
            {errorText(link.error, 'This link could not be opened.')} Ask the person who invited you for a new link, or{' '}
            <Link to="/contact" className={textLinkClass}>
              write to us
            </Link>
            .
          </p>
        </Card>
      </div>
    );
  }
  const view = link.data;
  if (view.status === 'open' && answering) {
    return <AnswerFlow key={answering} token={token} view={view} from={answering} onDone={() => setAnswering(null)} />;
  }
  if (view.answer && view.status !== 'withdrawn') {
    return (
      <AnsweredView
        token={token}
        view={view}
        answer={view.answer}
        ownResult={<ResultsView scores={{ totalScore: view.answer.score, categoryScores: view.answer.categoryScores }} peers={null} />}
        onChange={() => setAnswering('change')}
      />
    );
  }
  return <Invitation token={token} view={view} onStart={() => setAnswering('resume')} />;
}

function Invitation({ token, view, onStart }: { token: string; view: AnswerLinkView; onStart: () => void }) {
  const dates = useSiteDates();
  const given = Object.keys(view.draft.answers).length;
  return (
    <>
      <PageHeader eyebrow="Team Check-Up" title={view.roundName}>
        <p>
          {view.askedBy} asks you to take the Check-Up for your organisation
          {view.status === 'open' ? `, by the end of ${dates.long(view.closesAt)}` : ''}.
        </p>
      </PageHeader>
      <div className="mx-auto max-w-3xl px-4 py-10">
        <Card className="grid gap-4">
          {view.status === 'withdrawn' ? (
            <p role="alert" className="text-stone-800">
              {roundMessages.linkWithdrawn}
            </p>
          ) : view.status === 'closed' ? (
            <>
              <p role="alert" className="text-stone-800">
                {roundMessages.linkClosed}
              </p>
              {view.resultReady && (
                <Link to={`/team-checkup/answer/${token}/result`} className={buttonClasses('primary', 'md', 'justify-self-start')}>
                  See the team&apos;s result
                </Link>
              )}
            </>
          ) : (
            <>
              <p className="text-lg text-stone-800" data-testid="answer-privacy">
                {view.asked} people are asked; nobody sees your answers, the team&apos;s result shows once {ROUND_MINIMUM} have answered.
              </p>
              <p className="text-stone-700">
                {questions.length} statements about your organisation, about 10 minutes. Each answer is saved as you go: open this link again later, on any
                device, and go on where you stopped. You need no account.
              </p>
              {given > 0 && (
                <p className="font-medium text-stone-900" data-testid="answer-progress">
                  You have answered {given} of {questions.length} statements so far.
                </p>
              )}
              <Button size="lg" className="justify-self-start" onClick={onStart}>
                {given === 0 ? 'Start' : 'Continue'}
              </Button>
            </>
          )}
        </Card>
      </div>
    </>
  );
}

/**
 * The Check-Up's flow, whose step after the last statement (its celebration) is the role question
 * here: from there, Previous goes back to the last statement.
 */
function answerReducer(state: FlowState, action: FlowAction | { type: 'backToStatements' }): FlowState {
  if (action.type !== 'backToStatements') return flowReducer(state, action);
  return state.step === 'celebrating' ? { ...state, step: 'questions' } : state;
}

/**
 * The statements in the Check-Up's own order (the same on every device, so a link opened elsewhere
 * goes on at the first one not answered), then the role question, then the answer is sent.
 * `from`: 'resume' goes on where the kept progress stops; 'change' starts at the first statement with the answers given.
 */
function AnswerFlow({ token, view, from, onDone }: { token: string; view: AnswerLinkView; from: 'resume' | 'change'; onDone: () => void }) {
  const [state, dispatch] = useReducer(answerReducer, questions, initialFlow);
  const [role, setRole] = useState<RespondentRole | null>(view.draft.role);
  const saver = useDraftSaver(token, draftOf(state.answers, role), view.draft, state.step !== 'deciding');

  useEffect(() => {
    const answers = draftAnswers(view.draft);
    const index = from === 'change' ? 0 : firstUnanswered(questions, answers);
    dispatch({ type: 'resume', order: questions, answers, index, email: view.email, attempt: 0, skippedGate: true, organisation: {} });
    // Once, from the progress the page was opened with.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const onAnswer = useCallback((value: AnswerValue) => dispatch({ type: 'answer', value }), []);
  const onNext = useCallback(() => dispatch({ type: 'next' }), []);
  const onPrevious = useCallback(() => dispatch({ type: 'previous' }), []);

  const submit = useLinkChange(token, (role: RespondentRole) =>
    linkRequests.submit(token, { answers: draftOf(state.answers, role).answers as Record<string, AnswerValue>, role }),
  );
  const send = (chosen: RespondentRole) =>
    submit.mutate(chosen, {
      onSuccess: () => {
        saver.stop();
        onDone();
      },
      onError: (error) =>
        // The round closed or the link was withdrawn meanwhile: said in place of the questions. Anything else can be sent again.
        error instanceof ApiError && error.status < 500 && error.status !== 429
          ? saver.setRefusal(errorText(error, 'Your answer could not be sent.'))
          : toast({ title: 'Your answer was not sent', description: errorText(error, 'Please try again.'), variant: 'destructive' }),
    });

  if (state.step === 'deciding') return <PageLoading />;
  // The flow's step after the last statement (the Check-Up's celebration) is the role question here.
  const onRoleStep = state.step === 'celebrating';
  const question = currentQuestion(state);
  return (
    <>
      <div className="border-b border-stone-200 bg-brand-50">
        <div className="mx-auto flex max-w-3xl flex-wrap items-baseline justify-between gap-x-4 gap-y-1 px-4 py-4">
          <h1 className="font-serif text-xl font-bold text-brand-800">The Check-Up: {view.roundName}</h1>
          <p role="status" className="text-sm text-stone-700" data-testid="save-state">
            {saver.saveText}
          </p>
        </div>
      </div>
      {saver.refusal ? (
        <div className="mx-auto max-w-3xl px-4 py-10">
          <p role="alert" className="rounded-md border border-red-300 bg-red-50 p-4 text-red-900">
            {saver.refusal}
          </p>
        </div>
      ) : onRoleStep ? (
        <RoleStep initial={role} onChange={setRole} onBack={() => dispatch({ type: 'backToStatements' })} onSend={send} sending={submit.isPending} />
      ) : (
        <QuestionStep
          question={question}
          position={state.index + 1}
          total={state.order.length}
          answer={state.answers[question.id]}
          onAnswer={onAnswer}
          onNext={onNext}
          onPrevious={onPrevious}
          lastLabel="Next"
        />
      )}
    </>
  );
}
