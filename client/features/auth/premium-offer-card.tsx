import { Crown } from 'lucide-react';
import { CheckList } from '../../components/check-list';
import { Link } from '../../components/link';
import { formatDollars, plans } from '#shared/pricing';
import { premiumBenefits } from '#shared/premium/benefits';
import { buttonClasses } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { textLinkClass } from '../../components/ui/text-link';

const everything = ['Everything in free access', ...premiumBenefits];

/** The premium card of /auth (docs/product.md §2): what premium adds, and the two ways in. */
export function PremiumOfferCard() {
  return (
    <Card className="flex flex-col border-accent-600/40 bg-gradient-to-b from-accent-100/60 to-white">
      <p className="flex items-center gap-2 text-sm font-semibold uppercase tracking-wide text-accent-700">
        <Crown className="h-4 w-4" aria-hidden="true" />
        Premium
      </p>
      <h2 className="mt-2 font-serif text-2xl font-bold text-stone-900">Premium Membership</h2>
      <p className="mt-1 text-stone-700">
        <span className="text-3xl font-bold text-stone-900">{formatDollars(plans.monthly.amountCents)}</span>/month, cancel anytime
      </p>
      <CheckList items={everything} tone="accent" className="mt-5 gap-3 text-stone-800" />
      <div className="mt-auto grid gap-3 pt-8">
        <Link to="/premium-signup?plan=monthly" className={buttonClasses('accent', 'lg', 'h-auto min-h-12 w-full py-3 text-center')}>
          Start Premium Membership
        </Link>
        <p className="text-center text-sm text-stone-700">
          Not ready yet?{' '}
          <Link to="/auth?mode=register" className={textLinkClass}>
            Create free account
          </Link>
        </p>
      </div>
    </Card>
  );
}
