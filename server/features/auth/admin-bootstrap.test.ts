import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { startTestApp, type TestApp, uniqueEmail } from '../../test/app';
import { messages } from './routes';
import { getUser, registerAccount } from './test-client';

// Every account costs an OWASP-strength scrypt hash (about half a second, more on a busy machine).
vi.setConfig({ testTimeout: 60_000 });

const listed = uniqueEmail('listed');
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ ADMIN_EMAILS: `someone@example.org, ${listed.toUpperCase()}`, RATE_LIMIT_REGISTER_PER_HOUR: '1000' });
});
afterAll(() => t.close());

const makeAdmin = (cookie: string) => fetch(`${t.url}/api/auth/make-admin`, { method: 'POST', headers: { cookie } });

it('grants admin to only one of several simultaneous first claims', async () => {
  const accounts = await Promise.all([1, 2, 3, 4].map((i) => registerAccount(t.url, `race${i}`)));
  const statuses = (await Promise.all(accounts.map((a) => makeAdmin(a.cookie)))).map((r) => r.status);
  const granted = statuses.filter((s) => s === 200).length;
  // A fresh PGlite has no admin, so exactly one claim wins; a shared PostgreSQL may already have an admin.
  if (t.ctx.database.kind === 'pglite') expect(granted).toBe(1);
  else expect(granted).toBeLessThanOrEqual(1);
  expect(statuses.filter((s) => s === 403).length).toBe(4 - granted);
});

it('lets an ADMIN_EMAILS address become admin even when an admin exists', async () => {
  const first = await registerAccount(t.url, 'bootstrap');
  await makeAdmin(first.cookie);
  const unlisted = await registerAccount(t.url, 'unlisted');
  const refused = await makeAdmin(unlisted.cookie);
  expect(refused.status).toBe(403);
  expect((await refused.json()).message).toBe(messages.adminExists);

  const account = await registerAccount(t.url, 'x', { email: listed });
  const res = await makeAdmin(account.cookie);
  expect(res.status).toBe(200);
  expect(await res.json()).toMatchObject({ email: listed, isAdmin: true });
  expect(await (await getUser(t.url, account.cookie)).json()).toMatchObject({ isAdmin: true });
});
