import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { localBillingSubscriptions, users } from '../../db/schema';
import { goodCard, memberApi } from '../../test/billing';
import { postJson, startTestApp, type TestApp } from '../../test/app';
import { getUser, registerAccount, sessionCookieOf, type TestAccount } from '../../test/auth-client';

vi.setConfig({ testTimeout: 60_000 });

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ RATE_LIMIT_REGISTER_PER_HOUR: '1000', RATE_LIMIT_LOGIN_PER_IP_PER_15_MIN: '1000', RATE_LIMIT_FORMS_PER_HOUR: '1000' });
});
afterAll(() => t.close());

const idOf = (a: TestAccount) => a.user.id as string;

async function becomePremium(account: TestAccount) {
  const api = memberApi(t, account.cookie);
  const { url } = await (await api.post('/api/create-checkout-session', { planType: 'monthly' })).json();
  const res = await api.post(`/api/billing/local/checkouts/${url.split('/').pop()}/pay`, goodCard);
  expect(res.status).toBe(200);
}

const countByEmail = async (table: string, email: string) => {
  const result = await t.ctx.db.execute(sql`select count(*)::int as n from ${sql.identifier(table)} where lower(email) = lower(${email})`);
  return (result as unknown as { rows: { n: number }[] }).rows[0]!.n;
};

describe('download my data', () => {
  it('gives one JSON file with the account, signups, check-up results, contact messages and subscription; never password material', async () => {
    const account = await registerAccount(t.url, 'export');
    await postJson(`${t.url}/api/newsletter/signup`, { email: account.email.toUpperCase(), name: 'Ada', organization: 'Food Bank' });
    await postJson(`${t.url}/api/contact`, { name: 'Ada', email: account.email, organization: '', subject: 'Hi', message: 'Hello there', contactType: 'support' });
    await becomePremium(account);

    const res = await memberApi(t, account.cookie).get('/api/account/export');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-disposition')).toMatch(/attachment; filename=".+\.json"/);
    const data = await res.json();
    expect(data.account).toMatchObject({ id: idOf(account), email: account.email, isPremium: true });
    expect(data.newsletterSignups).toHaveLength(1);
    expect(data.communitySignups.length).toBeGreaterThanOrEqual(1);
    expect(data.contactMessages).toMatchObject([{ subject: 'Hi', message: 'Hello there' }]);
    expect(data.checkupResults).toEqual([]);
    expect(data.subscriptions).toMatchObject([{ plan: 'monthly', status: 'active' }]);
    expect(JSON.stringify(data)).not.toMatch(/password|hash|token|provider/i);
  });

  it('needs a session', async () => {
    expect((await fetch(`${t.url}/api/account/export`)).status).toBe(401);
  });
});

describe('change password', () => {
  it('refuses a wrong current password naming the field; otherwise changes it and signs out every other device', async () => {
    const account = await registerAccount(t.url, 'pw');
    const other = sessionCookieOf(await postJson(`${t.url}/api/login`, { email: account.email, password: account.password }))!;
    const api = memberApi(t, account.cookie);

    const wrong = await api.post('/api/account/password', { currentPassword: 'nope-nope', newPassword: 'brand-new-pass' });
    expect(wrong.status).toBe(400);
    expect((await wrong.json()).errors).toEqual({ currentPassword: 'Your current password is not correct.' });
    const short = await api.post('/api/account/password', { currentPassword: account.password, newPassword: '123' });
    expect(short.status).toBe(400);
    expect((await short.json()).errors).toEqual({ newPassword: 'Password must be at least 6 characters' });

    const ok = await api.post('/api/account/password', { currentPassword: account.password, newPassword: 'brand-new-pass' });
    expect(ok.status).toBe(200);
    const fresh = sessionCookieOf(ok)!;
    expect((await getUser(t.url, fresh)).status).toBe(200);
    expect((await getUser(t.url, other)).status).toBe(401);
    expect((await postJson(`${t.url}/api/login`, { email: account.email, password: account.password })).status).toBe(401);
    expect((await postJson(`${t.url}/api/login`, { email: account.email, password: 'brand-new-pass' })).status).toBe(200);
  });
});

describe('delete my account', () => {
  it('is confirmed by typing the email: a mismatch is 400 naming the field and deletes nothing', async () => {
    const account = await registerAccount(t.url, 'keep');
    const res = await memberApi(t, account.cookie).call('DELETE', '/api/account', { confirmEmail: 'someone@else.org' });
    expect(res.status).toBe(400);
    expect((await res.json()).errors).toHaveProperty('confirmEmail');
    expect((await getUser(t.url, account.cookie)).status).toBe(200);
  });

  it('cancels the subscription at the provider first, removes the person’s rows and signs out everywhere', async () => {
    const account = await registerAccount(t.url, 'leave');
    const second = sessionCookieOf(await postJson(`${t.url}/api/login`, { email: account.email, password: account.password }))!;
    await postJson(`${t.url}/api/newsletter/signup`, { email: account.email, name: 'Leaving' });
    await becomePremium(account);

    const res = await memberApi(t, account.cookie).call('DELETE', '/api/account', { confirmEmail: `  ${account.email.toUpperCase()} ` });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ ok: true });

    const [providerSub] = await t.ctx.db.select().from(localBillingSubscriptions).where(eq(localBillingSubscriptions.userId, idOf(account)));
    expect(providerSub!.status).toBe('canceled');
    expect(await t.ctx.db.select().from(users).where(eq(users.id, idOf(account)))).toEqual([]);
    expect(await countByEmail('newsletter_signups', account.email)).toBe(0);
    expect(await countByEmail('community_signups', account.email)).toBe(0);
    expect((await getUser(t.url, account.cookie)).status).toBe(401);
    expect((await getUser(t.url, second)).status).toBe(401);
  });
});
