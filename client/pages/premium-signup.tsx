import { clsx } from 'clsx';
import { ArrowLeft, Crown, Lock } from 'lucide-react';
import { useEffect } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { Link } from '../components/link';
import { formatDollars, parsePlan, plans, type PlanType } from '#shared/pricing';
import { PageLoading } from '../components/page-loading';
import { CheckList } from '../components/check-list';
import { Button, buttonClasses } from '../components/ui/button';
import { Card } from '../components/ui/card';
import { useUser } from '../features/auth/use-user';
import { premiumBenefits } from '#shared/premium/benefits';
import { planText } from '../features/membership/plan-text';
import { useCheckout } from '../features/membership/use-checkout';
import { storage, storageKeys } from '../lib/storage';

const choices: { plan: PlanType; title: string; badge?: string; notes: string[] }[] = [
  { plan: 'monthly', title: 'Monthly', badge: 'Most Popular', notes: ['Billed monthly, cancel anytime'] },
  { plan: 'yearly', title: 'Yearly', notes: [`${planText.save}/year`, planText.perMonth] },
];

/**
 * /premium-signup?plan= (docs/product.md §2): signed-out visitors are sent to sign in and brought back
 * here (redirect-after-auth); premium members see 'Already Premium'; everyone else picks a plan
 * and continues to the payment provider's checkout, which returns to /premium-welcome.
 */
export default function PremiumSignupPage() {
  const { user, isLoading } = useUser();
  const [params, setParams] = useSearchParams();
  const plan = parsePlan(params.get('plan'));
  const navigate = useNavigate();
  const checkout = useCheckout();

  useEffect(() => {
    if (isLoading || user) return;
    storage.set(storageKeys.redirectAfterAuth, `/premium-signup?plan=${plan}`);
    navigate('/auth', { replace: true });
  }, [isLoading, user, plan, navigate]);

  if (isLoading || !user) return <PageLoading />;

  if (user.isPremium) {
    return (
      <div className="mx-auto max-w-xl px-4 py-16">
        <Card className="text-center">
          <Crown className="mx-auto h-10 w-10 text-accent-700" aria-hidden="true" />
          <h1 className="mt-4 font-serif text-3xl font-bold text-stone-900">Already Premium</h1>
          <p className="mt-3 text-stone-700">Your premium membership is active, so there is nothing to pay. Everything premium is open to you.</p>
          <Link to="/premium" className={buttonClasses('accent', 'lg', 'mt-6')}>
            Go to Premium
          </Link>
        </Card>
      </div>
    );
  }

  const { amountCents, interval } = plans[plan];
  return (
    <div className="mx-auto max-w-5xl px-4 py-10">
      <Link to="/pricing" className="inline-flex items-center gap-2 text-sm font-semibold text-brand-800 hover:underline">
        <ArrowLeft className="h-4 w-4" aria-hidden="true" />
        Back to Pricing
      </Link>
      <h1 className="mt-4 font-serif text-3xl font-bold text-stone-900 sm:text-4xl">Start your premium membership</h1>

      <div className="mt-8 grid gap-6 lg:grid-cols-2">
        <Card>
          <h2 className="font-serif text-xl font-bold text-stone-900">Your plan</h2>
          <fieldset className="mt-4">
            <legend className="sr-only">Choose a plan</legend>
            <div className="grid gap-3">
              {choices.map((choice) => (
                <label
                  key={choice.plan}
                  className={clsx(
                    'flex cursor-pointer gap-3 rounded-lg border p-4',
                    plan === choice.plan ? 'border-2 border-accent-600 bg-accent-100/40' : 'border-stone-300 bg-white hover:border-stone-400',
                  )}
                >
                  <input
                    type="radio"
                    name="plan"
                    value={choice.plan}
                    checked={plan === choice.plan}
                    onChange={() => setParams({ plan: choice.plan }, { replace: true })}
                    className="mt-1 h-4 w-4 accent-accent-600"
                  />
                  <span className="grid gap-1">
                    <span className="flex flex-wrap items-center gap-2 font-semibold text-stone-900">
                      {choice.title}
                      {choice.badge && <span className="rounded-full bg-accent-600 px-2 py-0.5 text-xs font-bold text-white">{choice.badge}</span>}
                    </span>
                    <span className="text-stone-800">
                      <strong>{formatDollars(plans[choice.plan].amountCents)}</strong> per {plans[choice.plan].interval}
                    </span>
                    {choice.notes.map((note) => (
                      <span key={note} className="text-sm text-stone-700">
                        {note}
                      </span>
                    ))}
                  </span>
                </label>
              ))}
            </div>
          </fieldset>
          <h3 className="mt-6 font-semibold text-stone-900">Everything included</h3>
          <CheckList items={premiumBenefits} tone="accent" small className="mt-3 text-stone-800" />
        </Card>

        <Card className="flex flex-col">
          <h2 className="font-serif text-xl font-bold text-stone-900">Payment details</h2>
          <dl className="mt-4 grid gap-2 text-stone-800">
            <div className="flex justify-between gap-4">
              <dt>Plan</dt>
              <dd className="font-semibold">{plans[plan].label}</dd>
            </div>
            <div className="flex justify-between gap-4">
              <dt>Due today</dt>
              <dd className="font-semibold">{formatDollars(amountCents)}</dd>
            </div>
            <div className="flex justify-between gap-4">
              <dt>Renews</dt>
              <dd>Every {interval}, until you cancel</dd>
            </div>
          </dl>
          <p className="mt-4 text-sm text-stone-700">
            You will enter your card on the payment provider's secure checkout page and come back here when it is done. Cancel anytime from your account;
            cancellation takes effect at the end of the period you paid for.
          </p>
          <div className="mt-auto pt-6">
            <Button variant="accent" size="lg" className="w-full" disabled={checkout.isPending} onClick={() => checkout.mutate(plan)}>
              <Lock className="h-4 w-4" aria-hidden="true" />
              {checkout.isPending ? 'Setting up payment...' : 'Continue to Payment'}
            </Button>
          </div>
        </Card>
      </div>
    </div>
  );
}
