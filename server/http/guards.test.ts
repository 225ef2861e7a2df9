import cookie from '@fastify/cookie';
import { eq } from 'drizzle-orm';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { users } from '../db/schema';
import { registerErrorHandler } from './errors';
import { startTestApp, type TestApp } from '../test/app';
import { requireAdmin, requirePremium, requireUser, signedInUser } from './guards';
import { registerAccount } from '../test/auth-client';

// Every account costs an OWASP-strength scrypt hash (about half a second, more on a busy machine).
vi.setConfig({ testTimeout: 60_000 });

/** A small app using the guards the way other features do, on the test app's database and sessions. */
let t: TestApp;
let guarded: FastifyInstance;
beforeAll(async () => {
  t = await startTestApp({ RATE_LIMIT_REGISTER_PER_HOUR: '1000' });
  guarded = Fastify();
  registerErrorHandler(guarded);
  await guarded.register(cookie);
  guarded.get('/member', { preHandler: requireUser(t.ctx) }, async (request) => ({ id: (await signedInUser(request, t.ctx)).id }));
  // A handler reads its user typed, without a guard before it: a visitor is answered 401 all the same.
  guarded.get('/me', async (request) => ({ id: (await signedInUser(request, t.ctx)).id }));
  guarded.get('/premium', { preHandler: requirePremium(t.ctx) }, async () => ({ ok: true }));
  guarded.get('/admin', { preHandler: requireAdmin(t.ctx) }, async () => ({ ok: true }));
  await guarded.ready();
});
afterAll(async () => {
  await guarded.close();
  await t.close();
});

const call = async (url: string, sessionCookie?: string) => {
  const res = await guarded.inject({ method: 'GET', url, headers: sessionCookie ? { cookie: sessionCookie } : {} });
  return { status: res.statusCode, body: res.json() as Record<string, unknown> };
};

describe('guards', () => {
  it('answer 401 Not signed in without a session', async () => {
    for (const url of ['/member', '/me', '/premium', '/admin']) expect(await call(url)).toEqual({ status: 401, body: { message: 'Not signed in' } });
  });

  it('let a free member through requireUser only', async () => {
    const account = await registerAccount(t.url, 'guard');
    expect(await call('/member', account.cookie)).toEqual({ status: 200, body: { id: account.user.id } });
    expect(await call('/me', account.cookie)).toEqual({ status: 200, body: { id: account.user.id } });
    expect((await call('/premium', account.cookie)).status).toBe(403);
    expect((await call('/admin', account.cookie)).body.message).toMatch(/Admin/);
  });

  it('read the roles from the database on every request', async () => {
    const account = await registerAccount(t.url, 'roles');
    await t.ctx.db
      .update(users)
      .set({ isPremium: true })
      .where(eq(users.id, account.user.id as string));
    expect((await call('/premium', account.cookie)).status).toBe(200);
    expect((await call('/admin', account.cookie)).status).toBe(403);
    await t.ctx.db
      .update(users)
      .set({ isAdmin: true })
      .where(eq(users.id, account.user.id as string));
    expect((await call('/admin', account.cookie)).status).toBe(200);
  });
});
