import { useSearchParams } from 'react-router';
import { Link } from '../components/link';
import { premiumBenefits } from '#shared/premium/benefits';
import { parsePlan, TEAM_MAX_SEATS, TEAM_MIN_SEATS } from '#shared/pricing';
import { CheckList } from '../components/check-list';
import { PageHeader } from '../components/page-header';
import { Card } from '../components/ui/card';
import { textLinkClass } from '../components/ui/text-link';
import { useUser } from '../features/auth/use-user';
import { TeamBuyForm } from '../features/teams/team-buy-form';

const DEFAULT_SEATS = 3;

/** The seats a link asked for (?seats=, as after signing in), else the default; the form says what is out of range. */
function seatsFrom(value: string | null): number {
  const seats = Number(value);
  return value && Number.isInteger(seats) && seats >= TEAM_MIN_SEATS && seats <= TEAM_MAX_SEATS ? seats : DEFAULT_SEATS;
}

const steps = [
  'Choose monthly or yearly and how many seats, then pay for all of them at once.',
  'Invite people by email from your account page. An invitation holds its seat for 7 days.',
  'Each person who joins has premium for as long as your team plan runs.',
  'Add or remove seats whenever you like: you pay only for the part of the period you use. Take a seat yourself if you want premium too.',
];

/** /teams: premium for a whole team, one payer and a number of seats (decision 055). */
export default function TeamsPage() {
  const { user, isLoading } = useUser();
  const [params] = useSearchParams();
  const initial = { planType: parsePlan(params.get('plan')), seats: seatsFrom(params.get('seats')) };

  return (
    <>
      <PageHeader eyebrow="Team plans" title="Premium for your whole team" wide>
        <p>One payment covers everyone: you buy the seats, then invite your colleagues, board members or volunteers by email.</p>
      </PageHeader>
      <div className="mx-auto grid max-w-6xl items-start gap-8 px-4 py-12 md:grid-cols-2">
        <div className="grid gap-8">
          <section aria-labelledby="seat-gives">
            <h2 id="seat-gives" className="font-serif text-2xl font-bold text-stone-900">
              What each seat gives
            </h2>
            <p className="mt-2 text-stone-700">A seat is a full premium membership for one person:</p>
            <CheckList items={premiumBenefits} tone="accent" className="mt-4 text-stone-800" />
          </section>
          <section aria-labelledby="how-it-works">
            <h2 id="how-it-works" className="font-serif text-2xl font-bold text-stone-900">
              How it works
            </h2>
            <ol className="mt-3 grid list-decimal gap-2 pl-5 text-stone-800">
              {steps.map((step) => (
                <li key={step}>{step}</li>
              ))}
            </ol>
          </section>
        </div>
        <div className="grid gap-4">
          <TeamBuyForm key={`${initial.planType}-${initial.seats}`} initial={initial} signedIn={Boolean(user)} userLoading={isLoading} />
          <Card className="text-sm text-stone-700">
            <p>
              Just for you?{' '}
              <Link to="/pricing" className={textLinkClass}>
                See the individual plans
              </Link>
              . More than {TEAM_MAX_SEATS} seats?{' '}
              <Link to="/contact" className={textLinkClass}>
                Write to us
              </Link>
              .
            </p>
          </Card>
        </div>
      </div>
    </>
  );
}
