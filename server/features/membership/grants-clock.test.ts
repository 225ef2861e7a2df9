import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { grantEnd } from '#shared/membership/grant-lengths';
import { registerAccount, type TestAccount } from '../../test/auth-client';
import { adminAccount } from '../../test/identities';
import { scratchPostgres, startTestAppWithMail, type TestAppWithMail } from '../../test/app';
import { callApp } from '../../test/call-app';
import { isPremium, memberApi, subscriptionsOf } from '../../test/billing';
import type { SmtpCapture } from '../../test/smtp';

/**
 * Grants read the billing clock, as renewals do: the test clock (`npm run billing:clock`) shows a
 * grant ending. A file of its own: the clock it moves is the database's, and the other grant
 * tests count from real time.
 */
let t: TestAppWithMail;
let smtp: SmtpCapture;
let admin: TestAccount;
let scratch: Awaited<ReturnType<typeof scratchPostgres>> | undefined;

beforeAll(async () => {
  scratch = process.env.TEST_DB === 'postgres' ? await scratchPostgres() : undefined;
  t = await startTestAppWithMail({ PUBLIC_URL: 'https://hub.example.org' }, scratch ? { databaseUrl: scratch.url } : {});
  smtp = t.smtp;
  admin = await adminAccount(t, 'grant-clock-admin');
});
afterAll(async () => {
  await t?.close();
  await scratch?.drop();
});

const idOf = (a: TestAccount) => a.user.id as string;
const advance = (by: string) => callApp(`${t.url}/api/billing/local/clock`, 'POST', { body: { advance: by } });
const grant = (member: TestAccount, grantFor: string) =>
  memberApi(t, admin.cookie).call('PATCH', `/api/admin/users/${idOf(member)}/premium`, { isPremium: true, grantFor });

describe('grants on the billing clock', () => {
  it('a week granted ends when the billing clock passes it, with its email; a grant given later counts from the clock', async () => {
    const member = await registerAccount(t.url, 'grant-clock');
    expect((await grant(member, '1_week')).status).toBe(200);
    expect((await advance('6d')).status).toBe(200);
    expect(await isPremium(t, idOf(member))).toBe(true);
    expect((await advance('2d')).status).toBe(200);
    expect(await isPremium(t, idOf(member))).toBe(false);
    await smtp.waitFor(member.email, /complimentary premium has ended/);
    expect((await memberApi(t, member.cookie).get('/api/premium/resources')).status).toBe(403);

    // The clock is 8 days ahead now: a month given counts from it, and /account says so.
    const later = await registerAccount(t.url, 'grant-clock-later');
    expect((await grant(later, '1_month')).status).toBe(200);
    const [row] = (await subscriptionsOf(t, idOf(later))).filter((s) => s.status === 'active');
    const expected = grantEnd('1_month', new Date(Date.now() + 8 * 86_400_000))!;
    expect(Math.abs(row!.currentPeriodEnd!.getTime() - expected.getTime())).toBeLessThan(60_000);
    expect((await advance('1d')).status).toBe(200);
    expect(await isPremium(t, idOf(later))).toBe(true);
  });
});
