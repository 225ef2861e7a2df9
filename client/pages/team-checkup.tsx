import { Link } from '../components/link';
import { ApiError, errorText } from '../lib/api';
import { roundMessages } from '#shared/team-checkup/schemas';
import { PageHeader } from '../components/page-header';
import { PageLoading } from '../components/page-loading';
import { buttonClasses } from '../components/ui/button';
import { Card } from '../components/ui/card';
import { SignInRequired } from '../features/auth/sign-in-required';
import { useUser } from '../features/auth/use-user';
import { useTeamRounds } from '../features/team-checkup/api';
import { RoundStartForm } from '../features/team-checkup/round-start-form';
import { RoundsList } from '../features/team-checkup/rounds-list';

/**
 * /team-checkup: the team's rounds over time and, when none is open, a form to start one. For the
 * people of a team plan (its buyer and seat holders); anyone else is told what it is and where team plans are.
 */
export default function TeamCheckupPage() {
  const { user, isLoading } = useUser();
  const rounds = useTeamRounds(Boolean(user));
  if (isLoading || (user && rounds.isPending)) return <PageLoading />;
  if (!user) return <SignInRequired />;

  return (
    <>
      <PageHeader eyebrow="Team Check-Up" title="Take the Check-Up as a team">
        <p>
          Several people answer the Check-Up&apos;s 20 statements for your organisation. You see one picture, and where you see things differently. Nobody sees
          anyone&apos;s own answers.
        </p>
      </PageHeader>
      <div className="mx-auto grid max-w-4xl gap-6 px-4 py-10">
        {rounds.isError ? (
          <Card>
            {rounds.error instanceof ApiError && (rounds.error.status === 403 || rounds.error.status === 404) ? (
              <>
                <p className="text-stone-800">{roundMessages.notOnTeam}</p>
                <Link to="/teams" className={buttonClasses('primary', 'md', 'mt-4')}>
                  See team plans
                </Link>
              </>
            ) : (
              <p role="alert" className="text-red-800">
                {errorText(rounds.error, "Your team's rounds could not be loaded.")} Reload the page to try again.
              </p>
            )}
          </Card>
        ) : (
          rounds.data && (
            <>
              <section aria-labelledby="rounds-heading">
                <h2 id="rounds-heading" className="font-serif text-2xl font-bold text-stone-900">
                  Your team&apos;s rounds
                </h2>
                <div className="mt-4">
                  <RoundsList rounds={rounds.data.rounds} />
                </div>
              </section>
              {rounds.data.canStart ? (
                <Card>
                  <h2 id="start-round-heading" className="font-serif text-2xl font-bold text-stone-900">
                    Start a round
                  </h2>
                  <p className="mt-2 text-stone-700">Everyone you ask gets an email with their own link. They need no account and no seat.</p>
                  <div className="mt-5">
                    <RoundStartForm people={rounds.data.people} />
                  </div>
                </Card>
              ) : (
                <p className="text-stone-700">{roundMessages.openRound}</p>
              )}
            </>
          )
        )}
      </div>
    </>
  );
}
