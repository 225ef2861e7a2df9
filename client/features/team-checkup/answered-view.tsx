import type { ReactNode } from 'react';
import { Link } from '../../components/link';
import type { AnswerLinkView } from '#shared/team-checkup/schemas';
import { Button, buttonClasses } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { Confirm, smallDeleteButton } from '../../components/ui/confirm';
import { textLinkClass } from '../../components/ui/text-link';
import { toast } from '../../components/ui/use-toast';
import { errorText } from '../../lib/api';
import { useUser } from '../auth/use-user';
import { useRememberWayBack } from '../auth/use-remember-way-back';
import { useSiteDates } from '../site/use-site-dates';
import { linkRequests, useLinkChange } from './api';

type Answer = NonNullable<AnswerLinkView['answer']>;

/**
 * After answering: the way to the team's result, an account offered (never required) or their
 * progress, the person's own result as the Check-Up shows it (`ownResult`, the Check-Up's results
 * view, which the page gives), and, while the round is open, changing or deleting the answer.
 */
export function AnsweredView({
  token,
  view,
  answer,
  ownResult,
  onChange,
}: {
  token: string;
  view: AnswerLinkView;
  answer: Answer;
  ownResult: ReactNode;
  onChange: () => void;
}) {
  const dates = useSiteDates();
  const open = view.status === 'open';
  const remove = useLinkChange(token, () => linkRequests.remove(token));
  return (
    <div className="mx-auto grid max-w-5xl gap-8 px-4 py-10 sm:py-14">
      <div>
        <p className="text-sm font-semibold uppercase tracking-wide text-brand-700">Team Check-Up: {view.roundName}</p>
        <h1 className="mt-2 font-serif text-3xl font-bold text-stone-900 sm:text-4xl">Thank you: your answer is in</h1>
        <p className="mt-3 max-w-2xl text-lg text-stone-700">
          You answered on {dates.long(answer.answeredAt)}. Below is your own result: only you see it. {view.askedBy} and the others see the team&apos;s result,
          never yours.
        </p>
      </div>
      <Card className="grid gap-3">
        <h2 className="font-serif text-xl font-bold text-stone-900">The team&apos;s result</h2>
        <p className="text-stone-700">
          {view.resultReady ? "Enough people have answered: the team's result is ready." : "The team's result shows once at least 3 people have answered."}
        </p>
        <Link to={`/team-checkup/answer/${token}/result`} className={buttonClasses(view.resultReady ? 'primary' : 'outline', 'md', 'justify-self-start')}>
          {view.resultReady ? "See the team's result" : 'See how many answers are needed'}
        </Link>
      </Card>
      <AccountOffer view={view} />
      <section aria-labelledby="own-result-heading" className="grid gap-4">
        <h2 id="own-result-heading" className="font-serif text-2xl font-bold text-stone-900">
          Your own result
        </h2>
        {ownResult}
      </section>
      {open && (
        <Card className="grid gap-3">
          <h2 className="font-serif text-xl font-bold text-stone-900">Your answer</h2>
          <p className="text-stone-700">Until the round closes on {dates.long(view.closesAt)} you can change your answers, or delete them.</p>
          <div className="flex flex-wrap gap-3">
            <Button variant="outline" onClick={onChange}>
              Change my answers
            </Button>
            <Confirm
              title="Delete your answer?"
              description="Your answers to this round are deleted for good. If fewer than 3 answers remain, the team's result is hidden again."
              confirmLabel="Delete my answer"
              destructive
              onConfirm={() =>
                remove.mutate(undefined, {
                  onSuccess: () => toast({ title: 'Your answer is deleted', description: 'You can still answer again from this link until the round closes.' }),
                  onError: (error) => toast({ title: 'Not deleted', description: errorText(error, 'Please try again.'), variant: 'destructive' }),
                })
              }
              trigger={
                <button type="button" className={smallDeleteButton} disabled={remove.isPending}>
                  Delete my answer
                </button>
              }
            />
          </div>
        </Card>
      )}
    </div>
  );
}

/** Without an account, one is offered to keep the result; with one, signing in shows it in their progress. Never required. */
function AccountOffer({ view }: { view: AnswerLinkView }) {
  const { user } = useUser();
  const rememberWayBack = useRememberWayBack();
  const email = encodeURIComponent(view.email);
  if (user && user.email.toLowerCase() === view.email.toLowerCase()) {
    return (
      <p className="text-stone-700">
        Your result is also in{' '}
        <Link to="/checkup/progress" className={textLinkClass}>
          your Check-Up progress
        </Link>
        .
      </p>
    );
  }
  return (
    <Card className="grid gap-2">
      {view.hasAccount ? (
        <>
          <h2 className="font-serif text-xl font-bold text-stone-900">Keep it with your account</h2>
          <p className="text-stone-700">You have an account with {view.email}.</p>
          <Link to={`/auth?email=${email}`} onClick={rememberWayBack} className={textLinkClass}>
            Sign in to see it in your progress
          </Link>
        </>
      ) : (
        <>
          <h2 className="font-serif text-xl font-bold text-stone-900">Keep your results</h2>
          <p className="text-stone-700">You don&apos;t need an account to take part. With a free one, your Check-Ups are kept and you can see how they move.</p>
          <Link to={`/auth?mode=register&email=${email}`} onClick={rememberWayBack} className={textLinkClass}>
            Create an account to keep your results
          </Link>
        </>
      )}
    </Card>
  );
}
