import { clsx } from 'clsx';
import type { ReactNode } from 'react';
import { formatDollars, plans, type PlanType } from '#shared/pricing';
import { Card } from '../../components/ui/card';
import { CheckList } from '../../components/check-list';

/** One plan's card on /pricing and /premium: price, what it includes, and the page's own action. */
export function PlanCard({
  plan,
  title,
  badge,
  notes,
  features,
  perWord,
  children,
}: {
  plan: PlanType;
  title: string;
  badge?: string;
  notes?: ReactNode;
  features: readonly string[];
  /** '$19 per month' (premium page) rather than '$19/month' (pricing page). */
  perWord?: boolean;
  children: ReactNode;
}) {
  const { amountCents, interval } = plans[plan];
  const featured = Boolean(badge);
  return (
    <Card className={clsx('relative flex flex-col', featured && 'border-2 border-accent-600 shadow-md')} data-testid={`plan-${plan}`}>
      {badge && (
        <p className="absolute -top-3 left-1/2 -translate-x-1/2 rounded-full bg-accent-600 px-3 py-1 text-xs font-bold uppercase tracking-wide text-white">
          {badge}
        </p>
      )}
      <h3 className="font-serif text-2xl font-bold text-stone-900">{title}</h3>
      <p className="mt-3 text-stone-700">
        <span className="text-4xl font-bold text-stone-900">{formatDollars(amountCents)}</span>
        {perWord ? ` per ${interval}` : `/${interval}`}
      </p>
      {notes && <div className="mt-2 text-sm text-stone-700">{notes}</div>}
      <CheckList items={features} tone="accent" small className="mt-5 text-stone-800" />
      <div className="mt-auto pt-6">{children}</div>
    </Card>
  );
}
