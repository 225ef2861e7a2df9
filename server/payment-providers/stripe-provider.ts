import type Stripe from 'stripe';
import type { PlanType } from '#shared/pricing';
import {
  type PaymentEvent,
  CHECKOUT_LIFETIME_SECONDS,
  type PaymentProvider,
  type CheckoutInput,
  type OfferAtProvider,
  PaymentDeclinedError,
  type PlanChangePreview,
  ProviderUnavailableError,
  type ProviderSubscription,
  toPaymentEvent,
  unusedCredit,
  WebhookSignatureError,
} from './provider';

export interface StripeSettings {
  secretKey: string;
  webhookSecret: string;
  prices: Record<PlanType, string>;
  /** Team plans' per-seat prices (decision 055); without them team checkouts are refused. */
  teamPrices?: Record<PlanType, string>;
  /** Another address for the API: tests point it at their fake Stripe server. */
  apiUrl?: string;
}

/**
 * The API version is pinned (the SDK's own), so a change of the account's default version in
 * Stripe's dashboard cannot change the shape of what we read. Webhook endpoints must be
 * created with the same version (docs/payments.md).
 */
/** Under Stripe, team plans need their prices in the settings (STRIPE_PRICE_TEAM_MONTHLY/YEARLY). */
export class TeamPlansUnavailableError extends Error {
  constructor() {
    super('Team plans are not set up with the payment provider yet. Write to us from the contact page and we will set yours up.');
  }
}

const seatsMetadata = (seats: number | null | undefined): Record<string, string> => (seats ? { seats: String(seats) } : {});

export const STRIPE_API_VERSION = '2026-10-28.endive';

/** The id of the payment intent that paid an invoice payment, expanded or not. */
function paymentIntentOf(payment: Stripe.InvoicePayment | undefined): string | undefined {
  const intent = payment?.payment.payment_intent;
  return typeof intent === 'string' ? intent : intent?.id;
}

/** Stripe: Checkout in subscription mode, Elements on /subscribe, the Customer Portal, signed webhooks. */
export class StripeProvider implements PaymentProvider {
  readonly name = 'stripe' as const;
  private loading?: Promise<{ Stripe: typeof Stripe; stripe: Stripe }>;

  constructor(private readonly settings: StripeSettings) {}

  /**
   * The SDK and its client, loaded with the first call that needs them: the SDK holds some 20 MB
   * of a server's memory, and most requests never touch a payment.
   */
  private sdk(): Promise<{ Stripe: typeof Stripe; stripe: Stripe }> {
    this.loading ??= import('stripe').then(({ default: StripeSdk }) => {
      const api = this.settings.apiUrl ? new URL(this.settings.apiUrl) : undefined;
      const stripe = new StripeSdk(this.settings.secretKey, {
        apiVersion: STRIPE_API_VERSION,
        maxNetworkRetries: 1,
        timeout: 15_000,
        ...(api
          ? { host: api.hostname, port: api.port || (api.protocol === 'https:' ? 443 : 80), protocol: api.protocol === 'https:' ? 'https' : 'http' }
          : {}),
      });
      return { Stripe: StripeSdk, stripe };
    });
    return this.loading;
  }

  /** Stripe's errors in our terms: a card error is the member's to fix, anything else is a provider fault. */
  private async call<T>(work: (stripe: Stripe, sdk: typeof Stripe) => Promise<T>): Promise<T> {
    const { Stripe: sdk, stripe } = await this.sdk();
    try {
      return await work(stripe, sdk);
    } catch (error) {
      if (error instanceof sdk.errors.StripeCardError) throw new PaymentDeclinedError(error.message);
      throw new ProviderUnavailableError(error instanceof Error ? error.message : String(error), { cause: error });
    }
  }

  createCustomer(user: { id: string; email: string; name: string | null }): Promise<string> {
    return this.call(async (stripe) => (await stripe.customers.create({ email: user.email, name: user.name ?? undefined, metadata: { userId: user.id } })).id);
  }

  /** The price IDs an offer's coupon is limited to. */
  private pricesFor(appliesTo: OfferAtProvider['appliesTo']): string[] {
    return appliesTo === 'both' ? [this.settings.prices.monthly, this.settings.prices.yearly] : [this.settings.prices[appliesTo]];
  }

  createOffer(offer: OfferAtProvider): Promise<{ couponId: string | null; promotionCodeId: string | null }> {
    // A trial is the checkout's trial_period_days: no coupon carries it.
    if (offer.terms.kind === 'trial') return Promise.resolve({ couponId: null, promotionCodeId: null });
    const terms = offer.terms;
    return this.call(async (stripe) => {
      const coupon = await stripe.coupons.create({
        name: offer.label.slice(0, 40),
        ...(terms.kind === 'percent' ? { percent_off: terms.percentOff } : { amount_off: terms.amountOffCents, currency: 'usd' }),
        duration: terms.duration,
        ...(terms.duration === 'repeating' ? { duration_in_months: terms.durationMonths } : {}),
        metadata: { offerCode: offer.code },
      } as Stripe.CouponCreateParams);
      const promotion = await stripe.promotionCodes.create({
        promotion: { type: 'coupon', coupon: coupon.id },
        code: offer.code,
        ...(offer.maxRedemptions !== null ? { max_redemptions: offer.maxRedemptions } : {}),
        ...(offer.endsAt ? { expires_at: Math.floor(offer.endsAt.getTime() / 1000) } : {}),
        metadata: { offerCode: offer.code, prices: this.pricesFor(offer.appliesTo).join(',') },
      } as Stripe.PromotionCodeCreateParams);
      return { couponId: coupon.id, promotionCodeId: promotion.id };
    });
  }

  async archiveOffer(promotionCodeId: string | null): Promise<void> {
    if (!promotionCodeId) return;
    await this.call((stripe) => stripe.promotionCodes.update(promotionCodeId, { active: false }));
  }

  /** The price of one person's plan, or a team plan's per-seat price (decision 055). */
  private priceOf(plan: PlanType, seats: number | null | undefined): string {
    if (seats === null || seats === undefined) return this.settings.prices[plan];
    const price = this.settings.teamPrices?.[plan];
    if (!price) throw new TeamPlansUnavailableError();
    return price;
  }

  /** What an offer adds to a checkout or a subscription: its promotion code, or its trial. */
  private offerParams(offer: CheckoutInput['offer']) {
    if (!offer) return {};
    if (offer.terms.kind === 'trial') return { trial: offer.terms.trialDays };
    return offer.providerPromotionCodeId ? { discounts: [{ promotion_code: offer.providerPromotionCodeId }] } : {};
  }

  createCheckoutSession(input: Parameters<PaymentProvider['createCheckoutSession']>[0]): Promise<{ url: string }> {
    return this.call(async (stripe, sdk) => {
      const { trial, discounts } = this.offerParams(input.offer) as { trial?: number; discounts?: { promotion_code: string }[] };
      const session = await stripe.checkout.sessions.create({
        mode: 'subscription',
        customer: input.customerId,
        client_reference_id: input.user.id,
        line_items: [{ price: this.priceOf(input.plan, input.seats), quantity: input.seats ?? 1 }],
        success_url: input.successUrl,
        cancel_url: input.cancelUrl,
        metadata: { userId: input.user.id, plan: input.plan, ...(input.offer ? { offerId: input.offer.id } : {}), ...seatsMetadata(input.seats) },
        ...(discounts ? { discounts } : {}),
        subscription_data: {
          metadata: { userId: input.user.id, plan: input.plan, ...(input.offer ? { offerId: input.offer.id } : {}), ...seatsMetadata(input.seats) },
          ...(trial ? { trial_period_days: trial } : {}),
        },
        // Stripe's default, said here: an open checkout cannot be paid a day later.
        expires_at: Math.floor(Date.now() / 1000) + CHECKOUT_LIFETIME_SECONDS,
      });
      if (!session.url) throw new Error('Stripe returned a checkout session without a url');
      return { url: await this.keepOneCheckout(stripe, sdk, session) };
    });
  }

  /**
   * One open Checkout per member (decision 025): two tabs or two clicks would otherwise give two
   * sessions that can both be paid. Sessions are ordered by creation time, then id (one order for
   * every server; ids are random, so a session made later in the same second may come first).
   * Each new session lists the customer's open ones, expires those before itself, and expires
   * itself when one after it is already open, sending the member to that one instead. Of any two
   * racing sessions, the later to list sees the other: so whatever the timing, only the last in
   * the order stays open. A session paid meanwhile is no longer open and Stripe refuses to expire
   * it; the webhook's duplicate handling covers that one.
   */
  private async keepOneCheckout(stripe: Stripe, sdk: typeof Stripe, session: Stripe.Checkout.Session): Promise<string> {
    const customer = typeof session.customer === 'string' ? session.customer : session.customer?.id;
    if (!customer) return session.url!;
    const before = (a: Stripe.Checkout.Session, b: Stripe.Checkout.Session) => a.created < b.created || (a.created === b.created && a.id < b.id);
    const others = (await stripe.checkout.sessions.list({ customer, status: 'open', limit: 100 })).data.filter((other) => other.id !== session.id);
    const expire = async (id: string) => {
      try {
        await stripe.checkout.sessions.expire(id);
      } catch (error) {
        // Completed or expired in the meantime: nothing left to close.
        if (!(error instanceof sdk.errors.StripeInvalidRequestError)) throw error;
      }
    };
    for (const other of others.filter((other) => before(other, session))) await expire(other.id);
    const later = others.filter((other) => before(session, other) && other.url).sort((a, b) => (before(a, b) ? 1 : -1));
    if (later.length === 0) return session.url!;
    await expire(session.id);
    return later[0]!.url!;
  }

  createSubscription(input: Parameters<PaymentProvider['createSubscription']>[0]): Promise<{ clientSecret: string }> {
    // The card form on /subscribe is for one person's membership; team plans go through Checkout.
    if (input.seats) throw new TeamPlansUnavailableError();
    return this.call(async (stripe) => {
      const { trial, discounts } = this.offerParams(input.offer) as { trial?: number; discounts?: { promotion_code: string }[] };
      const subscription = await stripe.subscriptions.create({
        customer: input.customerId,
        items: [{ price: this.settings.prices[input.plan] }],
        payment_behavior: 'default_incomplete',
        payment_settings: { save_default_payment_method: 'on_subscription' },
        metadata: { userId: input.user.id, plan: input.plan, ...(input.offer ? { offerId: input.offer.id } : {}) },
        ...(discounts ? { discounts } : {}),
        ...(trial ? { trial_period_days: trial } : {}),
        // A trial charges nothing now: its card is confirmed through the pending setup intent.
        expand: ['latest_invoice.confirmation_secret', 'pending_setup_intent'],
      });
      const invoice = subscription.latest_invoice;
      const setup = subscription.pending_setup_intent;
      const secret =
        (invoice && typeof invoice === 'object' ? invoice.confirmation_secret?.client_secret : undefined) ??
        (setup && typeof setup === 'object' ? (setup.client_secret ?? undefined) : undefined);
      if (!secret) throw new Error('Stripe returned a subscription without a confirmation secret');
      return { clientSecret: secret };
    });
  }

  private toSubscription(sub: Stripe.Subscription): ProviderSubscription {
    // Discounts come as ids unless the call expanded them (getSubscription does): absent then, not "none".
    const discounts = sub.discounts ?? [];
    const expanded = discounts.filter((discount): discount is Stripe.Discount => typeof discount === 'object');
    const discount =
      expanded.length === discounts.length ? (expanded[0] ? { endsAt: expanded[0].end ? new Date(expanded[0].end * 1000) : null } : null) : undefined;
    const item = sub.items.data[0];
    const priceId = item?.price.id;
    const plan: PlanType =
      priceId === this.settings.prices.yearly || priceId === this.settings.teamPrices?.yearly
        ? 'yearly'
        : priceId === this.settings.prices.monthly || priceId === this.settings.teamPrices?.monthly
          ? 'monthly'
          : sub.metadata.plan === 'yearly'
            ? 'yearly'
            : 'monthly';
    // A team plan's seats are its item's quantity (decision 055).
    const team = (this.settings.teamPrices && Object.values(this.settings.teamPrices).includes(priceId ?? '')) || sub.metadata.seats !== undefined;
    return {
      id: sub.id,
      customerId: typeof sub.customer === 'string' ? sub.customer : sub.customer.id,
      userId: sub.metadata.userId ?? null,
      plan,
      status: sub.status,
      // Since API version 2025-03-31 the period lives on the subscription's items.
      currentPeriodEnd: item?.current_period_end ? new Date(item.current_period_end * 1000) : null,
      cancelAtPeriodEnd: sub.cancel_at_period_end,
      offerId: sub.metadata.offerId ?? null,
      seats: team ? (item?.quantity ?? 1) : null,
      ...(discount === undefined ? {} : { discount }),
    };
  }

  getSubscription(id: string): Promise<ProviderSubscription | null> {
    return this.call(async (stripe, sdk) => {
      try {
        // With its discounts: an offer's end (decision 054).
        return this.toSubscription(await stripe.subscriptions.retrieve(id, { expand: ['discounts'] }));
      } catch (error) {
        if (error instanceof sdk.errors.StripeInvalidRequestError && error.statusCode === 404) return null;
        throw error;
      }
    });
  }

  setCancelAtPeriodEnd(id: string, cancel: boolean): Promise<ProviderSubscription> {
    return this.call(async (stripe) => this.toSubscription(await stripe.subscriptions.update(id, { cancel_at_period_end: cancel })));
  }

  cancelNow(id: string): Promise<ProviderSubscription | null> {
    return this.call(async (stripe) => this.toSubscription(await stripe.subscriptions.cancel(id)));
  }

  /**
   * The switch: the new price on the subscription's item, prorated and invoiced now. Monthly and
   * yearly have different intervals, so Stripe starts the new period now (as the local provider does).
   */
  private newItems(sub: Stripe.Subscription, plan: PlanType) {
    const item = sub.items.data[0];
    if (!item) throw new Error(`Stripe subscription ${sub.id} has no item`);
    return [{ id: item.id, price: this.settings.prices[plan] }];
  }

  previewPlanChange(id: string, plan: PlanType): Promise<PlanChangePreview> {
    return this.call(async (stripe) => {
      const sub = await stripe.subscriptions.retrieve(id);
      // In a trial nothing was paid and nothing is due: the trial goes on, its end is the new price's first charge.
      if (sub.status === 'trialing') return { amountDueCents: 0, creditCents: 0, renewsAt: sub.trial_end ? new Date(sub.trial_end * 1000) : null };
      const preview = await stripe.invoices.createPreview({
        customer: typeof sub.customer === 'string' ? sub.customer : sub.customer.id,
        subscription: id,
        subscription_details: { items: this.newItems(sub, plan), proration_behavior: 'always_invoice' },
      });
      const end = preview.lines.data.find((line) => line.period?.end)?.period.end;
      // A negative total is Stripe's credit: it goes to the customer's balance for the next invoices.
      return { amountDueCents: preview.amount_due, creditCents: Math.max(0, -preview.total), renewsAt: end ? new Date(end * 1000) : null };
    });
  }

  changePlan(id: string, plan: PlanType): Promise<ProviderSubscription> {
    return this.call(async (stripe) => {
      const sub = await stripe.subscriptions.retrieve(id);
      return this.toSubscription(
        await stripe.subscriptions.update(id, {
          items: this.newItems(sub, plan),
          // A trial keeps its end and charges nothing now: there is nothing paid to prorate.
          proration_behavior: sub.status === 'trialing' ? 'none' : 'always_invoice',
          cancel_at_period_end: false,
          metadata: { ...sub.metadata, plan },
        }),
      );
    });
  }

  /** Stripe prorates the quantity change and invoices it now: added seats are charged, removed ones become balance credit. */
  previewSeatChange(id: string, seats: number): Promise<PlanChangePreview> {
    return this.call(async (stripe) => {
      const sub = await stripe.subscriptions.retrieve(id);
      const item = sub.items.data[0];
      if (!item) throw new Error(`Stripe subscription ${sub.id} has no item`);
      const preview = await stripe.invoices.createPreview({
        customer: typeof sub.customer === 'string' ? sub.customer : sub.customer.id,
        subscription: id,
        subscription_details: { items: [{ id: item.id, quantity: seats }], proration_behavior: 'always_invoice' },
      });
      return {
        amountDueCents: preview.amount_due,
        creditCents: Math.max(0, -preview.total),
        renewsAt: item.current_period_end ? new Date(item.current_period_end * 1000) : null,
      };
    });
  }

  changeSeats(id: string, seats: number): Promise<ProviderSubscription> {
    return this.call(async (stripe) => {
      const sub = await stripe.subscriptions.retrieve(id);
      const item = sub.items.data[0];
      if (!item) throw new Error(`Stripe subscription ${sub.id} has no item`);
      return this.toSubscription(
        await stripe.subscriptions.update(id, {
          items: [{ id: item.id, quantity: seats }],
          proration_behavior: 'always_invoice',
          metadata: { ...sub.metadata, seats: String(seats) },
        }),
      );
    });
  }

  /**
   * Cancels now, then refunds the unused part of the last paid invoice, measured at the moment
   * Stripe cancelled it: a retry (the refund failed, the membership check calls again) computes
   * the same amount, and the idempotency key makes it the same refund.
   */
  cancelWithRefund(id: string): Promise<{ state: ProviderSubscription | null; refundedCents: number; invoiceId: string | null }> {
    return this.call(async (stripe, sdk) => {
      let sub: Stripe.Subscription;
      try {
        sub = await stripe.subscriptions.retrieve(id);
      } catch (error) {
        if (error instanceof sdk.errors.StripeInvalidRequestError && error.statusCode === 404) return { state: null, refundedCents: 0, invoiceId: null };
        throw error;
      }
      const item = sub.items.data[0];
      if (sub.status !== 'canceled') sub = await stripe.subscriptions.cancel(id);
      const [invoice] = (await stripe.invoices.list({ subscription: id, status: 'paid', limit: 1, expand: ['data.payments'] })).data;
      const intentId = paymentIntentOf(invoice?.payments?.data[0]);
      if (!invoice || !intentId || !item) return { state: this.toSubscription(sub), refundedCents: 0, invoiceId: null };
      const cancelledAt = new Date((sub.canceled_at ?? Math.floor(Date.now() / 1000)) * 1000);
      const amount = unusedCredit(invoice.amount_paid, new Date(item.current_period_start * 1000), new Date(item.current_period_end * 1000), cancelledAt);
      if (amount <= 0) return { state: this.toSubscription(sub), refundedCents: 0, invoiceId: invoice.id ?? null };
      const refund = await stripe.refunds.create({ payment_intent: intentId, amount }, { idempotencyKey: `seat-move-refund-${id}` });
      return { state: this.toSubscription(sub), refundedCents: refund.amount, invoiceId: invoice.id ?? null };
    });
  }

  refundCharges(id: string): Promise<number> {
    return this.call(async (stripe) => {
      let refunded = 0;
      const invoices = await stripe.invoices.list({ subscription: id, status: 'paid', limit: 100, expand: ['data.payments'] });
      for (const invoice of invoices.data) {
        for (const payment of invoice.payments?.data ?? []) {
          const intentId = paymentIntentOf(payment);
          if (!intentId) continue;
          // The key makes a retried refund (a server dying mid-way) the same refund, never a second one.
          const refund = await stripe.refunds.create({ payment_intent: intentId }, { idempotencyKey: `duplicate-refund-${intentId}` });
          refunded += refund.amount;
        }
      }
      return refunded;
    });
  }

  createPortalSession(customerId: string, returnUrl: string): Promise<{ url: string }> {
    return this.call(async (stripe) => ({ url: (await stripe.billingPortal.sessions.create({ customer: customerId, return_url: returnUrl })).url }));
  }

  async verifyEvent(rawBody: Buffer, signature: string | undefined): Promise<PaymentEvent> {
    if (!signature) throw new WebhookSignatureError('Missing Stripe-Signature header');
    const { stripe } = await this.sdk();
    let event: Stripe.Event;
    try {
      event = stripe.webhooks.constructEvent(rawBody, signature, this.settings.webhookSecret);
    } catch (error) {
      throw new WebhookSignatureError(error instanceof Error ? error.message : 'Invalid webhook signature');
    }
    return toPaymentEvent(event as unknown as Parameters<typeof toPaymentEvent>[0]);
  }
}
