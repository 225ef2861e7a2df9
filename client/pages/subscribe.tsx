import { apiPaths } from '#shared/api/paths';
import { useMutation } from '../lib/query-client';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { Link } from '../components/link';
import { messages } from '#shared/membership/messages';
import { formatDollars, plans } from '#shared/pricing';
import { PageLoading, useLoadingInSight } from '../components/page-loading';
import { CheckList } from '../components/check-list';
import { buttonClasses } from '../components/ui/button';
import { Card } from '../components/ui/card';
import { toast } from '../components/ui/use-toast';
import { useUser } from '../features/auth/use-user';
import { SignInRequired } from '../features/auth/sign-in-required';
import { premiumBenefits } from '#shared/premium/benefits';
import { TestCardForm } from '../features/membership/test-card-form';
import { OfferApplication, offerNotice, offerUsable, useOffer } from '../features/membership/offer-notice';
import { useSiteConfig } from '../features/site/use-site-config';
import { ApiError, apiRequest, errorText } from '../lib/api';
import { storage, storageKeys } from '../lib/storage';

const StripePaymentForm = lazy(() => import('../features/membership/stripe-payment-form').then((m) => ({ default: m.StripePaymentForm })));

const initFailed = 'Failed to initialize payment. Please try again.';
const price = `${formatDollars(plans.monthly.amountCents)}/month`;

/** A stored pending subscription (docs/product.md §3) is used first and removed; a corrupted one is an error. */
function takePendingSecret(): string | null | Error {
  const stored = storage.get(storageKeys.pendingSubscription);
  if (stored === null) return null;
  storage.remove(storageKeys.pendingSubscription);
  try {
    const parsed = JSON.parse(stored) as { clientSecret?: unknown };
    if (typeof parsed.clientSecret === 'string' && parsed.clientSecret) return parsed.clientSecret;
  } catch {
    // Falls through to the error below.
  }
  return new Error(initFailed);
}

function LoadingCard() {
  const box = useRef<HTMLDivElement>(null);
  useLoadingInSight(box);
  return (
    <div ref={box} className="flex min-h-[40vh] flex-col items-center justify-center gap-4" role="status">
      <span className="h-8 w-8 animate-spin rounded-full border-4 border-brand-100 border-t-brand-700" aria-hidden="true" />
      <p className="text-stone-700">Setting up your subscription...</p>
    </div>
  );
}

/**
 * /subscribe (docs/product.md §2 and §4): the monthly plan with the card form embedded in the page,
 * started from create-subscription's client secret; after payment, /premium-success.
 */
export default function SubscribePage() {
  const { user, isLoading } = useUser();
  const config = useSiteConfig();
  const navigate = useNavigate();
  const [secret, setSecret] = useState<string | null>(null);
  const [setupError, setSetupError] = useState<string | null>(null);
  // An offer's link (decision 054): its price when it can be used now, else the regular one with the reason.
  const offerCode = useSearchParams()[0].get('offer');
  const linked = useOffer(offerCode, Boolean(user));
  const offer = offerUsable(linked.data) ? linked.data : undefined;
  const plan = offer?.appliesTo === 'yearly' ? 'yearly' : 'monthly';
  const waitsForApproval = Boolean(linked.data?.requiresApproval && !linked.data.unavailable && ['none', 'requested'].includes(linked.data.application));
  const decided = !offerCode || linked.isSuccess || linked.isError;
  const create = useMutation({
    mutationFn: () => apiRequest<{ clientSecret: string }>('POST', apiPaths.createSubscription, { planType: plan, ...(offer ? { offer: offer.code } : {}) }),
    retry: false,
  });
  const { mutateAsync } = create;

  useEffect(() => {
    if (!user || !decided || waitsForApproval) return;
    let active = true;
    const start = async () => {
      const pending = takePendingSecret();
      if (pending instanceof Error) throw pending;
      return pending ?? (await mutateAsync()).clientSecret;
    };
    start()
      .then((clientSecret) => {
        if (active) setSecret(clientSecret);
      })
      .catch((error: unknown) => {
        if (!active) return;
        // 409: the member already has a live membership (nothing was opened or charged).
        if (error instanceof ApiError && error.status === 409) {
          toast({ title: 'Already Subscribed', description: messages.alreadyPaying });
          navigate('/premium', { replace: true });
          return;
        }
        const message = error instanceof Error && error.message === initFailed ? initFailed : errorText(error, initFailed);
        setSetupError(message);
        toast({ title: 'Error', description: message === initFailed ? initFailed : message || 'Failed to create subscription', variant: 'destructive' });
      });
    return () => {
      active = false;
    };
    // Once per signed-in member and offer decision: a new client secret for every render would open a new subscription each time.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [user?.id, decided, waitsForApproval]);

  if (isLoading) return <LoadingCard />;
  if (!user) return <SignInRequired />;
  if (setupError) {
    return (
      <div className="mx-auto max-w-lg px-4 py-16">
        <Card className="text-center">
          <h1 className="font-serif text-2xl font-bold text-stone-900">Payment Setup Error</h1>
          <p className="mt-3 text-stone-700" role="alert">
            {setupError}
          </p>
          <Link to="/pricing" className={buttonClasses('primary', 'md', 'mt-6')}>
            Back to Pricing
          </Link>
        </Card>
      </div>
    );
  }
  if (linked.data && waitsForApproval) return <OfferApplication offer={linked.data} />;
  if (!secret || !config) return <LoadingCard />;

  const offerPrice = offer?.prices[plan];
  const submitLabel = offerPrice ? `Subscribe: ${offerPrice}` : `Subscribe for ${price}`;
  const notice = linked.data
    ? offerNotice(linked.data)
    : linked.isError
      ? errorText(linked.error, 'This offer link is not valid. The regular price applies.')
      : null;
  return (
    <div className="mx-auto grid max-w-5xl gap-6 px-4 py-10 lg:grid-cols-2">
      <div>
        <h1 className="font-serif text-3xl font-bold text-stone-900 sm:text-4xl">Subscribe to Premium</h1>
        {notice && (
          <p className="mt-3 rounded-md border border-stone-300 bg-stone-50 p-3 text-stone-800" role="status">
            {notice}
          </p>
        )}
        {offer && offerPrice ? (
          <p className="mt-3 text-lg text-stone-800" data-testid="subscribe-offer-price">
            {offer.label}: <strong>{offerPrice}</strong>, Cancel anytime
          </p>
        ) : (
          <p className="mt-3 text-lg text-stone-800">
            <strong>
              {formatDollars(plans.monthly.amountCents)} per {plans.monthly.interval}
            </strong>
            , Cancel anytime
          </p>
        )}
        <CheckList items={premiumBenefits} tone="accent" className="mt-6 text-stone-800" />
      </div>
      <Card>
        <h2 className="font-serif text-xl font-bold text-stone-900">Payment details</h2>
        <div className="mt-4">
          {config.billing.provider === 'stripe' ? (
            <Suspense fallback={<PageLoading />}>
              <StripePaymentForm publishableKey={config.billing.publishableKey} clientSecret={secret} submitLabel={submitLabel} returnPath="/premium-success" />
            </Suspense>
          ) : (
            <TestCardForm
              endpoint="/api/billing/local/pay"
              clientSecret={secret}
              submitLabel={submitLabel}
              onPaid={({ redirectUrl }) => window.location.assign(new URL(redirectUrl ?? '/premium-success', window.location.origin).pathname)}
            />
          )}
        </div>
      </Card>
    </div>
  );
}
