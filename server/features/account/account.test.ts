import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { users } from '../../db/schema';
import { localBillingSubscriptions } from '../../payment-providers/schema';
import { goodCard, memberApi } from '../../test/payments';
import { startTestApp, type TestApp } from '../../test/app';
import { callApp } from '../../test/call-app';
import { expectNoSecrets, getUser, registerAccount, sessionCookieOf, type TestAccount } from '../../test/auth-client';
import { uniqueEmail } from '../../test/unique-email';
import { createVerificationToken } from '../auth/email-verification';

vi.setConfig({ testTimeout: 60_000 });

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ RATE_LIMIT_REGISTER_PER_HOUR: '1000', RATE_LIMIT_LOGIN_PER_IP_PER_15_MIN: '1000', RATE_LIMIT_FORMS_PER_HOUR: '1000' });
});
afterAll(() => t.close());

const idOf = (a: TestAccount) => a.user.id as string;

async function becomePremium(account: TestAccount) {
  const api = memberApi(t, account.cookie);
  const { url } = (await api.post('/api/create-checkout-session', { planType: 'monthly' })).json;
  const res = await api.post(`/api/billing/local/checkouts/${url.split('/').pop()}/pay`, goodCard);
  expect(res.status).toBe(200);
}

/** What clicking the emailed link and its page's button does. */
async function verifyEmail(account: TestAccount) {
  const token = await createVerificationToken(t.ctx.db, { id: idOf(account), email: account.email });
  const res = await callApp(`${t.url}/api/account/verify-email`, 'POST', { body: { token } });
  expect(res.status).toBe(200);
  return token;
}

const countByEmail = async (table: string, email: string) => {
  const result = await t.ctx.db.execute(sql`select count(*)::int as n from ${sql.identifier(table)} where lower(email) = lower(${email})`);
  return (result as unknown as { rows: { n: number }[] }).rows[0]!.n;
};

describe('download my data', () => {
  it('gives one JSON file with the account, signups, check-up results, contact messages and subscription; never password material', async () => {
    const account = await registerAccount(t.url, 'export');
    await callApp(`${t.url}/api/newsletter/signup`, 'POST', { body: { email: account.email.toUpperCase(), name: 'Ada', organization: 'Food Bank' } });
    await callApp(`${t.url}/api/contact`, 'POST', {
      body: {
        name: 'Ada',
        email: account.email,
        organization: '',
        subject: 'Hi',
        message: 'Hello there',
        contactType: 'support',
      },
    });
    await becomePremium(account);
    await verifyEmail(account);

    const res = await memberApi(t, account.cookie).get('/api/account/export');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-disposition')).toMatch(/attachment; filename=".+\.json"/);
    const data = res.json;
    expect(data.account).toMatchObject({ id: idOf(account), email: account.email, isPremium: true });
    expect(data.newsletterSignups).toHaveLength(1);
    expect(data.communitySignups.length).toBeGreaterThanOrEqual(1);
    expect(data.contactMessages).toMatchObject([{ subject: 'Hi', message: 'Hello there' }]);
    expect(data.checkupResults).toEqual([]);
    expect(data.subscriptions).toMatchObject([{ plan: 'monthly', status: 'active' }]);
    // Emails sent to the member are in it, with their words ("password", links); no secret is.
    expectNoSecrets(data);
    const [row] = await t.ctx.db
      .select({ hash: users.passwordHash })
      .from(users)
      .where(eq(users.id, idOf(account)));
    expect(JSON.stringify(data)).not.toContain(row!.hash);
    expect(data.emails.map((mail: { subject: string }) => mail.subject).length).toBeGreaterThan(0);
  });

  it('needs a session', async () => {
    expect((await callApp(`${t.url}/api/account/export`)).status).toBe(401);
  });
});

describe('change password', () => {
  it('refuses a wrong current password naming the field; otherwise changes it and signs out every other device', async () => {
    const account = await registerAccount(t.url, 'pw');
    const other = sessionCookieOf(await callApp(`${t.url}/api/login`, 'POST', { body: { email: account.email, password: account.password } }))!;
    const api = memberApi(t, account.cookie);

    const wrong = await api.post('/api/account/password', { currentPassword: 'nope-nope', newPassword: 'brand-new-pass' });
    expect(wrong.status).toBe(400);
    expect(wrong.json.errors).toEqual({ currentPassword: 'Your current password is not correct.' });
    const short = await api.post('/api/account/password', { currentPassword: account.password, newPassword: '123' });
    expect(short.status).toBe(400);
    expect(short.json.errors).toEqual({ newPassword: 'Password must be at least 6 characters' });

    const ok = await api.post('/api/account/password', { currentPassword: account.password, newPassword: 'brand-new-pass' });
    expect(ok.status).toBe(200);
    const fresh = sessionCookieOf(ok)!;
    expect((await getUser(t.url, fresh)).status).toBe(200);
    expect((await getUser(t.url, other)).status).toBe(401);
    expect((await callApp(`${t.url}/api/login`, 'POST', { body: { email: account.email, password: account.password } })).status).toBe(401);
    expect((await callApp(`${t.url}/api/login`, 'POST', { body: { email: account.email, password: 'brand-new-pass' } })).status).toBe(200);
  });
});

describe('delete my account', () => {
  it('is confirmed by typing the email: a mismatch is 400 naming the field and deletes nothing', async () => {
    const account = await registerAccount(t.url, 'keep');
    const res = await memberApi(t, account.cookie).call('DELETE', '/api/account', { confirmEmail: 'someone@else.org' });
    expect(res.status).toBe(400);
    expect(res.json.errors).toHaveProperty('confirmEmail');
    expect((await getUser(t.url, account.cookie)).status).toBe(200);
  });

  it('cancels the subscription at the provider first, removes the person’s rows and signs out everywhere', async () => {
    const account = await registerAccount(t.url, 'leave');
    const second = sessionCookieOf(await callApp(`${t.url}/api/login`, 'POST', { body: { email: account.email, password: account.password } }))!;
    await callApp(`${t.url}/api/newsletter/signup`, 'POST', { body: { email: account.email, name: 'Leaving' } });
    await becomePremium(account);
    // Signed up without the account's session: its own only once the address is confirmed.
    await verifyEmail(account);

    const res = await memberApi(t, account.cookie).call('DELETE', '/api/account', { confirmEmail: `  ${account.email.toUpperCase()} ` });
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ ok: true });

    const [providerSub] = await t.ctx.db
      .select()
      .from(localBillingSubscriptions)
      .where(eq(localBillingSubscriptions.userId, idOf(account)));
    expect(providerSub!.status).toBe('canceled');
    expect(
      await t.ctx.db
        .select()
        .from(users)
        .where(eq(users.id, idOf(account))),
    ).toEqual([]);
    expect(await countByEmail('newsletter_signups', account.email)).toBe(0);
    expect(await countByEmail('community_signups', account.email)).toBe(0);
    expect((await getUser(t.url, account.cookie)).status).toBe(401);
    expect((await getUser(t.url, second)).status).toBe(401);
  });
});

describe('data submitted without an account belongs to an account only once its email is verified', () => {
  it('someone registering with Bob’s address (any case) can neither read nor erase what Bob sent; after Bob verifies, he can', async () => {
    const bob = uniqueEmail('bob');
    expect(
      (
        await callApp(`${t.url}/api/contact`, 'POST', {
          body: {
            name: 'Bob',
            email: bob,
            organization: 'Org',
            subject: 'Budget',
            message: 'budget shortfall, please call',
            contactType: 'support',
          },
        })
      ).status,
    ).toBe(201);
    expect((await callApp(`${t.url}/api/newsletter/signup`, 'POST', { body: { email: bob, name: 'Bob', organization: 'Org' } })).status).toBe(201);
    const answers = Object.fromEntries(Array.from({ length: 20 }, (_, i) => [String(i + 1), 2]));
    expect((await callApp(`${t.url}/api/checkup-results`, 'POST', { body: { email: bob, answers } })).status).toBe(201);

    const impostor = await registerAccount(t.url, 'impostor', { email: bob.toUpperCase() });
    expect((await getUser(t.url, impostor.cookie)).json.emailVerified).toBe(false);
    const data = (await memberApi(t, impostor.cookie).get('/api/account/export')).json;
    expect(JSON.stringify(data)).not.toContain('budget shortfall');
    expect(data).toMatchObject({ contactMessages: [], newsletterSignups: [], communitySignups: [], checkupResults: [] });

    // What the account does itself is its own at once.
    expect(
      (
        await memberApi(t, impostor.cookie).call('POST', '/api/contact', {
          name: 'I',
          email: bob,
          organization: '',
          subject: 'Mine',
          message: 'my own message',
          contactType: 'other',
        })
      ).status,
    ).toBe(201);
    expect((await memberApi(t, impostor.cookie).get('/api/account/export')).json.contactMessages).toMatchObject([{ message: 'my own message' }]);

    const deleted = await memberApi(t, impostor.cookie).call('DELETE', '/api/account', { confirmEmail: bob });
    expect(deleted.status).toBe(200);
    expect(await countByEmail('contact_messages', bob)).toBe(1);
    expect(await countByEmail('newsletter_signups', bob)).toBe(1);
    expect(await countByEmail('checkup_results', bob)).toBe(1);

    // The inbox's owner registers and confirms the address: it is all his now.
    const owner = await registerAccount(t.url, 'bob-owner', { email: bob });
    await verifyEmail(owner);
    expect((await getUser(t.url, owner.cookie)).json.emailVerified).toBe(true);
    const his = (await memberApi(t, owner.cookie).get('/api/account/export')).json;
    expect(his.contactMessages).toMatchObject([{ message: 'budget shortfall, please call' }]);
    expect(his.newsletterSignups).toHaveLength(1);
    expect(his.checkupResults).toHaveLength(1);
  });

  it('the link verifies once, only its own address, and a bad token changes nothing', async () => {
    const account = await registerAccount(t.url, 'verify-once');
    const token = await verifyEmail(account);
    const again = await callApp(`${t.url}/api/account/verify-email`, 'POST', { body: { token } });
    expect(again.status).toBe(400);
    expect(again.json.message).toMatch(/already used/);
    const bad = await callApp(`${t.url}/api/account/verify-email`, 'POST', { body: { token: 'x'.repeat(43) } });
    expect(bad.status).toBe(400);
    expect(bad.json.errors).toHaveProperty('token');

    // A link sent before the address changed does not verify the new one.
    const moved = await registerAccount(t.url, 'verify-moved');
    const stale = await createVerificationToken(t.ctx.db, { id: idOf(moved), email: moved.email });
    await t.ctx.db
      .update(users)
      .set({ email: uniqueEmail('moved-to') })
      .where(eq(users.id, idOf(moved)));
    expect((await callApp(`${t.url}/api/account/verify-email`, 'POST', { body: { token: stale } })).status).toBe(400);
    const [row] = await t.ctx.db
      .select({ verifiedAt: users.emailVerifiedAt })
      .from(users)
      .where(eq(users.id, idOf(moved)));
    expect(row!.verifiedAt).toBeNull();
  });

  it('a signed-in member asks for a new link; an already confirmed one is told so', async () => {
    const account = await registerAccount(t.url, 'verify-resend');
    const res = await memberApi(t, account.cookie).post('/api/account/verification-email');
    expect(res.status).toBe(200);
    await verifyEmail(account);
    expect((await memberApi(t, account.cookie).post('/api/account/verification-email')).status).toBe(409);
    expect((await callApp(`${t.url}/api/account/verification-email`, 'POST')).status).toBe(401);
  });
});
