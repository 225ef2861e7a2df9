import { clsx } from 'clsx';
import { ArrowLeft, ArrowRight } from 'lucide-react';
import { type FormEvent, useLayoutEffect, useRef } from 'react';
import { type AnswerValue, answerOptions, pillarInfo, type Question } from '#shared/checkup/questions';
import { Button } from '../../components/ui/button';
import { showNewScreen } from './new-screen';

interface Props {
  question: Question;
  position: number;
  total: number;
  answer: AnswerValue | undefined;
  onAnswer: (value: AnswerValue) => void;
  onNext: () => void;
  onPrevious: () => void;
  /** The last statement's button: the Check-Up's results come next, the team Check-Up's role question. */
  lastLabel?: string;
}

/** Where a key press belongs to the control itself (Enter on a button or link activates it). */
const ownsEnter = (target: EventTarget | null) => target instanceof HTMLElement && target.closest('button, a, textarea, select') !== null;

/**
 * Step 2: one statement at a time as a radio group. Keys 1-4 choose an answer and Enter moves
 * on once answered, wherever focus is on the page; each new statement starts at the top of the
 * page with focus on it, so a screen reader reads it.
 */
export function QuestionStep({ question, position, total, answer, onAnswer, onNext, onPrevious, lastLabel = 'See Results' }: Props) {
  const headingRef = useRef<HTMLHeadingElement>(null);
  const answered = answer !== undefined;
  const isLast = position === total;

  useLayoutEffect(() => {
    showNewScreen(headingRef.current);
  }, [question.id]);

  // Listening from before the statement is painted. Attached after the paint (an effect), a key
  // pressed the moment the statement appeared could go unheard: an e2e run once pressed 1 on a
  // statement it could see, and no answer was chosen.
  useLayoutEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.altKey || event.ctrlKey || event.metaKey) return;
      const option = answerOptions.find((o) => String(o.value) === event.key);
      if (option) {
        event.preventDefault();
        onAnswer(option.value);
      } else if (event.key === 'Enter' && !ownsEnter(event.target)) {
        // Also stops the form's own implicit submission, so one Enter is one step. The flow
        // itself ignores it while unanswered: this render may not have seen an answer typed a
        // moment ago, the flow's state has.
        event.preventDefault();
        onNext();
      }
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [onAnswer, onNext]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (answered) onNext();
  };

  const pillar = pillarInfo[question.category];
  return (
    <div className="mx-auto max-w-3xl px-4 py-8 sm:py-12">
      <div className="flex flex-wrap items-baseline justify-between gap-2 text-sm">
        <p className="font-semibold text-stone-800">
          Question {position} of {total}
        </p>
        <p className="text-stone-700">
          Pillar: <span className="font-semibold text-brand-800">{pillar.name}</span> ({pillar.description.toLowerCase()})
        </p>
      </div>
      <div
        role="progressbar"
        aria-label="Check-Up progress"
        aria-valuemin={1}
        aria-valuemax={total}
        aria-valuenow={position}
        aria-valuetext={`Question ${position} of ${total}`}
        className="mt-3 h-2 overflow-hidden rounded-full bg-stone-200"
      >
        <div
          className="h-full rounded-full bg-brand-700 motion-safe:transition-[width] motion-safe:duration-300"
          style={{ width: `${(position / total) * 100}%` }}
        />
      </div>

      {/* A new form per question: radios are never reused from the last one, whose checked state a fast click could meet. */}
      <form key={question.id} onSubmit={submit} className="mt-8">
        <fieldset>
          <legend className="w-full">
            <h2 ref={headingRef} tabIndex={-1} className="font-serif text-2xl font-semibold leading-snug text-stone-900 outline-none sm:text-3xl">
              {question.text}
            </h2>
          </legend>
          <p className="mt-3 text-sm text-stone-700">How true is this for your organisation?</p>
          <div className="mt-5 grid gap-3">
            {answerOptions.map((option) => {
              const checked = answer === option.value;
              return (
                <label
                  key={option.value}
                  className={clsx(
                    'flex cursor-pointer items-center gap-4 rounded-lg border-2 bg-white px-4 py-3 transition-colors has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-brand-600',
                    checked ? 'border-brand-700 bg-brand-50' : 'border-stone-200 hover:border-stone-400',
                  )}
                >
                  <input
                    type="radio"
                    name={`answer-${question.id}`}
                    value={option.value}
                    checked={checked}
                    onChange={() => onAnswer(option.value)}
                    className="h-5 w-5 accent-brand-700"
                  />
                  <span className="flex-1 font-medium text-stone-900">{option.label}</span>
                  <kbd aria-hidden="true" className="rounded border border-stone-300 bg-stone-50 px-2 py-0.5 font-mono text-xs text-stone-700">
                    {option.value}
                  </kbd>
                </label>
              );
            })}
          </div>
        </fieldset>
        <p className="mt-4 text-sm text-stone-700">Tip: press 1 to 4 to answer and Enter to continue.</p>
        <div className="mt-6 flex items-center justify-between gap-3">
          <Button variant="outline" onClick={onPrevious} disabled={position === 1}>
            <ArrowLeft className="h-4 w-4" aria-hidden="true" />
            Previous
          </Button>
          <Button type="submit" disabled={!answered}>
            {isLast ? lastLabel : 'Next'}
            <ArrowRight className="h-4 w-4" aria-hidden="true" />
          </Button>
        </div>
      </form>
    </div>
  );
}
