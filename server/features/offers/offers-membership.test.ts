import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { billingCharges } from '../membership/schema';
import { registerAccount, type TestAccount } from '../../test/auth-client';
import { adminAccount } from '../../test/identities';
import { scratchPostgres, startTestAppWithMail, type TestAppWithMail } from '../../test/app';
import { callApp } from '../../test/call-app';
import { goodCard, isPremium, memberApi } from '../../test/payments';
import type { SmtpCapture } from '../../test/smtp';
import { siteLongDate } from '#shared/site-time';

/**
 * A member on an offer (decision 054) switching plans and reading what they pay: the credit of a
 * switch is what was paid, a trial can switch, /account and the receipts name the offer.
 */
vi.setConfig({ testTimeout: 60_000 });

let t: TestAppWithMail;
let smtp: SmtpCapture;
let admin: TestAccount;
// On PostgreSQL, a database of its own: the billing clock moves.
let scratch: Awaited<ReturnType<typeof scratchPostgres>> | undefined;

beforeAll(async () => {
  scratch = process.env.TEST_DB === 'postgres' ? await scratchPostgres() : undefined;
  t = await startTestAppWithMail({ PUBLIC_URL: 'https://hub.example.org' }, scratch ? { databaseUrl: scratch.url } : {});
  smtp = t.smtp;
  admin = await adminAccount(t, 'offers-m-admin');
});
afterAll(async () => {
  await t?.close();
  await scratch?.drop();
});

const idOf = (a: TestAccount) => a.user.id as string;
const api = (a: TestAccount) => memberApi(t, a.cookie);
const advance = (by: string) => callApp(`${t.url}/api/billing/local/clock`, 'POST', { body: { advance: by } });
let codes = 0;
/** An offer for both plans, and a member who paid for `plan` with it. */
async function memberOn(label: string, terms: Record<string, unknown>, plan: 'monthly' | 'yearly' = 'monthly') {
  const code = `${label}-${Date.now().toString(36)}-${(codes += 1)}`;
  const offer = await memberApi(t, admin.cookie).post('/api/admin/offers', { label: `Offer ${label}`, appliesTo: 'both', code, ...terms });
  expect(offer.status, JSON.stringify(offer.json)).toBe(201);
  const member = await registerAccount(t.url, label);
  const checkout = await api(member).post('/api/create-checkout-session', { planType: plan, offer: code });
  expect(checkout.status, JSON.stringify(checkout.json)).toBe(200);
  const paid = await api(member).post(`/api/billing/local/checkouts/${(checkout.json.url as string).split('/').pop()}/pay`, goodCard);
  expect(paid.status, JSON.stringify(paid.json)).toBe(200);
  return { member, offer: offer.json as { id: string; code: string; label: string } };
}
const chargesOf = async (account: TestAccount) =>
  (
    await t.ctx.db
      .select()
      .from(billingCharges)
      .where(eq(billingCharges.userId, idOf(account)))
  ).sort((a, b) => a.paidAt.getTime() - b.paidAt.getTime());

describe('switching plans on an offer', () => {
  it('90 % off forever, $1.90 paid: the switch to yearly credits the $1.90 paid, not $19, and charges the yearly price under the offer', async () => {
    const { member } = await memberOn('switch-forever', { kind: 'percent', percentOff: 90, duration: 'forever' });
    expect((await chargesOf(member)).map((c) => c.amountCents)).toEqual([190]);
    const preview = await api(member).post('/api/billing/change-plan/preview', { planType: 'yearly' });
    expect(preview.status, JSON.stringify(preview.json)).toBe(200);
    // $19 (the year at 90 % off) less the unused part of the $1.90 paid, give or take a cent of elapsed time.
    expect(preview.json.amountDueCents).toBeGreaterThanOrEqual(1710);
    expect(preview.json.amountDueCents).toBeLessThanOrEqual(1712);
    expect(preview.json).toMatchObject({ creditCents: 0, renewalAmountCents: 1900 });
    const changed = await api(member).post('/api/billing/change-plan', { planType: 'yearly' });
    expect(changed.status, JSON.stringify(changed.json)).toBe(200);
    const charges = await chargesOf(member);
    expect(charges.map((c) => c.amountCents)).toEqual([190, expect.any(Number)]);
    // What was previewed is what was charged.
    expect(Math.abs(charges[1]!.amountCents - preview.json.amountDueCents)).toBeLessThanOrEqual(1);
    // A year on, the renewal is the yearly price under the offer.
    expect((await advance('366d')).status).toBe(200);
    await vi.waitFor(async () => expect((await chargesOf(member)).map((c) => c.amountCents)).toHaveLength(3));
    expect((await chargesOf(member))[2]!.amountCents).toBe(1900);
  });

  it('half price yearly ($95 paid) to monthly half way: the credit is half of the $95, less the month under the offer', async () => {
    const { member } = await memberOn('switch-down-half', { kind: 'percent', percentOff: 50, duration: 'forever' }, 'yearly');
    expect((await advance('183d')).status).toBe(200);
    const preview = await api(member).post('/api/billing/change-plan/preview', { planType: 'monthly' });
    expect(preview.status, JSON.stringify(preview.json)).toBe(200);
    // About $47.50 unused, less $9.50 for the month: about $38 of credit, nothing due.
    expect(preview.json.amountDueCents).toBe(0);
    expect(preview.json.creditCents).toBeGreaterThan(3700);
    expect(preview.json.creditCents).toBeLessThan(3900);
    expect(preview.json.renewalAmountCents).toBe(950);
  });

  it('an offer for some months discounts the switch while its months last; one for the first payment does not', async () => {
    const { member: months } = await memberOn('switch-months', { kind: 'percent', percentOff: 25, duration: 'repeating', durationMonths: 3 });
    const during = (await api(months).post('/api/billing/change-plan/preview', { planType: 'yearly' })).json;
    // $142.50 (the year at 25 % off) less about $14.25 unused; the renewal a year on is the plan's price.
    expect(during.amountDueCents).toBeGreaterThanOrEqual(12825);
    expect(during.amountDueCents).toBeLessThanOrEqual(12827);
    expect(during.renewalAmountCents).toBe(19000);
    const { member: once } = await memberOn('switch-once', { kind: 'percent', percentOff: 50, duration: 'once' });
    const after = (await api(once).post('/api/billing/change-plan/preview', { planType: 'yearly' })).json;
    // $190 less about $9.50 unused.
    expect(after.amountDueCents).toBeGreaterThanOrEqual(18050);
    expect(after.amountDueCents).toBeLessThanOrEqual(18052);
  });

  it('in a free trial: the switch is allowed, nothing is charged now, the trial goes on and its first charge is the new plan', async () => {
    const { member } = await memberOn('switch-trial', { kind: 'trial', trialDays: 14 });
    const before = (await api(member).get('/api/billing/subscription')).json.subscription;
    expect(before).toMatchObject({ plan: 'monthly', status: 'trialing' });
    const preview = await api(member).post('/api/billing/change-plan/preview', { planType: 'yearly' });
    expect(preview.status, JSON.stringify(preview.json)).toBe(200);
    expect(preview.json).toMatchObject({ plan: 'yearly', amountDueCents: 0, creditCents: 0, renewalAmountCents: 19000, renewsAt: before.currentPeriodEnd });
    const changed = await api(member).post('/api/billing/change-plan', { planType: 'yearly' });
    expect(changed.status, JSON.stringify(changed.json)).toBe(200);
    expect(changed.json.subscription).toMatchObject({ plan: 'yearly', status: 'trialing', currentPeriodEnd: before.currentPeriodEnd });
    expect(await chargesOf(member)).toHaveLength(0);
    expect(await isPremium(t, idOf(member))).toBe(true);
    expect((await advance('15d')).status).toBe(200);
    await vi.waitFor(async () => expect((await chargesOf(member)).map((c) => c.amountCents)).toEqual([19000]));
    expect((await api(member).get('/api/billing/subscription')).json.subscription).toMatchObject({ plan: 'yearly', status: 'active' });
  });
});

describe('what a member on an offer is shown', () => {
  it('25 % off for three months: /account says the price charged, the offer and when it ends; each receipt names the offer', async () => {
    const { member, offer } = await memberOn('shown-25', { kind: 'percent', percentOff: 25, duration: 'repeating', durationMonths: 3 });
    const view = (await api(member).get('/api/billing/subscription')).json;
    // The discount covers three monthly charges: the fourth, two periods after this one ends, is the regular price.
    const endsAt = new Date(view.subscription.currentPeriodEnd);
    // Month by month, as the renewals go.
    endsAt.setUTCMonth(endsAt.getUTCMonth() + 1);
    endsAt.setUTCMonth(endsAt.getUTCMonth() + 1);
    expect(view.offer).toEqual({ label: offer.label, amountCents: 1425, terms: '25% off for 3 months', endsAt: endsAt.toISOString() });

    const mail = await smtp.waitFor(member.email, /receipt: \$14\.25/);
    expect(mail.text).toContain('Amount paid: $14.25 USD');
    expect(mail.text).toContain(`Offer: ${offer.label}, $4.75 off this payment (25% off for 3 months, until ${siteLongDate(endsAt, t.ctx.env.SITE_TIMEZONE)})`);
    const [listed] = (await api(member).get('/api/billing/receipts')).json.receipts;
    expect(listed).toMatchObject({ amountCents: 1425, offer: { label: offer.label, discountCents: 475, terms: '25% off for 3 months' } });
    const receipt = (await api(member).get(`/api/billing/receipts/${listed.id}`)).json.receipt;
    expect(receipt.offer).toEqual({ label: offer.label, discountCents: 475, terms: '25% off for 3 months', endsAt: endsAt.toISOString() });

    // Three months on, the regular price: no offer left to show, and the new receipt names none.
    for (let month = 0; month < 3; month++) expect((await advance('31d')).status).toBe(200);
    await vi.waitFor(async () => expect((await chargesOf(member)).map((c) => c.amountCents)).toEqual([1425, 1425, 1425, 1900]));
    expect((await api(member).get('/api/billing/subscription')).json.offer).toBeNull();
    const [latest] = (await api(member).get('/api/billing/receipts')).json.receipts;
    expect(latest).toMatchObject({ amountCents: 1900, offer: null });
    const regular = await smtp.waitFor(member.email, /receipt: \$19$/);
    expect(regular.text).not.toContain('Offer:');
  });

  it('90 % off forever: the price is $1.90 a month with no end', async () => {
    const { member, offer } = await memberOn('shown-forever', { kind: 'percent', percentOff: 90, duration: 'forever' });
    const view = (await api(member).get('/api/billing/subscription')).json;
    expect(view.offer).toEqual({ label: offer.label, amountCents: 190, terms: '90% off every payment', endsAt: null });
    const mail = await smtp.waitFor(member.email, /receipt: \$1\.90/);
    expect(mail.text).toContain(`Offer: ${offer.label}, $17.10 off this payment (90% off every payment)`);
  });

  it('a member without an offer is shown none', async () => {
    const member = await registerAccount(t.url, 'shown-none');
    const checkout = await api(member).post('/api/create-checkout-session', { planType: 'monthly' });
    expect((await api(member).post(`/api/billing/local/checkouts/${(checkout.json.url as string).split('/').pop()}/pay`, goodCard)).status).toBe(200);
    expect((await api(member).get('/api/billing/subscription')).json.offer).toBeNull();
    expect((await api(member).get('/api/billing/receipts')).json.receipts[0].offer).toBeNull();
  });
});
