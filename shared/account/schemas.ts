import { z } from '../zod';
import { newPasswordField } from '../auth/schemas';

/** /account's forms, checked the same way in the browser and by the routes. */
export const changePasswordSchema = z
  .object({
    currentPassword: z.string({ error: 'Enter your current password' }).min(1, 'Enter your current password').max(200),
    newPassword: newPasswordField,
  })
  .strict();

export type ChangePasswordInput = z.infer<typeof changePasswordSchema>;

/** Deleting the account is confirmed by typing its email; the server compares it with the session's. */
export const deleteAccountSchema = z
  .object({
    confirmEmail: z.string({ error: 'Type your email address to confirm' }).trim().min(1, 'Type your email address to confirm').max(254),
  })
  .strict();

export type DeleteAccountInput = z.infer<typeof deleteAccountSchema>;

export const accountMessages = {
  wrongPassword: 'Your current password is not correct.',
  confirmMismatch: 'The email you typed does not match your account’s email.',
} as const;
