import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadLinkKey, signLink } from '../../mail/links';
import { earlierLeaveToken } from '../../test/earlier-links';
import { premiumMember, signInEveryone } from '../../test/identities';
import { startTestApp, type TestApp } from '../../test/app';
import { callApp } from '../../test/call-app';
import { startSmtpCapture } from '../../test/smtp';
import { uniqueEmail } from '../../test/unique-email';

let t: TestApp;
let smtp: Awaited<ReturnType<typeof startSmtpCapture>>;
let key: Buffer;
beforeAll(async () => {
  smtp = await startSmtpCapture();
  t = await startTestApp({
    SMTP_URL: smtp.url,
    PUBLIC_URL: 'https://dish.example.org',
    RATE_LIMIT_FORMS_PER_HOUR: '1000',
    RATE_LIMIT_REGISTER_PER_HOUR: '1000',
  });
  key = await loadLinkKey(t.ctx.db);
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

const path = '/api/newsletter/preferences';
const read = async (token: string) => callApp(`${t.url}${path}?token=${encodeURIComponent(token)}`, 'GET');
const save = async (token: string, topics: Record<string, boolean>) => callApp(`${t.url}${path}`, 'POST', { body: { token, topics } });
const oneClickForm = { raw: 'List-Unsubscribe=One-Click', headers: { 'content-type': 'application/x-www-form-urlencoded' } };
const everything = { 'weekly-dish': true, events: true, allies: true };

async function subscribed(label: string): Promise<string> {
  const email = uniqueEmail(label);
  await t.ctx.db.execute(sql`insert into newsletter_signups (email, status, source) values (${email}, 'subscribed', 'newsletter')`);
  return email;
}

describe('email preferences by the signed link', () => {
  it('shows and saves each topic, from the JSON page and from the plain form without scripts', async () => {
    const email = await subscribed('prefs');
    const token = signLink(key, 'preferences', email);
    expect((await read(token)).json).toEqual({ email, topics: everything, weeklyDishLocked: null });

    const saved = await save(token, { 'weekly-dish': true, events: false, allies: false });
    expect(saved.status).toBe(200);
    expect(saved.json).toMatchObject({ message: 'Your choices are saved.', topics: { 'weekly-dish': true, events: false, allies: false } });

    // The page's form without scripts: ticked boxes only, answered with the page again.
    const form = await callApp(`${t.url}${path}/form`, 'POST', {
      raw: new URLSearchParams({ token, events: 'on' }).toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      redirect: 'manual',
    });
    expect(form.status).toBe(303);
    expect(form.headers.get('location')).toBe(`/preferences?token=${encodeURIComponent(token)}&saved=1`);
    expect((await read(token)).json.topics).toEqual({ 'weekly-dish': false, events: true, allies: false });
    const { rows } = await t.ctx.db.execute<{ status: string }>(sql`select status from newsletter_signups where lower(email) = lower(${email})`);
    expect(rows[0]!.status).toBe('unsubscribed');
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
    expect((await read(memberToken)).json.topics['weekly-dish']).toBe(true);
    expect((await save(memberToken, { ...everything, 'weekly-dish': false })).json.topics['weekly-dish']).toBe(false);
    const { rows: left } = await t.ctx.db.execute<{ status: string }>(sql`select status from newsletter_signups where lower(email) = lower(${member.email})`);
    expect(left).toEqual([{ status: 'unsubscribed' }]);
  });

  it('takes the leave links of mail sent before, each where it worked and on this page; a confirmation link opens nothing', async () => {
    const email = await subscribed('earlier-links');
    const unsubscribe = earlierLeaveToken(key, 'unsubscribe', email);
    const followUps = earlierLeaveToken(key, 'follow-ups', email);
    const reminders = earlierLeaveToken(key, 'checkup-reminders', email);
    for (const token of [unsubscribe, followUps, reminders]) expect((await read(token)).json).toMatchObject({ email, topics: everything });

    expect((await callApp(`${t.url}/api/newsletter/unsubscribe?token=${unsubscribe}`, 'POST', oneClickForm)).status).toBe(200);
    expect((await callApp(`${t.url}/api/follow-ups/unsubscribe?token=${followUps}`, 'POST', oneClickForm)).json.stopped).toBe(true);
    expect((await callApp(`${t.url}/api/checkup/reminders/stop?token=${reminders}`, 'POST', oneClickForm)).json.stopped).toBe(true);
    expect((await read(followUps)).json.topics).toEqual({ ...everything, 'weekly-dish': false });
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
      const res = await save(bad, { 'weekly-dish': false, events: false, allies: false });
      expect(res.status, bad).toBe(400);
      expect(res.json.message, bad).toMatch(/^(This preferences link is not valid|token: )/);
      expect((await read(bad)).status).toBe(400);
    }
    expect(await save(token, { 'weekly-dish': false, events: false })).toMatchObject({ status: 400 });
    expect((await save(token, { ...everything, spam: true })).status).toBe(400);
    expect((await save(token, { ...everything, events: 'no' as unknown as boolean })).json.message).toBe(
      'topics.events: Webinar and event news must be on or off',
    );
    for (const topics of ['all', null, ['weekly-dish']]) {
      const res = await save(token, topics as unknown as Record<string, boolean>);
      expect(res.status).toBe(400);
      expect(res.json.message).toBe('topics: Topics must say, for each topic, whether it is on or off');
    }
    expect((await read(token)).json.topics).toEqual(everything);

    await t.ctx.db.execute(sql`update newsletter_signups set status = 'bounced' where lower(email) = lower(${email})`);
    const bounced = await save(token, { 'weekly-dish': true, events: false, allies: false });
    expect(bounced.status).toBe(409);
    expect((await read(token)).json).toMatchObject({
      topics: { 'weekly-dish': false, events: true, allies: true },
      weeklyDishLocked: expect.stringMatching(/refused/),
    });
  });

  it('one-click unsubscribe from an edition leaves The Weekly Dish only, and a topic left stops its mail', async () => {
    const email = await subscribed('one-click');
    const token = signLink(key, 'preferences', email);
    await save(token, { 'weekly-dish': true, events: true, allies: false });
    const oneClick = await callApp(`${t.url}/api/newsletter/unsubscribe?token=${token}`, 'POST', {
      raw: 'List-Unsubscribe=One-Click',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(oneClick.status).toBe(200);
    expect((await read(token)).json.topics).toEqual({ 'weekly-dish': false, events: true, allies: false });

    // "Webinar and event news": the recording mail goes to the member who kept it, not to the one who left it.
    const cookies = await signInEveryone(t);
    const kept = await premiumMember(t, 'kept-events');
    const left = await premiumMember(t, 'left-events');
    expect((await save(signLink(key, 'preferences', left.email), { 'weekly-dish': false, events: false, allies: true })).status).toBe(200);
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
