import { Crown, Lock } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from '../../components/link';
import { formatDollars, plans } from '#shared/pricing';
import { buttonClasses } from '../../components/ui/button';

/** The frame of the five premium previews (docs/product.md §2): a teaser, then the way in (/pricing or /premium). */
export function PreviewLayout({ eyebrow, title, intro, children }: { eyebrow: string; title: string; intro: ReactNode; children: ReactNode }) {
  return (
    <>
      <div className="border-b border-stone-200 bg-gradient-to-b from-accent-100 via-brand-50 to-stone-50">
        <div className="mx-auto max-w-6xl px-4 py-12 sm:py-16">
          <p className="inline-flex items-center gap-2 rounded-full bg-white px-3 py-1 text-sm font-semibold text-accent-700 shadow-sm">
            <Lock className="h-4 w-4" aria-hidden="true" />
            {eyebrow}
          </p>
          <h1 className="mt-4 max-w-3xl font-serif text-3xl font-bold text-stone-900 sm:text-4xl">{title}</h1>
          <div className="mt-4 max-w-3xl text-lg text-stone-700">{intro}</div>
        </div>
      </div>
      <div className="mx-auto max-w-6xl px-4 py-12">{children}</div>
      <PreviewCallToAction />
    </>
  );
}

export function PreviewCallToAction() {
  return (
    <div className="border-t border-stone-200 bg-white">
      <div className="mx-auto max-w-3xl px-4 py-12 text-center">
        <Crown className="mx-auto h-8 w-8 text-accent-700" aria-hidden="true" />
        <h2 className="mt-3 font-serif text-2xl font-bold text-stone-900">Get the full version with premium</h2>
        <p className="mt-2 text-stone-700">
          From {formatDollars(plans.monthly.amountCents)}/month or {formatDollars(plans.yearly.amountCents)}/year, cancel anytime.
        </p>
        <div className="mt-6 flex flex-wrap justify-center gap-3">
          <Link to="/pricing" className={buttonClasses('accent', 'lg')}>
            See pricing
          </Link>
          <Link to="/premium" className={buttonClasses('outline', 'lg')}>
            Everything in premium
          </Link>
        </div>
      </div>
    </div>
  );
}
