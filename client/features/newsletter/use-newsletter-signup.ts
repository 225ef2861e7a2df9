import { apiPaths } from '#shared/api/paths';
import { useLazyMutation } from '../../lib/lazy-mutation';
import type { NewsletterSignupAnswer, NewsletterSignupInput, SignupSource } from '#shared/newsletter/schemas';
import { grantNewsletterAccess } from '../auth/use-access';
import { ApiError, apiRequest, errorText } from '../../lib/api';

/**
 * Signs a person up for The Weekly Dish. On success the browser keeps the free-access flag and
 * email (docs/product.md §4: free gated content unlocks at once); the server records the community
 * signup and answers where it stands, which the form then says.
 */
export function useNewsletterSignup(source: SignupSource) {
  return useLazyMutation({
    mutationFn: (input: Omit<NewsletterSignupInput, 'source'>) => apiRequest<NewsletterSignupAnswer>('POST', apiPaths.newsletterSignup, { ...input, source }),
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

/*
 * What the forms say once the server has answered a signup. The spec's "You're now subscribed"
 * is said only when it is true: with confirmed opt-in a new signup is one step from its first
 * edition, and the forms say so (docs/product.md, Decisions: "Confirmed opt-in and the spec's newsletter texts").
 */
/** A link sent moments ago, or, past the few an address gets an hour, the one sent earlier (it still works). */
const oneStepLeft = (answer: NewsletterSignupAnswer) =>
  `confirm your subscription with the link we ${answer.emailed ? 'just emailed you' : 'emailed you earlier'}.`;

/** Said when the address's mail server refuses our mail for good (a bounce). */
export const refused = "This address's mail server refused our mail, so The Weekly Dish cannot reach it. Check the address, or contact us if it works again.";

/** The toast of the forms that are only a newsletter signup (/newsletter, the member home). */
export function signupToast(answer: NewsletterSignupAnswer): { title: string; description: string } {
  if (answer.status === 'bounced') return { title: 'We cannot email this address', description: refused };
  return {
    title: 'Welcome to The Weekly Dish!',
    description: answer.status === 'pending' ? `One step left: ${oneStepLeft(answer)}` : "You're now subscribed to our newsletter.",
  };
}

/** What the forms that unlock free content add about the newsletter: nothing once the signup is confirmed. */
export function newsletterNote(answer: NewsletterSignupAnswer | undefined): string | null {
  if (answer?.status === 'pending') return `One step left for The Weekly Dish: ${oneStepLeft(answer)}`;
  return answer?.status === 'bounced' ? refused : null;
}
