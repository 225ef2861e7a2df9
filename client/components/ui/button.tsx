import { Slot } from '@radix-ui/react-slot';
import { type ButtonHTMLAttributes, forwardRef } from 'react';
import { type ButtonSize, type ButtonVariant, buttonClasses } from './button-classes';

export { buttonClasses };

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: ButtonVariant;
  size?: ButtonSize;
  /** Render the child (a Link, an anchor) with the button's look instead of a <button>. */
  asChild?: boolean;
}

/** Takes a ref, so Radix triggers (dialogs, tooltips) can return focus to the button. */
export const Button = forwardRef<HTMLButtonElement, ButtonProps>(function Button({ variant, size, asChild, className, type, ...props }, ref) {
  const Comp = asChild ? Slot : 'button';
  return <Comp ref={ref} className={buttonClasses(variant, size, className)} {...(asChild ? {} : { type: type ?? 'button' })} {...props} />;
});
