import { Slot } from '@radix-ui/react-slot';
import { clsx } from 'clsx';
import { type ButtonHTMLAttributes, forwardRef } from 'react';

const variants = {
  primary: 'bg-brand-700 text-white hover:bg-brand-800 shadow-sm',
  accent: 'bg-accent-600 text-white hover:bg-accent-700 shadow-sm',
  outline: 'border border-stone-300 bg-white text-stone-900 hover:bg-stone-100',
  ghost: 'text-stone-700 hover:bg-stone-100',
  destructive: 'bg-red-700 text-white hover:bg-red-800',
} as const;

const sizes = { sm: 'h-9 px-3 text-sm', md: 'h-11 px-5 text-sm', lg: 'h-12 px-6 text-base' } as const;

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: keyof typeof variants;
  size?: keyof typeof sizes;
  /** Render the child (a Link, an anchor) with the button's look instead of a <button>. */
  asChild?: boolean;
}

export function buttonClasses(variant: keyof typeof variants = 'primary', size: keyof typeof sizes = 'md', extra?: string) {
  return clsx(
    'inline-flex items-center justify-center gap-2 rounded-md font-semibold transition-colors disabled:pointer-events-none disabled:opacity-60',
    variants[variant],
    sizes[size],
    extra,
  );
}

/** Takes a ref, so Radix triggers (dialogs, tooltips) can return focus to the button. */
export const Button = forwardRef<HTMLButtonElement, ButtonProps>(function Button({ variant, size, asChild, className, type, ...props }, ref) {
  const Comp = asChild ? Slot : 'button';
  return <Comp ref={ref} className={buttonClasses(variant, size, className)} {...(asChild ? {} : { type: type ?? 'button' })} {...props} />;
});
