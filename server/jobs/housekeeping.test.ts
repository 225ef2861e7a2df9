import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queuedMails, passwordResetTokens, rateLimits, sessions, users } from '../db/schema';
import { startTestApp, type TestApp } from '../test/app';
import { uniqueEmail } from '../test/unique-email';
import { cleanUpExpired } from './housekeeping';

const ago = (ms: number) => new Date(Date.now() - ms);
const DAY = 86_400_000;
const run = Math.random().toString(36).slice(2, 10);

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

describe('the housekeeping job', () => {
  it('deletes what has run out and keeps what is still in use', async () => {
    const { db } = t.ctx;
    const [user] = await db
      .insert(users)
      .values({ email: uniqueEmail('housekeeping') })
      .returning({ id: users.id });
    const userId = user!.id;
    await db.insert(sessions).values([
      { tokenHash: `expired-${run}`, userId, expiresAt: ago(1000) },
      { tokenHash: `live-${run}`, userId, expiresAt: ago(-DAY) },
    ]);
    await db.insert(passwordResetTokens).values([
      { tokenHash: `expired-long-ago-${run}`, userId, expiresAt: ago(2 * DAY) },
      { tokenHash: `used-long-ago-${run}`, userId, expiresAt: ago(-DAY), usedAt: ago(2 * DAY) },
      // A link used or run out within the day is kept a little longer.
      { tokenHash: `expired-lately-${run}`, userId, expiresAt: ago(DAY / 2) },
      { tokenHash: `used-lately-${run}`, userId, expiresAt: ago(-DAY), usedAt: ago(1000) },
    ]);
    await db.insert(rateLimits).values([
      { key: `ended-${run}`, count: 3, resetAt: ago(2 * 60_000) },
      { key: `just-ended-${run}`, count: 3, resetAt: ago(1000) },
      { key: `running-${run}`, count: 3, resetAt: ago(-60_000) },
    ]);
    const mail = (status: 'sent' | 'pending', sentAt: Date | null) => ({
      to: uniqueEmail('mail-queue'),
      subject: `housekeeping ${run}`,
      text: 'Hello',
      status,
      sentAt,
    });
    const queued = await db
      .insert(queuedMails)
      .values([mail('sent', ago(31 * DAY)), mail('sent', ago(29 * DAY)), mail('pending', null)])
      .returning({ id: queuedMails.id });

    await cleanUpExpired(db);

    const sessionsLeft = await db.select({ tokenHash: sessions.tokenHash }).from(sessions).where(eq(sessions.userId, userId));
    expect(sessionsLeft.map((row) => row.tokenHash)).toEqual([`live-${run}`]);
    const tokensLeft = await db.select({ tokenHash: passwordResetTokens.tokenHash }).from(passwordResetTokens).where(eq(passwordResetTokens.userId, userId));
    expect(tokensLeft.map((row) => row.tokenHash).sort()).toEqual([`expired-lately-${run}`, `used-lately-${run}`]);
    const countersLeft = await db
      .select({ key: rateLimits.key })
      .from(rateLimits)
      .where(inArray(rateLimits.key, [`ended-${run}`, `just-ended-${run}`, `running-${run}`]));
    expect(countersLeft.map((row) => row.key).sort()).toEqual([`just-ended-${run}`, `running-${run}`]);
    const mailsLeft = await db
      .select({ id: queuedMails.id })
      .from(queuedMails)
      .where(
        inArray(
          queuedMails.id,
          queued.map((row) => row.id),
        ),
      );
    expect(mailsLeft.map((row) => row.id).sort()).toEqual([queued[1]!.id, queued[2]!.id].sort());
  });
});
