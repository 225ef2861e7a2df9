import { asc, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { apiPaths } from '#shared/api/paths';
import { webhookEvents } from './schema';
import { localBillingEvents, localBillingSubscriptions } from '../../payment-providers/schema';
import { registerAccount, type TestAccount } from '../../test/auth-client';
import { scratchPostgres, startTestAppWithMail, type TestAppWithMail } from '../../test/app';
import { callApp } from '../../test/call-app';
import type { SmtpCapture } from '../../test/smtp';
import { localProvider } from '../../payment-providers/choose-provider';
import { signPayload } from '../../payment-providers/local-provider';
import { declinedCard, goodCard, isPremium, memberApi, premiumSignupEvents, renewalFailsCard, membershipsOf } from '../../test/payments';

// Accounts cost an OWASP-strength password hash each.
vi.setConfig({ testTimeout: 60_000 });

let t: TestAppWithMail;
let smtp: SmtpCapture;
// On PostgreSQL, a database of its own: these tests hold payment events back on purpose, and
// another file's local provider, sharing the events table, would deliver them meanwhile.
let scratch: Awaited<ReturnType<typeof scratchPostgres>> | undefined;
const SLACK = 'https://join.slack.com/t/test-hub/shared_invite/abc123';
beforeAll(async () => {
  scratch = process.env.TEST_DB === 'postgres' ? await scratchPostgres() : undefined;
  t = await startTestAppWithMail({ PUBLIC_URL: 'https://hub.example.org', SLACK_INVITE_URL: SLACK }, scratch ? { databaseUrl: scratch.url } : {});
  smtp = t.smtp;
});
afterAll(async () => {
  await t?.close();
  await scratch?.drop();
});

const member = (label: string) => registerAccount(t.url, label);
const idOf = (account: TestAccount) => account.user.id as string;
const checkoutIdOf = (url: string) => url.split('/').pop()!;

/** Pays for `plan` through the local checkout as `account`; returns the pay response. */
async function buy(account: TestAccount, plan = 'monthly', card = goodCard) {
  const api = memberApi(t, account.cookie);
  const res = await api.post('/api/create-checkout-session', { planType: plan });
  expect(res.status).toBe(200);
  const { url } = res.json;
  return api.post(`/api/billing/local/checkouts/${checkoutIdOf(url)}/pay`, card);
}

const advance = (by: string) => callApp(`${t.url}/api/billing/local/clock`, 'POST', { body: { advance: by } });

describe('create-checkout-session', () => {
  it('needs a signed-in member', async () => {
    const res = await callApp(`${t.url}/api/create-checkout-session`, 'POST', { body: { planType: 'monthly' } });
    expect(res.status).toBe(401);
  });

  it('accepts planType or plan, with annual meaning yearly, and answers the local checkout url', async () => {
    const account = await member('variants');
    const api = memberApi(t, account.cookie);
    for (const [body, plan] of [
      [{ planType: 'monthly' }, 'monthly'],
      [{ planType: 'yearly' }, 'yearly'],
      [{ plan: 'annual', userId: 'someone-else' }, 'yearly'],
      [{ plan: 'monthly' }, 'monthly'],
    ] as const) {
      const res = await api.post('/api/create-checkout-session', body);
      expect(res.status).toBe(200);
      const { url } = res.json;
      // Relative: the visitor stays on the address they use, whatever PUBLIC_URL says.
      expect(url).toMatch(/^\/checkout\/local\/cs_local_/);
      const checkout = (await api.get(`/api/billing/local/checkouts/${checkoutIdOf(url)}`)).json;
      expect(checkout).toMatchObject({ plan, status: 'open', amountCents: plan === 'yearly' ? 19000 : 1900, cancelUrl: '/pricing' });
    }
  });

  it('refuses an unknown or missing plan with 400 naming the field, creating nothing', async () => {
    const account = await member('badplan');
    const api = memberApi(t, account.cookie);
    const unknown = await api.post('/api/create-checkout-session', { planType: 'weekly' });
    expect(unknown.status).toBe(400);
    expect(unknown.json).toMatchObject({ message: 'planType: Choose a plan: monthly or yearly', errors: { planType: expect.any(String) } });
    const unknownPlan = await api.post('/api/create-checkout-session', { plan: 'lifetime' });
    expect(unknownPlan.status).toBe(400);
    expect(unknownPlan.json.errors).toHaveProperty('plan');
    const missing = await api.post('/api/create-checkout-session', {});
    expect(missing.status).toBe(400);
    expect(missing.json.errors).toHaveProperty('planType');
    const extra = await api.post('/api/create-checkout-session', { planType: 'monthly', isPremium: true });
    expect(extra.status).toBe(400);
    expect(extra.json.message).toBe('Unknown field: isPremium');
    expect(await membershipsOf(t, idOf(account))).toEqual([]);
  });

  it("ignores the body's userId: the checkout belongs to the session's member only", async () => {
    const payer = await member('payer');
    const other = await member('other');
    const res = await memberApi(t, payer.cookie).post('/api/create-checkout-session', { planType: 'monthly', userId: idOf(other) });
    const id = checkoutIdOf(res.json.url);
    expect((await memberApi(t, other.cookie).get(`/api/billing/local/checkouts/${id}`)).status).toBe(404);
    expect((await memberApi(t, other.cookie).post(`/api/billing/local/checkouts/${id}/pay`, goodCard)).status).toBe(404);
    expect((await memberApi(t, payer.cookie).get(`/api/billing/local/checkouts/${id}`)).status).toBe(200);
  });
});

describe('paying through the local checkout', () => {
  it('a declined card leaves the member free, with the provider message, and nothing recorded', async () => {
    const account = await member('declined');
    const res = await buy(account, 'monthly', declinedCard);
    expect(res.status).toBe(402);
    expect(res.json).toEqual({ message: 'Your card was declined.' });
    expect(await isPremium(t, idOf(account))).toBe(false);
    expect(await membershipsOf(t, idOf(account))).toEqual([]);
    const rows = await t.ctx.db
      .select()
      .from(localBillingSubscriptions)
      .where(eq(localBillingSubscriptions.userId, idOf(account)));
    expect(rows).toEqual([]);
  });

  it('refuses a malformed card with 400 naming the field', async () => {
    const account = await member('malformed');
    const res = await buy(account, 'monthly', { ...goodCard, cvc: '1' });
    expect(res.status).toBe(400);
    expect(res.json.errors).toHaveProperty('cvc');
    expect(await isPremium(t, idOf(account))).toBe(false);
  });

  it('a good card makes the member premium, with the welcome (Slack link), a receipt and premium_signup carrying the real price', async () => {
    const since = new Date(Date.now() - 1000);
    const account = await member('buyer');
    const res = await buy(account, 'yearly');
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ redirectUrl: '/premium-welcome' });
    expect(await isPremium(t, idOf(account))).toBe(true);

    const [sub] = await membershipsOf(t, idOf(account));
    expect(sub).toMatchObject({ provider: 'local', plan: 'yearly', status: 'active', cancelAtPeriodEnd: false });
    const days = (sub!.currentPeriodEnd!.getTime() - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(360);

    const welcome = await smtp.waitFor(account.email, /Premium/);
    expect(welcome.text).toContain(SLACK);
    expect(welcome.text).toContain('What happens next');
    const receipt = await smtp.waitFor(account.email, /receipt: \$190/);
    expect(receipt.text).toContain('Amount paid: $190 USD');
    expect(await premiumSignupEvents(t, since)).toContainEqual({ plan: 'yearly', value: 190, currency: 'USD' });

    const status = (await memberApi(t, account.cookie).get('/api/billing/subscription')).json;
    expect(status).toMatchObject({
      provider: 'local',
      isPremium: true,
      subscription: { plan: 'yearly', status: 'active', amountCents: 19000, cancelAtPeriodEnd: false },
    });
  });

  it('a premium member asking to pay again is told Already Premium and is not charged', async () => {
    const account = await member('twice');
    const api = memberApi(t, account.cookie);
    // A second checkout opened before the first was paid.
    const second = checkoutIdOf((await api.post('/api/create-checkout-session', { planType: 'monthly' })).json.url);
    expect((await buy(account)).status).toBe(200);

    const again = await api.post('/api/create-checkout-session', { planType: 'yearly' });
    expect(again.status).toBe(409);
    expect(again.json.message).toMatch(/^Already Premium/);
    const late = await api.post(`/api/billing/local/checkouts/${second}/pay`, goodCard);
    expect(late.status).toBe(409);
    expect((await api.post('/api/create-subscription', { planType: 'monthly' })).json).toEqual({
      message: 'You already have an active premium subscription!',
    });

    const rows = await t.ctx.db
      .select()
      .from(localBillingSubscriptions)
      .where(eq(localBillingSubscriptions.userId, idOf(account)));
    expect(rows).toHaveLength(1);
  });

  it('the /subscribe form pays from create-subscription’s client secret and returns to /premium-success', async () => {
    const account = await member('subscribe');
    const api = memberApi(t, account.cookie);
    const created = await api.post('/api/create-subscription');
    expect(created.status).toBe(200);
    const { clientSecret } = created.json;
    expect(clientSecret).toMatch(/^seti_local_.+_secret_[0-9a-f]{32}$/);

    const forged = await api.post('/api/billing/local/pay', {
      ...goodCard,
      clientSecret: clientSecret.replace(/.$/, '0') === clientSecret ? clientSecret.replace(/.$/, '1') : clientSecret.replace(/.$/, '0'),
    });
    expect(forged.status).toBe(400);
    expect(await isPremium(t, idOf(account))).toBe(false);

    const paid = await api.post('/api/billing/local/pay', { ...goodCard, clientSecret });
    expect(paid.json).toEqual({ redirectUrl: '/premium-success' });
    expect(await isPremium(t, idOf(account))).toBe(true);
    const [sub] = await membershipsOf(t, idOf(account));
    expect(sub).toMatchObject({ plan: 'monthly', status: 'active' });
  });
});

describe('the webhook route', () => {
  // The signature covers these very bytes: sent as they are.
  const post = (raw: string, signature?: string) =>
    callApp(`${t.url}${apiPaths.stripeWebhook}`, 'POST', {
      raw,
      headers: { 'content-type': 'application/json', ...(signature ? { 'stripe-signature': signature } : {}) },
    });

  it('refuses a missing or wrong signature with 400 and records nothing', async () => {
    const body = JSON.stringify({ id: `evt_forged_${Date.now()}`, type: 'invoice.paid', data: { object: { id: 'in_1' } } });
    const missing = await post(body);
    expect(missing.status).toBe(400);
    expect(missing.json.message).toMatch(/signature/i);
    const wrong = await post(body, signPayload(body, 'whsec_not_the_secret'));
    expect(wrong.status).toBe(400);
    const tampered = await post(body.replace('invoice.paid', 'customer.subscription.created'), signPayload(body, localProvider(t.ctx)!.webhookSecret));
    expect(tampered.status).toBe(400);
    expect(
      await t.ctx.db
        .select()
        .from(webhookEvents)
        .where(eq(webhookEvents.id, JSON.parse(body).id)),
    ).toEqual([]);
  });

  it('applies events once and in any order: the final state is right and each email goes once', async () => {
    const local = localProvider(t.ctx)!;
    const account = await member('ooo');
    // Hold the events back to deliver them ourselves: reversed, then all of them again.
    local.setDelivery(async () => false);
    try {
      expect((await buy(account)).status).toBe(200);
    } finally {
      local.setDelivery(async (payload, signature) => (await post(payload, signature)).ok);
    }
    expect(await isPremium(t, idOf(account))).toBe(false);

    const [sub] = await t.ctx.db
      .select()
      .from(localBillingSubscriptions)
      .where(eq(localBillingSubscriptions.userId, idOf(account)));
    const events = await t.ctx.db
      .select()
      .from(localBillingEvents)
      .where(sql`${localBillingEvents.payload} like ${`%${sub!.id}%`}`)
      .orderBy(asc(localBillingEvents.seq));
    expect(events.map((e) => JSON.parse(e.payload).type)).toEqual(['checkout.session.completed', 'customer.subscription.created', 'invoice.paid']);

    for (const event of [...events].reverse()) {
      const res = await post(event.payload, signPayload(event.payload, local.webhookSecret));
      expect(res.json).toMatchObject({ received: true, outcome: 'applied' });
    }
    for (const event of events) {
      const res = await post(event.payload, signPayload(event.payload, local.webhookSecret));
      expect(res.json).toMatchObject({ received: true, outcome: 'duplicate' });
    }
    expect(await isPremium(t, idOf(account))).toBe(true);
    expect(await membershipsOf(t, idOf(account))).toHaveLength(1);
    // The mail queue sends the two mails independently: either may arrive first.
    await smtp.waitFor(account.email, /receipt/);
    await smtp.waitFor(account.email, /Premium: your Slack invitation/);
    expect(smtp.find(account.email, /Premium: your Slack invitation/)).toHaveLength(1);
    expect(smtp.find(account.email, /receipt/)).toHaveLength(1);

    // Stored events are delivered by the provider's next tick too: still applied once.
    await local.deliverPending();
    expect(
      await t.ctx.db
        .select()
        .from(webhookEvents)
        .where(
          inArray(
            webhookEvents.id,
            events.map((e) => e.id),
          ),
        ),
    ).toHaveLength(3);
  });

  it('an old event arriving after a newer one cannot undo it: the subscription is re-read', async () => {
    const local = localProvider(t.ctx)!;
    const account = await member('stale');
    expect((await buy(account)).status).toBe(200);
    const [sub] = await membershipsOf(t, idOf(account));
    // A "deleted" event for a subscription the provider still has active changes nothing.
    const payload = JSON.stringify({
      id: `evt_stale_${Date.now()}`,
      type: 'customer.subscription.deleted',
      data: { object: { id: sub!.providerSubscriptionId, status: 'canceled' } },
    });
    const res = await post(payload, signPayload(payload, local.webhookSecret));
    expect(res.status).toBe(200);
    expect(await isPremium(t, idOf(account))).toBe(true);
    expect((await membershipsOf(t, idOf(account)))[0]).toMatchObject({ status: 'active' });
  });
});

describe('the membership lifecycle on the billing clock', () => {
  it('only this machine may move the clock, by a valid duration', async () => {
    const bad = await advance('soon');
    expect(bad.status).toBe(400);
    expect(bad.json.errors).toHaveProperty('advance');
    const proxied = await callApp(`${t.url}/api/billing/local/clock`, 'POST', { body: { advance: '1d' }, headers: { 'x-forwarded-for': '203.0.113.9' } });
    expect(proxied.status).toBe(403);
  });

  it('renews, cancels at period end (premium until then, one confirmation) and ends; a failed renewal goes past due, then the provider gives up', async () => {
    const renewing = await member('renew');
    const cancelling = await member('cancel');
    const failing = await member('failing');
    const fixing = await member('fixing');
    expect((await buy(renewing)).status).toBe(200);
    expect((await buy(cancelling)).status).toBe(200);
    expect((await buy(failing, 'monthly', renewalFailsCard)).status).toBe(200);
    expect((await buy(fixing, 'monthly', renewalFailsCard)).status).toBe(200);
    const firstEnd = (await membershipsOf(t, idOf(renewing)))[0]!.currentPeriodEnd!;

    // Cancel: still premium, the end date in the confirmation; cancelling again sends nothing more.
    const api = memberApi(t, cancelling.cookie);
    const cancelled = await api.post('/api/billing/cancel');
    expect(cancelled.status).toBe(200);
    const { subscription } = cancelled.json;
    expect(subscription).toMatchObject({ status: 'active', cancelAtPeriodEnd: true });
    expect((await api.post('/api/billing/cancel')).status).toBe(200);
    expect(await isPremium(t, idOf(cancelling))).toBe(true);
    const confirmation = await smtp.waitFor(cancelling.email, /membership ends on/);
    expect(confirmation.text).toContain('You keep everything premium until');
    expect(smtp.find(cancelling.email, /membership ends on/)).toHaveLength(1);
    // Resume and cancel again: the member changed their mind twice.
    expect((await api.post('/api/billing/resume')).json.subscription.cancelAtPeriodEnd).toBe(false);
    expect((await api.post('/api/billing/cancel')).json.subscription.cancelAtPeriodEnd).toBe(true);

    const moved = await advance('32d');
    expect(moved.status).toBe(200);

    expect(await isPremium(t, idOf(renewing))).toBe(true);
    const renewed = (await membershipsOf(t, idOf(renewing)))[0]!;
    expect(renewed.status).toBe('active');
    expect(renewed.currentPeriodEnd!.getTime()).toBeGreaterThan(firstEnd.getTime() + 27 * 86_400_000);
    await vi.waitFor(() => expect(smtp.find(renewing.email, /receipt/)).toHaveLength(2));

    expect(await isPremium(t, idOf(cancelling))).toBe(false);
    expect((await membershipsOf(t, idOf(cancelling)))[0]!.status).toBe('canceled');

    // Past due: still premium while the provider retries, and told how to fix the card.
    expect((await membershipsOf(t, idOf(failing)))[0]!.status).toBe('past_due');
    expect(await isPremium(t, idOf(failing))).toBe(true);
    const failed = await smtp.waitFor(failing.email, /payment failed/);
    expect(failed.text).toContain('https://hub.example.org/account');

    // A new card pays the open invoice at once.
    const fix = await memberApi(t, fixing.cookie).post('/api/billing/update-card', goodCard);
    expect(fix.status).toBe(200);
    expect(fix.json.subscription).toMatchObject({ status: 'active' });
    await vi.waitFor(() => expect(smtp.find(fixing.email, /receipt/)).toHaveLength(2));

    // Three more failed retries, three days apart: the provider gives up and premium ends.
    expect((await advance('10d')).status).toBe(200);
    expect((await membershipsOf(t, idOf(failing)))[0]!.status).toBe('canceled');
    expect(await isPremium(t, idOf(failing))).toBe(false);
    expect(await isPremium(t, idOf(fixing))).toBe(true);
  });

  it('the scheduled check ends premium for a cancelled period that is over, even without the provider’s event, once', async () => {
    const { endFinishedPeriods } = await import('./membership-check');
    const account = await member('sweep');
    expect((await buy(account)).status).toBe(200);
    const [sub] = await membershipsOf(t, idOf(account));
    // As if the provider's "deleted" event were lost.
    await t.ctx.db.execute(sql`update subscriptions set cancel_at_period_end = true, current_period_end = now() - interval '1 day' where id = ${sub!.id}`);
    const results = await Promise.all([endFinishedPeriods(t.ctx), endFinishedPeriods(t.ctx)]);
    expect(results.reduce((a, b) => a + b, 0)).toBeGreaterThanOrEqual(1);
    expect(await isPremium(t, idOf(account))).toBe(false);
    expect((await membershipsOf(t, idOf(account)))[0]!.status).toBe('canceled');
  });
});
