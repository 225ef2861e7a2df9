import type { ReactNode } from 'react';

/** The title band at the top of a content page. */
export function PageHeader({ eyebrow, title, children }: { eyebrow?: string; title: string; children?: ReactNode }) {
  return (
    <div className="border-b border-stone-200 bg-gradient-to-b from-brand-50 to-stone-50">
      <div className="mx-auto max-w-4xl px-4 py-12 sm:py-16">
        {eyebrow && <p className="text-sm font-semibold uppercase tracking-wide text-brand-700">{eyebrow}</p>}
        <h1 className="mt-2 font-serif text-3xl font-bold text-stone-900 sm:text-4xl">{title}</h1>
        {children && <div className="mt-4 text-lg text-stone-700">{children}</div>}
      </div>
    </div>
  );
}
