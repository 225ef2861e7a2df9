import { apiPaths } from '#shared/api/paths';
import { useMutation } from '../../lib/query-client';
import { messages } from '#shared/membership/messages';
import type { PlanType } from '#shared/pricing';
import { toast } from '../../components/ui/use-toast';
import { ApiError, apiRequest } from '../../lib/api';

/** The toasts of docs/product.md §8 for a checkout that could not start; an Already Premium answer gets its own notice. */
export function showCheckoutError(error: unknown): void {
  if (error instanceof ApiError && error.status === 409) {
    toast({ title: 'Already Premium', description: 'You already have premium access. Nothing was charged.' });
  } else if (error instanceof ApiError && error.status >= 500) {
    toast({ title: 'Payment Error', description: 'Failed to start checkout process. Please try again.', variant: 'destructive' });
  } else if (error instanceof ApiError) {
    toast({ title: 'Error', description: 'Failed to create checkout session. Please try again.', variant: 'destructive' });
  } else {
    toast({ title: 'Payment Error', description: 'Something went wrong. Please try again.', variant: 'destructive' });
  }
}

/**
 * POST /api/create-checkout-session, then the browser goes to the provider's checkout page
 * (the local test checkout, or Stripe Checkout). The server decides who pays from the session.
 */
export function useCheckout() {
  return useMutation({
    mutationFn: (plan: PlanType) => apiRequest<{ url: string }>('POST', apiPaths.createCheckoutSession, { planType: plan }),
    onSuccess: ({ url }) => window.location.assign(url),
    onError: (error) => {
      console.error(messages.providerUnavailable, error);
      showCheckoutError(error);
    },
    retry: false,
  });
}
