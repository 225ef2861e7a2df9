import { apiPath, apiPaths } from '#shared/api/paths';
import { useQuery } from '../lib/query-client';
import { ArrowLeft, FlaskConical } from 'lucide-react';
import { useParams } from 'react-router';
import { Link } from '../components/link';
import { formatDollars, plans, type PlanType } from '#shared/pricing';
import { site } from '#shared/site';
import { PageLoading } from '../components/page-loading';
import { buttonClasses } from '../components/ui/button';
import { Card } from '../components/ui/card';
import { useUser } from '../features/auth/use-user';
import { SignInRequired } from '../features/auth/sign-in-required';
import { TestCardForm } from '../features/membership/test-card-form';
import { seatsTimesText } from '../features/teams/team-price';
import { apiRequest, errorText } from '../lib/api';

interface LocalCheckout {
  id: string;
  plan: PlanType;
  amountCents: number;
  /** With an offer (decision 054): what is charged today and after, in words; null without one. */
  offerPrice: string | null;
  interval: string;
  /** A team plan's seats (decision 055): amountCents is then the seats' total; null for one person's membership. */
  seats?: number | null;
  /** expired: open for over a day (as Stripe's checkouts); it can no longer be paid. */
  status: 'open' | 'complete' | 'expired';
  successUrl: string;
}

/** Sends the browser on to a URL the server gave; only paths on this site are followed. */
function goTo(url: string) {
  const target = new URL(url, window.location.origin);
  window.location.assign(target.origin === window.location.origin ? `${target.pathname}${target.search}` : '/');
}

/**
 * /checkout/local/:id: the local test provider's hosted checkout page, the stand-in for Stripe
 * Checkout that create-checkout-session sends the member to. It shows the plan and price and
 * takes a test card; Cancel returns to /pricing.
 */
export default function LocalCheckoutPage() {
  const { id = '' } = useParams();
  const { user, isLoading: userLoading } = useUser();
  const checkout = useQuery({
    queryKey: [apiPaths.localCheckout, id],
    queryFn: () => apiRequest<LocalCheckout>('GET', apiPath(apiPaths.localCheckout, { id })),
    enabled: Boolean(user),
    retry: false,
  });

  if (userLoading || (user && checkout.isLoading)) return <PageLoading />;
  if (!user) return <SignInRequired />;
  if (checkout.isError || !checkout.data) {
    return (
      <div className="mx-auto max-w-lg px-4 py-16">
        <Card className="text-center">
          <h1 className="font-serif text-2xl font-bold text-stone-900">Checkout not found</h1>
          <p className="mt-3 text-stone-700">{errorText(checkout.error, 'This checkout does not exist or has expired.')}</p>
          <Link to="/pricing" className={buttonClasses('primary', 'md', 'mt-6')}>
            Back to Pricing
          </Link>
        </Card>
      </div>
    );
  }

  const data = checkout.data;
  return (
    <div className="mx-auto grid max-w-4xl gap-6 px-4 py-10 md:grid-cols-2">
      <div>
        <Link
          to={typeof data.seats === 'number' ? '/teams' : '/pricing'}
          className="inline-flex items-center gap-2 text-sm font-semibold text-brand-800 hover:underline"
        >
          <ArrowLeft className="h-4 w-4" aria-hidden="true" />
          Cancel
        </Link>
        <h1 className="mt-4 font-serif text-3xl font-bold text-stone-900">Checkout</h1>
        <p className="mt-2 text-stone-700">{site.name} Premium</p>
        <Card className="mt-6">
          <h2 className="font-semibold text-stone-900">{plans[data.plan].label} plan</h2>
          {typeof data.seats === 'number' ? (
            <>
              <p className="mt-2 text-stone-800" data-testid="checkout-team-seats">
                Team plan: {seatsTimesText(data.plan, data.seats)}
              </p>
              <p className="mt-2 text-stone-800">
                <span className="text-3xl font-bold">{formatDollars(data.amountCents)}</span> per {data.interval}
              </p>
            </>
          ) : data.offerPrice ? (
            <p className="mt-2 text-stone-800" data-testid="checkout-offer-price">
              <span className="text-3xl font-bold">{formatDollars(data.amountCents)}</span> today: {data.offerPrice}
            </p>
          ) : (
            <p className="mt-2 text-stone-800">
              <span className="text-3xl font-bold">{formatDollars(data.amountCents)}</span> per {data.interval}
            </p>
          )}
          <p className="mt-2 text-sm text-stone-700">Renews every {data.interval} until you cancel. Cancel anytime from your account.</p>
        </Card>
        <p className="mt-6 flex items-start gap-2 rounded-md border border-accent-600/40 bg-accent-100/60 p-3 text-sm text-stone-800">
          <FlaskConical className="mt-0.5 h-4 w-4 shrink-0 text-accent-700" aria-hidden="true" />
          This is the built-in test checkout: no money moves. A site taking real payments uses Stripe instead.
        </p>
      </div>
      <Card>
        <h2 className="font-serif text-xl font-bold text-stone-900">Pay with card</h2>
        {data.status === 'complete' ? (
          <div className="mt-4 grid gap-4">
            <p className="text-stone-700">This checkout is already paid.</p>
            <button type="button" className={buttonClasses('primary', 'md')} onClick={() => goTo(data.successUrl)}>
              Continue
            </button>
          </div>
        ) : data.status === 'expired' ? (
          <div className="mt-4 grid gap-4">
            <p className="text-stone-700">This checkout has expired: nothing was charged. Choose a plan again to start a new one.</p>
            <Link to="/pricing" className={buttonClasses('primary', 'md')}>
              See the plans
            </Link>
          </div>
        ) : (
          <div className="mt-4">
            <TestCardForm
              endpoint={apiPath(apiPaths.localCheckoutPay, { id: data.id })}
              submitLabel={`Pay ${formatDollars(data.amountCents)}`}
              onPaid={({ redirectUrl }) => goTo(redirectUrl ?? data.successUrl)}
            />
          </div>
        )}
      </Card>
    </div>
  );
}
