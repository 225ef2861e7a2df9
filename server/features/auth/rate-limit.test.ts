import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startTestApp, type TestApp } from '../../test/app';
import { type AppAnswer, callApp } from '../../test/call-app';
import { uniqueEmail } from '../../test/unique-email';
import { registerAccount } from '../../test/auth-client';

// Every account costs an OWASP-strength scrypt hash (about half a second, more on a busy machine).
vi.setConfig({ testTimeout: 60_000 });

/** Each limit gets its own app, so the counters of one test never reach another. */
async function expectLimited(res: AppAnswer, message: RegExp) {
  expect(res.status).toBe(429);
  expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
  expect(res.json.message).toMatch(message);
}

describe('sign-in limits', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ RATE_LIMIT_LOGIN_PER_IP_PER_15_MIN: '4', RATE_LIMIT_LOGIN_PER_EMAIL_PER_15_MIN: '2' });
  });
  afterAll(() => t.close());

  it('limits attempts per email, then per IP, with 429, a message and Retry-After', async () => {
    const target = uniqueEmail('target');
    for (let i = 0; i < 2; i++) expect((await callApp(`${t.url}/api/login`, 'POST', { body: { email: target, password: 'guess' } })).status).toBe(401);
    // The third try on that email is refused, in any letter case, without checking the password.
    await expectLimited(
      await callApp(`${t.url}/api/login`, 'POST', { body: { email: target.toUpperCase(), password: 'guess' } }),
      /Too many sign-in attempts for this email/,
    );
    // Another email from the same address is not blocked by the per-email counter (4th request of this IP).
    expect((await callApp(`${t.url}/api/login`, 'POST', { body: { email: uniqueEmail('other'), password: 'guess' } })).status).toBe(401);
    // The 5th request from this IP is over the per-IP limit, whatever the email.
    await expectLimited(await callApp(`${t.url}/api/login`, 'POST', { body: { email: uniqueEmail('third'), password: 'guess' } }), /Too many requests/);
  });
});

describe('sign-in lockout counts failures only', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ TRUST_PROXY: 'true', RATE_LIMIT_LOGIN_PER_EMAIL_PER_15_MIN: '3', RATE_LIMIT_REGISTER_PER_HOUR: '100' });
  });
  afterAll(() => t.close());
  const from = (ip: string, email: string, password: string) =>
    callApp(`${t.url}/api/login`, 'POST', { body: { email, password }, headers: { 'x-forwarded-for': ip } });

  it('never limits correct sign-ins', async () => {
    const account = await registerAccount(t.url, 'often');
    for (let i = 0; i < 6; i++) expect((await from('10.0.0.1', account.email, account.password)).status).toBe(200);
  });

  it('lets the owner in from an address with no failures while strangers are locked out', async () => {
    const account = await registerAccount(t.url, 'owner');
    for (let i = 0; i < 3; i++) expect((await from('10.0.0.66', account.email, 'wrong-guess')).status).toBe(401);
    // The attacker's address is locked out, even with the right password.
    expect((await from('10.0.0.66', account.email, account.password)).status).toBe(429);
    // The owner, elsewhere, still signs in; success clears the email's counter.
    expect((await from('10.0.0.7', account.email, account.password)).status).toBe(200);
    expect((await from('10.0.0.8', account.email, 'wrong-once')).status).toBe(401);
    expect((await from('10.0.0.8', account.email, account.password)).status).toBe(200);
  });
});

describe('registration and password reset limits', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ RATE_LIMIT_REGISTER_PER_HOUR: '1', RATE_LIMIT_PASSWORD_RESET_PER_HOUR: '2' });
  });
  afterAll(() => t.close());

  it('limits registrations per hour', async () => {
    const body = () => ({ email: uniqueEmail('rl'), password: 'secret1', firstName: 'A', lastName: 'B' });
    expect((await callApp(`${t.url}/api/register`, 'POST', { body: body() })).status).toBe(201);
    await expectLimited(await callApp(`${t.url}/api/register`, 'POST', { body: body() }), /Too many requests/);
  });

  it('limits password reset requests per hour', async () => {
    for (let i = 0; i < 2; i++) expect((await callApp(`${t.url}/api/password-reset/request`, 'POST', { body: { email: uniqueEmail('rr') } })).status).toBe(200);
    await expectLimited(await callApp(`${t.url}/api/password-reset/request`, 'POST', { body: { email: uniqueEmail('rr') } }), /Too many requests/);
  });
});
