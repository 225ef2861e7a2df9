import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { apiPaths } from '#shared/api/paths';
import { users } from '../../db/schema';
import { billingCharges, billingCustomers, memberships } from './schema';
import { EnvError, loadEnv } from '../../env';
import { registerAccount, type TestAccount } from '../../test/auth-client';
import { startTestApp, startTestAppWithMail, type TestAppWithMail } from '../../test/app';
import { callApp } from '../../test/call-app';
import type { SmtpCapture } from '../../test/smtp';
import { type FakeSubscription, startFakeStripe, stripeEvent, deliverStripeEvent, FAKE_WEBHOOK_SECRET } from '../../test/fake-stripe';
import { isPremium, memberApi, membershipsOf } from '../../test/payments';
import { runMembershipCheck } from './membership-check';

vi.setConfig({ testTimeout: 60_000 });

const PRICES = { monthly: 'price_monthly_fake', yearly: 'price_yearly_fake' };
const stripeSettings = (apiUrl: string) => ({
  STRIPE_SECRET_KEY: 'sk_test_fake',
  STRIPE_PUBLISHABLE_KEY: 'pk_test_fake',
  STRIPE_WEBHOOK_SECRET: FAKE_WEBHOOK_SECRET,
  STRIPE_PRICE_MONTHLY: PRICES.monthly,
  STRIPE_PRICE_YEARLY: PRICES.yearly,
  STRIPE_API_URL: apiUrl,
});

let t: TestAppWithMail;
let fake: Awaited<ReturnType<typeof startFakeStripe>>;
let smtp: SmtpCapture;

beforeAll(async () => {
  fake = await startFakeStripe();
  t = await startTestAppWithMail({ ...stripeSettings(fake.url), PUBLIC_URL: 'https://hub.example.org' });
  smtp = t.smtp;
});
afterAll(async () => {
  await t.close();
  await fake.close();
});

const idOf = (a: TestAccount) => a.user.id as string;

const deliver = (event: ReturnType<typeof stripeEvent>, secret?: string) => deliverStripeEvent(t.url, event, secret);

const invoice = (sub: FakeSubscription, amount: number, paid: boolean) => ({
  id: `in_fake_${Math.random().toString(36).slice(2)}`,
  object: 'invoice',
  currency: 'usd',
  amount_due: amount,
  amount_paid: paid ? amount : 0,
  parent: { type: 'subscription_details', subscription_details: { subscription: sub.id } },
});

/** Checkout through Stripe as far as Stripe's side goes: the session, the payment, the events. */
async function subscribeThroughCheckout(account: TestAccount, plan: 'monthly' | 'yearly' = 'monthly') {
  const res = await memberApi(t, account.cookie).post('/api/create-checkout-session', { planType: plan, userId: 'ignored' });
  expect(res.status).toBe(200);
  const { url } = res.json;
  const sessionId = url.split('/').pop()!;
  const { session, subscription } = fake.completeCheckout(sessionId);
  const events = [
    stripeEvent('checkout.session.completed', session),
    stripeEvent('customer.subscription.created', subscription),
    stripeEvent('invoice.paid', invoice(subscription, plan === 'yearly' ? 19000 : 1900, true)),
  ];
  for (const event of events) expect((await deliver(event)).status).toBe(200);
  return { sessionId, subscription, events };
}

describe('Stripe Checkout and webhooks (against the fake Stripe)', () => {
  it('creates a subscription-mode Checkout session for the session’s member with the plan’s price, reusing one customer', async () => {
    const account = await registerAccount(t.url, 'stripe-checkout');
    const api = memberApi(t, account.cookie);
    const first = (await api.post('/api/create-checkout-session', { plan: 'annual', userId: 'someone-else' })).json;
    expect(first.url).toMatch(/^https:\/\/checkout\.stripe\.test\/c\/pay\/cs_fake_/);
    const session = fake.sessions.get(first.url.split('/').pop())!;
    expect(session).toMatchObject({ client_reference_id: idOf(account), price: PRICES.yearly, metadata: { userId: idOf(account), plan: 'yearly' } });
    const call = fake.calls.find((c) => c.path === '/v1/checkout/sessions' && c.form.get('client_reference_id') === idOf(account))!;
    expect(call.form.get('mode')).toBe('subscription');
    expect(call.form.get('success_url')).toBe('https://hub.example.org/premium-welcome');
    expect(call.form.get('cancel_url')).toBe('https://hub.example.org/pricing');
    // Open checkouts expire after a day, as the local provider's do.
    expect(Number(call.form.get('expires_at')) - Date.now() / 1000).toBeGreaterThan(23.9 * 3600);
    expect(Number(call.form.get('expires_at')) - Date.now() / 1000).toBeLessThanOrEqual(24 * 3600);

    const second = (await api.post('/api/create-checkout-session', { planType: 'monthly' })).json;
    expect(fake.sessions.get(second.url.split('/').pop())!.customer).toBe(session.customer);
    expect(fake.calls.filter((c) => c.path === '/v1/customers' && c.form.get('metadata[userId]') === idOf(account))).toHaveLength(1);
  });

  it('a paid checkout makes the member premium once, however often Stripe delivers the events', async () => {
    const account = await registerAccount(t.url, 'stripe-paid');
    expect(await isPremium(t, idOf(account))).toBe(false);
    const { events } = await subscribeThroughCheckout(account);
    expect(await isPremium(t, idOf(account))).toBe(true);
    expect((await membershipsOf(t, idOf(account)))[0]).toMatchObject({ provider: 'stripe', plan: 'monthly', status: 'active' });

    for (const event of events) expect((await deliver(event)).json).toMatchObject({ outcome: 'duplicate' });
    await smtp.waitFor(account.email, /receipt: \$19$/);
    expect(smtp.find(account.email, /Slack invitation/)).toHaveLength(1);
    expect(smtp.find(account.email, /receipt/)).toHaveLength(1);

    const again = await memberApi(t, account.cookie).post('/api/create-checkout-session', { planType: 'monthly' });
    expect(again.status).toBe(409);
    expect((await memberApi(t, account.cookie).post('/api/create-subscription', {})).json).toEqual({
      message: 'You already have an active premium subscription!',
    });
  });

  it('many Checkout sessions opened at once (tabs, clicks): only the newest stays open, so paying them all charges once', async () => {
    const account = await registerAccount(t.url, 'stripe-clicks');
    const api = memberApi(t, account.cookie);
    const answers = await Promise.all(
      ['monthly', 'yearly', 'monthly', 'yearly', 'monthly'].map((plan) => api.post('/api/create-checkout-session', { planType: plan })),
    );
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200, 200]);
    const ids = [...new Set(answers.map((a) => (a.json.url as string).split('/').pop()!))];
    const customer = fake.sessions.get(ids[0]!)!.customer;
    const open = [...fake.sessions.values()].filter((session) => session.customer === customer && session.status === 'open');
    expect(open).toHaveLength(1);
    // A tab that lost the race to a session already open is sent to that one.
    expect(ids).toContain(open[0]!.id);

    // The member pays every tab: Stripe's page takes the payment on the open session only.
    const paid = ids.flatMap((id) => {
      try {
        return [fake.completeCheckout(id)];
      } catch {
        return [];
      }
    });
    expect(paid).toHaveLength(1);
    const { session, subscription, invoice: inv } = paid[0]!;
    const events = [
      stripeEvent('checkout.session.completed', session),
      stripeEvent('customer.subscription.created', subscription),
      stripeEvent('invoice.paid', { ...invoice(subscription, inv.amount_paid, true), id: inv.id }),
    ];
    expect((await Promise.all(events.map((event) => deliver(event)))).map((a) => a.status)).toEqual([200, 200, 200]);
    expect((await membershipsOf(t, idOf(account))).map((row) => row.status)).toEqual(['active']);
    expect(
      await t.ctx.db
        .select()
        .from(billingCharges)
        .where(eq(billingCharges.userId, idOf(account))),
    ).toHaveLength(1);
    expect(fake.refunds.filter((r) => r.payment_intent === fake.invoices.get(inv.id)!.payment_intent)).toEqual([]);
  });

  it('two Checkout sessions both paid (the first paid before its webhook arrived): one membership; the second is cancelled and refunded, the member and the admins told', async () => {
    const admin = await registerAccount(t.url, 'stripe-dup-admin');
    await t.ctx.db
      .update(users)
      .set({ isAdmin: true })
      .where(eq(users.id, idOf(admin)));
    const account = await registerAccount(t.url, 'stripe-dup');
    const api = memberApi(t, account.cookie);
    // Tab one is paid on Stripe; its events are late, so the site still lets tab two open a session, which is paid too.
    const paid = [];
    for (const plan of ['monthly', 'yearly']) {
      const { url } = (await api.post('/api/create-checkout-session', { planType: plan })).json;
      paid.push(fake.completeCheckout((url as string).split('/').pop()!));
    }
    const events = paid.flatMap(({ session, subscription, invoice: inv }) => [
      stripeEvent('checkout.session.completed', session),
      stripeEvent('customer.subscription.created', subscription),
      stripeEvent('invoice.paid', { ...invoice(subscription, inv.amount_paid, true), id: inv.id }),
    ]);
    // Delivered at the same moment, as Stripe may.
    const answers = await Promise.all(events.map((event) => deliver(event)));
    expect(answers.map((a) => a.status)).toEqual(events.map(() => 200));

    const rows = await membershipsOf(t, idOf(account));
    expect(rows.filter((r) => r.status === 'active')).toHaveLength(1);
    const duplicate = rows.find((r) => r.status === 'duplicate')!;
    expect(duplicate.resolvedAt).not.toBeNull();
    expect(fake.subscriptions.get(duplicate.providerSubscriptionId)!.status).toBe('canceled');
    const kept = rows.find((r) => r.status === 'active')!;
    expect(fake.subscriptions.get(kept.providerSubscriptionId)!.status).toBe('active');
    const refundedInvoice = paid.find((p) => p.subscription.id === duplicate.providerSubscriptionId)!.invoice;
    expect(
      fake.refunds.filter(
        (r) =>
          r.amount === refundedInvoice.amount_paid &&
          [...fake.invoices.values()].find((i) => i.payment_intent === r.payment_intent)?.subscription === duplicate.providerSubscriptionId,
      ),
    ).toHaveLength(1);
    expect(await isPremium(t, idOf(account))).toBe(true);

    const told = await smtp.waitFor(account.email, /refunded a duplicate charge/);
    expect(told.text).toContain(refundedInvoice.amount_paid === 19000 ? '$190' : '$19');
    await smtp.waitFor(admin.email, /Duplicate subscription refunded/);
    // One welcome, for the membership that was kept.
    expect(smtp.find(account.email, /Slack invitation/)).toHaveLength(1);
    const charges = await t.ctx.db
      .select()
      .from(billingCharges)
      .where(eq(billingCharges.userId, idOf(account)));
    expect(charges).toHaveLength(2);
    expect(charges.filter((c) => c.refundedAt !== null).map((c) => c.providerSubscriptionId)).toEqual([duplicate.providerSubscriptionId]);
  });

  it('switches Monthly to Yearly through Stripe: the prorated amount previewed, then charged once', async () => {
    const account = await registerAccount(t.url, 'stripe-switch');
    const { subscription } = await subscribeThroughCheckout(account, 'monthly');
    const api = memberApi(t, account.cookie);
    const preview = (await api.post('/api/billing/change-plan/preview', { planType: 'yearly' })).json;
    expect(preview.amountDueCents).toBeGreaterThanOrEqual(17100);
    expect(preview.amountDueCents).toBeLessThanOrEqual(17110);
    const changed = (await api.post('/api/billing/change-plan', { planType: 'annual' })).json;
    expect(changed.subscription).toMatchObject({ plan: 'yearly', status: 'active' });
    expect(fake.planSwitches.filter((s) => s.subscription === subscription.id)).toEqual([expect.objectContaining({ price: PRICES.yearly })]);
    const update = fake.calls.find((c) => c.method === 'POST' && c.path === `/v1/subscriptions/${subscription.id}` && c.form.has('items[0][price]'))!;
    expect(update.form.get('proration_behavior')).toBe('always_invoice');
  });

  it('refuses events signed with another secret or unsigned: 400, nothing applied', async () => {
    const account = await registerAccount(t.url, 'stripe-forged');
    const res = await memberApi(t, account.cookie).post('/api/create-checkout-session', { planType: 'monthly' });
    const { session, subscription } = fake.completeCheckout(res.json.url.split('/').pop());
    const forged = await deliver(stripeEvent('checkout.session.completed', session), 'whsec_attacker');
    expect(forged.status).toBe(400);
    const unsigned = await callApp(`${t.url}${apiPaths.stripeWebhook}`, 'POST', { body: stripeEvent('customer.subscription.created', subscription) });
    expect(unsigned.status).toBe(400);
    expect(await isPremium(t, idOf(account))).toBe(false);
    expect(await membershipsOf(t, idOf(account))).toEqual([]);
  });

  it('cancel at period end keeps premium until Stripe ends the subscription; a late "updated" event cannot bring it back', async () => {
    const account = await registerAccount(t.url, 'stripe-cancel');
    const { subscription } = await subscribeThroughCheckout(account, 'yearly');
    const snapshot = structuredClone(subscription);

    const res = await memberApi(t, account.cookie).post('/api/billing/cancel');
    expect(res.status).toBe(200);
    expect(res.json.subscription).toMatchObject({ cancelAtPeriodEnd: true, status: 'active' });
    expect(fake.subscriptions.get(subscription.id)!.cancel_at_period_end).toBe(true);
    expect(await isPremium(t, idOf(account))).toBe(true);
    const mail = await smtp.waitFor(account.email, /membership ends on/);
    expect(mail.text).toContain('You keep everything premium until');
    // Stripe's own "updated" event for the cancellation changes nothing more and sends nothing more.
    await deliver(stripeEvent('customer.subscription.updated', fake.subscriptions.get(subscription.id)));
    expect(smtp.find(account.email, /membership ends on/)).toHaveLength(1);

    // The period ends: Stripe deletes the subscription.
    fake.subscriptions.get(subscription.id)!.status = 'canceled';
    await deliver(stripeEvent('customer.subscription.deleted', fake.subscriptions.get(subscription.id)));
    expect(await isPremium(t, idOf(account))).toBe(false);
    await deliver(stripeEvent('customer.subscription.updated', snapshot));
    expect(await isPremium(t, idOf(account))).toBe(false);
  });

  it('a membership the team ended at period end stays ended when the member renews it in Stripe’s portal', async () => {
    const admin = await registerAccount(t.url, 'stripe-team-admin');
    await t.ctx.db
      .update(users)
      .set({ isAdmin: true })
      .where(eq(users.id, idOf(admin)));
    const account = await registerAccount(t.url, 'stripe-team-ended');
    const { subscription } = await subscribeThroughCheckout(account, 'yearly');
    const ended = await memberApi(t, admin.cookie).call('PATCH', `/api/admin/users/${idOf(account)}/premium`, {
      isPremium: false,
      endSubscription: 'period_end',
    });
    expect(ended.status).toBe(200);
    expect(fake.subscriptions.get(subscription.id)!.cancel_at_period_end).toBe(true);
    await smtp.waitFor(account.email, /Your premium membership ends on/);

    // "Renew plan" in the Customer Portal: Stripe clears the cancellation and tells us.
    fake.subscriptions.get(subscription.id)!.cancel_at_period_end = false;
    expect((await deliver(stripeEvent('customer.subscription.updated', fake.subscriptions.get(subscription.id)))).status).toBe(200);
    expect(fake.subscriptions.get(subscription.id)!.cancel_at_period_end).toBe(true);
    expect(await membershipsOf(t, idOf(account))).toEqual([expect.objectContaining({ status: 'active', cancelAtPeriodEnd: true })]);
    await t.ctx.mailQueue.idle();
    expect(smtp.find(account.email, /will continue/)).toEqual([]);
    expect(smtp.find(account.email, /membership ends on/)).toHaveLength(1);

    // Stripe out of reach when that event came: the renewal stood, and the membership check ends it again.
    fake.subscriptions.get(subscription.id)!.cancel_at_period_end = false;
    await t.ctx.db.update(memberships).set({ cancelAtPeriodEnd: false }).where(eq(memberships.providerSubscriptionId, subscription.id));
    await runMembershipCheck(t.ctx, t.app.log);
    expect(fake.subscriptions.get(subscription.id)!.cancel_at_period_end).toBe(true);
    expect(await membershipsOf(t, idOf(account))).toEqual([expect.objectContaining({ status: 'active', cancelAtPeriodEnd: true })]);
  });

  it('a failed renewal marks past due (still premium, card-fix email); premium ends when Stripe gives up', async () => {
    const account = await registerAccount(t.url, 'stripe-failed');
    const { subscription } = await subscribeThroughCheckout(account);
    const live = fake.subscriptions.get(subscription.id)!;
    live.status = 'past_due';
    await deliver(stripeEvent('invoice.payment_failed', invoice(live, 1900, false)));
    expect((await membershipsOf(t, idOf(account)))[0]!.status).toBe('past_due');
    expect(await isPremium(t, idOf(account))).toBe(true);
    expect((await smtp.waitFor(account.email, /payment failed/)).text).toContain('https://hub.example.org/account');

    live.status = 'canceled';
    await deliver(stripeEvent('customer.subscription.deleted', live));
    expect(await isPremium(t, idOf(account))).toBe(false);
  });

  it('opens the Customer Portal for the member’s customer', async () => {
    const account = await registerAccount(t.url, 'stripe-portal');
    const api = memberApi(t, account.cookie);
    expect((await api.post('/api/billing/portal')).status).toBe(404);
    await subscribeThroughCheckout(account);
    const res = await api.post('/api/billing/portal');
    expect(res.status).toBe(200);
    expect(res.json.url).toMatch(/^https:\/\/billing\.stripe\.test\/p\/session\//);
    const call = fake.calls.filter((c) => c.path === '/v1/billing_portal/sessions').pop()!;
    expect(call.form.get('return_url')).toBe('https://hub.example.org/account');
  });

  it('create-subscription answers the first invoice’s client secret for Stripe Elements', async () => {
    const account = await registerAccount(t.url, 'stripe-elements');
    const res = await memberApi(t, account.cookie).post('/api/create-subscription', { planType: 'monthly' });
    expect(res.status).toBe(200);
    expect(res.json.clientSecret).toMatch(/^pi_fake_\d+_secret_/);
    const call = fake.calls.filter((c) => c.path === '/v1/subscriptions' && c.method === 'POST').pop()!;
    expect(call.form.get('payment_behavior')).toBe('default_incomplete');
    expect(call.form.get('items[0][price]')).toBe(PRICES.monthly);
    expect(call.form.get('metadata[userId]')).toBe(idOf(account));
    // Not premium until Stripe confirms the payment.
    expect(await isPremium(t, idOf(account))).toBe(false);
  });

  it('deleting the account cancels the Stripe subscription first', async () => {
    const account = await registerAccount(t.url, 'stripe-delete');
    const { subscription } = await subscribeThroughCheckout(account);
    const res = await memberApi(t, account.cookie).call('DELETE', '/api/account', { confirmEmail: account.email });
    expect(res.status).toBe(200);
    expect(fake.subscriptions.get(subscription.id)!.status).toBe('canceled');
    expect(fake.calls.some((c) => c.method === 'DELETE' && c.path === `/v1/subscriptions/${subscription.id}`)).toBe(true);
  });

  it('loads Stripe.js only on /subscribe: the CSP allows js.stripe.com there and nowhere else', async () => {
    const subscribe = (await callApp(`${t.url}/subscribe`)).headers.get('content-security-policy')!;
    expect(subscribe).toMatch(/script-src 'self' https:\/\/js\.stripe\.com/);
    expect(subscribe).toMatch(/frame-src 'self' https:\/\/js\.stripe\.com https:\/\/hooks\.stripe\.com/);
    expect(subscribe).toMatch(/connect-src 'self' https:\/\/api\.stripe\.com/);
    for (const path of ['/', '/pricing', '/premium-signup', '/account']) {
      expect((await callApp(`${t.url}${path}`)).headers.get('content-security-policy'), path).not.toContain('stripe');
    }
    expect((await callApp(`${t.url}/api/config`)).json).toMatchObject({ billing: { provider: 'stripe', publishableKey: 'pk_test_fake' } });
  });
});

describe('Stripe unreachable', () => {
  it('answers a clear 502 and writes nothing', async () => {
    const down = await startTestApp({ ...stripeSettings('http://127.0.0.1:9'), RATE_LIMIT_REGISTER_PER_HOUR: '1000' });
    try {
      const account = await registerAccount(down.url, 'stripe-down');
      const res = await memberApi(down, account.cookie).post('/api/create-checkout-session', { planType: 'monthly' });
      expect(res.status).toBe(502);
      expect(res.json.message).toMatch(/^Failed to create checkout session: the payment provider could not be reached/);
      expect(
        await down.ctx.db
          .select()
          .from(billingCustomers)
          .where(eq(billingCustomers.userId, idOf(account))),
      ).toEqual([]);
      expect(await membershipsOf(down, idOf(account))).toEqual([]);

      // An admin ending a paid membership while Stripe is down: 502, and the membership as it was.
      const admin = await registerAccount(down.url, 'stripe-down-admin');
      await down.ctx.db
        .update(users)
        .set({ isAdmin: true })
        .where(eq(users.id, idOf(admin)));
      await down.ctx.db.insert(memberships).values({
        userId: idOf(account),
        provider: 'stripe',
        providerSubscriptionId: `sub_down_${idOf(account)}`,
        plan: 'yearly',
        status: 'active',
        currentPeriodEnd: new Date(Date.now() + 86_400_000),
      });
      const revoke = await memberApi(down, admin.cookie).call('PATCH', `/api/admin/users/${idOf(account)}/premium`, {
        isPremium: false,
        endSubscription: 'period_end',
      });
      expect(revoke.status).toBe(502);
      expect(revoke.json.message).toBe('The payment provider could not be reached, so nothing was changed. Please try again.');
      expect(await membershipsOf(down, idOf(account))).toEqual([expect.objectContaining({ status: 'active', cancelAtPeriodEnd: false, endedByAdminAt: null })]);
      // Deleting the member then would leave Stripe billing nobody: 502 and nothing deleted.
      const deletion = await memberApi(down, admin.cookie).call('DELETE', `/api/admin/users/${idOf(account)}`);
      expect(deletion.status).toBe(502);
      expect(deletion.json.message).toMatch(
        /^The subscription could not be cancelled because the payment provider could not be reached, so nothing was deleted/,
      );
      expect(
        await down.ctx.db
          .select({ id: users.id })
          .from(users)
          .where(eq(users.id, idOf(account))),
      ).toHaveLength(1);
    } finally {
      await down.close();
    }
  });
});

describe('Stripe settings', () => {
  it('come as a set: a secret key without the webhook secret and prices stops the server naming them', () => {
    expect(() => loadEnv({ STRIPE_SECRET_KEY: 'sk_test_x' })).toThrow(EnvError);
    expect(() => loadEnv({ STRIPE_SECRET_KEY: 'sk_test_x' })).toThrow(/STRIPE_WEBHOOK_SECRET is required when STRIPE_SECRET_KEY is set/);
    expect(() => loadEnv({ ...stripeSettings('http://x.test'), STRIPE_PRICE_YEARLY: 'yearly' })).toThrow(/STRIPE_PRICE_YEARLY/);
    expect(loadEnv({}).STRIPE_SECRET_KEY).toBeUndefined();
  });
});
