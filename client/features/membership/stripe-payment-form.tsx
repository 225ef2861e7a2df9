import type { Stripe, StripeElements } from '@stripe/stripe-js';
import { useEffect, useRef, useState } from 'react';
import { Button } from '../../components/ui/button';
import { toast } from '../../components/ui/use-toast';

/**
 * Stripe's Payment Element on /subscribe, started from create-subscription's client secret.
 * Stripe.js is loaded here and nowhere else, and only when the page is open; the server's CSP
 * allows js.stripe.com on /subscribe only (server/http/payment-csp.ts), so a visit that
 * arrived here by in-app navigation loads the page once more to get that policy.
 */
export function StripePaymentForm({
  publishableKey,
  clientSecret,
  submitLabel,
  returnPath,
}: {
  publishableKey: string;
  clientSecret: string;
  submitLabel: string;
  returnPath: string;
}) {
  const mountRef = useRef<HTMLDivElement>(null);
  const [stripe, setStripe] = useState<{ stripe: Stripe; elements: StripeElements } | null>(null);
  const [failed, setFailed] = useState(false);
  const [processing, setProcessing] = useState(false);

  useEffect(() => {
    const [entry] = performance.getEntriesByType('navigation');
    if (entry && new URL(entry.name).pathname !== window.location.pathname) {
      window.location.reload();
      return;
    }
    let cancelled = false;
    void (async () => {
      try {
        const { loadStripe } = await import('@stripe/stripe-js/pure');
        loadStripe.setLoadParameters({ advancedFraudSignals: false });
        const loaded = await loadStripe(publishableKey);
        if (!loaded || cancelled || !mountRef.current) throw new Error('Stripe.js did not load');
        const elements = loaded.elements({ clientSecret });
        elements.create('payment').mount(mountRef.current);
        setStripe({ stripe: loaded, elements });
      } catch {
        if (!cancelled) setFailed(true);
      }
    })();
    return () => {
      cancelled = true;
    };
  }, [publishableKey, clientSecret]);

  const pay = async (event: React.FormEvent) => {
    event.preventDefault();
    if (!stripe) return;
    setProcessing(true);
    const confirm = { elements: stripe.elements, confirmParams: { return_url: `${window.location.origin}${returnPath}` } };
    // A trial offer charges nothing now: its secret is a setup intent's, which saves the card (decision 054).
    const { error } = clientSecret.startsWith('seti_') ? await stripe.stripe.confirmSetup(confirm) : await stripe.stripe.confirmPayment(confirm);
    // Only reached when the payment did not go through; success leaves for the return URL.
    setProcessing(false);
    if (error) toast({ title: 'Payment Failed', description: error.message ?? 'Your payment could not be completed.', variant: 'destructive' });
  };

  if (failed) {
    return (
      <p role="alert" className="rounded-md border border-red-700/40 bg-red-50 p-3 text-sm text-red-800">
        Failed to initialize payment. Please try again.
      </p>
    );
  }
  return (
    <form onSubmit={pay} className="grid gap-4" aria-label="Card details">
      <div ref={mountRef} className="min-h-40" />
      <Button type="submit" variant="accent" size="lg" disabled={!stripe || processing} className="w-full">
        {processing ? 'Processing...' : submitLabel}
      </Button>
    </form>
  );
}
