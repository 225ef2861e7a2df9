import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { and, asc, eq, inArray, isNotNull, isNull, lte, or } from 'drizzle-orm';
import { chargeFor, offerSchedule, type OfferSchedule } from '#shared/membership/offer-price';
import { periodPrice, plans, type PlanType, teamPlans } from '#shared/pricing';
import type { Database, Executor, Transaction } from '../db/client';
import { tryLockUntilCommit } from '../db/locks';
import { localBillingCheckouts, localBillingEvents, localBillingSubscriptions } from './schema';
import { billingNow } from './clock';
import {
  type BillingEvent,
  type BillingProvider,
  CHECKOUT_LIFETIME_SECONDS,
  type PlanChangePreview,
  unusedCredit,
  CheckoutExpiredError,
  PaymentDeclinedError,
  type ProviderSubscription,
  toBillingEvent,
  WebhookSignatureError,
} from './provider';

/**
 * The built-in test payment provider (the default): a stand-in for Stripe that keeps its own
 * records in `local_billing_*` tables, takes Stripe's test card numbers on the app's own
 * checkout page, and produces Stripe-format events signed the way Stripe signs them. Events
 * are stored first and delivered to the webhook route until it accepts them, so the whole
 * membership lifecycle (and its retries) runs locally and in tests.
 */

/** Stripe's test cards (docs/payments.md). Any other valid number is declined with a hint. */
const testCards: Record<string, { declined?: string; failsRenewal?: boolean }> = {
  '4242424242424242': {},
  '5555555555554444': {},
  '4000000000000341': { failsRenewal: true },
  '4000000000000002': { declined: 'Your card was declined.' },
  '4000000000009995': { declined: 'Your card has insufficient funds.' },
  '4000000000000069': { declined: 'Your card has expired.' },
  '4000000000000127': { declined: "Your card's security code is incorrect." },
};

/** Failed renewals are retried every 3 days; after the 4th failure the provider gives up. */
export const RETRY_EVERY_MS = 3 * 86_400_000;
export const MAX_FAILED_ATTEMPTS = 4;
const LOCK_ID = 7_202_613;

type SubscriptionRow = typeof localBillingSubscriptions.$inferSelect;
export type Delivery = (payload: string, signature: string) => Promise<boolean>;

const newId = (prefix: string) => `${prefix}_local_${randomBytes(12).toString('base64url')}`;

export function addPeriod(from: Date, plan: PlanType): Date {
  const next = new Date(from);
  if (plans[plan].interval === 'year') next.setUTCFullYear(next.getUTCFullYear() + 1);
  else next.setUTCMonth(next.getUTCMonth() + 1);
  return next;
}

function luhnValid(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) d = d * 2 > 9 ? d * 2 - 9 : d * 2;
    sum += d;
  }
  return sum % 10 === 0;
}

/** The provider's answer for a card: throws PaymentDeclinedError with its message, or tells how renewals will go. */
export function checkTestCard(card: { cardNumber: string; expiry: string }, now: Date): { last4: string; failsRenewal: boolean } {
  const [month, year] = card.expiry.split('/').map((part) => Number(part.trim()));
  // A card is valid through the last day of its expiry month.
  if (new Date(Date.UTC(2000 + year!, month!, 1)) <= now) throw new PaymentDeclinedError('Your card has expired.');
  if (!luhnValid(card.cardNumber)) throw new PaymentDeclinedError('Your card number is incorrect.');
  const known = testCards[card.cardNumber];
  if (!known) throw new PaymentDeclinedError('Your card was declined. This is the test checkout: use the test card 4242 4242 4242 4242.');
  if (known.declined) throw new PaymentDeclinedError(known.declined);
  return { last4: card.cardNumber.slice(-4), failsRenewal: Boolean(known.failsRenewal) };
}

/**
 * A switch to `plan` now, as Stripe prorates it with the subscription's coupon: the new plan's price
 * (under the offer, for the charge the switch makes) less the unused part of what was paid for the
 * current period is due, and a new period starts now; what is left over (a switch to a cheaper
 * plan) becomes credit. In a trial nothing was paid and nothing is due: the trial goes on and its
 * end is the new plan's first charge.
 */
function planChange(row: SubscriptionRow, plan: PlanType, now: Date): PlanChangePreview & { renewsAt: Date; discountCents: number } {
  const switched = { ...row, plan };
  if (row.status === 'trialing') {
    return { amountDueCents: 0, creditCents: 0, renewsAt: row.currentPeriodEnd, renewalAmountCents: nextCharge(switched).amount, discountCents: 0 };
  }
  const unused = unusedCredit(paidForPeriod(row), row.currentPeriodStart, row.currentPeriodEnd, now);
  const { amount: price, discount } = switchCharge(row, plan, now);
  return {
    amountDueCents: Math.max(0, price - unused),
    creditCents: Math.max(0, unused - price),
    renewsAt: addPeriod(now, plan),
    renewalAmountCents: nextCharge({ ...switched, charges: row.charges + 1 }).amount,
    discountCents: discount,
  };
}

/**
 * A change of a team plan's seats now (decision 055): the seats added cost their share of the rest
 * of the period at once; the seats removed leave theirs as credit. The period does not move.
 */
function seatChange(row: SubscriptionRow, seats: number, now: Date): PlanChangePreview {
  const delta = seats - (row.seats ?? 1);
  const share = unusedCredit(teamPlans[row.plan].perSeatCents * Math.abs(delta), row.currentPeriodStart, row.currentPeriodEnd, now);
  return { amountDueCents: delta > 0 ? share : 0, creditCents: delta < 0 ? share : 0, renewsAt: row.currentPeriodEnd };
}

export function toProviderSubscription(row: SubscriptionRow): ProviderSubscription {
  return {
    id: row.id,
    customerId: row.customerId,
    userId: row.userId,
    plan: row.plan,
    status: row.status,
    currentPeriodEnd: row.currentPeriodEnd,
    cancelAtPeriodEnd: row.cancelAtPeriodEnd,
    seats: row.seats,
    discount: discountOf(row),
  };
}

/**
 * An offer's discount as Stripe's subscription holds it (decision 054): while the current period
 * was charged at the discount or the next charge will be, with when the first charge at the plan's
 * price falls (the periods' ends, one after another, as the renewals will go).
 */
function discountOf(row: SubscriptionRow): { endsAt: Date | null } | null {
  if (!row.offerTerms || row.offerTerms.kind === 'trial' || row.charges === 0) return null;
  const { discountedCharges } = offerScheduleOf(row);
  if (discountedCharges === 'all') return { endsAt: null };
  // The current period was the `charges`-th charge; the first at the plan's price is the next after the discounted ones.
  if (row.charges > discountedCharges) return null;
  let endsAt = row.currentPeriodEnd;
  for (let charge = row.charges; charge < discountedCharges; charge++) endsAt = addPeriod(endsAt, row.plan);
  return { endsAt };
}

const seconds = (date: Date) => Math.floor(date.getTime() / 1000);

function subscriptionObject(row: SubscriptionRow) {
  return {
    id: row.id,
    object: 'subscription',
    customer: row.customerId,
    status: row.status,
    cancel_at_period_end: row.cancelAtPeriodEnd,
    items: {
      data: [
        {
          current_period_start: seconds(row.currentPeriodStart),
          current_period_end: seconds(row.currentPeriodEnd),
          price: { id: row.seats === null ? `price_local_${row.plan}` : `price_local_team_${row.plan}` },
          quantity: row.seats ?? 1,
        },
      ],
    },
    metadata: { userId: row.userId, plan: row.plan, ...(row.seats === null ? {} : { seats: String(row.seats) }) },
  };
}

/** The subscription's charges in order: the plan's price, or an offer's schedule of prices. */
function offerScheduleOf(row: SubscriptionRow): OfferSchedule {
  const regularCents = periodPrice(row.plan, row.seats);
  return row.offerTerms ? offerSchedule(row.plan, row.offerTerms) : { firstChargeInDays: 0, discountedCents: regularCents, discountedCharges: 0, regularCents };
}

/**
 * The charge a plan switch makes, as Stripe's coupon prices it: an offer's discount while it still
 * lasts (every charge for a forever one; until its months are over for a repeating one; a once
 * offer was its first charge's only).
 */
function switchCharge(row: SubscriptionRow, plan: PlanType, now: Date): { amount: number; discount: number } {
  const regular = periodPrice(plan, row.seats);
  const terms = row.offerTerms;
  if (!terms || terms.kind === 'trial' || terms.duration === 'once') return { amount: regular, discount: 0 };
  const endsAt = discountOf(row)?.endsAt;
  const lasts = terms.duration === 'forever' || (endsAt !== undefined && endsAt !== null && now < endsAt);
  const amount = lasts ? offerSchedule(plan, terms).discountedCents : regular;
  return { amount, discount: regular - amount };
}

/**
 * What was paid for the current period: its charge (an offer's discounted price, the part a credit
 * paid included); nothing in a trial, or while the period's renewal has failed.
 */
function paidForPeriod(row: SubscriptionRow): number {
  return row.status === 'active' && row.charges > 0 ? chargeFor(offerScheduleOf(row), row.charges - 1) : 0;
}

/** What the subscription's next charge is: the plan's price, or less under an offer's discount (decision 054). */
function nextCharge(row: SubscriptionRow): { amount: number; discount: number } {
  const regular = periodPrice(row.plan, row.seats);
  const amount = chargeFor(offerScheduleOf(row), row.charges);
  return { amount, discount: regular - amount };
}

function invoiceObject(row: SubscriptionRow, paid: boolean, amount: number = periodPrice(row.plan, row.seats), discount = 0) {
  return {
    id: newId('in'),
    object: 'invoice',
    customer: row.customerId,
    currency: 'usd',
    status: paid ? 'paid' : 'open',
    amount_due: amount,
    amount_paid: paid ? amount : 0,
    attempt_count: paid ? 1 : row.failedAttempts,
    // As Stripe lists a coupon's part of an invoice.
    total_discount_amounts: discount > 0 ? [{ amount: discount, discount: `di_local_${row.id}` }] : [],
    parent: { type: 'subscription_details', subscription_details: { subscription: row.id } },
  };
}

/** Signs like Stripe: `t=<unix seconds>,v1=<HMAC-SHA256 of "t.payload">`. */
export function signPayload(payload: string, secret: string, timestamp = Math.floor(Date.now() / 1000)): string {
  const v1 = createHmac('sha256', secret).update(`${timestamp}.${payload}`).digest('hex');
  return `t=${timestamp},v1=${v1}`;
}

const TOLERANCE_SECONDS = 300;

/** Runs inside the paying transaction, after the checkout is locked: throws to refuse the payment. */
export type PayGuard = (tx: Transaction, checkout: typeof localBillingCheckouts.$inferSelect) => Promise<void>;

/** An open checkout can be paid for a day, as Stripe's (CHECKOUT_LIFETIME_SECONDS). */
export function checkoutExpired(checkout: { createdAt: Date }, now: Date): boolean {
  return now.getTime() - checkout.createdAt.getTime() > CHECKOUT_LIFETIME_SECONDS * 1000;
}

/**
 * A subscription of the member's here that still bills (active, or past due while it retries): a
 * payment still on its way to the webhook. Their own membership, or (`team`) a team plan they pay for.
 */
export async function hasBillingSubscription(db: Executor, userId: string, team = false): Promise<boolean> {
  const [own] = await db
    .select({ id: localBillingSubscriptions.id })
    .from(localBillingSubscriptions)
    .where(
      and(
        eq(localBillingSubscriptions.userId, userId),
        team ? isNotNull(localBillingSubscriptions.seats) : isNull(localBillingSubscriptions.seats),
        inArray(localBillingSubscriptions.status, ['active', 'trialing', 'past_due']),
      ),
    )
    .limit(1);
  return own !== undefined;
}

export class LocalProvider implements BillingProvider {
  readonly name = 'local' as const;
  /** Per process: only this process signs local events, and only it verifies them. */
  readonly webhookSecret = `whsec_local_${randomBytes(24).toString('hex')}`;
  private delivery: Delivery | undefined;

  constructor(private readonly db: Database) {}

  /** Where events go: the app's webhook route (set by server/features/membership/routes.ts). */
  setDelivery(delivery: Delivery): void {
    this.delivery = delivery;
  }

  async createCustomer(): Promise<string> {
    return newId('cus');
  }

  async createCheckoutSession(input: Parameters<BillingProvider['createCheckoutSession']>[0]): Promise<{ url: string }> {
    const id = newId('cs');
    await this.db.insert(localBillingCheckouts).values({
      id,
      secret: randomBytes(16).toString('hex'),
      userId: input.user.id,
      customerId: input.customerId,
      plan: input.plan,
      mode: 'checkout',
      successUrl: input.successUrl,
      cancelUrl: input.cancelUrl,
      offerId: input.offer?.id ?? null,
      offerTerms: input.offer?.terms ?? null,
      seats: input.seats ?? null,
      // On the billing clock, as its expiry is checked: moving the clock ages open checkouts too.
      createdAt: await billingNow(this.db),
    });
    // Relative: the browser stays on the address the visitor is using (PUBLIC_URL may name another).
    return { url: `/checkout/local/${id}` };
  }

  async createSubscription(input: Parameters<BillingProvider['createSubscription']>[0]): Promise<{ clientSecret: string }> {
    const id = newId('seti');
    const secret = randomBytes(16).toString('hex');
    await this.db.insert(localBillingCheckouts).values({
      id,
      secret,
      userId: input.user.id,
      customerId: input.customerId,
      plan: input.plan,
      mode: 'subscription',
      successUrl: input.returnUrl,
      cancelUrl: '/pricing',
      offerId: input.offer?.id ?? null,
      offerTerms: input.offer?.terms ?? null,
      seats: input.seats ?? null,
      createdAt: await billingNow(this.db),
    });
    return { clientSecret: `${id}_secret_${secret}` };
  }

  /** The checkout page's view of a checkout, for its owner only. */
  async findCheckout(id: string, userId: string) {
    const [row] = await this.db
      .select()
      .from(localBillingCheckouts)
      .where(and(eq(localBillingCheckouts.id, id), eq(localBillingCheckouts.userId, userId)))
      .limit(1);
    return row;
  }

  /** The checkout a client secret belongs to, when the secret is right and it is the member's. */
  async findCheckoutBySecret(clientSecret: string, userId: string) {
    const match = /^(seti_local_[\w-]+)_secret_([0-9a-f]{32})$/.exec(clientSecret);
    if (!match) return undefined;
    const row = await this.findCheckout(match[1]!, userId);
    return row && row.secret.length === match[2]!.length && timingSafeEqual(Buffer.from(row.secret), Buffer.from(match[2]!)) ? row : undefined;
  }

  /**
   * Pays an open checkout with a test card: the subscription starts, its first invoice is paid,
   * and the events a real provider sends are delivered before this returns, so the member is
   * premium when the browser reaches the success page. A declined card changes nothing.
   */
  async payCheckout(checkoutId: string, card: { cardNumber: string; expiry: string }, guard?: PayGuard): Promise<{ successUrl: string }> {
    const now = await billingNow(this.db);
    const result = await this.db.transaction(async (tx) => {
      const [checkout] = await tx.select().from(localBillingCheckouts).where(eq(localBillingCheckouts.id, checkoutId)).for('update');
      if (!checkout || checkout.status !== 'open') return { successUrl: checkout?.successUrl ?? '/account', already: true };
      if (checkoutExpired(checkout, now)) throw new CheckoutExpiredError();
      // The app's rule, checked under its lock in this same transaction: one membership per member.
      await guard?.(tx, checkout);
      const { last4, failsRenewal } = checkTestCard(card, now);
      // A trial starts a trialing period of its days and charges nothing now, as Stripe's trial_period_days.
      const trialDays = checkout.offerTerms?.kind === 'trial' ? checkout.offerTerms.trialDays : 0;
      const [sub] = await tx
        .insert(localBillingSubscriptions)
        .values({
          id: newId('sub'),
          customerId: checkout.customerId,
          userId: checkout.userId,
          plan: checkout.plan,
          status: trialDays ? 'trialing' : 'active',
          currentPeriodStart: now,
          currentPeriodEnd: trialDays ? new Date(now.getTime() + trialDays * 86_400_000) : addPeriod(now, checkout.plan),
          cardLast4: last4,
          cardFailsRenewal: failsRenewal,
          offerTerms: checkout.offerTerms,
          seats: checkout.seats,
        })
        .returning();
      const first = trialDays ? { amount: 0, discount: 0 } : nextCharge(sub!);
      const [charged] = await tx
        .update(localBillingSubscriptions)
        .set({ charges: trialDays ? 0 : 1 })
        .where(eq(localBillingSubscriptions.id, sub!.id))
        .returning();
      await tx.update(localBillingCheckouts).set({ status: 'complete', subscriptionId: sub!.id }).where(eq(localBillingCheckouts.id, checkoutId));
      if (checkout.mode === 'checkout') {
        await this.record(tx, 'checkout.session.completed', {
          id: checkout.id,
          object: 'checkout.session',
          mode: 'subscription',
          client_reference_id: checkout.userId,
          customer: checkout.customerId,
          subscription: sub!.id,
          payment_status: 'paid',
          metadata: { userId: checkout.userId, plan: checkout.plan, ...(checkout.seats === null ? {} : { seats: String(checkout.seats) }) },
        });
      }
      await this.record(tx, 'customer.subscription.created', subscriptionObject(charged!));
      await this.record(tx, 'invoice.paid', invoiceObject(charged!, true, first.amount, first.discount));
      return { successUrl: checkout.successUrl, already: false };
    });
    await this.deliverPending();
    return { successUrl: result.successUrl };
  }

  async getSubscription(id: string): Promise<ProviderSubscription | null> {
    const [row] = await this.db.select().from(localBillingSubscriptions).where(eq(localBillingSubscriptions.id, id)).limit(1);
    return row ? toProviderSubscription(row) : null;
  }

  /** The last four digits of the card a subscription renews on, shown on /account as the card on file. */
  async cardLast4(id: string): Promise<string | null> {
    const [row] = await this.db
      .select({ cardLast4: localBillingSubscriptions.cardLast4 })
      .from(localBillingSubscriptions)
      .where(eq(localBillingSubscriptions.id, id))
      .limit(1);
    return row?.cardLast4 ?? null;
  }

  async setCancelAtPeriodEnd(id: string, cancel: boolean): Promise<ProviderSubscription> {
    const row = await this.db.transaction(async (tx) => {
      const [updated] = await tx
        .update(localBillingSubscriptions)
        .set({ cancelAtPeriodEnd: cancel })
        .where(and(eq(localBillingSubscriptions.id, id), inArray(localBillingSubscriptions.status, ['active', 'trialing', 'past_due'])))
        .returning();
      if (!updated) throw new Error(`local subscription ${id} is not live`);
      await this.record(tx, 'customer.subscription.updated', subscriptionObject(updated));
      return updated;
    });
    await this.deliverPending();
    return toProviderSubscription(row);
  }

  async cancelNow(id: string): Promise<ProviderSubscription | null> {
    const row = await this.db.transaction(async (tx) => {
      const [updated] = await tx
        .update(localBillingSubscriptions)
        .set({ status: 'canceled', cancelAtPeriodEnd: false, nextAttemptAt: null })
        .where(and(eq(localBillingSubscriptions.id, id), inArray(localBillingSubscriptions.status, ['active', 'trialing', 'past_due'])))
        .returning();
      if (updated) await this.record(tx, 'customer.subscription.deleted', subscriptionObject(updated));
      return updated;
    });
    await this.deliverPending();
    return row ? toProviderSubscription(row) : this.getSubscription(id);
  }

  /**
   * "Update card": renewals go to the new card from now on; for a member whose renewal failed,
   * the new card also pays the open invoice at once and the subscription is active again.
   */
  async updateCard(id: string, card: { cardNumber: string; expiry: string }): Promise<ProviderSubscription> {
    const now = await billingNow(this.db);
    const row = await this.db.transaction(async (tx) => {
      const [current] = await tx.select().from(localBillingSubscriptions).where(eq(localBillingSubscriptions.id, id)).for('update');
      if (!current || current.status === 'canceled') throw new PaymentDeclinedError('This membership has ended: start a new one from the pricing page.');
      const { last4, failsRenewal } = checkTestCard(card, now);
      const [updated] = await tx
        .update(localBillingSubscriptions)
        .set({
          cardLast4: last4,
          cardFailsRenewal: failsRenewal,
          ...(current.status === 'past_due' ? { status: 'active', failedAttempts: 0, nextAttemptAt: null, charges: current.charges + 1 } : {}),
        })
        .where(eq(localBillingSubscriptions.id, id))
        .returning();
      if (current.status === 'past_due') {
        // The open invoice: the charge the renewal could not take, an offer's discount included.
        const open = nextCharge(current);
        await this.record(tx, 'invoice.paid', invoiceObject(updated!, true, open.amount, open.discount));
        await this.record(tx, 'customer.subscription.updated', subscriptionObject(updated!));
      }
      return updated!;
    });
    await this.deliverPending();
    return toProviderSubscription(row);
  }

  async previewPlanChange(id: string, plan: PlanType): Promise<PlanChangePreview> {
    const row = await this.liveRow(this.db, id, false, true);
    const { amountDueCents, creditCents, renewsAt, renewalAmountCents } = planChange(row, plan, await billingNow(this.db));
    return { amountDueCents, creditCents, renewsAt, renewalAmountCents };
  }

  async changePlan(id: string, plan: PlanType): Promise<ProviderSubscription> {
    const now = await billingNow(this.db);
    const row = await this.db.transaction(async (tx) => {
      const current = await this.liveRow(tx, id, true, true);
      if (current.status === 'trialing') {
        // The trial goes on; it ends in the new plan's first charge (Stripe: a price change without proration).
        const updated = await this.save(tx, current, { plan, cancelAtPeriodEnd: false });
        await this.record(tx, 'customer.subscription.updated', subscriptionObject(updated));
        return updated;
      }
      const { amountDueCents, creditCents, renewsAt, discountCents } = planChange(current, plan, now);
      const updated = await this.save(tx, current, {
        plan,
        currentPeriodStart: now,
        currentPeriodEnd: renewsAt,
        cancelAtPeriodEnd: false,
        creditCents: current.creditCents + creditCents,
        // The new period's charge, counted as a renewal's is: what was paid for it is its price.
        charges: current.charges + 1,
      });
      if (amountDueCents > 0) await this.record(tx, 'invoice.paid', invoiceObject(updated, true, amountDueCents, discountCents));
      await this.record(tx, 'customer.subscription.updated', subscriptionObject(updated));
      return updated;
    });
    await this.deliverPending();
    return toProviderSubscription(row);
  }

  async previewSeatChange(id: string, seats: number): Promise<PlanChangePreview> {
    return seatChange(await this.liveRow(this.db, id), seats, await billingNow(this.db));
  }

  async changeSeats(id: string, seats: number): Promise<ProviderSubscription> {
    const now = await billingNow(this.db);
    const row = await this.db.transaction(async (tx) => {
      const current = await this.liveRow(tx, id, true);
      const { amountDueCents, creditCents } = seatChange(current, seats, now);
      const updated = await this.save(tx, current, { seats, creditCents: current.creditCents + creditCents });
      if (amountDueCents > 0) await this.record(tx, 'invoice.paid', invoiceObject(updated, true, amountDueCents));
      await this.record(tx, 'customer.subscription.updated', subscriptionObject(updated));
      return updated;
    });
    await this.deliverPending();
    return toProviderSubscription(row);
  }

  /** The unused part of the period is the last charge's share of it: a trial's nothing, a discounted charge's discounted price. */
  async cancelWithRefund(id: string): Promise<{ state: ProviderSubscription | null; refundedCents: number; invoiceId: null }> {
    const now = await billingNow(this.db);
    const row = await this.db.transaction(async (tx) => {
      const [current] = await tx.select().from(localBillingSubscriptions).where(eq(localBillingSubscriptions.id, id)).for('update');
      if (!current || !['active', 'trialing', 'past_due'].includes(current.status)) return null;
      const refundedCents = unusedCredit(paidForPeriod(current), current.currentPeriodStart, current.currentPeriodEnd, now);
      const updated = await this.save(tx, current, { status: 'canceled', cancelAtPeriodEnd: false, nextAttemptAt: null });
      await this.record(tx, 'customer.subscription.deleted', subscriptionObject(updated));
      return { updated, refundedCents };
    });
    await this.deliverPending();
    return { state: row ? toProviderSubscription(row.updated) : await this.getSubscription(id), refundedCents: row?.refundedCents ?? 0, invoiceId: null };
  }

  /** The subscription, when it can be changed: active, or (`trial`: a plan switch) in its free trial. */
  private async liveRow(db: Executor, id: string, lock = false, trial = false): Promise<SubscriptionRow> {
    const query = db.select().from(localBillingSubscriptions).where(eq(localBillingSubscriptions.id, id));
    const [row] = lock ? await query.for('update') : await query;
    if (!row || !(row.status === 'active' || (trial && row.status === 'trialing')))
      throw new PaymentDeclinedError('Only an active membership can switch plans: fix the payment first, or start a new one.');
    return row;
  }

  /**
   * The local provider keeps no charge ledger: a duplicate is found and refunded as soon as it is
   * paid, before any renewal, so its one charge is the plan's price.
   */
  async refundCharges(id: string): Promise<number> {
    const row = await this.getSubscription(id);
    return row ? periodPrice(row.plan, row.seats ?? null) : 0;
  }

  /** The terms travel with each checkout and subscription here: nothing to create. */
  async createOffer(): Promise<{ couponId: null; promotionCodeId: null }> {
    return { couponId: null, promotionCodeId: null };
  }

  async archiveOffer(): Promise<void> {}

  async createPortalSession(): Promise<null> {
    return null;
  }

  verifyEvent(rawBody: Buffer, signature: string | undefined): BillingEvent {
    const parts = new Map((signature ?? '').split(',').map((kv) => kv.split('=', 2) as [string, string]));
    const timestamp = Number(parts.get('t'));
    const given = parts.get('v1') ?? '';
    if (!Number.isInteger(timestamp) || !/^[0-9a-f]{64}$/.test(given)) throw new WebhookSignatureError('Missing or malformed Stripe-Signature header');
    const expected = createHmac('sha256', this.webhookSecret)
      .update(`${timestamp}.${rawBody.toString('utf8')}`)
      .digest('hex');
    if (!timingSafeEqual(Buffer.from(expected), Buffer.from(given))) throw new WebhookSignatureError('Webhook signature does not match');
    if (Math.abs(Date.now() / 1000 - timestamp) > TOLERANCE_SECONDS) throw new WebhookSignatureError('Webhook signature is too old');
    try {
      return toBillingEvent(JSON.parse(rawBody.toString('utf8')));
    } catch {
      throw new WebhookSignatureError('Webhook body is not an event');
    }
  }

  /**
   * The provider's own clock tick, run by the membership check: renews subscriptions whose
   * period has ended, retries failed renewals, gives up after the last retry and ends
   * subscriptions cancelled at period end. A transaction-scoped advisory lock and SKIP LOCKED
   * keep two servers on one database from doing the same work twice.
   */
  async tick(): Promise<number> {
    const now = await billingNow(this.db);
    const changed = await this.db.transaction(async (tx) => {
      if (!(await tryLockUntilCommit(tx, LOCK_ID))) return 0;
      const due = await tx
        .select()
        .from(localBillingSubscriptions)
        .where(
          or(
            and(inArray(localBillingSubscriptions.status, ['active', 'trialing']), lte(localBillingSubscriptions.currentPeriodEnd, now)),
            and(eq(localBillingSubscriptions.status, 'past_due'), lte(localBillingSubscriptions.nextAttemptAt, now)),
          ),
        )
        .for('update', { skipLocked: true });
      for (const row of due) await this.advance(tx, row, now);
      return due.length;
    });
    if (changed) await this.deliverPending();
    return changed;
  }

  /** Moves one subscription through every period end and retry that is due by `now`. */
  private async advance(tx: Transaction, start: SubscriptionRow, now: Date): Promise<void> {
    let row = start;
    for (let step = 0; step < 1000; step++) {
      if ((row.status === 'active' || row.status === 'trialing') && row.currentPeriodEnd <= now) {
        if (row.cancelAtPeriodEnd) {
          row = await this.save(tx, row, { status: 'canceled', nextAttemptAt: null });
          await this.record(tx, 'customer.subscription.deleted', subscriptionObject(row));
          return;
        }
        // A new period starts and its invoice is charged, as a real provider does at renewal.
        const renewed = { currentPeriodStart: row.currentPeriodEnd, currentPeriodEnd: addPeriod(row.currentPeriodEnd, row.plan) };
        if (row.cardFailsRenewal) {
          row = await this.save(tx, row, {
            ...renewed,
            status: 'past_due',
            failedAttempts: 1,
            nextAttemptAt: new Date(row.currentPeriodEnd.getTime() + RETRY_EVERY_MS),
          });
          await this.record(tx, 'invoice.payment_failed', invoiceObject(row, false, nextCharge(row).amount));
        } else {
          // An offer's discount applies first (decision 054), then a credit left by a switch to a cheaper plan.
          const { amount: price, discount } = nextCharge(row);
          const fromCredit = Math.min(price, row.creditCents);
          row = await this.save(tx, row, { ...renewed, status: 'active', creditCents: row.creditCents - fromCredit, charges: row.charges + 1 });
          await this.record(tx, 'invoice.paid', invoiceObject(row, true, price - fromCredit, discount));
        }
        await this.record(tx, 'customer.subscription.updated', subscriptionObject(row));
      } else if (row.status === 'past_due' && row.nextAttemptAt && row.nextAttemptAt <= now) {
        const attempts = row.failedAttempts + 1;
        if (attempts >= MAX_FAILED_ATTEMPTS) {
          row = await this.save(tx, row, { status: 'canceled', failedAttempts: attempts, nextAttemptAt: null });
          await this.record(tx, 'invoice.payment_failed', invoiceObject(row, false));
          await this.record(tx, 'customer.subscription.deleted', subscriptionObject(row));
          return;
        }
        row = await this.save(tx, row, { failedAttempts: attempts, nextAttemptAt: new Date(row.nextAttemptAt.getTime() + RETRY_EVERY_MS) });
        await this.record(tx, 'invoice.payment_failed', invoiceObject(row, false));
      } else {
        return;
      }
    }
  }

  private async save(tx: Transaction, row: SubscriptionRow, changes: Partial<SubscriptionRow>): Promise<SubscriptionRow> {
    const [updated] = await tx.update(localBillingSubscriptions).set(changes).where(eq(localBillingSubscriptions.id, row.id)).returning();
    return updated!;
  }

  private async record(tx: Transaction, type: string, object: Record<string, unknown>): Promise<void> {
    const id = newId('evt');
    const event = { id, object: 'event', type, created: Math.floor(Date.now() / 1000), livemode: false, data: { object } };
    await tx.insert(localBillingEvents).values({ id, payload: JSON.stringify(event) });
  }

  /** Delivers stored events in order until the webhook route accepts them; a refused one is retried on the next tick. */
  async deliverPending(): Promise<void> {
    if (!this.delivery) return;
    const pending = await this.db
      .select()
      .from(localBillingEvents)
      .where(isNull(localBillingEvents.deliveredAt))
      .orderBy(asc(localBillingEvents.seq))
      .limit(500);
    for (const event of pending) {
      const accepted = await this.delivery(event.payload, signPayload(event.payload, this.webhookSecret)).catch(() => false);
      if (!accepted) return;
      await this.db.update(localBillingEvents).set({ deliveredAt: new Date() }).where(eq(localBillingEvents.id, event.id));
    }
  }
}
