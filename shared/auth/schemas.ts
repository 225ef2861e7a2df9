import { z } from '../zod';
import { emailAddress } from '../email';
import { isStorableText, unstorableTextMessage } from '../text';

/**
 * The account forms' rules (docs/product.md §5), used by the forms in the browser and by the routes
 * on the server, so both give the same message for the same mistake.
 */

/** scrypt's cost does not depend on the length, but a cap keeps a body from smuggling megabytes into it. */
const PASSWORD_MAX = 200;
const passwordTooLong = `Password must be at most ${PASSWORD_MAX} characters`;

export const newPasswordField = z
  .string({ error: 'Password must be at least 6 characters' })
  .min(6, 'Password must be at least 6 characters')
  .max(PASSWORD_MAX, passwordTooLong);

const requiredName = (message: string) =>
  z.string({ error: message }).trim().min(1, message).max(100, 'Must be at most 100 characters').refine(isStorableText, unstorableTextMessage);

export const loginSchema = z
  .object({
    email: emailAddress,
    password: z.string({ error: 'Password is required' }).min(1, 'Password is required').max(PASSWORD_MAX, passwordTooLong),
  })
  .strict();

export const registerSchema = z
  .object({
    email: emailAddress,
    password: newPasswordField,
    firstName: requiredName('First name is required'),
    lastName: requiredName('Last name is required'),
    /** The honeypot (HoneypotField): people leave it empty, bots fill it in. */
    fax: z.string().max(500).optional(),
  })
  .strict();

export const passwordResetRequestSchema = z.object({ email: emailAddress }).strict();

export const passwordResetConfirmSchema = z
  .object({
    token: z.string({ error: 'The reset link is incomplete' }).min(1, 'The reset link is incomplete').max(200, 'The reset link is invalid'),
    password: newPasswordField,
  })
  .strict();

export type LoginInput = z.infer<typeof loginSchema>;
export type RegisterInput = z.infer<typeof registerSchema>;
