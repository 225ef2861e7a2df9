import { and, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { billingCharges, memberships } from '../membership/schema';
import { registerAccount, type TestAccount } from '../../test/auth-client';
import { startTestApp, type TestApp } from '../../test/app';
import { isPremium, memberApi } from '../../test/payments';
import { type FakeSubscription, startFakeStripe, stripeEvent, deliverStripeEvent, FAKE_WEBHOOK_SECRET } from '../../test/fake-stripe';

vi.setConfig({ testTimeout: 60_000 });

let t: TestApp;
let fake: Awaited<ReturnType<typeof startFakeStripe>>;

beforeAll(async () => {
  fake = await startFakeStripe();
  t = await startTestApp({
    STRIPE_SECRET_KEY: 'sk_test_fake',
    STRIPE_PUBLISHABLE_KEY: 'pk_test_fake',
    STRIPE_WEBHOOK_SECRET: FAKE_WEBHOOK_SECRET,
    STRIPE_PRICE_MONTHLY: 'price_monthly_fake',
    STRIPE_PRICE_YEARLY: 'price_yearly_fake',
    STRIPE_PRICE_TEAM_MONTHLY: 'price_team_monthly_fake',
    STRIPE_PRICE_TEAM_YEARLY: 'price_team_yearly_fake',
    STRIPE_API_URL: fake.url,
    PUBLIC_URL: 'https://hub.example.org',
    RATE_LIMIT_REGISTER_PER_HOUR: '1000',
  });
});
afterAll(async () => {
  await t?.close();
  await fake?.close();
});

const deliver = (event: ReturnType<typeof stripeEvent>) => deliverStripeEvent(t.url, event);
const api = (a: TestAccount) => memberApi(t, a.cookie);
const paidEvent = (subscription: FakeSubscription, invoice: { id: string; amount_paid: number }) =>
  stripeEvent('invoice.paid', {
    id: invoice.id,
    object: 'invoice',
    currency: 'usd',
    amount_due: invoice.amount_paid,
    amount_paid: invoice.amount_paid,
    parent: { type: 'subscription_details', subscription_details: { subscription: subscription.id } },
  });

/** Buys at Stripe's Checkout (the fake plays the member paying) and delivers its events, each twice, the invoice first. */
async function buy(member: TestAccount, body: Record<string, unknown>) {
  const res = await api(member).post(body.seats ? '/api/team/checkout' : '/api/create-checkout-session', body);
  expect(res.status, JSON.stringify(res.json)).toBe(200);
  const { session, subscription, invoice } = fake.completeCheckout((res.json.url as string).split('/').pop()!);
  for (const event of [
    paidEvent(subscription, invoice),
    stripeEvent('checkout.session.completed', session),
    stripeEvent('customer.subscription.created', subscription),
  ]) {
    expect((await deliver(event)).status).toBe(200);
    expect((await deliver(event)).status).toBe(200);
  }
  return { subscription, invoice };
}

describe('team plans at Stripe (decision 055, against the fake Stripe)', () => {
  it('a team plan is a subscription of the team price with its seats as quantity; seat changes are prorated there, whatever order the events come in', async () => {
    const owner = await registerAccount(t.url, 'stripe-team-owner');
    const { subscription, invoice } = await buy(owner, { planType: 'monthly', seats: 3 });
    const call = fake.calls.find((c) => c.path === '/v1/checkout/sessions' && c.form.get('client_reference_id') === owner.user.id)!;
    expect(call.form.get('line_items[0][price]')).toBe('price_team_monthly_fake');
    expect(call.form.get('line_items[0][quantity]')).toBe('3');
    expect(invoice.amount_paid).toBe(4500);
    const team = (await api(owner).get('/api/team')).json.team;
    expect(team).toMatchObject({ seats: 3, plan: 'monthly', status: 'active' });
    expect(await isPremium(t, owner.user.id as string)).toBe(false);

    const preview = await api(owner).post('/api/team/seats/preview', { seats: 5 });
    expect(preview.status, JSON.stringify(preview.json)).toBe(200);
    expect(preview.json.amountDueCents).toBeGreaterThan(2900);
    expect(preview.json.amountDueCents).toBeLessThanOrEqual(3000);
    expect((await api(owner).post('/api/team/seats', { seats: 5 })).json.team.seats).toBe(5);
    expect(subscription.items.data[0]!.quantity).toBe(5);
    expect(fake.seatChanges.at(-1)).toMatchObject({ subscription: subscription.id, quantity: 5 });
    // An older "updated" event arriving late: the subscription is read again, so 5 stays.
    expect(
      (
        await deliver(
          stripeEvent('customer.subscription.updated', {
            ...subscription,
            items: { ...subscription.items, data: [{ ...subscription.items.data[0]!, quantity: 3 }] },
          }),
        )
      ).status,
    ).toBe(200);
    expect((await api(owner).get('/api/team')).json.team.seats).toBe(5);

    // The buyer takes a seat: a free one, while the team renews at 5 seats.
    expect((await api(owner).post('/api/team/own-seat', { take: true })).status).toBe(200);
    expect(await isPremium(t, owner.user.id as string)).toBe(true);
  });

  it('moving the buyer, who pays for themselves, to their own seat: Stripe cancels and refunds the unused part, never both billed', async () => {
    const owner = await registerAccount(t.url, 'stripe-team-mover');
    const own = await buy(owner, { planType: 'monthly' });
    await buy(owner, { planType: 'yearly', seats: 2 });
    const told = await api(owner).post('/api/team/own-seat', { take: true });
    expect(told.status).toBe(409);
    expect(told.json.errors.moveFromOwn).toMatch(/You already pay for your own membership/);
    expect((await api(owner).post('/api/team/own-seat', { take: true, moveFromOwn: true })).status).toBe(200);
    expect(own.subscription.status).toBe('canceled');
    const refund = fake.refunds.find((r) => r.payment_intent === fake.invoices.get(own.invoice.id)!.payment_intent)!;
    expect(refund.amount).toBeGreaterThan(1850);
    expect(refund.amount).toBeLessThanOrEqual(1900);
    const ownRows = await t.ctx.db
      .select()
      .from(memberships)
      .where(and(eq(memberships.userId, owner.user.id as string), isNull(memberships.seats)));
    expect(ownRows.map((row) => row.status)).toEqual(['canceled']);
    const [charge] = await t.ctx.db.select().from(billingCharges).where(eq(billingCharges.id, own.invoice.id));
    expect(charge!.refundedCents).toBe(refund.amount);
    expect(await isPremium(t, owner.user.id as string)).toBe(true);
  });
});
