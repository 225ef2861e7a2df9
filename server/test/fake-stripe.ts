import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';
import { apiPaths } from '#shared/api/paths';
import { callApp } from './call-app';

/**
 * A small fake of Stripe's HTTP API for tests (Stripe is not reachable here): the real `stripe`
 * SDK is pointed at it with STRIPE_API_URL, so everything from the SDK's request encoding to our
 * reading of its answers is exercised. It keeps customers, checkout sessions and subscriptions
 * in memory, answers the calls the app makes, and lets a test play Stripe's part (a member
 * paying on Checkout, a renewal failing) by changing a subscription.
 */
export interface FakeSubscription {
  id: string;
  object: 'subscription';
  customer: string;
  status: string;
  cancel_at_period_end: boolean;
  metadata: Record<string, string>;
  items: { object: 'list'; data: { id: string; current_period_start: number; current_period_end: number; price: { id: string }; quantity: number }[] };
  canceled_at?: number | null;
  /** A trial's end: the first charge (Stripe's trial_period_days). */
  trial_end?: number | null;
  /** An offer's coupon on the subscription: answered as ids unless the call expands `discounts`, as Stripe does. */
  discounts: { id: string; object: 'discount'; start: number; end: number | null; source: { type: 'coupon'; coupon: string } }[];
}

interface Call {
  method: string;
  path: string;
  form: URLSearchParams;
}

const DAY = 86_400;
const checkoutUrl = (id: string) => `https://checkout.stripe.test/c/pay/${id}`;

export async function startFakeStripe() {
  let counter = 0;
  // Ids unique across runs: test runs share one PostgreSQL database, where customer ids are unique.
  const run = Math.random().toString(36).slice(2, 10);
  const next = (prefix: string) => `${prefix}_fake_${run}${++counter}`;
  const customers = new Map<string, { id: string; email: string; metadata: Record<string, string> }>();
  const sessions = new Map<
    string,
    {
      id: string;
      created: number;
      status: 'open' | 'complete' | 'expired';
      customer: string;
      client_reference_id: string;
      price: string;
      metadata: Record<string, string>;
      subscription: string | null;
      promotionCode: string | null;
      trialDays: number;
      quantity: number;
    }
  >();
  const subscriptions = new Map<string, FakeSubscription>();
  const invoices = new Map<
    string,
    { id: string; object: 'invoice'; subscription: string; status: string; currency: string; amount_paid: number; payment_intent: string }
  >();
  const refunds: { id: string; payment_intent: string; amount: number }[] = [];
  /** Offers' coupons and promotion codes (decision 054), as Stripe keeps them. */
  const coupons = new Map<string, { id: string; percent_off: number | null; amount_off: number | null; duration: string; duration_in_months: number | null }>();
  const promotionCodes = new Map<
    string,
    { id: string; code: string; coupon: string; active: boolean; max_redemptions: number | null; times_redeemed: number; expires_at: number | null }
  >();
  const planSwitches: { subscription: string; price: string; amountDue: number; invoice: string }[] = [];
  /** Team prices (decision 055) have "team" in their id and are per seat. */
  const priceAmount = (price: string) => (/team/.test(price) ? (/yearly/.test(price) ? 15000 : 1500) : /yearly/.test(price) ? 19000 : 1900);
  /** Stripe's proration of a quantity change, simplified: the seats' price for the unused part of the period (negative: credit). */
  const seatChange = (sub: FakeSubscription, quantity: number) => {
    const item = sub.items.data[0]!;
    const now = Math.floor(Date.now() / 1000);
    const total = item.current_period_end - item.current_period_start;
    const left = Math.max(0, item.current_period_end - now);
    return total > 0 ? Math.round((priceAmount(item.price.id) * (quantity - item.quantity) * left) / total) : 0;
  };
  const seatChanges: { subscription: string; quantity: number; amount: number }[] = [];
  /** Stripe's proration, simplified: the new price less the unused part of the current period. */
  const planSwitch = (sub: FakeSubscription, price: string) => {
    const item = sub.items.data[0]!;
    const now = Math.floor(Date.now() / 1000);
    const total = item.current_period_end - item.current_period_start;
    const unused = total > 0 ? Math.round((priceAmount(item.price.id) * Math.max(0, item.current_period_end - now)) / total) : 0;
    return { amountDue: priceAmount(price) - unused, end: now + (/yearly/.test(price) ? 365 : 30) * DAY };
  };
  const calls: Call[] = [];
  /** A paid first invoice, as Checkout makes one: what a refund of the subscription's charges finds. */
  const payFirstInvoice = (sub: FakeSubscription, price: string) => {
    const invoice = {
      id: next('in'),
      object: 'invoice' as const,
      subscription: sub.id,
      status: 'paid',
      currency: 'usd',
      amount_paid: priceAmount(price) * (sub.items.data[0]?.quantity ?? 1),
      payment_intent: next('pi'),
    };
    invoices.set(invoice.id, invoice);
    return invoice;
  };

  const metadataOf = (form: URLSearchParams, prefix = 'metadata') => {
    const metadata: Record<string, string> = {};
    for (const [key, value] of form) {
      const match = new RegExp(`^${prefix.replace(/[[\]]/g, '\\$&')}\\[(\\w+)\\]$`).exec(key);
      if (match) metadata[match[1]!] = value;
    }
    return metadata;
  };

  const newSubscription = (
    customer: string,
    price: string,
    metadata: Record<string, string>,
    status: string,
    quantity = 1,
    trialDays = 0,
  ): FakeSubscription => {
    const now = Math.floor(Date.now() / 1000);
    const end = trialDays ? now + trialDays * DAY : now + 30 * DAY;
    const sub: FakeSubscription = {
      id: next('sub'),
      object: 'subscription',
      customer,
      status,
      cancel_at_period_end: false,
      metadata,
      items: { object: 'list', data: [{ id: next('si'), current_period_start: now, current_period_end: end, price: { id: price }, quantity }] },
      trial_end: trialDays ? end : null,
      discounts: [],
    };
    subscriptions.set(sub.id, sub);
    return sub;
  };

  const send = (res: ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { 'content-type': 'application/json', 'request-id': next('req') });
    res.end(JSON.stringify(body));
  };
  const notFound = (res: ServerResponse, what: string) =>
    send(res, 404, { error: { type: 'invalid_request_error', code: 'resource_missing', message: `No such ${what}` } });

  const handle = (req: IncomingMessage, res: ServerResponse, raw: string) => {
    const url = new URL(req.url ?? '/', 'http://fake');
    const form = new URLSearchParams(req.method === 'GET' || req.method === 'DELETE' ? url.search : raw);
    calls.push({ method: req.method ?? 'GET', path: url.pathname, form });
    if (!/^Bearer sk_test_/.test(req.headers.authorization ?? ''))
      return send(res, 401, { error: { type: 'invalid_request_error', message: 'Invalid API Key provided' } });
    const [, version, resource, id] = url.pathname.split('/');
    if (version !== 'v1') return notFound(res, 'route');

    if (req.method === 'POST' && resource === 'customers' && !id) {
      const customer = { id: next('cus'), object: 'customer', email: form.get('email') ?? '', metadata: metadataOf(form) };
      customers.set(customer.id, customer);
      return send(res, 200, customer);
    }
    if (req.method === 'POST' && url.pathname === '/v1/checkout/sessions') {
      const session = {
        id: next('cs'),
        object: 'checkout.session',
        created: Math.floor(Date.now() / 1000),
        status: 'open' as 'open' | 'complete' | 'expired',
        mode: form.get('mode'),
        customer: form.get('customer') ?? '',
        client_reference_id: form.get('client_reference_id') ?? '',
        price: form.get('line_items[0][price]') ?? '',
        success_url: form.get('success_url'),
        cancel_url: form.get('cancel_url'),
        metadata: metadataOf(form, 'subscription_data[metadata]'),
        subscription: null as string | null,
        promotionCode: form.get('discounts[0][promotion_code]'),
        trialDays: Number(form.get('subscription_data[trial_period_days]') ?? 0),
        quantity: Number(form.get('line_items[0][quantity]') ?? 1),
      };
      sessions.set(session.id, session);
      return send(res, 200, { ...session, url: checkoutUrl(session.id) });
    }
    if (req.method === 'GET' && url.pathname === '/v1/checkout/sessions') {
      const data = [...sessions.values()].filter(
        (session) => session.customer === form.get('customer') && (!form.get('status') || session.status === form.get('status')),
      );
      return send(res, 200, {
        object: 'list',
        data: data.map((session) => ({ ...session, object: 'checkout.session', url: session.status === 'open' ? checkoutUrl(session.id) : null })),
        has_more: false,
        url: '/v1/checkout/sessions',
      });
    }
    const expiring = /^\/v1\/checkout\/sessions\/([^/]+)\/expire$/.exec(url.pathname);
    if (req.method === 'POST' && expiring) {
      const session = sessions.get(expiring[1]!);
      if (!session) return notFound(res, 'checkout.session');
      if (session.status !== 'open')
        return send(res, 400, {
          error: {
            type: 'invalid_request_error',
            message: `Only Checkout Sessions with a status in ["open"] can be expired. This Checkout Session has a status of "${session.status}".`,
          },
        });
      session.status = 'expired';
      return send(res, 200, { ...session, object: 'checkout.session' });
    }
    if (req.method === 'POST' && url.pathname === '/v1/billing_portal/sessions') {
      if (!customers.has(form.get('customer') ?? '')) return notFound(res, 'customer');
      return send(res, 200, {
        id: next('bps'),
        object: 'billing_portal.session',
        url: `https://billing.stripe.test/p/session/${next('portal')}`,
        return_url: form.get('return_url'),
      });
    }
    if (req.method === 'GET' && url.pathname === '/v1/invoices') {
      // Newest first, as Stripe lists them.
      const data = [...invoices.values()]
        .reverse()
        .filter((i) => i.subscription === form.get('subscription') && (!form.get('status') || i.status === form.get('status')))
        .slice(0, Number(form.get('limit') ?? 10))
        .map(({ payment_intent, ...invoice }) => ({
          ...invoice,
          payments: {
            object: 'list',
            data: [{ id: next('inpay'), object: 'invoice_payment', payment: { type: 'payment_intent', payment_intent } }],
            has_more: false,
          },
        }));
      return send(res, 200, { object: 'list', data, has_more: false, url: '/v1/invoices' });
    }
    if (req.method === 'POST' && url.pathname === '/v1/invoices/create_preview') {
      const sub = subscriptions.get(form.get('subscription') ?? '');
      if (!sub) return notFound(res, 'subscription');
      const quantity = form.get('subscription_details[items][0][quantity]');
      if (quantity) {
        const amount = seatChange(sub, Number(quantity));
        return send(res, 200, {
          id: null,
          object: 'invoice',
          amount_due: Math.max(0, amount),
          total: amount,
          currency: 'usd',
          lines: {
            object: 'list',
            data: [{ id: next('il'), period: { start: Math.floor(Date.now() / 1000), end: sub.items.data[0]!.current_period_end } }],
            has_more: false,
          },
        });
      }
      const { amountDue, end } = planSwitch(sub, form.get('subscription_details[items][0][price]') ?? '');
      return send(res, 200, {
        id: null,
        object: 'invoice',
        amount_due: Math.max(0, amountDue),
        total: amountDue,
        currency: 'usd',
        lines: { object: 'list', data: [{ id: next('il'), period: { start: Math.floor(Date.now() / 1000), end } }], has_more: false },
      });
    }
    if (req.method === 'POST' && url.pathname === '/v1/refunds') {
      const intent = form.get('payment_intent') ?? '';
      const invoice = [...invoices.values()].find((i) => i.payment_intent === intent);
      if (!invoice) return notFound(res, 'payment_intent');
      // Stripe answers a repeated idempotency key with the first refund; a second refund of a fully refunded charge is refused.
      const earlier = refunds.find((r) => r.payment_intent === intent);
      if (earlier) return send(res, 200, { ...earlier, object: 'refund', status: 'succeeded' });
      const refund = { id: next('re'), payment_intent: intent, amount: Number(form.get('amount') ?? invoice.amount_paid) };
      refunds.push(refund);
      return send(res, 200, { ...refund, object: 'refund', status: 'succeeded' });
    }
    if (req.method === 'POST' && url.pathname === '/v1/coupons') {
      const coupon = {
        id: next('co'),
        percent_off: form.has('percent_off') ? Number(form.get('percent_off')) : null,
        amount_off: form.has('amount_off') ? Number(form.get('amount_off')) : null,
        duration: form.get('duration') ?? 'once',
        duration_in_months: form.has('duration_in_months') ? Number(form.get('duration_in_months')) : null,
      };
      coupons.set(coupon.id, coupon);
      return send(res, 200, { ...coupon, object: 'coupon' });
    }
    if (req.method === 'POST' && resource === 'promotion_codes') {
      if (id) {
        const code = promotionCodes.get(id);
        if (!code) return notFound(res, 'promotion_code');
        if (form.has('active')) code.active = form.get('active') === 'true';
        return send(res, 200, { ...code, object: 'promotion_code' });
      }
      const coupon = form.get('promotion[coupon]') ?? '';
      if (!coupons.has(coupon)) return notFound(res, 'coupon');
      const code = {
        id: next('promo'),
        code: form.get('code') ?? '',
        coupon,
        active: true,
        max_redemptions: form.has('max_redemptions') ? Number(form.get('max_redemptions')) : null,
        times_redeemed: 0,
        expires_at: form.has('expires_at') ? Number(form.get('expires_at')) : null,
      };
      promotionCodes.set(code.id, code);
      return send(res, 200, { ...code, object: 'promotion_code' });
    }
    if (resource === 'subscriptions') {
      if (req.method === 'POST' && !id) {
        const sub = newSubscription(form.get('customer') ?? '', form.get('items[0][price]') ?? '', metadataOf(form), 'incomplete');
        return send(res, 200, {
          ...sub,
          latest_invoice: {
            id: next('in'),
            object: 'invoice',
            confirmation_secret: { client_secret: `pi_fake_${counter}_secret_abc`, type: 'payment_intent' },
          },
        });
      }
      const sub = id ? subscriptions.get(id) : undefined;
      if (!sub) return notFound(res, 'subscription');
      // Discounts as ids, unless the call expanded them.
      const answer = () => ({
        ...sub,
        discounts: [...form].some(([key, value]) => key.startsWith('expand[') && value === 'discounts') ? sub.discounts : sub.discounts.map((d) => d.id),
      });
      if (req.method === 'GET') return send(res, 200, answer());
      if (req.method === 'POST') {
        if (form.has('cancel_at_period_end')) sub.cancel_at_period_end = form.get('cancel_at_period_end') === 'true';
        const quantity = form.get('items[0][quantity]');
        if (quantity) {
          // A change of seats (proration always_invoice): added seats paid now, removed seats credited; the period stays.
          const amount = seatChange(sub, Number(quantity));
          sub.items.data[0]!.quantity = Number(quantity);
          Object.assign(sub.metadata, metadataOf(form));
          if (amount > 0) {
            const invoice = {
              id: next('in'),
              object: 'invoice' as const,
              subscription: sub.id,
              status: 'paid',
              currency: 'usd',
              amount_paid: amount,
              payment_intent: next('pi'),
            };
            invoices.set(invoice.id, invoice);
          }
          seatChanges.push({ subscription: sub.id, quantity: Number(quantity), amount });
        }
        const price = form.get('items[0][price]');
        if (price && sub.status === 'trialing') {
          // A trial keeps its end: the new price is its first charge.
          Object.assign(sub.items.data[0]!, { price: { id: price } });
          Object.assign(sub.metadata, metadataOf(form));
          planSwitches.push({ subscription: sub.id, price, amountDue: 0, invoice: '' });
        } else if (price) {
          // A change of price (plan switch, proration always_invoice): the difference is paid now and the period restarts.
          const { amountDue, end } = planSwitch(sub, price);
          const item = sub.items.data[0]!;
          Object.assign(item, { price: { id: price }, current_period_start: Math.floor(Date.now() / 1000), current_period_end: end });
          Object.assign(sub.metadata, metadataOf(form));
          const invoice = {
            id: next('in'),
            object: 'invoice' as const,
            subscription: sub.id,
            status: 'paid',
            currency: 'usd',
            amount_paid: Math.max(0, amountDue),
            payment_intent: next('pi'),
          };
          invoices.set(invoice.id, invoice);
          planSwitches.push({ subscription: sub.id, price, amountDue, invoice: invoice.id });
        }
        return send(res, 200, answer());
      }
      if (req.method === 'DELETE') {
        sub.canceled_at ??= Math.floor(Date.now() / 1000);
        sub.status = 'canceled';
        sub.cancel_at_period_end = false;
        return send(res, 200, answer());
      }
    }
    return notFound(res, 'route');
  };

  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => handle(req, res, Buffer.concat(chunks).toString('utf8')));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    calls,
    customers,
    sessions,
    subscriptions,
    invoices,
    refunds,
    planSwitches,
    seatChanges,
    coupons,
    promotionCodes,
    /** Plays the member paying on Stripe Checkout: the session gets an active subscription and a paid invoice. */
    completeCheckout(sessionId: string): {
      session: Record<string, unknown>;
      subscription: FakeSubscription;
      invoice: { id: string; amount_paid: number; total_discount_amounts: { amount: number; discount: string }[] };
    } {
      const session = sessions.get(sessionId);
      if (!session) throw new Error(`no checkout session ${sessionId}`);
      // Stripe's page for an expired or paid session takes no payment.
      if (session.status !== 'open') throw new Error(`checkout session ${sessionId} is ${session.status}`);
      // A promotion code at its cap, inactive or expired is refused on Stripe's page.
      const promotion = session.promotionCode ? promotionCodes.get(session.promotionCode) : undefined;
      if (promotion && (!promotion.active || (promotion.max_redemptions !== null && promotion.times_redeemed >= promotion.max_redemptions)))
        throw new Error(`promotion code ${promotion.code} cannot be redeemed`);
      session.status = 'complete';
      const subscription = newSubscription(
        session.customer,
        session.price,
        session.metadata,
        session.trialDays ? 'trialing' : 'active',
        session.quantity,
        session.trialDays,
      );
      session.subscription = subscription.id;
      const invoice = payFirstInvoice(subscription, session.price);
      if (session.trialDays) invoice.amount_paid = 0;
      let discount = 0;
      if (promotion) {
        promotion.times_redeemed += 1;
        const coupon = coupons.get(promotion.coupon)!;
        // A repeating coupon's discount ends its months after it starts; once and forever have no end.
        const start = Math.floor(Date.now() / 1000);
        const months = coupon.duration === 'repeating' ? (coupon.duration_in_months ?? 0) : 0;
        subscription.discounts.push({
          id: next('di'),
          object: 'discount',
          start,
          end: months ? Math.floor(new Date(start * 1000).setUTCMonth(new Date(start * 1000).getUTCMonth() + months) / 1000) : null,
          source: { type: 'coupon', coupon: coupon.id },
        });
        discount =
          coupon.percent_off !== null ? Math.round((invoice.amount_paid * coupon.percent_off) / 100) : Math.min(invoice.amount_paid, coupon.amount_off ?? 0);
        invoice.amount_paid -= discount;
      }
      return {
        session: { ...session, object: 'checkout.session', payment_status: 'paid', status: 'complete' },
        subscription,
        invoice: { ...invoice, total_discount_amounts: discount ? [{ amount: discount, discount: next('di') }] : [] },
      };
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** A Stripe-format event around `object`, as Stripe would POST it. */
export function stripeEvent(type: string, object: unknown, id = `evt_fake_${Math.random().toString(36).slice(2)}`) {
  return { id, object: 'event', type, api_version: '2026-10-28.endive', created: Math.floor(Date.now() / 1000), livemode: false, data: { object } };
}

/** The webhook secret the tests' servers are started with. */
export const FAKE_WEBHOOK_SECRET = 'whsec_test_fake_secret';
const signer = new Stripe('sk_test_unused');

/** Posts `event` to the app's webhook signed as Stripe signs it (with `secret`); the signature covers these very bytes. */
export function deliverStripeEvent(appUrl: string, event: ReturnType<typeof stripeEvent>, secret = FAKE_WEBHOOK_SECRET) {
  const payload = JSON.stringify(event);
  const signature = signer.webhooks.generateTestHeaderString({ payload, secret });
  return callApp(`${appUrl}${apiPaths.stripeWebhook}`, 'POST', {
    raw: payload,
    headers: { 'content-type': 'application/json', 'stripe-signature': signature },
  });
}
