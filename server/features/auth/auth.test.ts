import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { sessions, users } from '../../db/schema';
import { startTestApp, type TestApp } from '../../test/app';
import { callApp } from '../../test/call-app';
import { uniqueEmail } from '../../test/unique-email';
import { messages } from './routes';
import { hashToken } from '../../http/sessions';
import { expectNoSecrets, getUser, registerAccount, sessionCookieOf } from '../../test/auth-client';

// Every account costs an OWASP-strength scrypt hash (about half a second, more on a busy machine).
vi.setConfig({ testTimeout: 60_000 });

let t: TestApp;
beforeAll(async () => {
  // The limits themselves are tested in rate-limit.test.ts; here many accounts come from one address.
  // The production hash cost: this file checks what is stored and that unknown emails take as long.
  t = await startTestApp({
    PUBLIC_URL: 'https://example.org',
    RATE_LIMIT_REGISTER_PER_HOUR: '1000',
    RATE_LIMIT_LOGIN_PER_IP_PER_15_MIN: '1000',
    TEST_PASSWORD_SCRYPT_N: '',
  });
});
afterAll(() => t.close());

describe('register', () => {
  it('creates the account, signs it in and answers 201 with the user and no password material', async () => {
    const email = uniqueEmail('reg');
    const res = await callApp(`${t.url}/api/register`, 'POST', {
      body: { email: `  ${email}  `, password: 'secret1', firstName: ' Grace ', lastName: 'Hopper' },
    });
    expect(res.status).toBe(201);
    const user = res.json;
    expect(user).toMatchObject({
      email,
      firstName: 'Grace',
      lastName: 'Hopper',
      name: 'Grace Hopper',
      isAdmin: false,
      isPremium: false,
      profileImageUrl: null,
    });
    expect(Object.keys(user).sort()).toEqual([
      'createdAt',
      'email',
      'emailVerified',
      'firstName',
      'id',
      'isAdmin',
      'isPremium',
      'lastName',
      'name',
      'profileImageUrl',
    ]);
    expectNoSecrets(user);

    const cookieLine = res.headers.getSetCookie().find((c) => c.startsWith('nlh_session='))!;
    expect(cookieLine).toMatch(/HttpOnly/i);
    expect(cookieLine).toMatch(/SameSite=Lax/i);
    expect(cookieLine).toMatch(/Secure/i);
    const expires = new Date(/Expires=([^;]+)/i.exec(cookieLine)![1]!).getTime();
    expect(Math.abs(expires - (Date.now() + 30 * 86_400_000))).toBeLessThan(60_000);

    // The script-readable hint says only that a session exists: no token, same lifetime.
    const hint = res.headers.getSetCookie().find((c) => c.startsWith('nlh_signed_in='))!;
    expect(hint).toMatch(/^nlh_signed_in=1;/);
    expect(hint).not.toMatch(/HttpOnly/i);
    expect(hint).toMatch(/SameSite=Lax/i);

    const me = await getUser(t.url, sessionCookieOf(res)!);
    expect(me.status).toBe(200);
    expect(me.json).toEqual(user);
  });

  it('stores the password as a scrypt hash and the session token only as its SHA-256', async () => {
    const account = await registerAccount(t.url, 'stored');
    const [row] = await t.ctx.db
      .select()
      .from(users)
      .where(eq(users.id, account.user.id as string));
    expect(row!.passwordHash).toMatch(/^scrypt\$131072\$8\$1\$/);
    expect(row!.passwordHash).not.toContain(account.password);
    const token = account.cookie.split('=')[1]!;
    const stored = await t.ctx.db.select().from(sessions).where(eq(sessions.userId, row!.id));
    expect(stored.map((s) => s.tokenHash)).toEqual([hashToken(token)]);
    expect(stored[0]!.tokenHash).not.toBe(token);
  });

  it('refuses an email already registered in another letter case with 409', async () => {
    const account = await registerAccount(t.url, 'dup');
    const res = await callApp(`${t.url}/api/register`, 'POST', {
      body: { email: account.email.toUpperCase(), password: 'another1', firstName: 'B', lastName: 'C' },
    });
    expect(res.status).toBe(409);
    expect(res.json).toEqual({ message: messages.emailTaken });
  });

  it('answers invalid input with 400 naming the field and the spec message', async () => {
    const cases: [Record<string, unknown>, string, string][] = [
      [{ email: 'not-an-email', password: 'secret1', firstName: 'A', lastName: 'B' }, 'email', 'Please enter a valid email address'],
      [{ email: uniqueEmail(), password: '12345', firstName: 'A', lastName: 'B' }, 'password', 'Password must be at least 6 characters'],
      [{ email: uniqueEmail(), password: 'secret1', firstName: '  ', lastName: 'B' }, 'firstName', 'First name is required'],
      [{ email: uniqueEmail(), password: 'secret1', firstName: 'A' }, 'lastName', 'Last name is required'],
    ];
    for (const [body, field, message] of cases) {
      const res = await callApp(`${t.url}/api/register`, 'POST', { body });
      expect(res.status, field).toBe(400);
      expect(res.json).toEqual({ message: `${field}: ${message}`, errors: { [field]: message } });
    }
  });

  it('refuses a filled honeypot with 400 and creates nothing', async () => {
    const email = uniqueEmail('bot');
    const res = await callApp(`${t.url}/api/register`, 'POST', { body: { email, password: 'secret1', firstName: 'A', lastName: 'B', fax: '555-0100' } });
    expect(res.status).toBe(400);
    expect(res.json).toEqual({ message: 'Invalid submission' });
    expect(sessionCookieOf(res)).toBeUndefined();
    expect(
      await t.ctx.db
        .select()
        .from(users)
        .where(sql`lower(${users.email}) = ${email}`),
    ).toEqual([]);
  });
});

describe('login', () => {
  it('signs in with the right password, in any email case, with a new token each time', async () => {
    const account = await registerAccount(t.url, 'login');
    const res = await callApp(`${t.url}/api/login`, 'POST', { body: { email: ` ${account.email.toUpperCase()} `, password: account.password } });
    expect(res.status).toBe(200);
    const user = res.json;
    expect(user).toEqual(account.user);
    expectNoSecrets(user);
    const cookie = sessionCookieOf(res)!;
    expect(cookie).not.toBe(account.cookie);
    expect((await getUser(t.url, cookie)).status).toBe(200);
  });

  it('replaces the session the browser brought instead of keeping it (no fixation)', async () => {
    const account = await registerAccount(t.url, 'fixation');
    const res = await callApp(`${t.url}/api/login`, 'POST', { body: { email: account.email, password: account.password }, cookie: account.cookie });
    const fresh = sessionCookieOf(res)!;
    expect(fresh).not.toBe(account.cookie);
    expect((await getUser(t.url, account.cookie)).status).toBe(401);
    expect((await getUser(t.url, fresh)).status).toBe(200);
  });

  it('answers a wrong password and an unknown email with the same 401 message', async () => {
    const account = await registerAccount(t.url, 'wrongpw');
    const wrong = await callApp(`${t.url}/api/login`, 'POST', { body: { email: account.email, password: 'not-the-password' } });
    const unknown = await callApp(`${t.url}/api/login`, 'POST', { body: { email: uniqueEmail('nobody'), password: 'whatever' } });
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(wrong.json).toEqual({ message: messages.invalidCredentials });
    expect(unknown.json).toEqual({ message: messages.invalidCredentials });
    expect(sessionCookieOf(wrong)).toBeUndefined();
  });

  it('spends the password-check time on unknown emails too', async () => {
    const account = await registerAccount(t.url, 'timing');
    const time = async (email: string) => {
      const started = performance.now();
      await callApp(`${t.url}/api/login`, 'POST', { body: { email, password: 'not-the-password' } });
      return performance.now() - started;
    };
    await time(uniqueEmail('warm'));
    const known = Math.min(await time(account.email), await time(account.email));
    const unknown = Math.min(await time(uniqueEmail('t1')), await time(uniqueEmail('t2')));
    // Without the dummy check an unknown email answers in a few ms against hundreds for a real one.
    expect(unknown).toBeGreaterThan(known * 0.4);
  });

  it('answers invalid input with 400 and the spec messages', async () => {
    const bad = await callApp(`${t.url}/api/login`, 'POST', { body: { email: 'nope', password: 'x' } });
    expect(bad.status).toBe(400);
    expect(bad.json.errors).toEqual({ email: 'Please enter a valid email address' });
    const empty = await callApp(`${t.url}/api/login`, 'POST', { body: { email: uniqueEmail(), password: '' } });
    expect(empty.status).toBe(400);
    expect(empty.json).toEqual({ message: 'password: Password is required', errors: { password: 'Password is required' } });
  });

  it('refuses a cross-site sign-in attempt', async () => {
    const account = await registerAccount(t.url, 'csrf');
    const res = await callApp(`${t.url}/api/login`, 'POST', {
      body: { email: account.email, password: account.password },
      headers: { origin: 'https://evil.example' },
    });
    expect(res.status).toBe(403);
    expect(sessionCookieOf(res)).toBeUndefined();
    const logout = await callApp(`${t.url}/api/logout`, 'POST', { cookie: account.cookie, headers: { 'sec-fetch-site': 'cross-site' } });
    expect(logout.status).toBe(403);
    expect((await getUser(t.url, account.cookie)).status).toBe(200);
  });
});

describe('user and logout', () => {
  it('answers /api/user without a session, or with a made-up one, with 401', async () => {
    const none = await callApp(`${t.url}/api/user`);
    expect(none.status).toBe(401);
    expect(none.json).toEqual({ message: 'Not signed in' });
    expect((await getUser(t.url, 'nlh_session=made-up-token')).status).toBe(401);
  });

  it('destroys the session on the server: the old cookie no longer works', async () => {
    const account = await registerAccount(t.url, 'logout');
    const res = await callApp(`${t.url}/api/logout`, 'POST', { cookie: account.cookie });
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ ok: true });
    expect(res.headers.getSetCookie().join()).toMatch(/nlh_session=;/);
    expect(res.headers.getSetCookie().join()).toMatch(/nlh_signed_in=;/);
    expect((await getUser(t.url, account.cookie)).status).toBe(401);
    const token = account.cookie.split('=')[1]!;
    expect(
      await t.ctx.db
        .select()
        .from(sessions)
        .where(eq(sessions.tokenHash, hashToken(token))),
    ).toEqual([]);
  });

  it('refuses an expired session', async () => {
    const account = await registerAccount(t.url, 'expired');
    const token = account.cookie.split('=')[1]!;
    await t.ctx.db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(sessions.tokenHash, hashToken(token)));
    expect((await getUser(t.url, account.cookie)).status).toBe(401);
  });
});

describe('make-admin (docs/product.md (Decisions))', () => {
  it('needs a session', async () => {
    const res = await callApp(`${t.url}/api/auth/make-admin`, 'POST', { body: {} });
    expect(res.status).toBe(401);
  });

  it('lets the first user become admin and refuses the next one with 403', async () => {
    const first = await registerAccount(t.url, 'admin1');
    const second = await registerAccount(t.url, 'admin2');
    const makeAdmin = (cookie: string) => callApp(`${t.url}/api/auth/make-admin`, 'POST', { cookie });
    const granted = await makeAdmin(first.cookie);
    // Each PGlite test app starts empty; a shared PostgreSQL may already hold an admin from other tests.
    if (t.ctx.database.kind === 'pglite') expect(granted.status).toBe(200);
    if (granted.status === 200) {
      const user = granted.json;
      expect(user).toMatchObject({ id: first.user.id, isAdmin: true });
      expectNoSecrets(user);
      expect((await getUser(t.url, first.cookie)).json).toMatchObject({ isAdmin: true });
    } else {
      expect(granted.status).toBe(403);
    }
    const refused = await makeAdmin(second.cookie);
    expect(refused.status).toBe(403);
    expect(refused.json).toEqual({ message: messages.adminExists });
    expect((await getUser(t.url, second.cookie)).json).toMatchObject({ isAdmin: false });
  });
});
