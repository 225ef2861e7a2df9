import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { users } from '../../db/schema';
import { billingCharges } from './schema';
import { localBillingSubscriptions } from '../../payment-providers/schema';
import { registerAccount, type TestAccount } from '../../test/auth-client';
import { scratchPostgres, startTestApp, startTestAppWithMail, type TestAppWithMail } from '../../test/app';
import { callApp } from '../../test/call-app';
import type { SmtpCapture } from '../../test/smtp';
import { declinedCard, goodCard, memberApi, renewalFailsCard, membershipsOf } from '../../test/payments';

// Accounts cost an OWASP-strength password hash each.
vi.setConfig({ testTimeout: 60_000 });

/**
 * One member, one membership (decision 025) with the local provider: concurrent
 * payments, expired checkouts, the admin's switch, and every membership state seen the same way
 * by every part of the site.
 */
let t: TestAppWithMail;
let smtp: SmtpCapture;
let admin: TestAccount;
// On PostgreSQL, a database of its own: the billing clock moves, which would age other files' checkouts.
let scratch: Awaited<ReturnType<typeof scratchPostgres>> | undefined;

beforeAll(async () => {
  scratch = process.env.TEST_DB === 'postgres' ? await scratchPostgres() : undefined;
  t = await startTestAppWithMail({ PUBLIC_URL: 'https://hub.example.org' }, scratch ? { databaseUrl: scratch.url } : {});
  smtp = t.smtp;
  admin = await registerAccount(t.url, 'membership-admin');
  await t.ctx.db
    .update(users)
    .set({ isAdmin: true })
    .where(eq(users.id, admin.user.id as string));
});
afterAll(async () => {
  await t?.close();
  await scratch?.drop();
});

const idOf = (a: TestAccount) => a.user.id as string;

async function openCheckout(account: TestAccount, plan: 'monthly' | 'yearly' = 'monthly'): Promise<string> {
  const res = await memberApi(t, account.cookie).post('/api/create-checkout-session', { planType: plan });
  expect(res.status).toBe(200);
  return (res.json.url as string).split('/').pop()!;
}
const pay = (account: TestAccount, checkoutId: string, card = goodCard) =>
  memberApi(t, account.cookie).post(`/api/billing/local/checkouts/${checkoutId}/pay`, card);
const advance = (by: string) => callApp(`${t.url}/api/billing/local/clock`, 'POST', { body: { advance: by } });
const asAdmin = (method: string, path: string, body?: unknown) => memberApi(t, admin.cookie).call(method, path, body);
const setPremium = (account: TestAccount, body: Record<string, unknown>) => asAdmin('PATCH', `/api/admin/users/${idOf(account)}/premium`, body);

describe('paying', () => {
  it('many open checkouts paid at the same moment: one subscription, one charge, one welcome', async () => {
    const account = await registerAccount(t.url, 'concurrent-pay');
    const plans = ['monthly', 'yearly', 'monthly', 'yearly', 'monthly', 'monthly', 'yearly'] as const;
    const ids: string[] = [];
    for (const plan of plans) ids.push(await openCheckout(account, plan));
    const answers = await Promise.all(ids.map((id) => pay(account, id)));
    const statuses = answers.map((a) => a.status).sort();
    expect(statuses).toEqual([200, ...Array(plans.length - 1).fill(409)]);
    for (const refused of answers.filter((a) => a.status === 409)) {
      expect(refused.json.message).toMatch(/Already Premium/);
    }
    const own = await t.ctx.db
      .select()
      .from(localBillingSubscriptions)
      .where(eq(localBillingSubscriptions.userId, idOf(account)));
    expect(own).toHaveLength(1);
    expect(await membershipsOf(t, idOf(account))).toHaveLength(1);
    expect(
      await t.ctx.db
        .select()
        .from(billingCharges)
        .where(eq(billingCharges.userId, idOf(account))),
    ).toHaveLength(1);
    await smtp.waitFor(account.email, /Slack invitation/);
    await smtp.waitFor(account.email, /receipt/);
    await t.ctx.mailQueue.idle();
    expect(smtp.find(account.email, /receipt/)).toHaveLength(1);
    expect(smtp.find(account.email, /Slack invitation/)).toHaveLength(1);
  });

  it('a checkout opened before an admin granted premium cannot pay into a second membership', async () => {
    const account = await registerAccount(t.url, 'granted-meanwhile');
    const checkout = await openCheckout(account);
    expect((await setPremium(account, { isPremium: true })).status).toBe(200);
    const res = await pay(account, checkout);
    expect(res.status).toBe(409);
    expect(
      await t.ctx.db
        .select()
        .from(localBillingSubscriptions)
        .where(eq(localBillingSubscriptions.userId, idOf(account))),
    ).toHaveLength(0);
  });

  it('an open checkout expires after a day: 410, nothing charged, and the page says so', async () => {
    const account = await registerAccount(t.url, 'expired-checkout');
    const checkout = await openCheckout(account);
    expect((await advance('25h')).status).toBe(200);
    const view = (await memberApi(t, account.cookie).get(`/api/billing/local/checkouts/${checkout}`)).json;
    expect(view.status).toBe('expired');
    const res = await pay(account, checkout);
    expect(res.status).toBe(410);
    expect(res.json.message).toMatch(/expired: nothing was charged/);
    expect(await membershipsOf(t, idOf(account))).toHaveLength(0);
    // A new checkout pays as usual.
    expect((await pay(account, await openCheckout(account))).status).toBe(200);
  });
});

describe('cancelling and resuming', () => {
  it('five cancel/resume cycles send one "membership ends" and one "will continue" email; the toasts come from each answer', async () => {
    const account = await registerAccount(t.url, 'cycles');
    expect((await pay(account, await openCheckout(account))).status).toBe(200);
    const api = memberApi(t, account.cookie);
    for (let i = 0; i < 5; i++) {
      expect((await api.post('/api/billing/cancel')).json.subscription.cancelAtPeriodEnd).toBe(true);
      expect((await api.post('/api/billing/resume')).json.subscription.cancelAtPeriodEnd).toBe(false);
    }
    await smtp.waitFor(account.email, /will continue/);
    await t.ctx.mailQueue.idle();
    expect(smtp.find(account.email, /membership ends on/)).toHaveLength(1);
    expect(smtp.find(account.email, /will continue/)).toHaveLength(1);
  });
});

/** What every part of the site says about one member: they must all agree. */
async function views(account: TestAccount) {
  const api = memberApi(t, account.cookie);
  const user = (await api.get('/api/user')).json;
  const membership = (await api.get('/api/billing/subscription')).json;
  const directory = (await api.get('/api/allies')).status;
  const premiumContent = (await api.get('/api/premium/resources')).status;
  const checkout = await api.post('/api/create-checkout-session', { planType: 'monthly' });
  const listed = (await asAdmin('GET', `/api/admin/users?search=${encodeURIComponent(account.email)}`)).json;
  return {
    premium: user.isPremium as boolean,
    membershipPremium: membership.isPremium as boolean,
    subscription: membership.subscription as Record<string, unknown> | null,
    directory,
    premiumContent,
    checkout: checkout.status,
    admin: listed.items[0].isPremium as boolean,
  };
}

const premiumEverywhere = { premium: true, membershipPremium: true, directory: 200, premiumContent: 200, checkout: 409, admin: true };
const freeEverywhere = { premium: false, membershipPremium: false, directory: 403, premiumContent: 403, checkout: 200, admin: false };

describe('every membership state, seen the same way everywhere', () => {
  it('paid, cancelled at period end, expired', async () => {
    const account = await registerAccount(t.url, 'walk-paid');
    expect(await views(account)).toMatchObject({ ...freeEverywhere, subscription: null });
    expect((await pay(account, await openCheckout(account, 'yearly'))).status).toBe(200);
    expect(await views(account)).toMatchObject({
      ...premiumEverywhere,
      subscription: { plan: 'yearly', status: 'active', cancelAtPeriodEnd: false, complimentary: false },
    });
    await memberApi(t, account.cookie).post('/api/billing/cancel');
    expect(await views(account)).toMatchObject({ ...premiumEverywhere, subscription: { plan: 'yearly', status: 'active', cancelAtPeriodEnd: true } });
    expect((await advance('370d')).status).toBe(200);
    expect(await views(account)).toMatchObject({ ...freeEverywhere, subscription: { plan: 'yearly', status: 'canceled' } });
  });

  it('payment failed: premium while the provider retries, free once it gives up', async () => {
    const account = await registerAccount(t.url, 'walk-failed');
    expect((await pay(account, await openCheckout(account), renewalFailsCard)).status).toBe(200);
    expect((await advance('32d')).status).toBe(200);
    expect(await views(account)).toMatchObject({ ...premiumEverywhere, subscription: { status: 'past_due' } });
    expect((await advance('12d')).status).toBe(200);
    expect(await views(account)).toMatchObject({ ...freeEverywhere, subscription: { status: 'canceled' } });
  });

  it('complimentary: granted and revoked by an admin, shown as such, never billed', async () => {
    const account = await registerAccount(t.url, 'walk-comp');
    expect((await setPremium(account, { isPremium: true })).status).toBe(200);
    expect(await views(account)).toMatchObject({ ...premiumEverywhere, subscription: { complimentary: true, plan: null, amountCents: 0 } });
    const cancel = await memberApi(t, account.cookie).post('/api/billing/cancel');
    expect(cancel.status).toBe(409);
    expect(cancel.json.message).toMatch(/complimentary/);
    // Granting twice makes no second membership.
    expect((await setPremium(account, { isPremium: true })).status).toBe(200);
    expect((await membershipsOf(t, idOf(account))).filter((r) => r.status === 'active')).toHaveLength(1);
    expect((await setPremium(account, { isPremium: false })).status).toBe(200);
    expect(await views(account)).toMatchObject({ ...freeEverywhere, subscription: { complimentary: true, status: 'canceled' } });
  });

  it('revoked by an admin, at the end of the period or now: the admin must choose, and the subscription follows', async () => {
    const later = await registerAccount(t.url, 'walk-revoke-later');
    const now = await registerAccount(t.url, 'walk-revoke-now');
    for (const account of [later, now]) expect((await pay(account, await openCheckout(account, 'yearly'))).status).toBe(200);

    const asked = await setPremium(later, { isPremium: false });
    expect(asked.status).toBe(409);
    const question = asked.json;
    expect(question.message).toMatch(
      /pays for a Yearly membership \(next charge \$190 on [A-Z][a-z]+ \d{1,2}, \d{4}\): choose to end it now or at the end of the paid period/,
    );
    expect(question.errors).toEqual({ endSubscription: expect.any(String) });
    expect(await views(later)).toMatchObject(premiumEverywhere);
    const membership = (await asAdmin('GET', `/api/admin/users/${idOf(later)}/membership`)).json;
    expect(membership.membership).toMatchObject({ plan: 'yearly', amountCents: 19000, cancelAtPeriodEnd: false });

    expect((await setPremium(later, { isPremium: false, endSubscription: 'period_end' })).status).toBe(200);
    expect(await views(later)).toMatchObject({ ...premiumEverywhere, subscription: { cancelAtPeriodEnd: true, endedByTeam: true } });
    // The team's decision stands: the member can neither resume it nor switch it back to life.
    const laterApi = memberApi(t, later.cookie);
    for (const [path, body] of [
      ['/api/billing/resume', undefined],
      ['/api/billing/change-plan/preview', { planType: 'monthly' }],
      ['/api/billing/change-plan', { planType: 'monthly' }],
    ] as const) {
      const refused = await laterApi.post(path, body);
      expect(refused.status, path).toBe(409);
      expect(refused.json.message).toMatch(/^Our team ended this membership/);
    }
    expect((await views(later)).subscription).toMatchObject({ cancelAtPeriodEnd: true, plan: 'yearly' });
    // Told once, in the team's words, not "cancelled, as you asked"; asking again tells nothing new.
    expect((await setPremium(later, { isPremium: false, endSubscription: 'period_end' })).status).toBe(200);
    const told = await smtp.waitFor(later.email, /Your premium membership ends on/);
    expect(told.text).toContain('Our team has ended your yearly premium membership');
    await t.ctx.mailQueue.idle();
    expect(smtp.find(later.email, /Your premium membership ends on/)).toHaveLength(1);
    expect(smtp.find(later.email, /.*/).filter((m) => m.text.includes('as you asked'))).toEqual([]);

    expect((await setPremium(now, { isPremium: false, endSubscription: 'now' })).status).toBe(200);
    expect(await views(now)).toMatchObject({ ...freeEverywhere, subscription: { status: 'canceled' } });
    expect((await smtp.waitFor(now.email, /Your premium membership has ended/)).text).toContain('Premium access ended today');
    const [own] = await t.ctx.db
      .select()
      .from(localBillingSubscriptions)
      .where(eq(localBillingSubscriptions.userId, idOf(now)));
    expect(own!.status).toBe('canceled');
    // Not billed again: nothing renews a year later.
    expect((await advance('400d')).status).toBe(200);
    expect(
      await t.ctx.db
        .select()
        .from(billingCharges)
        .where(eq(billingCharges.userId, idOf(now))),
    ).toHaveLength(1);
  });

  it('the database refuses a second live membership whatever the code does', async () => {
    const account = await registerAccount(t.url, 'walk-index');
    expect((await setPremium(account, { isPremium: true })).status).toBe(200);
    await expect(
      t.ctx.db.execute(
        sql`insert into subscriptions (user_id, provider, provider_subscription_id, plan, status) values (${idOf(account)}, 'local', ${`sub_forced_${idOf(account)}`}, 'monthly', 'active')`,
      ),
    ).rejects.toThrow();
  });
});

describe('receipts', () => {
  it('lists every charge with a receipt only its member can open', async () => {
    const account = await registerAccount(t.url, 'receipts');
    const other = await registerAccount(t.url, 'receipts-other');
    expect((await memberApi(t, account.cookie).get('/api/billing/receipts')).json.receipts).toEqual([]);
    expect((await pay(account, await openCheckout(account, 'yearly'))).status).toBe(200);
    const { receipts } = (await memberApi(t, account.cookie).get('/api/billing/receipts')).json;
    expect(receipts).toEqual([
      expect.objectContaining({ plan: 'yearly', amountCents: 19000, currency: 'usd', description: 'Premium membership, Yearly', refundedAt: null }),
    ]);
    const one = await memberApi(t, account.cookie).get(`/api/billing/receipts/${receipts[0].id}`);
    expect(one.json).toMatchObject({ receipt: { id: receipts[0].id }, member: { email: account.email } });
    expect((await memberApi(t, other.cookie).get(`/api/billing/receipts/${receipts[0].id}`)).status).toBe(404);
    expect((await callApp(`${t.url}/api/billing/receipts`)).status).toBe(401);
  });
});

describe('the card on file', () => {
  it('is shown on /account and can be replaced at any time without a charge; a refused card changes nothing', async () => {
    const account = await registerAccount(t.url, 'card-on-file');
    const api = memberApi(t, account.cookie);
    expect((await api.post('/api/billing/update-card', goodCard)).status).toBe(404);
    expect((await api.get('/api/billing/subscription')).json.cardLast4).toBeNull();
    expect((await pay(account, await openCheckout(account))).status).toBe(200);
    expect((await api.get('/api/billing/subscription')).json.cardLast4).toBe('4242');

    const refused = await api.post('/api/billing/update-card', declinedCard);
    expect(refused.status).toBe(402);
    expect(refused.json.message).toBe('Your card was declined.');
    expect((await api.post('/api/billing/update-card', { ...goodCard, cardNumber: '1234' })).status).toBe(400);
    expect((await api.get('/api/billing/subscription')).json.cardLast4).toBe('4242');

    const mastercard = await api.post('/api/billing/update-card', { ...goodCard, cardNumber: '5555 5555 5555 4444' });
    expect(mastercard.status).toBe(200);
    expect(mastercard.json.subscription).toMatchObject({ status: 'active', plan: 'monthly' });
    const status = (await api.get('/api/billing/subscription')).json;
    expect(status).toMatchObject({ cardLast4: '4444', isPremium: true });
    // Replacing the card charges nothing.
    expect((await api.get('/api/billing/receipts')).json.receipts).toHaveLength(1);
  });
});

describe('the test billing clock', () => {
  it('is on in development and tests, off in production unless BILLING_CLOCK_ENABLED says so', async () => {
    const { clockEnabled } = await import('./local-routes');
    const { loadEnv } = await import('../../env');
    expect(clockEnabled(loadEnv({ NODE_ENV: 'production' }))).toBe(false);
    expect(clockEnabled(loadEnv({ NODE_ENV: 'production', BILLING_CLOCK_ENABLED: 'true' }))).toBe(true);
    expect(clockEnabled(loadEnv({ NODE_ENV: 'development' }))).toBe(true);
    const off = await startTestApp({ BILLING_CLOCK_ENABLED: 'false' });
    try {
      const res = await callApp(`${off.url}/api/billing/local/clock`, 'POST', { body: { advance: '31d' } });
      expect(res.status).toBe(404);
    } finally {
      await off.close();
    }
  });
});

describe('switching plans', () => {
  it('Monthly to Yearly: the price of the switch is shown first, then charged once, with a receipt, and the new period starts', async () => {
    const account = await registerAccount(t.url, 'switch');
    const api = memberApi(t, account.cookie);
    expect((await api.post('/api/billing/change-plan/preview', { planType: 'yearly' })).status).toBe(404);
    expect((await pay(account, await openCheckout(account, 'monthly'))).status).toBe(200);
    expect((await api.post('/api/billing/change-plan/preview', { planType: 'monthly' })).status).toBe(400);
    expect((await api.post('/api/billing/change-plan/preview', { planType: 'weekly' })).status).toBe(400);

    const preview = (await api.post('/api/billing/change-plan/preview', { planType: 'yearly' })).json;
    // $190 less the unused part of a month just paid ($19, give or take a cent of elapsed time).
    expect(preview.amountDueCents).toBeGreaterThanOrEqual(17100);
    expect(preview.amountDueCents).toBeLessThanOrEqual(17110);
    expect(preview).toMatchObject({ plan: 'yearly', renewalAmountCents: 19000 });
    expect(new Date(preview.renewsAt).getTime()).toBeGreaterThan(Date.now() + 360 * 86_400_000);

    const changed = (await api.post('/api/billing/change-plan', { planType: 'yearly' })).json;
    expect(changed.subscription).toMatchObject({ plan: 'yearly', status: 'active', amountCents: 19000 });
    const { receipts } = (await api.get('/api/billing/receipts')).json;
    expect(receipts.map((r: { amountCents: number }) => r.amountCents)).toEqual([preview.amountDueCents, 1900]);
    expect(await membershipsOf(t, idOf(account))).toHaveLength(1);
  });

  it('Yearly to Monthly: nothing is due, the rest becomes credit that pays the next renewals', async () => {
    const account = await registerAccount(t.url, 'switch-down');
    const api = memberApi(t, account.cookie);
    expect((await pay(account, await openCheckout(account, 'yearly'))).status).toBe(200);
    const preview = (await api.post('/api/billing/change-plan/preview', { planType: 'monthly' })).json;
    expect(preview.amountDueCents).toBe(0);
    expect(preview.creditCents).toBeGreaterThanOrEqual(17090);
    expect((await api.post('/api/billing/change-plan', { planType: 'monthly' })).status).toBe(200);
    // The next renewal is paid from the credit: no new charge.
    expect((await advance('32d')).status).toBe(200);
    const { receipts } = (await api.get('/api/billing/receipts')).json;
    expect(receipts.map((r: { amountCents: number }) => r.amountCents)).toEqual([19000]);
    expect(await views(account)).toMatchObject({ premium: true, subscription: { plan: 'monthly', status: 'active' } });
  });

  it('a complimentary membership has no plan to switch', async () => {
    const account = await registerAccount(t.url, 'switch-comp');
    expect((await setPremium(account, { isPremium: true })).status).toBe(200);
    expect((await memberApi(t, account.cookie).post('/api/billing/change-plan', { planType: 'yearly' })).status).toBe(409);
  });
});
