import { useParams } from 'react-router';
import { Link } from '../components/link';
import { PageLoading } from '../components/page-loading';
import { buttonClasses } from '../components/ui/button';
import { Card } from '../components/ui/card';
import { textLinkClass } from '../components/ui/text-link';
import { SignInRequired } from '../features/auth/sign-in-required';
import { useUser } from '../features/auth/use-user';
import { type ResultBy, useRoundResult } from '../features/team-checkup/api';
import { RoundResult } from '../features/team-checkup/round-result';
import { DidItWork, MakePlanCard } from '../features/plans/plan-from-result';
import { errorText } from '../lib/api';

/**
 * A round's result, by two doors: /team-checkup/rounds/:id/result for the signed-in organiser and
 * respondents, /team-checkup/answer/:token/result by a respondent's personal link (no account).
 */
export default function TeamCheckupResultPage() {
  const { id, token } = useParams();
  const by: ResultBy = token ? { kind: 'link', key: token } : { kind: 'round', key: id ?? '' };
  const { user, isLoading } = useUser();
  const needsUser = by.kind === 'round';
  const result = useRoundResult(by, !needsUser || Boolean(user));
  const back = by.kind === 'link' ? `/team-checkup/answer/${by.key}` : `/team-checkup/rounds/${by.key}`;

  if (needsUser && isLoading) return <PageLoading />;
  if (needsUser && !user) return <SignInRequired />;
  if (result.isPending) return <PageLoading />;
  if (result.isError || !result.data) {
    return (
      <div className="mx-auto max-w-lg px-4 py-16">
        <Card className="text-center">
          <h1 className="font-serif text-2xl font-bold text-stone-900">The team&apos;s result is not available</h1>
          <p role="alert" className="mt-3 text-stone-700">
            {errorText(result.error, 'The result could not be loaded. Reload the page to try again.')}
          </p>
          <Link to={needsUser ? '/team-checkup' : back} className={buttonClasses('primary', 'md', 'mt-6')}>
            {needsUser ? 'Back to the Team Check-Up' : 'Back to your answer'}
          </Link>
        </Card>
      </div>
    );
  }
  return (
    <>
      <p className="mx-auto max-w-5xl px-4 pt-6 print:hidden">
        <Link to={back} className={textLinkClass}>
          {by.kind === 'link' ? 'Back to your answer' : 'Back to the round'}
        </Link>
      </p>
      <RoundResult result={result.data} />
      {/* A plan is made from a round with figures, by the team's people: not through a respondent's link. */}
      {by.kind === 'round' && result.data.figures && (
        <div className="mx-auto grid max-w-5xl gap-8 px-4 pb-10 print:hidden">
          <DidItWork from={{ kind: 'round', id: by.key }} />
          <MakePlanCard from={{ kind: 'round', id: by.key }} offerSignIn={false} />
        </div>
      )}
    </>
  );
}
