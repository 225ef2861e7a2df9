import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { render } from '../../../client/entry-server';
import { loadLinkKey, signLink } from '../../mail/links';
import { startTestApp, type TestApp } from '../../test/app';
import { callApp } from '../../test/call-app';
import { uniqueEmail } from '../../test/unique-email';

let t: TestApp;
let key: Buffer;
beforeAll(async () => {
  t = await startTestApp({}, { renderPage: render });
  key = await loadLinkKey(t.ctx.db);
});
afterAll(async () => {
  await t.close();
});

const page = async (query: string) => (await callApp(`${t.url}/preferences?${query}`, 'GET', { headers: { 'accept-encoding': 'identity' } })).text;
/** The topics the page draws ticked, by their boxes' names. */
const ticked = (html: string) => [...html.matchAll(/<input type="checkbox"[^>]*name="([^"]+)" checked=""/g)].map((m) => m[1]);

describe('the preferences page drawn by the server', () => {
  it('shows the choices as they are now: a page kept once drawn is drawn again when they change, here or by another way', async () => {
    const email = uniqueEmail('prefs-page');
    await t.ctx.db.execute(sql`insert into newsletter_signups (email, status, source) values (${email}, 'subscribed', 'newsletter')`);
    const token = encodeURIComponent(signLink(key, 'preferences', email));
    const first = await page(`token=${token}`);
    expect(ticked(first)).toContain('events');
    expect(first).toContain(email);
    // The same again: the kept page.
    expect(await page(`token=${token}`)).toBe(first);

    // Saved on this page's API: the next visit shows it, and the page after the form's save says so.
    const saved = await callApp(`${t.url}/api/newsletter/preferences`, 'POST', {
      body: {
        token: decodeURIComponent(token),
        topics: { newsletter: true, events: false, allies: true, 'follow-ups': true, 'retake-reminders': true, 'team-checkup': true, 'plan-reminders': true },
      },
    });
    expect(saved.status).toBe(200);
    expect(ticked(await page(`token=${token}`))).not.toContain('events');
    expect(await page(`token=${token}&saved=1`)).toContain('Your choices are saved.');

    // Changed by another way (a stop in the database, as another server's link would): shown too.
    await t.ctx.db.execute(sql`insert into mail_topic_opt_outs (email, topic) values (${email}, 'allies')`);
    expect(ticked(await page(`token=${token}`))).not.toContain('allies');

    // Another address's page is its own.
    const other = uniqueEmail('prefs-page-other');
    await t.ctx.db.execute(sql`insert into newsletter_signups (email, status, source) values (${other}, 'subscribed', 'newsletter')`);
    const theirs = await page(`token=${encodeURIComponent(signLink(key, 'preferences', other))}`);
    expect(theirs).toContain(other);
    expect(theirs).not.toContain(email);
    expect(ticked(theirs)).toContain('events');
  });

  it('says a tampered link is not valid, and shows no one’s choices', async () => {
    const email = uniqueEmail('prefs-page-tampered');
    const [address, mac] = signLink(key, 'preferences', email).split('.') as [string, string];
    const html = await page(`token=${encodeURIComponent(`${address}.${mac.slice(0, -2)}AA`)}`);
    expect(html).toContain('This preferences link is not valid');
    expect(ticked(html)).toEqual([]);
  });
});
