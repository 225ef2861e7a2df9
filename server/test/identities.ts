import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import type { Who } from './access-table';
import type { TestApp } from './app';
import { callApp } from './call-app';
import { uniqueEmail } from './unique-email';
import { registerAccount, type TestAccount } from './auth-client';

/** A signed-in free member, premium member and admin (their session cookies), made over HTTP; premium and admin set in the database. */
export async function signInEveryone(t: TestApp): Promise<Partial<Record<Who, string>>> {
  const account = async (who: Exclude<Who, 'visitor'>) => {
    const email = uniqueEmail(`as-${who}`);
    const res = await callApp(`${t.url}/api/register`, 'POST', { body: { email, password: 'correct-horse', firstName: 'Test', lastName: who } });
    expect(res.status).toBe(201);
    if (who === 'premium') await t.ctx.db.execute(sql`update users set is_premium = true where lower(email) = lower(${email})`);
    if (who === 'admin') await t.ctx.db.execute(sql`update users set is_admin = true where lower(email) = lower(${email})`);
    return res.headers
      .getSetCookie()
      .map((c) => c.split(';')[0]!)
      .join('; ');
  };
  return { free: await account('free'), premium: await account('premium'), admin: await account('admin') };
}

/** A premium member of a test's own: registered over HTTP, premium set in the database; email and session cookie. */
export async function premiumMember(t: TestApp, label: string): Promise<{ email: string; cookie: string }> {
  const email = uniqueEmail(label);
  const res = await callApp(`${t.url}/api/register`, 'POST', { body: { email, password: 'correct-horse', firstName: 'Pat', lastName: label } });
  expect(res.status).toBe(201);
  await t.ctx.db.execute(sql`update users set is_premium = true where lower(email) = lower(${email})`);
  return {
    email,
    cookie: res.headers
      .getSetCookie()
      .map((c) => c.split(';')[0]!)
      .join('; '),
  };
}

/** An admin of a test's own: registered over HTTP, admin set in the database. */
export async function adminAccount(t: TestApp, label: string): Promise<TestAccount> {
  const account = await registerAccount(t.url, label);
  await t.ctx.db.execute(sql`update users set is_admin = true where id = ${account.user.id as string}`);
  return account;
}
