import { clsx } from 'clsx';
import type { ReactNode } from 'react';

/** The title band at the top of a content page; `wide` lines it up with full-width grids below. */
export function PageHeader({ eyebrow, title, wide, children }: { eyebrow?: string; title: string; wide?: boolean; children?: ReactNode }) {
  return (
    <div className="border-b border-stone-200 bg-gradient-to-b from-brand-50 to-stone-50">
      <div className={clsx('mx-auto px-4 py-12 sm:py-16', wide ? 'max-w-6xl' : 'max-w-4xl')}>
        {eyebrow && <p className="text-sm font-semibold uppercase tracking-wide text-brand-700">{eyebrow}</p>}
        <h1 className="mt-2 font-serif text-3xl font-bold text-stone-900 sm:text-4xl">{title}</h1>
        {children && <div className="mt-4 text-lg text-stone-700">{children}</div>}
      </div>
    </div>
  );
}
