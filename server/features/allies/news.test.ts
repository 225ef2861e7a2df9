import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queuedMails, mailSuppressions, users } from '../../db/schema';
import { allies } from './schema';
import { loadLinkKey, signLink } from '../../mail/links';
import { registerAccount } from '../../test/auth-client';
import { startTestAppWithMail, type TestAppWithMail } from '../../test/app';
import { callApp } from '../../test/call-app';
import { premiumMember } from '../../test/identities';
import type { SmtpCapture } from '../../test/smtp';
import { uniqueEmail } from '../../test/unique-email';
import { sendAlliesNews, weekOf } from './news';

let t: TestAppWithMail;
let smtp: SmtpCapture;
let key: Buffer;
beforeAll(async () => {
  t = await startTestAppWithMail({ PUBLIC_URL: 'https://hub.example.org' });
  smtp = t.smtp;
  key = await loadLinkKey(t.ctx.db);
});
afterAll(async () => {
  await t?.close();
});

const day = 24 * 3600 * 1000;
const newsTo = async (email: string) =>
  (await t.ctx.db.select().from(queuedMails).where(eq(queuedMails.to, email))).filter((mail) => mail.subject.startsWith('New in the Allies Directory'));
const addAlly = (name: string, values: Partial<typeof allies.$inferInsert>) =>
  t.ctx.db.insert(allies).values({ name, category: 'Gears', description: `${name} helps small teams.`, submitterEmail: uniqueEmail('vendor'), ...values });

describe('Allies news (decision 053)', () => {
  it('weekOf is the Monday of the week, in UTC', () => {
    expect(weekOf(new Date('2026-11-30T15:00:00Z'))).toBe('2026-11-30');
    expect(weekOf(new Date('2026-12-06T23:59:59Z'))).toBe('2026-11-30');
    expect(weekOf(new Date('2026-11-29T00:00:00Z'))).toBe('2026-11-23');
  });

  it('the week’s new allies go once to premium members who keep the topic; not to free members, those who left it, or suppressed addresses', async () => {
    // A week of its own, far from the other test's, so the two never share allies.
    const now = new Date('2031-03-10T15:00:00Z');
    const tag = Date.now().toString(36);
    await addAlly(`Fresh Ledger ${tag}`, { approved: true, listedAt: new Date(now.getTime() - 2 * day) });
    await addAlly(`Old Hands ${tag}`, { approved: true, listedAt: new Date(now.getTime() - 10 * day) });
    await addAlly(`Pending Co ${tag}`, { approved: false });

    const keeps = await premiumMember(t, 'allies-news-keeps');
    const left = await premiumMember(t, 'allies-news-left');
    const suppressed = await premiumMember(t, 'allies-news-suppressed');
    const free = await registerAccount(t.url, 'allies-news-free');
    const saved = await callApp(`${t.url}/api/newsletter/preferences`, 'POST', {
      body: {
        token: signLink(key, 'preferences', left.email),
        topics: { newsletter: true, events: true, allies: false, 'follow-ups': true, 'retake-reminders': true, 'team-checkup': true, 'plan-reminders': true },
      },
    });
    expect(saved.status).toBe(200);
    await t.ctx.db.insert(mailSuppressions).values({ email: suppressed.email.toUpperCase(), reason: 'bounced' });

    // Three runs at once (three servers), then another the same week: one email each.
    await Promise.all([sendAlliesNews(t.ctx, now), sendAlliesNews(t.ctx, now), sendAlliesNews(t.ctx, now)]);
    await sendAlliesNews(t.ctx, new Date(now.getTime() + day));
    const mail = await smtp.waitFor(keeps.email, /^New in the Allies Directory: a new vetted vendor$/);
    expect(mail.text).toContain(`- Fresh Ledger ${tag} (Gears): Fresh Ledger ${tag} helps small teams.`);
    expect(mail.text).not.toContain(`Old Hands ${tag}`);
    expect(mail.text).not.toContain(`Pending Co ${tag}`);
    expect(mail.text).toContain('https://hub.example.org/allies');
    expect(mail.text).toContain(`https://hub.example.org/preferences?token=${signLink(key, 'preferences', keeps.email)}`);
    expect(await newsTo(keeps.email)).toHaveLength(1);
    for (const email of [left.email, suppressed.email, free.email]) expect(await newsTo(email), email).toHaveLength(0);

    // The next week, with nothing new: no email.
    await sendAlliesNews(t.ctx, new Date(now.getTime() + 7 * day));
    expect(await newsTo(keeps.email)).toHaveLength(1);
  });

  it('an admin’s first approval lists an ally; approving it again after an unapprove does not make it new again', async () => {
    const admin = await registerAccount(t.url, 'allies-news-admin');
    await t.ctx.db
      .update(users)
      .set({ isAdmin: true })
      .where(eq(users.id, admin.user.id as string));
    const [ally] = await addAlly(`Second Look ${Date.now().toString(36)}`, { approved: false }).returning();
    const approve = (how: 'approve' | 'unapprove') => callApp(`${t.url}/api/admin/allies/${ally!.id}/${how}`, 'PATCH', { cookie: admin.cookie });
    expect((await approve('approve')).status).toBe(200);
    const [first] = await t.ctx.db.select({ listedAt: allies.listedAt }).from(allies).where(eq(allies.id, ally!.id));
    expect(first!.listedAt).toBeInstanceOf(Date);
    await t.ctx.db.execute(sql`select pg_sleep(0.01)`);
    expect((await approve('unapprove')).status).toBe(200);
    expect((await approve('approve')).status).toBe(200);
    const [again] = await t.ctx.db.select({ listedAt: allies.listedAt }).from(allies).where(eq(allies.id, ally!.id));
    expect(again!.listedAt!.getTime()).toBe(first!.listedAt!.getTime());
  });
});
