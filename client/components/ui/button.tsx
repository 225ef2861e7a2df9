import { Slot } from '@radix-ui/react-slot';
import { type ButtonHTMLAttributes, forwardRef } from 'react';
import { useHydrated } from '../../lib/hydrated';
import { type ButtonSize, type ButtonVariant, buttonClasses } from './button-classes';

export { buttonClasses };

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: ButtonVariant;
  size?: ButtonSize;
  /** Render the child (a Link, an anchor) with the button's look instead of a <button>. */
  asChild?: boolean;
}

/**
 * Takes a ref, so Radix triggers (dialogs, tooltips) can return focus to the button. A submit
 * button stays disabled until the page has hydrated: before React is there, the browser would
 * send the form itself, as a GET with every field (a password too) in the URL. Disabled, it also
 * blocks Enter in the form's fields; what was typed meanwhile is kept.
 */
export const Button = forwardRef<HTMLButtonElement, ButtonProps>(function Button({ variant, size, asChild, className, type, disabled, ...props }, ref) {
  const hydrated = useHydrated();
  const Comp = asChild ? Slot : 'button';
  const own = asChild ? { disabled } : { type: type ?? 'button', disabled: disabled || (type === 'submit' && !hydrated) };
  return <Comp ref={ref} className={buttonClasses(variant, size, className)} {...own} {...props} />;
});
