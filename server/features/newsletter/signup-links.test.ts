import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newsletterSignups } from './schema';
import { loadLinkKey, signLink } from '../../mail/links';
import { startTestAppWithMail, type TestAppWithMail } from '../../test/app';
import { callApp } from '../../test/call-app';
import type { SmtpCapture } from '../../test/smtp';
import { uniqueEmail } from '../../test/unique-email';
import { signupStatus } from './repo';

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

const unsubscribeUrl = (token: string) => `${t.url}/api/newsletter/unsubscribe?token=${token}`;

/** A confirmed subscriber, as a person becomes one: the form, then the confirmation link of the email. */
async function subscriber(label: string): Promise<string> {
  const email = uniqueEmail(label);
  expect((await callApp(`${t.url}/api/newsletter/signup`, 'POST', { body: { email } })).status).toBe(201);
  const welcome = await smtp.waitFor(email, /Welcome to The Weekly Dish/);
  const confirm = /\/newsletter\/confirm\?token=([\w.-]+)/.exec(welcome.text)![1];
  expect((await callApp(`${t.url}/api/newsletter/confirm`, 'POST', { body: { token: confirm } })).status).toBe(200);
  return email;
}

/** Every stored signup whose address is this one once trimmed and lower-cased (a padded copy included), and where it stands. */
async function signupsOf(email: string) {
  return t.ctx.db
    .select({ email: newsletterSignups.email, status: signupStatus })
    .from(newsletterSignups)
    .where(sql`lower(trim(${newsletterSignups.email})) = lower(${email})`)
    .orderBy(newsletterSignups.email);
}

describe('one-click unsubscribe (RFC 8058)', () => {
  it('accepts multipart/form-data, the encoding of the RFC’s own example', async () => {
    const email = await subscriber('multipart');
    const form = new FormData();
    form.set('List-Unsubscribe', 'One-Click');
    // A FormData body goes as multipart/form-data with its boundary, as mail providers do.
    const res = await callApp(unsubscribeUrl(signLink(key, 'preferences', email)), 'POST', { raw: form });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ email, status: 'unsubscribed' });
    expect(await signupsOf(email)).toEqual([{ email, status: 'unsubscribed' }]);
  });

  it('accepts the same request as application/x-www-form-urlencoded, its value percent-encoded or not', async () => {
    for (const body of ['List-Unsubscribe=One-Click', 'List-Unsubscribe=One%2DClick']) {
      const email = await subscriber('urlencoded');
      const res = await callApp(unsubscribeUrl(signLink(key, 'preferences', email)), 'POST', {
        raw: body,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      });
      expect(res.status).toBe(200);
      expect(await signupsOf(email)).toEqual([{ email, status: 'unsubscribed' }]);
    }
  });

  it('refuses a form without List-Unsubscribe=One-Click, a broken multipart body and other content types, changing nothing', async () => {
    const email = await subscriber('refused');
    const url = unsubscribeUrl(signLink(key, 'preferences', email));
    const other = new FormData();
    other.set('List-Unsubscribe', 'Maybe');
    const attempts: { body: BodyInit; type?: string; status: number; message: RegExp }[] = [
      { body: other, status: 400, message: /List-Unsubscribe=One-Click/ },
      { body: 'List-Unsubscribe=Two-Clicks', type: 'application/x-www-form-urlencoded', status: 400, message: /List-Unsubscribe=One-Click/ },
      { body: '--x\r\nnot a part', type: 'multipart/form-data; boundary=x', status: 400, message: /could not be read/ },
      { body: 'List-Unsubscribe=One-Click', type: 'multipart/form-data', status: 400, message: /could not be read/ },
      { body: 'List-Unsubscribe=One-Click', type: 'text/plain', status: 415, message: /Unsupported content type/ },
    ];
    for (const attempt of attempts) {
      const res = await callApp(url, 'POST', { raw: attempt.body, headers: attempt.type ? { 'content-type': attempt.type } : {} });
      expect(res.status, String(attempt.type)).toBe(attempt.status);
      expect((res.json as { message: string }).message).toMatch(attempt.message);
    }
    expect(await signupsOf(email)).toEqual([{ email, status: 'subscribed' }]);
  });

  it('takes forms only there: resubscribing and confirming refuse a form body with 415', async () => {
    const email = await subscriber('forms-elsewhere');
    const form = new FormData();
    form.set('token', signLink(key, 'preferences', email));
    for (const path of ['/api/newsletter/resubscribe', '/api/newsletter/confirm']) {
      const res = await callApp(`${t.url}${path}`, 'POST', { raw: form });
      expect(res.status, path).toBe(415);
    }
  });
});

describe('unsubscribe tokens', () => {
  it('a token whose address part was changed in case or padded acts on the one normalised address, never on a new row', async () => {
    const email = await subscriber('padded');
    const [encoded, signature] = signLink(key, 'preferences', email).split('.');
    expect(Buffer.from(encoded!, 'base64url').toString()).toBe(email);
    for (const altered of [email.toUpperCase(), `  ${email} `, ` ${email.toUpperCase()}\t`]) {
      const token = `${Buffer.from(altered).toString('base64url')}.${signature}`;
      const read = await callApp(unsubscribeUrl(token));
      expect(read.status).toBe(200);
      expect((read.json as { email: string }).email).toBe(email);
    }

    const token = `${Buffer.from(`  ${email.toUpperCase()} `).toString('base64url')}.${signature}`;
    const res = await callApp(`${t.url}/api/newsletter/unsubscribe`, 'POST', { body: { token } });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ email, status: 'unsubscribed' });
    expect(await signupsOf(email)).toEqual([{ email, status: 'unsubscribed' }]);

    const back = await callApp(`${t.url}/api/newsletter/resubscribe`, 'POST', { body: { token } });
    expect(back.json).toMatchObject({ email, status: 'subscribed' });
    expect(await signupsOf(email)).toEqual([{ email, status: 'subscribed' }]);
  });

  it('still refuses a token signed for another address, whatever its case or spaces', async () => {
    const email = await subscriber('other');
    const [, signature] = signLink(key, 'preferences', email).split('.');
    const stranger = uniqueEmail('stranger');
    const token = `${Buffer.from(` ${stranger}`).toString('base64url')}.${signature}`;
    expect((await callApp(`${t.url}/api/newsletter/unsubscribe`, 'POST', { body: { token } })).status).toBe(400);
    expect(await signupsOf(stranger)).toEqual([]);
  });
});

describe('what the unsubscribe link says', () => {
  it('says what is true for each state of the address', async () => {
    const read = async (email: string) => (await callApp(unsubscribeUrl(signLink(key, 'preferences', email)))).json as { status: string; message: string };
    const subscribed = await subscriber('says-subscribed');
    expect(await read(subscribed)).toEqual({ email: subscribed, status: 'subscribed', message: 'This address receives The Weekly Dish.' });

    const pending = uniqueEmail('says-pending');
    await callApp(`${t.url}/api/newsletter/signup`, 'POST', { body: { email: pending } });
    expect(await read(pending)).toMatchObject({ status: 'pending', message: 'This address has not confirmed its subscription, so it receives no editions.' });

    const unknown = uniqueEmail('says-none');
    expect(await read(unknown)).toMatchObject({ status: 'none', message: 'This address is not subscribed to The Weekly Dish.' });

    const gone = await subscriber('says-gone');
    const answer = await callApp(`${t.url}/api/newsletter/unsubscribe`, 'POST', { body: { token: signLink(key, 'preferences', gone) } });
    // Said once: the page adds the address ("… will not receive another edition").
    expect(answer.json).toMatchObject({ status: 'unsubscribed', message: 'You are unsubscribed from The Weekly Dish.' });
    expect(await read(gone)).toMatchObject({ status: 'unsubscribed', message: 'This address is unsubscribed.' });

    const bounced = await subscriber('says-bounced');
    await t.ctx.db.execute(sql`update newsletter_signups set status = 'bounced' where lower(email) = lower(${bounced})`);
    expect(await read(bounced)).toMatchObject({
      status: 'bounced',
      message: 'Mail to this address was refused by its mail server, so it receives no editions.',
    });
  });
});
