import { apiPaths } from '#shared/api/paths';
import { useMutation } from '../../lib/query-client';
import type { NewsletterSignupInput, SignupSource } from '#shared/newsletter/schemas';
import { grantNewsletterAccess } from '../auth/use-access';
import { ApiError, apiRequest, errorText } from '../../lib/api';

/**
 * Signs a person up for The Weekly Dish. On success the browser keeps the free-access flag and
 * email (docs/product.md §4: free gated content unlocks at once); the server records the community signup.
 */
export function useNewsletterSignup(source: SignupSource) {
  return useMutation({
    mutationFn: (input: Omit<NewsletterSignupInput, 'source'>) => apiRequest('POST', apiPaths.newsletterSignup, { ...input, source }),
    onSuccess: (_data, input) => {
      grantNewsletterAccess(input.email);
    },
  });
}

/**
 * What a failed signup toast says: for a refusal (4xx), the server's words for the field at fault
 * or its message; otherwise (the server or the network failed) the fallback.
 */
export function signupFailureText(error: unknown): string {
  const fallback = 'Something went wrong. Please try again.';
  if (error instanceof ApiError && error.status < 500) return Object.values(error.errors ?? {})[0] ?? errorText(error, fallback);
  return fallback;
}
