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

/** POST /api/account/verify-email: the token of the link mailed to the address. */
export const verifyEmailSchema = z
  .object({ token: z.string({ error: 'The link is incomplete' }).min(10, 'The link is incomplete').max(200, 'The link is incomplete') })
  .strict();

export const verifyMessages = {
  verified: 'Your email address is confirmed.',
  unknown: 'This confirmation link is not valid. Open the latest link we emailed you, or send a new one from your account page.',
  used: 'This confirmation link was already used.',
  expired: 'This confirmation link has expired. Send a new one from your account page.',
  already: 'Your email address is already confirmed.',
  sent: 'We sent you a new confirmation link.',
} as const;
