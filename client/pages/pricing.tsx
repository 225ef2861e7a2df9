import { Lock, ShieldCheck } from 'lucide-react';
import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { Link } from '../components/link';
import { parsePlan, type PlanType } from '#shared/pricing';
import { PageHeader } from '../components/page-header';
import { Button } from '../components/ui/button';
import { textLinkClass } from '../components/ui/text-link';
import { toast } from '../components/ui/use-toast';
import { useUser } from '../features/auth/use-user';
import { PlanCard } from '../features/membership/plan-card';
import { premiumBenefits } from '#shared/premium/benefits';
import { planText } from '../features/membership/plan-text';
import { useCheckout } from '../features/membership/use-checkout';
import { storage, storageKeys } from '../lib/storage';

/**
 * /pricing (docs/product.md §2): the two plans. A visitor's choice is remembered (selectedPlan) through
 * sign-in; a signed-in free member goes straight to checkout; a premium member is told
 * 'Already Premium' and nothing is called.
 */
export default function PricingPage() {
  const { user, isLoading } = useUser();
  const navigate = useNavigate();
  const checkout = useCheckout();

  useEffect(() => {
    if (isLoading || !user || user.isPremium) return;
    const stored = storage.get(storageKeys.selectedPlan);
    if (!stored) return;
    storage.remove(storageKeys.selectedPlan);
    navigate(`/premium-signup?plan=${parsePlan(stored)}`, { replace: true });
  }, [isLoading, user, navigate]);

  const choose = (plan: PlanType) => {
    if (user?.isPremium) {
      toast({ title: 'Already Premium', description: 'You already have premium access. Nothing was charged.' });
      return;
    }
    if (!user) {
      storage.set(storageKeys.selectedPlan, plan);
      storage.set(storageKeys.redirectAfterAuth, '/pricing');
      navigate('/auth');
      return;
    }
    checkout.mutate(plan);
  };

  const busy = (plan: PlanType) => checkout.isPending && checkout.variables === plan;
  const button = (plan: PlanType, label: string) => (
    <Button
      variant={plan === 'yearly' ? 'accent' : 'primary'}
      size="lg"
      className="w-full"
      disabled={isLoading || checkout.isPending}
      onClick={() => choose(plan)}
    >
      {busy(plan) ? 'Redirecting to checkout...' : `Get ${label} Access`}
    </Button>
  );

  return (
    <>
      <PageHeader eyebrow="Premium membership" title="Simple pricing, cancel anytime" wide>
        <p>One membership, everything included: the Allies Directory, monthly coaching, expert webinars, toolkits and the private Slack community.</p>
      </PageHeader>
      <div className="mx-auto max-w-6xl px-4 py-12">
        <h2 className="sr-only">Plans</h2>
        <div className="mx-auto grid max-w-4xl gap-8 md:grid-cols-2">
          <PlanCard plan="monthly" title="Monthly" features={premiumBenefits} notes={<p>Billed monthly. Leave whenever you want.</p>}>
            {button('monthly', 'Monthly')}
          </PlanCard>
          <PlanCard
            plan="yearly"
            title="Yearly"
            badge="BEST VALUE"
            features={premiumBenefits}
            notes={
              <div className="grid gap-1">
                <p>
                  <span className="line-through">was {planText.was}</span>{' '}
                  <span className="rounded bg-accent-100 px-2 py-0.5 font-semibold text-accent-700">{planText.save}</span>
                </p>
                <p className="font-semibold text-stone-800">{planText.monthsFree}</p>
              </div>
            }
          >
            {button('yearly', 'Yearly')}
          </PlanCard>
        </div>
        <p className="mt-6 text-center text-stone-700">
          Buying for a team?{' '}
          <Link to="/teams" className={textLinkClass}>
            See team plans
          </Link>
        </p>

        <div className="mx-auto mt-10 grid max-w-4xl gap-4 text-sm text-stone-700 sm:grid-cols-2">
          <p className="flex items-start gap-2">
            <Lock className="mt-0.5 h-4 w-4 shrink-0 text-brand-700" aria-hidden="true" />
            <span>
              <strong className="text-stone-900">Secure payments by a card provider</strong>: your card details never touch our servers.
            </span>
          </p>
          <p className="flex items-start gap-2">
            <ShieldCheck className="mt-0.5 h-4 w-4 shrink-0 text-brand-700" aria-hidden="true" />
            <span>
              Cancel anytime from your account: cancellation takes effect at the end of the billing period. Fees are non-refundable unless required by law; we
              give 30 days' notice of any price change.
            </span>
          </p>
        </div>
      </div>
    </>
  );
}
