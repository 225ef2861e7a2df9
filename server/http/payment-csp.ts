import type { IncomingMessage } from 'node:http';

/**
 * What Stripe.js needs from the Content-Security-Policy (Stripe's own CSP guide), and only on
 * the page that loads it (/subscribe, Stripe Elements) and only when Stripe is configured:
 * every other page keeps the strict policy. Checkout and the Customer Portal are Stripe's own
 * pages and need nothing here.
 */
export const PAYMENT_PAGES = new Set(['/subscribe']);

const stripeSources = {
  scriptSrc: 'https://js.stripe.com',
  frameSrc: 'https://js.stripe.com https://hooks.stripe.com',
  connectSrc: 'https://api.stripe.com',
} as const;

export const isPaymentPage = (req: Pick<IncomingMessage, 'url'>) => PAYMENT_PAGES.has((req.url ?? '').split('?')[0]!.replace(/\/+$/, ''));

/** CSP directive values that add Stripe's origins on payment pages (security.ts works out both policies once). */
export function paymentCspSource(directive: keyof typeof stripeSources, stripeEnabled: boolean): ((req: IncomingMessage) => string)[] {
  if (!stripeEnabled) return [];
  return [(req) => (isPaymentPage(req) ? stripeSources[directive] : '')];
}
