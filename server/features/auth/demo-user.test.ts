import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startTestApp, type TestApp } from '../../test/app';
import { callApp } from '../../test/call-app';
import { demoUser, seedDemoUser } from './demo-user';
import { findUserByEmail } from '../../users-repo';

// Every account costs an OWASP-strength scrypt hash (about half a second, more on a busy machine).
vi.setConfig({ testTimeout: 60_000 });

describe('demo mode', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ DEMO_MODE: 'true' });
  });
  afterAll(() => t.close());

  it('says so in /api/config and seeds a premium, non-admin demo user that can sign in', async () => {
    expect((await callApp(`${t.url}/api/config`)).json).toMatchObject({ demoMode: true });
    const res = await callApp(`${t.url}/api/login`, 'POST', { body: { email: demoUser.email, password: demoUser.password } });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ email: demoUser.email, isPremium: true, isAdmin: false });
  });

  it('seeds idempotently', async () => {
    const before = await findUserByEmail(t.ctx.db, demoUser.email);
    await seedDemoUser(t.ctx.db, t.ctx.env.PASSWORD_SCRYPT_N);
    expect(await findUserByEmail(t.ctx.db, demoUser.email)).toEqual(before);
  });
});

describe('without demo mode', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  it('has no demo user', async () => {
    expect((await callApp(`${t.url}/api/config`)).json).toMatchObject({ demoMode: false });
    // PostgreSQL is shared with demo-mode runs, so only a fresh PGlite can show the account is absent.
    if (t.ctx.database.kind === 'pglite') expect(await findUserByEmail(t.ctx.db, demoUser.email)).toBeUndefined();
  });
});
