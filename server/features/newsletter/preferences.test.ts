import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadLinkKey, signLink } from '../../mail/links';
import { earlierLeaveToken } from '../../test/earlier-links';
import { premiumMember, signInEveryone } from '../../test/identities';
import { startTestAppWithMail, type TestAppWithMail } from '../../test/app';
import { callApp } from '../../test/call-app';
import type { SmtpCapture } from '../../test/smtp';
import { uniqueEmail } from '../../test/unique-email';

let t: TestAppWithMail;
let smtp: SmtpCapture;
let key: Buffer;
beforeAll(async () => {
  t = await startTestAppWithMail({ PUBLIC_URL: 'https://dish.example.org' });
  smtp = t.smtp;
  key = await loadLinkKey(t.ctx.db);
});
afterAll(async () => {
  await t.close();
});

const path = '/api/newsletter/preferences';
const read = async (token: string) => callApp(`${t.url}${path}?token=${encodeURIComponent(token)}`, 'GET');
const save = async (token: string, topics: Record<string, boolean>) => callApp(`${t.url}${path}`, 'POST', { body: { token, topics } });
const oneClickForm = { raw: 'List-Unsubscribe=One-Click', headers: { 'content-type': 'application/x-www-form-urlencoded' } };
const everything = { newsletter: true, events: true, allies: true, 'follow-ups': true, 'retake-reminders': true, 'team-checkup': true, 'plan-reminders': true };

/** The topics the address left, as stored: one row per topic (decision 071). */
const optOutsOf = async (email: string) =>
  (await t.ctx.db.execute<{ topic: string }>(sql`select topic from mail_topic_opt_outs where lower(email) = lower(${email}) order by topic`)).rows.map(
    (row) => row.topic,
  );

async function subscribed(label: string): Promise<string> {
  const email = uniqueEmail(label);
  await t.ctx.db.execute(sql`insert into newsletter_signups (email, status, source) values (${email}, 'subscribed', 'newsletter')`);
  return email;
}

describe('email preferences by the signed link', () => {
  it('shows and saves each topic, from the JSON page and from the plain form without scripts', async () => {
    const email = await subscribed('prefs');
    const token = signLink(key, 'preferences', email);
    expect((await read(token)).json).toEqual({ email, topics: everything, newsletterLocked: null });

    const saved = await save(token, { ...everything, events: false, allies: false });
    expect(saved.status).toBe(200);
    expect(saved.json).toMatchObject({ message: 'Your choices are saved.', topics: { ...everything, events: false, allies: false } });

    // The page's form without scripts: ticked boxes only, answered with the page again.
    const form = await callApp(`${t.url}${path}/form`, 'POST', {
      raw: new URLSearchParams({ token, events: 'on' }).toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      redirect: 'manual',
    });
    expect(form.status).toBe(303);
    expect(form.headers.get('location')).toBe(`/preferences?token=${encodeURIComponent(token)}&saved=1`);
    expect((await read(token)).json.topics).toEqual({
      newsletter: false,
      events: true,
      allies: false,
      'follow-ups': false,
      'retake-reminders': false,
      'team-checkup': false,
      'plan-reminders': false,
    });
    expect(await optOutsOf(email)).toEqual(['allies', 'follow-ups', 'newsletter', 'plan-reminders', 'retake-reminders', 'team-checkup']);
    // Ticked again: the link proves the inbox, so it is subscribed at once.
    expect((await save(token, everything)).json.topics).toEqual(everything);

    // From the account page: a member's own link, once the account proved its address.
    const member = await premiumMember(t, 'account-prefs');
    const fromAccount = () => callApp(`${t.url}/api/account/email-preferences`, 'GET', { cookie: member.cookie, redirect: 'manual' });
    expect((await fromAccount()).status).toBe(409);
    await t.ctx.db.execute(sql`update users set email_verified_at = now() where lower(email) = lower(${member.email})`);
    const redirected = await fromAccount();
    expect(redirected.status).toBe(303);
    expect(redirected.headers.get('location')).toBe(`/preferences?token=${encodeURIComponent(signLink(key, 'preferences', member.email))}`);
    expect((await callApp(`${t.url}/api/account/email-preferences`, 'GET', { redirect: 'manual' })).status).toBe(401);
    // A premium member without a signup gets the announcements: The Weekly Dish is on, and leaving it stops them.
    const memberToken = signLink(key, 'preferences', member.email);
    expect((await read(memberToken)).json.topics.newsletter).toBe(true);
    expect((await save(memberToken, { ...everything, newsletter: false })).json.topics.newsletter).toBe(false);
    expect(await optOutsOf(member.email)).toEqual(['newsletter']);
  });

  it('shows every topic from one record: a stop by a mail’s own link shows unticked, and a topic unticked here is stopped there', async () => {
    const email = await subscribed('every-topic');
    const token = signLink(key, 'preferences', email);
    const stop = (path: string) => callApp(`${t.url}${path}?token=${token}`, 'POST', oneClickForm);
    const stopped = async (path: string) => (await callApp(`${t.url}${path}?token=${token}`)).json.stopped as boolean;

    // The follow-ups' and the retake reminders' own one-click stops are the page's topics.
    expect((await stop('/api/follow-ups/unsubscribe')).status).toBe(200);
    expect((await read(token)).json.topics).toEqual({ ...everything, 'follow-ups': false });
    expect((await stop('/api/checkup/reminders/stop')).status).toBe(200);
    expect((await read(token)).json.topics).toEqual({ ...everything, 'follow-ups': false, 'retake-reminders': false });
    expect(await optOutsOf(email)).toEqual(['follow-ups', 'retake-reminders']);

    // Ticked again here: their own links' pages say they come again; unticked, that they stopped.
    expect((await save(token, everything)).json.topics).toEqual(everything);
    expect([await stopped('/api/follow-ups/unsubscribe'), await stopped('/api/checkup/reminders/stop')]).toEqual([false, false]);
    expect(await optOutsOf(email)).toEqual([]);
    await save(token, { ...everything, 'follow-ups': false, 'retake-reminders': false });
    expect([await stopped('/api/follow-ups/unsubscribe'), await stopped('/api/checkup/reminders/stop')]).toEqual([true, true]);
  });

  it('takes the leave links of mail sent before, each where it worked and on this page; a confirmation link opens nothing', async () => {
    const email = await subscribed('earlier-links');
    const unsubscribe = earlierLeaveToken(key, 'unsubscribe', email);
    const followUps = earlierLeaveToken(key, 'follow-ups', email);
    const reminders = earlierLeaveToken(key, 'checkup-reminders', email);
    for (const token of [unsubscribe, followUps, reminders]) expect((await read(token)).json).toMatchObject({ email, topics: everything });

    expect((await callApp(`${t.url}/api/newsletter/unsubscribe?token=${unsubscribe}`, 'POST', oneClickForm)).status).toBe(200);
    expect((await callApp(`${t.url}/api/follow-ups/unsubscribe?token=${followUps}`, 'POST', oneClickForm)).status).toBe(200);
    expect((await callApp(`${t.url}/api/checkup/reminders/stop?token=${reminders}`, 'POST', oneClickForm)).status).toBe(200);
    expect((await read(followUps)).json.topics).toEqual({ ...everything, newsletter: false, 'follow-ups': false, 'retake-reminders': false });
    // Taken back from this page with an earlier link, as with the address's preferences link.
    expect((await save(reminders, everything)).json.topics).toEqual(everything);

    for (const purpose of ['confirm', 'checkup-confirm'] as const) {
      const res = await read(signLink(key, purpose, email));
      expect(res.status).toBe(400);
      expect(res.json.message).toMatch(/^This preferences link is not valid/);
    }
  });

  it('refuses a tampered or foreign link, a malformed save and a bounced address, changing nothing', async () => {
    const email = await subscribed('tampered');
    const token = signLink(key, 'preferences', email);
    const [address, signature] = token.split('.') as [string, string];
    const other = Buffer.from(uniqueEmail('victim')).toString('base64url');
    for (const bad of [
      `${other}.${signature}`,
      `${address}.${signature.slice(0, -2)}${signature.endsWith('xx') ? 'yy' : 'xx'}`,
      signLink(key, 'confirm', email),
      'x',
      `${token}\u0000`,
    ]) {
      const res = await save(bad, { ...everything, newsletter: false, events: false });
      expect(res.status, bad).toBe(400);
      expect(res.json.message, bad).toMatch(/^(This preferences link is not valid|token: )/);
      expect((await read(bad)).status).toBe(400);
    }
    expect(await save(token, { newsletter: false, events: false, allies: false })).toMatchObject({ status: 400 });
    expect((await save(token, { ...everything, spam: true })).status).toBe(400);
    expect((await save(token, { ...everything, events: 'no' as unknown as boolean })).json.message).toBe(
      'topics.events: Webinar and event news must be on or off',
    );
    for (const topics of ['all', null, ['newsletter']]) {
      const res = await save(token, topics as unknown as Record<string, boolean>);
      expect(res.status).toBe(400);
      expect(res.json.message).toBe('topics: Topics must say, for each topic, whether it is on or off');
    }
    // The plain form: a box sends "on" or nothing; anything else is said in words, not Zod's.
    const form = await callApp(`${t.url}/api/newsletter/preferences/form`, 'POST', {
      raw: `token=${encodeURIComponent(token)}&newsletter=yes`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(form.status).toBe(400);
    expect(form.json.message).toBe('newsletter: The Weekly Dish is ticked or left out');
    expect((await read(token)).json.topics).toEqual(everything);

    await t.ctx.db.execute(sql`update newsletter_signups set status = 'bounced' where lower(email) = lower(${email})`);
    const bounced = await save(token, { ...everything, events: false, allies: false });
    expect(bounced.status).toBe(409);
    expect((await read(token)).json).toMatchObject({
      topics: { ...everything, newsletter: false },
      newsletterLocked: expect.stringMatching(/refused/),
    });
  });

  it('one-click unsubscribe from an edition leaves The Weekly Dish only, and a topic left stops its mail', async () => {
    const email = await subscribed('one-click');
    const token = signLink(key, 'preferences', email);
    await save(token, { ...everything, allies: false });
    const oneClick = await callApp(`${t.url}/api/newsletter/unsubscribe?token=${token}`, 'POST', {
      raw: 'List-Unsubscribe=One-Click',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(oneClick.status).toBe(200);
    expect((await read(token)).json.topics).toEqual({ ...everything, newsletter: false, allies: false });

    // "Webinar and event news": the recording mail goes to the member who kept it, not to the one who left it.
    const cookies = await signInEveryone(t);
    const kept = await premiumMember(t, 'kept-events');
    const left = await premiumMember(t, 'left-events');
    expect((await save(signLink(key, 'preferences', left.email), { ...everything, newsletter: false, events: false })).status).toBe(200);
    const webinar = await callApp(`${t.url}/api/admin/webinars`, 'POST', {
      cookie: cookies.admin,
      body: {
        title: 'Renewals',
        description: 'Slides.',
        startsAt: '2999-01-01T10:00',
        durationMinutes: 60,
        roomUrl: 'https://meet.example.org/r',
        capacity: null,
      },
    });
    expect(webinar.status).toBe(201);
    for (const member of [kept, left])
      expect((await callApp(`${t.url}/api/webinars/${webinar.json.id}/signup`, 'POST', { body: {}, cookie: member.cookie })).status).toBeLessThan(300);
    await t.ctx.db.execute(sql`update webinars set starts_at = now() - interval '2 hours' where id = ${webinar.json.id}`);
    const recorded = await callApp(`${t.url}/api/admin/webinars/${webinar.json.id}/recording`, 'POST', {
      cookie: cookies.admin,
      body: { recordingUrl: 'https://video.example.org/r' },
    });
    expect(recorded.status).toBe(200);
    await smtp.waitFor(kept.email, /^The recording is ready: /);
    expect(smtp.find(left.email, /^The recording is ready: /)).toHaveLength(0);
    // Its own booking's mail still goes: the confirmation of the place it took.
    expect(smtp.find(left.email, /^You're signed up: /)).toHaveLength(1);
  });
});
