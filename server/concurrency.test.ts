import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiPaths } from '#shared/api/paths';
import { localProvider } from './payment-providers/choose-provider';
import { signPayload } from './payment-providers/local-provider';
import { goodCard, isPremium, memberApi, membershipsOf } from './test/payments';
import { adminAuditLog, users } from './db/schema';
import { allies } from './features/allies/schema';
import { localBillingEvents, localBillingSubscriptions } from './payment-providers/schema';
import { registerAccount } from './test/auth-client';
import { scratchPostgres, startTestApp, type TestApp } from './test/app';
import { callApp } from './test/call-app';
import { uniqueEmail } from './test/unique-email';

/**
 * Many people (or one impatient person) doing the same thing at the same moment: unique rules
 * hold in the database, every answer is a clean 2xx or 4xx, never a 5xx.
 */
let t: TestApp;
// On PostgreSQL, a database of its own: the payment test holds events back on purpose, and
// another file's local provider, sharing the events table, would deliver them meanwhile.
let scratch: Awaited<ReturnType<typeof scratchPostgres>> | undefined;
const run = Math.random().toString(36).slice(2, 8);
beforeAll(async () => {
  scratch = process.env.TEST_DB === 'postgres' ? await scratchPostgres() : undefined;
  t = await startTestApp({ RATE_LIMIT_FORMS_PER_HOUR: '100000', RATE_LIMIT_REGISTER_PER_HOUR: '100000' }, scratch ? { databaseUrl: scratch.url } : {});
});
afterAll(async () => {
  await t?.close();
  await scratch?.drop();
});

const count = async (query: ReturnType<typeof sql>) => Number(((await t.ctx.db.execute(query)) as unknown as { rows: { n: number }[] }).rows[0]!.n);

/** Mixed case on the same addresses, e.g. Person.3@… and person.3@…: the same person. */
const mixedCase = (email: string, i: number) => (i % 3 === 0 ? email.toUpperCase() : i % 3 === 1 ? email : email.replace(/^./, (c) => c.toUpperCase()));

describe('at the same moment', () => {
  it('500 newsletter signups over 100 addresses in mixed case leave exactly 100 rows', async () => {
    const emails = Array.from({ length: 100 }, (_, i) => `burst.${run}.${i}@example.org`);
    const answers = await Promise.all(
      Array.from({ length: 500 }, (_, i) =>
        callApp(`${t.url}/api/newsletter/signup`, 'POST', { body: { email: mixedCase(emails[i % 100]!, Math.floor(i / 100)), name: '', organization: '' } }),
      ),
    );
    const statuses = answers.map((res) => res.status);
    expect(statuses.filter((s) => s >= 500)).toEqual([]);
    expect(statuses.every((s) => s === 200 || s === 201)).toBe(true);
    expect(await count(sql`select count(*)::int as n from newsletter_signups where lower(email) like ${`burst.${run}.%`}`)).toBe(100);
    // 500 requests, each storing and sending its welcome email, on the embedded database's one connection: about 20 s on a busy 2-core machine.
  }, 90_000);

  it('200 registrations over 50 addresses in mixed case make 50 accounts and 150 clean 409s', async () => {
    const emails = Array.from({ length: 50 }, (_, i) => `reg.${run}.${i}@example.org`);
    const answers = await Promise.all(
      Array.from({ length: 200 }, (_, i) =>
        callApp(`${t.url}/api/register`, 'POST', {
          body: {
            email: mixedCase(emails[i % 50]!, Math.floor(i / 50)),
            password: 'correct-horse-battery',
            firstName: 'Same',
            lastName: 'Time',
          },
        }),
      ),
    );
    const statuses = answers.map((res) => res.status);
    expect(statuses.filter((s) => s >= 500)).toEqual([]);
    expect(statuses.filter((s) => s === 201)).toHaveLength(50);
    expect(statuses.filter((s) => s === 409)).toHaveLength(150);
    const conflicts = answers.filter((res) => res.status === 409).map((res) => res.json);
    expect(new Set(conflicts.map((body) => body.message))).toEqual(new Set(['An account with this email already exists. Please sign in instead.']));
    expect(await count(sql`select count(*)::int as n from users where lower(email) like ${`reg.${run}.%`}`)).toBe(50);
  }, 180_000);

  it('the same payment event delivered 20 times at once is applied once', async () => {
    const local = localProvider(t.ctx)!;
    const account = await registerAccount(t.url, 'event20');
    const userId = account.user.id as string;
    const api = memberApi(t, account.cookie);
    // The provider's own delivery is held back, so every delivery below is ours.
    local.setDelivery(async () => false);
    try {
      const { url } = (await api.post('/api/create-checkout-session', { planType: 'monthly' })).json;
      expect((await api.post(`/api/billing/local/checkouts/${url.split('/').pop()}/pay`, goodCard)).status).toBe(200);
    } finally {
      local.setDelivery(async (payload, signature) => (await deliver(payload, signature)).ok);
    }
    const [sub] = await t.ctx.db.select().from(localBillingSubscriptions).where(eq(localBillingSubscriptions.userId, userId));
    const events = await t.ctx.db
      .select()
      .from(localBillingEvents)
      .where(sql`${localBillingEvents.payload} like ${`%${sub!.id}%`}`);
    expect(events.length).toBeGreaterThanOrEqual(1);
    for (const event of events) {
      const signature = signPayload(event.payload, local.webhookSecret);
      const answers = await Promise.all(Array.from({ length: 20 }, () => deliver(event.payload, signature)));
      expect(answers.map((res) => res.status).filter((s) => s >= 500)).toEqual([]);
      const outcomes = answers.map((res) => res.json.outcome);
      expect(
        outcomes.filter((o) => o === 'applied'),
        JSON.parse(event.payload).type,
      ).toHaveLength(1);
      expect(outcomes.filter((o) => o === 'duplicate')).toHaveLength(19);
    }
    expect(await isPremium(t, userId)).toBe(true);
    expect(await membershipsOf(t, userId)).toHaveLength(1);
  }, 60_000);

  it('two admins approving and deleting the same ally at once end consistent', async () => {
    const admins = await Promise.all(['admin.a', 'admin.b'].map((label) => registerAccount(t.url, label)));
    for (const admin of admins)
      await t.ctx.db
        .update(users)
        .set({ isAdmin: true })
        .where(eq(users.id, admin.user.id as string));
    for (let round = 0; round < 5; round += 1) {
      const [ally] = await t.ctx.db
        .insert(allies)
        .values({ name: `Contested ${run} ${round}`, category: 'Gears', submitterEmail: uniqueEmail('ally') })
        .returning();
      const call = (method: string, path: string, cookie: string) => callApp(`${t.url}${path}`, method, { cookie, headers: { origin: t.url } });
      const answers = await Promise.all([
        call('PATCH', `/api/admin/allies/${ally!.id}/approve`, admins[0]!.cookie),
        call('DELETE', `/api/admin/allies/${ally!.id}`, admins[1]!.cookie),
        call('DELETE', `/api/admin/allies/${ally!.id}`, admins[0]!.cookie),
        call('PATCH', `/api/admin/allies/${ally!.id}/approve`, admins[1]!.cookie),
      ]);
      const [approveA, deleteB, deleteA, approveB] = answers.map((res) => res.status);
      expect(
        answers.every((res) => res.status === 200 || res.status === 404),
        JSON.stringify(answers.map((r) => r.status)),
      ).toBe(true);
      // Exactly one delete wins; the ally is gone; the audit log has what succeeded and nothing else.
      expect([deleteA, deleteB].filter((s) => s === 200)).toHaveLength(1);
      expect(await t.ctx.db.select().from(allies).where(eq(allies.id, ally!.id))).toEqual([]);
      const audit = await t.ctx.db
        .select()
        .from(adminAuditLog)
        .where(and(eq(adminAuditLog.targetType, 'ally'), eq(adminAuditLog.targetId, ally!.id)));
      expect(audit.filter((row) => row.action === 'ally.delete')).toHaveLength(1);
      expect(audit.filter((row) => row.action === 'ally.approve')).toHaveLength([approveA, approveB].filter((s) => s === 200).length);
    }
  });
});

function deliver(payload: string, signature: string) {
  // The signature covers these very bytes: sent as they are.
  return callApp(`${t.url}${apiPaths.stripeWebhook}`, 'POST', { raw: payload, headers: { 'content-type': 'application/json', 'stripe-signature': signature } });
}
