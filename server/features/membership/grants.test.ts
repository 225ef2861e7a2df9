import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { grantEnd } from '#shared/membership/grant-lengths';
import { adminAuditLog, mailOutbox } from '../../db/schema';
import { subscriptions } from './schema';
import { registerAccount, type TestAccount } from '../../test/auth-client';
import { adminAccount } from '../../test/identities';
import { startTestAppWithMail, type TestAppWithMail } from '../../test/app';
import { isPremium, memberApi, subscriptionsOf } from '../../test/billing';
import type { SmtpCapture } from '../../test/smtp';
import { runGrants } from './grants';

let t: TestAppWithMail;
let smtp: SmtpCapture;
let admin: TestAccount;

beforeAll(async () => {
  t = await startTestAppWithMail({ PUBLIC_URL: 'https://hub.example.org' });
  smtp = t.smtp;
  admin = await adminAccount(t, 'grants-admin');
});
afterAll(async () => {
  await t?.close();
});

const idOf = (a: TestAccount) => a.user.id as string;
const asAdmin = (method: string, path: string, body?: unknown) => memberApi(t, admin.cookie).call(method, path, body);
const setPremium = (account: TestAccount, body: Record<string, unknown>) => asAdmin('PATCH', `/api/admin/users/${idOf(account)}/premium`, body);
const liveGrantOf = async (account: TestAccount) => (await subscriptionsOf(t, idOf(account))).find((row) => row.status === 'active');
/** The grant's emails stored for a member (registering sends others). */
const mailsTo = async (account: TestAccount) =>
  (await t.ctx.db.select().from(mailOutbox).where(eq(mailOutbox.to, account.email))).filter((mail) => mail.subject.includes('complimentary premium'));
const usersRow = async (account: TestAccount) =>
  ((await asAdmin('GET', `/api/admin/users?search=${encodeURIComponent(account.email)}`)).json.items as { id: string; premiumGrant: unknown }[]).find(
    (row) => row.id === idOf(account),
  );

describe('grants that end', () => {
  it('a month granted: premium everywhere, the end on /account and in the Users tab, the audit log says for how long', async () => {
    const member = await registerAccount(t.url, 'grant-month');
    const before = new Date();
    const res = await setPremium(member, { isPremium: true, grantFor: '1_month' });
    expect(res.status).toBe(200);
    expect(res.json.isPremium).toBe(true);
    const grant = await liveGrantOf(member);
    const expected = grantEnd('1_month', before)!;
    expect(Math.abs(grant!.currentPeriodEnd!.getTime() - expected.getTime())).toBeLessThan(5_000);
    expect((await memberApi(t, member.cookie).get('/api/premium/resources')).status).toBe(200);
    const view = (await memberApi(t, member.cookie).get('/api/billing/subscription')).json;
    expect(view.subscription).toMatchObject({ complimentary: true, currentPeriodEnd: grant!.currentPeriodEnd!.toISOString() });
    expect(await usersRow(member)).toMatchObject({ premiumGrant: { endsAt: grant!.currentPeriodEnd!.toISOString() } });
    const [audit] = await t.ctx.db
      .select()
      .from(adminAuditLog)
      .where(and(eq(adminAuditLog.targetId, idOf(member)), eq(adminAuditLog.action, 'user.premium.grant')));
    expect(audit!.details).toMatchObject({ grantFor: '1_month', endsAt: grant!.currentPeriodEnd!.toISOString() });
  });

  it('the switch alone still grants without end, and says so', async () => {
    const member = await registerAccount(t.url, 'grant-forever');
    expect((await setPremium(member, { isPremium: true })).status).toBe(200);
    expect((await liveGrantOf(member))!.currentPeriodEnd).toBeNull();
    expect(await usersRow(member)).toMatchObject({ premiumGrant: { endsAt: null } });
    // Nothing ends or is announced, however far the clock goes.
    await runGrants(t.ctx, new Date(Date.now() + 3 * 365 * 24 * 3600 * 1000));
    expect(await isPremium(t, idOf(member))).toBe(true);
    expect(await mailsTo(member)).toHaveLength(0);
  });

  it('a week before and on the day, each email once, also with runs on several servers at once; then premium is gone everywhere', async () => {
    const member = await registerAccount(t.url, 'grant-ends');
    await setPremium(member, { isPremium: true, grantFor: '6_months' });
    const endsAt = (await liveGrantOf(member))!.currentPeriodEnd!;
    const day = 24 * 3600 * 1000;

    // Eight days before: nothing yet.
    await runGrants(t.ctx, new Date(endsAt.getTime() - 8 * day));
    expect(await mailsTo(member)).toHaveLength(0);

    // Six days before: the notice, once, however many runs race.
    const sixDaysBefore = new Date(endsAt.getTime() - 6 * day);
    await Promise.all([runGrants(t.ctx, sixDaysBefore), runGrants(t.ctx, sixDaysBefore), runGrants(t.ctx, sixDaysBefore)]);
    await runGrants(t.ctx, new Date(endsAt.getTime() - 1000));
    const notice = await smtp.waitFor(member.email, /complimentary premium ends on/);
    expect(notice.text).toContain('https://hub.example.org/pricing');
    expect(await isPremium(t, idOf(member))).toBe(true);

    // The day: ended, told once, premium gone from the session's checks.
    const after = new Date(endsAt.getTime() + 1000);
    const runs = await Promise.all([runGrants(t.ctx, after), runGrants(t.ctx, after), runGrants(t.ctx, after)]);
    expect(runs.reduce((sum, run) => sum + run.ended, 0)).toBe(1);
    await smtp.waitFor(member.email, /complimentary premium has ended/);
    expect(await isPremium(t, idOf(member))).toBe(false);
    expect((await memberApi(t, member.cookie).get('/api/premium/resources')).status).toBe(403);
    expect((await memberApi(t, member.cookie).get('/api/user')).json.isPremium).toBe(false);
    expect(await usersRow(member)).toMatchObject({ premiumGrant: null });

    await runGrants(t.ctx, new Date(endsAt.getTime() + 2 * day));
    const subjects = (await mailsTo(member)).map((mail) => mail.subject).sort();
    expect(subjects).toHaveLength(2);
    expect(subjects[1]).toBe('Your complimentary premium has ended');
    expect(subjects[0]).toMatch(/^Your complimentary premium ends on \w+ \d{1,2}, \d{4}$/);
    expect(smtp.find(member.email, /complimentary premium/)).toHaveLength(2);
  });

  it('a new end after the notice is announced again; a revoke ends at once without an "ended" email', async () => {
    const member = await registerAccount(t.url, 'grant-changed');
    await setPremium(member, { isPremium: true, grantFor: '1_week' });
    const firstEnd = (await liveGrantOf(member))!.currentPeriodEnd!;
    // A week's grant is within its last week from the start: the notice goes at the next run.
    await runGrants(t.ctx);
    await smtp.waitFor(member.email, /ends on/);

    expect((await setPremium(member, { isPremium: true, grantFor: '1_year' })).status).toBe(200);
    const newEnd = (await liveGrantOf(member))!.currentPeriodEnd!;
    expect(newEnd.getTime()).toBeGreaterThan(firstEnd.getTime() + 300 * 24 * 3600 * 1000);
    // The old end passes: nothing ends.
    await runGrants(t.ctx, new Date(firstEnd.getTime() + 1000));
    expect(await isPremium(t, idOf(member))).toBe(true);
    await runGrants(t.ctx, new Date(newEnd.getTime() - 3 * 24 * 3600 * 1000));
    expect((await mailsTo(member)).filter((mail) => mail.subject.includes('ends on'))).toHaveLength(2);

    expect((await setPremium(member, { isPremium: false })).status).toBe(200);
    expect(await isPremium(t, idOf(member))).toBe(false);
    await runGrants(t.ctx, new Date(newEnd.getTime() + 1000));
    expect((await mailsTo(member)).filter((mail) => mail.subject.includes('has ended'))).toHaveLength(0);
  });

  it('bad input changes nothing: a length with isPremium false, an unknown length, a member who pays', async () => {
    const member = await registerAccount(t.url, 'grant-bad');
    const off = await setPremium(member, { isPremium: false, grantFor: '1_week' });
    expect(off.status).toBe(400);
    expect(off.json.message).toMatch(/grantFor is only for granting premium/);
    const unknown = await setPremium(member, { isPremium: true, grantFor: 'forever' });
    expect(unknown.status).toBe(400);
    expect(unknown.json.message).toMatch(/grantFor must be 1_week, 1_month, 6_months, 1_year or without_end/);
    for (const grantFor of [7, null, ['1_week'], '1_week\u0000', 'x'.repeat(100_000)]) {
      expect((await setPremium(member, { isPremium: true, grantFor })).status).toBe(400);
    }
    expect(await subscriptionsOf(t, idOf(member))).toHaveLength(0);
    expect(await isPremium(t, idOf(member))).toBe(false);

    const payer = await registerAccount(t.url, 'grant-payer');
    await t.ctx.db.insert(subscriptions).values({
      userId: idOf(payer),
      provider: 'local',
      providerSubscriptionId: `sub_grant_test_${idOf(payer)}`,
      plan: 'yearly',
      status: 'active',
      currentPeriodEnd: new Date(Date.now() + 300 * 24 * 3600 * 1000),
    });
    const pays = await setPremium(payer, { isPremium: true, grantFor: '1_month' });
    expect(pays.status).toBe(409);
    expect(pays.json.message).toMatch(/pays for a .* membership: a complimentary grant cannot be added to it/);
    expect((await subscriptionsOf(t, idOf(payer))).map((row) => row.provider)).toEqual(['local']);
    expect(await usersRow(payer)).toMatchObject({ premiumGrant: null });
  });
});
