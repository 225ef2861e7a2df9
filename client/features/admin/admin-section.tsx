import { type ReactNode, useId } from 'react';

/**
 * One section of the admin (a tab's panel or an editor): its heading with a line under it, the
 * section's buttons beside it (below it on a phone), then its content. The section is named by
 * its heading.
 */
export function AdminSection({
  title,
  intro,
  actions,
  className = 'grid gap-4',
  children,
}: {
  title: ReactNode;
  intro?: ReactNode;
  actions?: ReactNode;
  className?: string;
  children: ReactNode;
}) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className={className}>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <div>
          <h2 id={headingId} className="font-serif text-2xl font-bold text-stone-900">
            {title}
          </h2>
          {intro && <p className="text-sm text-stone-700">{intro}</p>}
        </div>
        {actions && <div className="flex flex-wrap gap-2">{actions}</div>}
      </div>
      {children}
    </section>
  );
}

/** What an admin list says while it has nothing in it. */
export function EmptyList({ children }: { children: ReactNode }) {
  return (
    <p role="status" className="rounded-lg border border-stone-200 bg-white p-6 text-stone-700">
      {children}
    </p>
  );
}
