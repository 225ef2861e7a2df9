import { clsx } from 'clsx';
import { Check } from 'lucide-react';
import type { HTMLAttributes } from 'react';

interface CheckListProps extends HTMLAttributes<HTMLUListElement> {
  items: readonly string[];
  /** Colour of the check marks: brand for free benefits, accent for premium ones. */
  tone?: 'brand' | 'accent';
  small?: boolean;
}

/** A list of benefits, each behind a check mark. */
export function CheckList({ items, tone = 'brand', small, className, ...props }: CheckListProps) {
  return (
    <ul className={clsx('grid gap-2', className)} {...props}>
      {items.map((item) => (
        <li key={item} className={clsx('flex gap-2', small && 'text-sm')}>
          <Check
            className={clsx('mt-0.5 shrink-0', small ? 'h-4 w-4' : 'h-5 w-5', tone === 'brand' ? 'text-brand-700' : 'text-accent-700')}
            aria-hidden="true"
          />
          {item}
        </li>
      ))}
    </ul>
  );
}
