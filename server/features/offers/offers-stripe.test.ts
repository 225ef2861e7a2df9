import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { billingCharges } from '../membership/schema';
import { offers } from './schema';
import { registerAccount, type TestAccount } from '../../test/auth-client';
import { adminAccount } from '../../test/identities';
import { startTestApp, type TestApp } from '../../test/app';
import { isPremium, memberApi } from '../../test/payments';
import { startFakeStripe, stripeEvent, deliverStripeEvent, FAKE_WEBHOOK_SECRET } from '../../test/fake-stripe';

vi.setConfig({ testTimeout: 60_000 });

let t: TestApp;
let fake: Awaited<ReturnType<typeof startFakeStripe>>;
let admin: TestAccount;

beforeAll(async () => {
  fake = await startFakeStripe();
  t = await startTestApp({
    STRIPE_SECRET_KEY: 'sk_test_fake',
    STRIPE_PUBLISHABLE_KEY: 'pk_test_fake',
    STRIPE_WEBHOOK_SECRET: FAKE_WEBHOOK_SECRET,
    STRIPE_PRICE_MONTHLY: 'price_monthly_fake',
    STRIPE_PRICE_YEARLY: 'price_yearly_fake',
    STRIPE_API_URL: fake.url,
    PUBLIC_URL: 'https://hub.example.org',
    RATE_LIMIT_REGISTER_PER_HOUR: '1000',
  });
  admin = await adminAccount(t, 'stripe-offers-admin');
});
afterAll(async () => {
  await t?.close();
  await fake?.close();
});

const asAdmin = (method: string, path: string, body?: unknown) => memberApi(t, admin.cookie).call(method, path, body);
const deliver = (event: ReturnType<typeof stripeEvent>) => deliverStripeEvent(t.url, event);
const code = (label: string) => `${label}-${Date.now().toString(36)}`;

describe('offers at Stripe (decision 054, against the fake Stripe)', () => {
  it('an offer becomes a coupon and a promotion code with its cap and end; a trial needs neither; archiving deactivates the code', async () => {
    const endsAt = new Date(Date.now() + 30 * 86_400_000).toISOString();
    const created = await asAdmin('POST', '/api/admin/offers', {
      code: code('spring'),
      label: 'Spring offer',
      kind: 'percent',
      percentOff: 50,
      duration: 'repeating',
      durationMonths: 3,
      appliesTo: 'both',
      maxRedemptions: 2,
      endsAt,
    });
    expect(created.status).toBe(201);
    const coupon = fake.coupons.get(created.json.providerCouponId)!;
    expect(coupon).toMatchObject({ percent_off: 50, duration: 'repeating', duration_in_months: 3 });
    const promotion = fake.promotionCodes.get(created.json.providerPromotionCodeId)!;
    expect(promotion).toMatchObject({
      code: created.json.code,
      coupon: coupon.id,
      max_redemptions: 2,
      expires_at: Math.floor(Date.parse(endsAt) / 1000),
      active: true,
    });

    const trial = await asAdmin('POST', '/api/admin/offers', { code: code('try'), label: 'Try it', kind: 'trial', trialDays: 14, appliesTo: 'monthly' });
    expect(trial.status).toBe(201);
    expect(trial.json).toMatchObject({ providerCouponId: null, providerPromotionCodeId: null });

    expect((await asAdmin('PATCH', `/api/admin/offers/${created.json.id}/archive`)).status).toBe(200);
    expect(promotion.active).toBe(false);
  });

  it('a checkout with an offer carries its promotion code; the paid subscription redeems it once, and its discount is its cost, whatever the order and repeats of the events', async () => {
    const offer = (
      await asAdmin('POST', '/api/admin/offers', {
        code: code('half'),
        label: 'Half off',
        kind: 'percent',
        percentOff: 50,
        duration: 'once',
        appliesTo: 'monthly',
      })
    ).json;
    const member = await registerAccount(t.url, 'stripe-offer-member');
    const res = await memberApi(t, member.cookie).post('/api/create-checkout-session', { planType: 'monthly', offer: offer.code });
    expect(res.status).toBe(200);
    const sessionId = (res.json.url as string).split('/').pop()!;
    const call = fake.calls.find((c) => c.path === '/v1/checkout/sessions' && c.form.get('client_reference_id') === member.user.id)!;
    expect(call.form.get('discounts[0][promotion_code]')).toBe(offer.providerPromotionCodeId);
    expect(call.form.get('subscription_data[metadata][offerId]')).toBe(offer.id);

    const { session, subscription, invoice } = fake.completeCheckout(sessionId);
    expect(invoice.amount_paid).toBe(950);
    const paid = stripeEvent('invoice.paid', {
      id: invoice.id,
      object: 'invoice',
      currency: 'usd',
      amount_due: 950,
      amount_paid: 950,
      total_discount_amounts: invoice.total_discount_amounts,
      parent: { type: 'subscription_details', subscription_details: { subscription: subscription.id } },
    });
    // The invoice first, then the rest, each twice.
    for (const event of [paid, stripeEvent('checkout.session.completed', session), stripeEvent('customer.subscription.created', subscription)]) {
      expect((await deliver(event)).status).toBe(200);
      expect((await deliver(event)).status).toBe(200);
    }
    expect(await isPremium(t, member.user.id as string)).toBe(true);
    const [row] = await t.ctx.db.select().from(offers).where(eq(offers.id, offer.id));
    expect(row!.redeemed).toBe(1);
    const charges = await t.ctx.db
      .select()
      .from(billingCharges)
      .where(eq(billingCharges.userId, member.user.id as string));
    expect(charges.map((c) => [c.amountCents, c.discountCents, c.offerId])).toEqual([[950, 950, offer.id]]);
  });

  it("/account names the offer, its price and Stripe's end of its discount; the receipt names it too", async () => {
    const offer = (
      await asAdmin('POST', '/api/admin/offers', {
        code: code('winter'),
        label: 'Winter 25',
        kind: 'percent',
        percentOff: 25,
        duration: 'repeating',
        durationMonths: 3,
        appliesTo: 'both',
      })
    ).json;
    const member = await registerAccount(t.url, 'stripe-offer-shown');
    const res = await memberApi(t, member.cookie).post('/api/create-checkout-session', { planType: 'monthly', offer: offer.code });
    const { subscription, invoice } = fake.completeCheckout((res.json.url as string).split('/').pop()!);
    expect(invoice.amount_paid).toBe(1425);
    const paid = stripeEvent('invoice.paid', {
      id: invoice.id,
      object: 'invoice',
      currency: 'usd',
      amount_due: 1425,
      amount_paid: 1425,
      total_discount_amounts: invoice.total_discount_amounts,
      parent: { type: 'subscription_details', subscription_details: { subscription: subscription.id } },
    });
    expect((await deliver(stripeEvent('customer.subscription.created', subscription))).status).toBe(200);
    expect((await deliver(paid)).status).toBe(200);
    const endsAt = new Date(subscription.discounts[0]!.end! * 1000).toISOString();
    const view = (await memberApi(t, member.cookie).get('/api/billing/subscription')).json;
    expect(view.offer).toEqual({ label: 'Winter 25', amountCents: 1425, terms: '25% off for 3 months', endsAt });
    const [listed] = (await memberApi(t, member.cookie).get('/api/billing/receipts')).json.receipts;
    const receipt = (await memberApi(t, member.cookie).get(`/api/billing/receipts/${listed.id}`)).json.receipt;
    expect(receipt.offer).toEqual({ label: 'Winter 25', discountCents: 475, terms: '25% off for 3 months', endsAt });
  });

  it('in a trial, a plan switch is allowed: nothing is due, the trial keeps its end, Stripe is asked for no proration', async () => {
    const offer = (await asAdmin('POST', '/api/admin/offers', { code: code('trial-sw'), label: 'Trial', kind: 'trial', trialDays: 14, appliesTo: 'both' }))
      .json;
    const member = await registerAccount(t.url, 'stripe-trial-switch');
    const res = await memberApi(t, member.cookie).post('/api/create-checkout-session', { planType: 'monthly', offer: offer.code });
    const { subscription } = fake.completeCheckout((res.json.url as string).split('/').pop()!);
    expect((await deliver(stripeEvent('customer.subscription.created', subscription))).status).toBe(200);
    const trialEnd = new Date(subscription.trial_end! * 1000).toISOString();
    const preview = await memberApi(t, member.cookie).post('/api/billing/change-plan/preview', { planType: 'yearly' });
    expect(preview.status, JSON.stringify(preview.json)).toBe(200);
    expect(preview.json).toMatchObject({ amountDueCents: 0, creditCents: 0, renewsAt: trialEnd, renewalAmountCents: 19000 });
    const changed = await memberApi(t, member.cookie).post('/api/billing/change-plan', { planType: 'yearly' });
    expect(changed.status, JSON.stringify(changed.json)).toBe(200);
    expect(changed.json.subscription).toMatchObject({ plan: 'yearly', status: 'trialing', currentPeriodEnd: trialEnd });
    const update = fake.calls.find((c) => c.method === 'POST' && c.path === `/v1/subscriptions/${subscription.id}` && c.form.has('items[0][price]'))!;
    expect(update.form.get('proration_behavior')).toBe('none');
    expect(fake.calls.some((c) => c.path === '/v1/invoices/create_preview' && c.form.get('subscription') === subscription.id)).toBe(false);
  });

  it('a trial offer asks Stripe for the trial on the checkout', async () => {
    const offer = (await asAdmin('POST', '/api/admin/offers', { code: code('trial'), label: 'Trial', kind: 'trial', trialDays: 21, appliesTo: 'both' })).json;
    const member = await registerAccount(t.url, 'stripe-offer-trial');
    expect((await memberApi(t, member.cookie).post('/api/create-checkout-session', { planType: 'yearly', offer: offer.code })).status).toBe(200);
    const call = fake.calls.find((c) => c.path === '/v1/checkout/sessions' && c.form.get('client_reference_id') === member.user.id)!;
    expect(call.form.get('subscription_data[trial_period_days]')).toBe('21');
    expect(call.form.get('discounts[0][promotion_code]')).toBeNull();
  });
});
