import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { scratchPostgres, startTestApp, type TestApp } from '../../test/app';
import { callApp } from '../../test/call-app';
import { uniqueEmail } from '../../test/unique-email';
import { messages } from './routes';
import { getUser, registerAccount } from '../../test/auth-client';

// Every account costs an OWASP-strength scrypt hash (about half a second, more on a busy machine).
vi.setConfig({ testTimeout: 60_000 });

const listed = uniqueEmail('listed');
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ ADMIN_EMAILS: `someone@example.org, ${listed.toUpperCase()}`, RATE_LIMIT_REGISTER_PER_HOUR: '1000' });
});
afterAll(() => t.close());

const makeAdmin = (cookie: string) => callApp(`${t.url}/api/auth/make-admin`, 'POST', { cookie });

it('grants admin to exactly one of several simultaneous first claims, on a site with no admin yet', async () => {
  // A site of its own: the other tests here (and, on PostgreSQL, other files) make admins.
  const scratch = t.ctx.database.kind === 'postgres' ? await scratchPostgres() : undefined;
  const fresh = await startTestApp({ RATE_LIMIT_REGISTER_PER_HOUR: '1000' }, scratch ? { databaseUrl: scratch.url } : {});
  try {
    const accounts = await Promise.all([1, 2, 3, 4].map((i) => registerAccount(fresh.url, `race${i}`)));
    const statuses = (await Promise.all(accounts.map((a) => callApp(`${fresh.url}/api/auth/make-admin`, 'POST', { cookie: a.cookie })))).map((r) => r.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    expect(statuses.filter((s) => s === 403)).toHaveLength(3);
  } finally {
    await fresh.close();
    await scratch?.drop();
  }
});

it('lets an ADMIN_EMAILS address become admin even when an admin exists', async () => {
  const first = await registerAccount(t.url, 'bootstrap');
  await makeAdmin(first.cookie);
  const unlisted = await registerAccount(t.url, 'unlisted');
  const refused = await makeAdmin(unlisted.cookie);
  expect(refused.status).toBe(403);
  expect(refused.json.message).toBe(messages.adminExists);

  const account = await registerAccount(t.url, 'x', { email: listed });
  const res = await makeAdmin(account.cookie);
  expect(res.status).toBe(200);
  expect(res.json).toMatchObject({ email: listed, isAdmin: true });
  expect((await getUser(t.url, account.cookie)).json).toMatchObject({ isAdmin: true });
});
