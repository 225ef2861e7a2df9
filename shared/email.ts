import { z } from './zod';

export const invalidEmailMessage = 'Please enter a valid email address';

/**
 * The one email rule of every form, public and account alike: trimmed, at most 254 characters,
 * then checked, with docs/product.md §5's message for any bad value. The server compares
 * addresses case-insensitively and stores them as typed.
 */
export const emailAddress = z.string({ error: invalidEmailMessage }).trim().max(254, 'Email must be at most 254 characters').pipe(z.email(invalidEmailMessage));
