import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { billingCharges } from '../membership/schema';
import { offers } from './schema';
import { registerAccount, type TestAccount } from '../../test/auth-client';
import { adminAccount } from '../../test/identities';
import { scratchPostgres, startTestApp, startTestAppWithMail, type TestAppWithMail } from '../../test/app';
import { callApp } from '../../test/call-app';
import { goodCard, isPremium, memberApi } from '../../test/payments';
import type { SmtpCapture } from '../../test/smtp';

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
  admin = await adminAccount(t, 'offers-admin');
});
afterAll(async () => {
  await t?.close();
  await scratch?.drop();
});

const idOf = (a: TestAccount) => a.user.id as string;
const asAdmin = (method: string, path: string, body?: unknown) => memberApi(t, admin.cookie).call(method, path, body);
const advance = (by: string) => callApp(`${t.url}/api/billing/local/clock`, 'POST', { body: { advance: by } });
let codes = 0;
const newCode = (label: string) => `${label}-${Date.now().toString(36)}-${(codes += 1)}`;
async function createOffer(body: Record<string, unknown>) {
  const res = await asAdmin('POST', '/api/admin/offers', { label: 'Test offer', appliesTo: 'both', ...body });
  expect(res.status, JSON.stringify(res.json)).toBe(201);
  return res.json as { id: string; code: string };
}
async function checkoutWith(account: TestAccount, code: string, planType: 'monthly' | 'yearly' = 'monthly') {
  const res = await memberApi(t, account.cookie).post('/api/create-checkout-session', { planType, offer: code });
  return { res, id: res.status === 200 ? (res.json.url as string).split('/').pop()! : '' };
}
const pay = (account: TestAccount, checkoutId: string) => memberApi(t, account.cookie).post(`/api/billing/local/checkouts/${checkoutId}/pay`, goodCard);
const chargesOf = async (account: TestAccount) =>
  (
    await t.ctx.db
      .select()
      .from(billingCharges)
      .where(eq(billingCharges.userId, idOf(account)))
  ).sort((a, b) => a.paidAt.getTime() - b.paidAt.getTime());

describe('offers (decision 054)', () => {
  it('refuses a malformed offer with the field and its reason, and a taken code', async () => {
    const cases: [Record<string, unknown>, RegExp][] = [
      [{ code: newCode('p'), kind: 'percent', duration: 'once' }, /percentOff: Percent off is required/],
      [{ code: newCode('p'), kind: 'percent', percentOff: 101, duration: 'once' }, /percentOff: Percent off must be at most 100/],
      [
        { code: newCode('a'), kind: 'amount', amountOffCents: 2000, duration: 'once' },
        /amountOffCents: Amount off must be at most the price of the plan it applies to \(1900 cents\)/,
      ],
      [{ code: newCode('r'), kind: 'percent', percentOff: 10, duration: 'repeating' }, /durationMonths: Months are required/],
      [{ code: newCode('t'), kind: 'trial', trialDays: 14, duration: 'once' }, /duration: A trial has no duration/],
      [{ code: 'Bad Code!', kind: 'trial', trialDays: 14 }, /code: Code must be 3 to 40/],
      [{ code: newCode('e'), kind: 'trial', trialDays: 14, endsAt: '2020-01-01T00:00:00Z' }, /endsAt: End date must be in the future/],
      [{ code: newCode('u'), kind: 'trial', trialDays: 14, spam: true }, /spam/],
      [{ code: `${newCode('n')}\u0000`, kind: 'trial', trialDays: 14 }, /code/],
    ];
    for (const [body, message] of cases) {
      const res = await asAdmin('POST', '/api/admin/offers', { label: 'Bad', appliesTo: 'both', ...body });
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.json.message).toMatch(message);
    }
    const { code } = await createOffer({ code: newCode('dup'), kind: 'trial', trialDays: 7 });
    expect((await asAdmin('POST', '/api/admin/offers', { label: 'Again', appliesTo: 'both', code, kind: 'trial', trialDays: 7 })).status).toBe(409);
    const member = await registerAccount(t.url, 'offers-not-admin');
    expect(
      (await memberApi(t, member.cookie).post('/api/admin/offers', { label: 'x', appliesTo: 'both', code: newCode('x'), kind: 'trial', trialDays: 7 })).status,
    ).toBe(403);
  });

  it('half off the first month: the link shows the price, the checkout charges it, the next month is full price, the admin sees the cost', async () => {
    const { code, id } = await createOffer({ code: newCode('half'), kind: 'percent', percentOff: 50, duration: 'once', appliesTo: 'monthly' });
    const link = await callApp(`${t.url}/api/offers/${code}`, 'GET');
    expect(link.status).toBe(200);
    expect(link.json).toMatchObject({ code, prices: { monthly: '$9.50 today, then $19/month' }, unavailable: null, application: 'none' });
    expect(link.json.prices.yearly).toBeUndefined();
    expect((await callApp(`${t.url}/api/offers/no-such-offer`, 'GET')).status).toBe(404);

    const member = await registerAccount(t.url, 'offers-half');
    expect((await checkoutWith(member, code, 'yearly')).res.status).toBe(409);
    const { id: checkoutId } = await checkoutWith(member, code);
    const view = await memberApi(t, member.cookie).get(`/api/billing/local/checkouts/${checkoutId}`);
    expect(view.json).toMatchObject({ amountCents: 950, offerPrice: '$9.50 today, then $19/month' });
    expect((await pay(member, checkoutId)).status).toBe(200);
    expect(await isPremium(t, idOf(member))).toBe(true);
    await smtp.waitFor(member.email, /receipt: \$9\.50/);
    expect((await advance('32d')).status).toBe(200);
    await vi.waitFor(async () => expect(await chargesOf(member)).toHaveLength(2));
    expect((await chargesOf(member)).map((c) => [c.amountCents, c.discountCents, c.offerId])).toEqual([
      [950, 950, id],
      [1900, 0, null],
    ]);
    // Used once per member.
    expect((await checkoutWith(member, code)).res.status).toBe(409);
    const list = await asAdmin('GET', '/api/admin/offers');
    expect(list.status, JSON.stringify(list.json)).toBe(200);
    const listed = list.json.offers.find((o: { id: string }) => o.id === id);
    expect(listed).toMatchObject({ redeemed: 1, costCents: 950 });
  });

  it('a fixed amount for three months, and a trial: each charge as the schedule says', async () => {
    const three = await createOffer({ code: newCode('three'), kind: 'amount', amountOffCents: 500, duration: 'repeating', durationMonths: 3 });
    const trial = await createOffer({ code: newCode('trial'), kind: 'trial', trialDays: 14 });
    const amountMember = await registerAccount(t.url, 'offers-three');
    const trialMember = await registerAccount(t.url, 'offers-trial');
    expect((await pay(amountMember, (await checkoutWith(amountMember, three.code)).id)).status).toBe(200);
    const trialCheckout = (await checkoutWith(trialMember, trial.code, 'yearly')).id;
    expect((await memberApi(t, trialMember.cookie).get(`/api/billing/local/checkouts/${trialCheckout}`)).json).toMatchObject({
      amountCents: 0,
      offerPrice: 'Free for 14 days, then $190/year',
    });
    expect((await pay(trialMember, trialCheckout)).status).toBe(200);
    // A trial is premium from the start, with nothing charged yet.
    expect(await isPremium(t, idOf(trialMember))).toBe(true);
    expect(await chargesOf(trialMember)).toHaveLength(0);
    for (let month = 0; month < 4; month++) expect((await advance('31d')).status).toBe(200);
    await vi.waitFor(async () => expect(await chargesOf(amountMember)).toHaveLength(5));
    expect((await chargesOf(amountMember)).map((c) => c.amountCents)).toEqual([1400, 1400, 1400, 1900, 1900]);
    expect((await chargesOf(trialMember)).map((c) => c.amountCents)).toEqual([19000]);
    expect(await isPremium(t, idOf(trialMember))).toBe(true);
  });

  it('at its cap, payments at the same moment redeem it only as many times as the cap allows', async () => {
    const { code, id } = await createOffer({ code: newCode('cap'), kind: 'percent', percentOff: 20, duration: 'forever', maxRedemptions: 3 });
    const members = await Promise.all(Array.from({ length: 8 }, (_, i) => registerAccount(t.url, `offers-cap-${i}`)));
    const checkouts = await Promise.all(members.map((member) => checkoutWith(member, code)));
    expect(checkouts.every((c) => c.res.status === 200)).toBe(true);
    const results = await Promise.all(members.map((member, i) => pay(member, checkouts[i]!.id)));
    expect(results.filter((r) => r.status === 200)).toHaveLength(3);
    for (const refused of results.filter((r) => r.status !== 200)) {
      expect(refused.status).toBe(409);
      expect(refused.json.message).toMatch(/no longer available.*Nothing was charged/);
    }
    const [row] = await t.ctx.db.select().from(offers).where(eq(offers.id, id));
    expect(row!.redeemed).toBe(3);
    const charged = (await Promise.all(members.map(chargesOf))).flat();
    expect(charged).toHaveLength(3);
    expect((await callApp(`${t.url}/api/offers/${code}`, 'GET')).json.unavailable).toBe('This offer has been fully redeemed.');
  });

  it('a small nonprofit offer waits for approval; archiving stops new checkouts while members keep their terms', async () => {
    const { code, id } = await createOffer({
      code: newCode('small'),
      label: 'Small nonprofit',
      kind: 'percent',
      percentOff: 50,
      duration: 'forever',
      requiresApproval: true,
    });
    const member = await registerAccount(t.url, 'offers-small');
    const early = await checkoutWith(member, code);
    expect(early.res.status).toBe(409);
    expect(early.res.json.message).toMatch(/needs our team’s approval first/);
    expect((await memberApi(t, member.cookie).post(`/api/offers/${code}/apply`, { budgetBand: 'huge' })).status).toBe(400);
    expect((await memberApi(t, member.cookie).post(`/api/offers/${code}/apply`, { budgetBand: 'under-100k' })).status).toBe(201);
    expect((await memberApi(t, member.cookie).post(`/api/offers/${code}/apply`, { budgetBand: 'under-100k' })).status).toBe(409);
    expect((await memberApi(t, member.cookie).get(`/api/offers/${code}`)).json.application).toBe('requested');
    const { applications } = (await asAdmin('GET', `/api/admin/offers/${id}/applications`)).json;
    expect(applications).toEqual([expect.objectContaining({ email: member.email, budgetBand: 'under-100k', status: 'requested' })]);
    expect((await asAdmin('PATCH', `/api/admin/offer-applications/${applications[0].id}`, { status: 'maybe' })).status).toBe(400);
    expect((await asAdmin('PATCH', `/api/admin/offer-applications/${applications[0].id}`, { status: 'approved' })).status).toBe(200);
    expect((await asAdmin('PATCH', `/api/admin/offer-applications/${applications[0].id}`, { status: 'refused' })).status).toBe(409);
    const approved = await smtp.waitFor(member.email, /Your offer is approved: Small nonprofit/);
    expect(approved.text).toContain(`https://hub.example.org/subscribe?offer=${code}`);
    expect((await pay(member, (await checkoutWith(member, code)).id)).status).toBe(200);

    expect((await asAdmin('PATCH', `/api/admin/offers/${id}/archive`)).status).toBe(200);
    const other = await registerAccount(t.url, 'offers-after-archive');
    expect((await memberApi(t, other.cookie).post(`/api/offers/${code}/apply`, { budgetBand: 'under-100k' })).status).toBe(409);
    expect((await callApp(`${t.url}/api/offers/${code}`, 'GET')).json.unavailable).toBe('This offer has ended.');
    expect((await advance('31d')).status).toBe(200);
    await vi.waitFor(async () => expect(await chargesOf(member)).toHaveLength(2));
    expect((await chargesOf(member)).map((c) => c.amountCents)).toEqual([950, 950]);
  });
});

describe('guessing offer codes', () => {
  it('answers a visitor a limited number of look-ups an hour, then 429 with a message', async () => {
    const own = await startTestApp();
    try {
      const guess = (word: string) => callApp(`${own.url}/api/offers/${word}`, 'GET');
      const answers = [];
      for (let i = 0; i < 40; i++) answers.push(await guess(`guess-${i}`));
      const refused = answers.findIndex((res) => res.status === 429);
      // The default allows 30 look-ups an hour from one address: enough for a person opening a link, not for a dictionary.
      expect(refused).toBe(30);
      expect(answers.slice(0, 30).every((res) => res.status === 404)).toBe(true);
      const last = answers.at(-1)!;
      expect(last.status).toBe(429);
      expect(last.headers.get('content-type')).toMatch(/^application\/json/);
      expect(last.json.message).toMatch(/^Too many requests\. Please wait .+ and try again\.$/);
      expect(Number(last.headers.get('retry-after'))).toBeGreaterThan(0);
    } finally {
      await own.close();
    }
  });

  it('counts a code tried through a checkout or an application against the same limit', async () => {
    const own = await startTestApp();
    try {
      const member = await registerAccount(own.url, 'offer-guesser');
      const api = memberApi(own, member.cookie);
      const tries = [
        () => api.post('/api/create-checkout-session', { planType: 'monthly', offer: `guess-${Math.random().toString(36).slice(2, 8)}` }),
        () => api.post('/api/create-subscription', { planType: 'yearly', offer: `guess-${Math.random().toString(36).slice(2, 8)}` }),
        () => api.post(`/api/offers/guess-${Math.random().toString(36).slice(2, 8)}/apply`, { budgetBand: 'under-100k' }),
        () => callApp(`${own.url}/api/offers/guess-${Math.random().toString(36).slice(2, 8)}`, 'GET'),
      ];
      const answers = [];
      for (let i = 0; i < 32; i++) answers.push(await tries[i % tries.length]!());
      expect(answers.slice(0, 30).map((res) => res.status)).toEqual(Array(30).fill(404));
      for (const refused of answers.slice(30)) {
        expect(refused.status).toBe(429);
        expect(refused.json.message).toMatch(/^Too many requests\. Please wait \d+ minutes? and try again\.$/);
        expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
      }
      // A checkout without a code is not a guess.
      expect((await api.post('/api/create-checkout-session', { planType: 'monthly' })).status).toBe(200);
    } finally {
      await own.close();
    }
  });
});
