import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { passwordResetTokens } from '../../db/schema';
import { startTestAppWithMail, type TestAppWithMail } from '../../test/app';
import { callApp } from '../../test/call-app';
import { uniqueEmail } from '../../test/unique-email';
import type { SmtpCapture } from '../../test/smtp';
import { resetMessages } from './password-reset-routes';
import { hashToken } from '../../http/sessions';
import { expectNoSecrets, getUser, registerAccount, sessionCookieOf } from '../../test/auth-client';

// Every account costs an OWASP-strength scrypt hash (about half a second, more on a busy machine).
vi.setConfig({ testTimeout: 60_000 });

let t: TestAppWithMail;
let smtp: SmtpCapture;
beforeAll(async () => {
  t = await startTestAppWithMail({ PUBLIC_URL: 'https://nlh.example' });
  smtp = t.smtp;
});
afterAll(async () => {
  await t.close();
});

async function resetLinkFor(email: string): Promise<string> {
  const mail = await smtp.waitFor(email, /Reset your Nonprofit Leaders Hub password/, 10_000);
  return /https:\/\/nlh\.example\/reset-password\?token=[\w-]+/.exec(mail.text)![0];
}

const request = (email: string) => callApp(`${t.url}/api/password-reset/request`, 'POST', { body: { email } });
const confirm = (token: string, password: string) => callApp(`${t.url}/api/password-reset/confirm`, 'POST', { body: { token, password } });
const login = (email: string, password: string) => callApp(`${t.url}/api/login`, 'POST', { body: { email, password } });

describe('account welcome email', () => {
  it('is sent once on registration, with what free access opens and how to reset the password', async () => {
    const account = await registerAccount(t.url, 'welcome');
    const mail = await smtp.waitFor(account.email, /Welcome to Nonprofit Leaders Hub/, 10_000);
    expect(mail.text).toContain('What your free account opens:');
    expect(mail.text).toContain('https://nlh.example/auth');
    expect(mail.text).toContain('Forgot password?');
    const again = await callApp(`${t.url}/api/register`, 'POST', { body: { email: account.email, password: 'other-secret', firstName: 'A', lastName: 'B' } });
    expect(again.status).toBe(409);
    await t.ctx.mailQueue.idle();
    expect(smtp.find(account.email, /Welcome to Nonprofit Leaders Hub/)).toHaveLength(1);
  });
});

describe('password reset', () => {
  it('answers the same whether or not the email has an account, and mails only real accounts', async () => {
    const account = await registerAccount(t.url, 'same');
    const nobody = uniqueEmail('nobody');
    const known = await request(account.email.toUpperCase());
    const unknown = await request(nobody);
    expect(known.status).toBe(200);
    expect(unknown.status).toBe(200);
    expect(known.json).toEqual({ message: resetMessages.requested });
    expect(unknown.json).toEqual({ message: resetMessages.requested });
    await resetLinkFor(account.email);
    expect(smtp.find(nobody, /./)).toEqual([]);
  });

  it('sets the new password through the mailed link, revokes every session and signs in afresh', async () => {
    const account = await registerAccount(t.url, 'reset');
    const otherDevice = sessionCookieOf(await login(account.email, account.password))!;
    expect((await request(account.email)).status).toBe(200);
    const link = await resetLinkFor(account.email);
    const token = new URL(link).searchParams.get('token')!;

    // Only the token's hash is stored, valid for one hour.
    const [row] = await t.ctx.db
      .select()
      .from(passwordResetTokens)
      .where(eq(passwordResetTokens.tokenHash, hashToken(token)));
    expect(row!.expiresAt.getTime() - Date.now()).toBeGreaterThan(59 * 60_000);
    expect(row!.expiresAt.getTime() - Date.now()).toBeLessThanOrEqual(60 * 60_000);

    const res = await confirm(token, 'brand-new-secret');
    expect(res.status).toBe(200);
    const user = res.json;
    expect(user).toMatchObject({ id: account.user.id, email: account.email });
    expectNoSecrets(user);
    const fresh = sessionCookieOf(res)!;
    expect((await getUser(t.url, fresh)).status).toBe(200);
    expect((await getUser(t.url, account.cookie)).status).toBe(401);
    expect((await getUser(t.url, otherDevice)).status).toBe(401);

    expect((await login(account.email, account.password)).status).toBe(401);
    expect((await login(account.email, 'brand-new-secret')).status).toBe(200);

    // Single use.
    const reused = await confirm(token, 'another-secret');
    expect(reused.status).toBe(400);
    expect(reused.json).toEqual({ message: resetMessages.used });
    expect((await login(account.email, 'another-secret')).status).toBe(401);
  });

  it('voids every older link of the account once one link is used', async () => {
    const account = await registerAccount(t.url, 'two-links');
    expect((await request(account.email)).status).toBe(200);
    const older = new URL(await resetLinkFor(account.email)).searchParams.get('token')!;
    expect((await request(account.email)).status).toBe(200);
    let newer = older;
    for (let i = 0; i < 100 && newer === older; i++) {
      const links = smtp.find(account.email, /Reset your/).map((m) => /token=([\w-]+)/.exec(m.text)![1]!);
      newer = links.find((l) => l !== older) ?? older;
      if (newer === older) await new Promise((r) => setTimeout(r, 100));
    }
    expect(newer).not.toBe(older);
    expect((await confirm(newer, 'newest-secret-1')).status).toBe(200);
    const stale = await confirm(older, 'attacker-secret');
    expect(stale.status).toBe(400);
    expect((await login(account.email, 'attacker-secret')).status).toBe(401);
    expect((await login(account.email, 'newest-secret-1')).status).toBe(200);
  });

  it('refuses an expired token with 400 and keeps the old password', async () => {
    const account = await registerAccount(t.url, 'expired');
    await request(account.email);
    const token = new URL(await resetLinkFor(account.email)).searchParams.get('token')!;
    await t.ctx.db
      .update(passwordResetTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(passwordResetTokens.tokenHash, hashToken(token)));
    const res = await confirm(token, 'brand-new-secret');
    expect(res.status).toBe(400);
    expect(res.json).toEqual({ message: resetMessages.expired });
    expect(sessionCookieOf(res)).toBeUndefined();
    expect((await getUser(t.url, account.cookie)).status).toBe(200);
    expect((await login(account.email, account.password)).status).toBe(200);
  });

  it('refuses an unknown token and a short password with 400', async () => {
    const unknown = await confirm('no-such-token', 'brand-new-secret');
    expect(unknown.status).toBe(400);
    expect(unknown.json).toEqual({ message: resetMessages.unknown });
    const short = await confirm('no-such-token', '123');
    expect(short.status).toBe(400);
    expect(short.json.errors).toEqual({ password: 'Password must be at least 6 characters' });
  });
});

describe('a password changed on /account', () => {
  it('voids every reset link asked for before, and ends the other sessions while this one stays', async () => {
    const account = await registerAccount(t.url, 'change-voids');
    const otherDevice = sessionCookieOf(await login(account.email, 'correct-horse'))!;
    expect((await request(account.email)).status).toBe(200);
    const token = new URL(await resetLinkFor(account.email)).searchParams.get('token')!;
    const changed = await callApp(`${t.url}/api/account/password`, 'POST', {
      body: { currentPassword: 'correct-horse', newPassword: 'brand-new-secret' },
      cookie: account.cookie,
    });
    expect(changed.status).toBe(200);
    const stayed = sessionCookieOf(changed)!;
    const old = await confirm(token, 'attacker-chosen');
    expect(old.status).toBe(400);
    expect(sessionCookieOf(old)).toBeUndefined();
    expect((await login(account.email, 'attacker-chosen')).status).toBe(401);
    expect((await getUser(t.url, otherDevice)).status).toBe(401);
    expect((await getUser(t.url, stayed)).status).toBe(200);
  });
});
