import type { OfferTerms } from '#shared/membership/offer-price';
import type { PlanType } from '#shared/pricing';

/**
 * What the app needs from a payment provider, whichever it is: the local test provider
 * (local-provider.ts, the default) or Stripe (stripe-provider.ts). Both speak Stripe's event
 * format, so one service (apply-event.ts) turns verified events into memberships.
 */

/** A subscription as the provider holds it, re-read whenever an event mentions it. */
export interface ProviderSubscription {
  id: string;
  customerId: string;
  /** From the subscription's metadata, which we set when creating it. */
  userId: string | null;
  plan: PlanType;
  /** The provider's status: active, past_due, canceled, incomplete, … */
  status: string;
  currentPeriodEnd: Date | null;
  cancelAtPeriodEnd: boolean;
  /** Stripe: the offer its checkout was opened with (metadata), counted when the subscription first arrives (decision 054). */
  offerId?: string | null;
  /** A team plan's seats (Stripe: the item's quantity, decision 055); null or absent for one person's membership. */
  seats?: number | null;
  /**
   * An offer's discount on the subscription (decision 054), while it applies to the current period
   * or the next charge: when charges go back to the plan's price (null: never). Absent when not read
   * (Stripe: only `getSubscription` asks for it); null when there is none.
   */
  discount?: { endsAt: Date | null } | null;
}

/** The parts of a verified event the app uses; the provider's whole event is in `raw`. */
export interface BillingEvent {
  id: string;
  type: string;
  subscriptionId: string | null;
  /** checkout.session.completed: the member who paid (client_reference_id). */
  userId: string | null;
  /** invoice.paid / invoice.payment_failed: what was charged or attempted, and what an offer took off it. */
  invoice: { id: string; amountCents: number; currency: string; discountCents: number } | null;
}

export interface OfferAtProvider {
  code: string;
  label: string;
  terms: OfferTerms;
  appliesTo: 'monthly' | 'yearly' | 'both';
  maxRedemptions: number | null;
  endsAt: Date | null;
}

export interface CheckoutInput {
  user: { id: string; email: string };
  customerId: string;
  plan: PlanType;
  successUrl: string;
  cancelUrl: string;
  /** An offer a link applied (decision 054): its terms, and the provider's promotion code for it. */
  offer?: { id: string; terms: OfferTerms; providerPromotionCodeId: string | null } | null;
  /** A team plan of this many seats (decision 055). */
  seats?: number | null;
}

export interface BillingProvider {
  readonly name: 'local' | 'stripe';
  createCustomer(user: { id: string; email: string; name: string | null }): Promise<string>;
  /** A hosted checkout page in subscription mode; the browser goes to `url`. */
  createCheckoutSession(input: CheckoutInput): Promise<{ url: string }>;
  /** An incomplete subscription whose first payment the embedded card form on /subscribe confirms. */
  createSubscription(input: Omit<CheckoutInput, 'successUrl' | 'cancelUrl'> & { returnUrl: string }): Promise<{ clientSecret: string }>;
  /** The subscription as it is now, or null when the provider does not know it. */
  getSubscription(id: string): Promise<ProviderSubscription | null>;
  setCancelAtPeriodEnd(id: string, cancel: boolean): Promise<ProviderSubscription>;
  /** Ends the subscription at once (account deletion, an admin removing a member). */
  cancelNow(id: string): Promise<ProviderSubscription | null>;
  /**
   * What switching to `plan` costs now: the new plan's price (under the subscription's offer) less
   * the unused part of what was paid for the period, charged at once; the new period starts now
   * (Stripe: always_invoice; a change of interval restarts the billing cycle). In a free trial
   * nothing is due: the trial goes on and ends in the new plan's first charge.
   */
  previewPlanChange(id: string, plan: PlanType): Promise<PlanChangePreview>;
  /** Switches the plan as previewed, charging the difference now. */
  changePlan(id: string, plan: PlanType): Promise<ProviderSubscription>;
  /**
   * What changing a team plan's seats costs now (decision 055): added seats are charged for the
   * rest of the period at once, removed seats leave their unused part as credit for the next charges.
   */
  previewSeatChange(id: string, seats: number): Promise<PlanChangePreview>;
  /** Changes the seats as previewed; the period does not change. */
  changeSeats(id: string, seats: number): Promise<ProviderSubscription>;
  /**
   * Ends the member's own subscription at once and refunds the unused part of the period paid
   * (a move to a team seat, decision 055); returns the cents refunded and which charge they came from.
   */
  cancelWithRefund(id: string): Promise<{ state: ProviderSubscription | null; refundedCents: number; invoiceId: string | null }>;
  /** Refunds every paid charge of the subscription (a duplicate); returns the cents refunded. */
  refundCharges(id: string): Promise<number>;
  /**
   * An offer at the provider (decision 054): Stripe's coupon and promotion code (its code, cap and
   * end); a trial needs neither (it is set on each checkout). The local provider keeps the terms on
   * its checkouts instead and answers nulls.
   */
  createOffer(offer: OfferAtProvider): Promise<{ couponId: string | null; promotionCodeId: string | null }>;
  /** No new checkout can use the offer's code; subscriptions that have it keep it. */
  archiveOffer(promotionCodeId: string | null): Promise<void>;
  /** Self-service billing page (Stripe's Customer Portal); null when the provider has none. */
  createPortalSession(customerId: string, returnUrl: string): Promise<{ url: string } | null>;
  /**
   * Checks the signature over the raw body and returns the event; throws WebhookSignatureError
   * otherwise. Stripe's check waits for its SDK the first time (it is loaded on first use).
   */
  verifyEvent(rawBody: Buffer, signature: string | undefined): BillingEvent | Promise<BillingEvent>;
}

export interface PlanChangePreview {
  amountDueCents: number;
  /** Left over when the new plan costs less than what is unused: taken off the next charges. */
  creditCents: number;
  /** The end of the new period, when the new plan renews. */
  renewsAt: Date | null;
  /** What the renewal after the change costs (an offer's price while it lasts); absent: the plan's own price. */
  renewalAmountCents?: number;
}

/** The unused part of a paid period, in cents: what a plan switch credits. */
export function unusedCredit(amountCents: number, periodStart: Date, periodEnd: Date, now: Date): number {
  const total = periodEnd.getTime() - periodStart.getTime();
  if (total <= 0) return 0;
  const left = Math.min(total, Math.max(0, periodEnd.getTime() - now.getTime()));
  return Math.round((amountCents * left) / total);
}

export class WebhookSignatureError extends Error {}

/** A card the provider refused: the member sees the provider's own words. */
export class PaymentDeclinedError extends Error {}

/** Open checkouts expire after a day, on both providers, as Stripe's do (decision 025). */
export const CHECKOUT_LIFETIME_SECONDS = 24 * 3600;

/** An open checkout older than a day: nothing was charged; the member starts a new one. */
export class CheckoutExpiredError extends Error {
  constructor() {
    super('This checkout has expired: nothing was charged. Choose a plan again to start a new one.');
  }
}

/** The provider could not be reached or failed: nothing was charged or recorded. */
export class ProviderUnavailableError extends Error {}

/** Statuses in which the member has paid for the current period (past_due: the provider is still retrying). */
export const liveStatuses = ['active', 'trialing', 'past_due'] as const;

/**
 * Our own status for a second paid subscription of a member who already has a live one: never
 * the membership; cancelled and refunded at the provider (server/features/membership/duplicates.ts).
 */
export const DUPLICATE = 'duplicate';

export function isLive(status: string): boolean {
  return (liveStatuses as readonly string[]).includes(status);
}

/** Reads the parts of a Stripe-format event the app needs; both providers produce this format. */
export function toBillingEvent(event: { id: string; type: string; data: { object: Record<string, unknown> } }): BillingEvent {
  const object = event.data.object;
  const str = (value: unknown) =>
    typeof value === 'string' ? value : value && typeof value === 'object' && 'id' in value ? String((value as { id: unknown }).id) : null;
  let subscriptionId: string | null = null;
  let userId: string | null = null;
  let invoice: BillingEvent['invoice'] = null;
  if (event.type.startsWith('customer.subscription.')) {
    subscriptionId = str(object.id);
  } else if (event.type === 'checkout.session.completed') {
    subscriptionId = str(object.subscription);
    userId = str(object.client_reference_id);
  } else if (event.type.startsWith('invoice.')) {
    // Since API version 2025-03-31 an invoice names its subscription under parent.subscription_details.
    const parent = object.parent as { subscription_details?: { subscription?: unknown } } | null | undefined;
    subscriptionId = str(parent?.subscription_details?.subscription) ?? str(object.subscription);
    const amount = typeof object.amount_paid === 'number' && event.type === 'invoice.paid' ? object.amount_paid : object.amount_due;
    // An offer's coupon: Stripe lists what each discount took off the invoice.
    const discounts = Array.isArray(object.total_discount_amounts) ? (object.total_discount_amounts as { amount?: unknown }[]) : [];
    invoice = {
      id: str(object.id) ?? event.id,
      amountCents: typeof amount === 'number' ? amount : 0,
      currency: typeof object.currency === 'string' ? object.currency : 'usd',
      discountCents: discounts.reduce((sum, discount) => sum + (typeof discount.amount === 'number' ? discount.amount : 0), 0),
    };
  }
  return { id: event.id, type: event.type, subscriptionId, userId, invoice };
}
