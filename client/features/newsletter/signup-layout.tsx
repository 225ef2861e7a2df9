import type { ReactNode } from 'react';
import { Card } from '../../components/ui/card';

/**
 * The free sign-up pages' frame. On a phone the form comes straight after the introduction
 * (no scrolling past the benefits to find it); on a wide screen it sits beside both. The DOM
 * order is the reading order in both layouts.
 */
export function SignupLayout({
  eyebrow,
  title,
  intro,
  form,
  details,
}: {
  eyebrow: string;
  title: string;
  intro: ReactNode;
  form: ReactNode;
  details: ReactNode;
}) {
  return (
    <div className="bg-gradient-to-b from-brand-50 to-stone-50">
      <div className="mx-auto grid max-w-6xl gap-8 px-4 py-12 sm:py-16 lg:grid-cols-[1.1fr_1fr] lg:gap-x-12">
        <div className="lg:col-start-1">
          <p className="text-sm font-semibold uppercase tracking-wide text-brand-700">{eyebrow}</p>
          <h1 className="mt-2 font-serif text-3xl font-bold text-stone-900 sm:text-4xl">{title}</h1>
          <div className="mt-4 text-lg text-stone-700">{intro}</div>
        </div>
        <Card className="p-6 sm:p-8 lg:col-start-2 lg:row-span-2 lg:row-start-1 lg:self-start">{form}</Card>
        <div className="lg:col-start-1">{details}</div>
      </div>
    </div>
  );
}
