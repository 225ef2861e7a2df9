import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, startTestAppWithMail, type TestAppWithMail } from '../../test/app';
import { callApp } from '../../test/call-app';
import { uniqueEmail } from '../../test/unique-email';
import type { SmtpCapture } from '../../test/smtp';

let t: TestAppWithMail;
let smtp: SmtpCapture;
beforeAll(async () => {
  t = await startTestAppWithMail({ PUBLIC_URL: 'https://dish.example.org' });
  smtp = t.smtp;
});
afterAll(async () => {
  await t.close();
});

const signup = (body: unknown) => callApp(`${t.url}/api/newsletter/signup`, 'POST', { body });
/** The welcome email while the signup waits for its confirmation (the default). */
const welcomeSubject = /^Welcome to The Weekly Dish: please confirm your subscription$/;

async function rowsFor(email: string) {
  const result = await t.ctx.db.execute(sql`select email, name, organization from newsletter_signups where lower(email) = lower(${email.trim()})`);
  return (result as unknown as { rows: { email: string; name: string; organization: string }[] }).rows;
}

async function communityTypesFor(email: string) {
  const result = await t.ctx.db.execute(sql`select signup_type from community_signups where lower(email) = lower(${email.trim()}) order by signup_type`);
  return (result as unknown as { rows: { signup_type: string }[] }).rows.map((r) => r.signup_type);
}

describe('POST /api/newsletter/signup', () => {
  it('stores a first signup trimmed, answers 201 and records a newsletter community signup', async () => {
    const email = uniqueEmail('first');
    const res = await signup({ email: `  ${email} `, name: ' Ada ', organization: 'Food Bank' });
    expect(res.status).toBe(201);
    expect(res.json).toEqual({ ok: true, status: 'pending', emailed: true });
    expect(await rowsFor(email)).toEqual([{ email, name: 'Ada', organization: 'Food Bank' }]);
    expect(await communityTypesFor(email)).toEqual(['newsletter']);
  });

  it('accepts the email alone, with name and organization stored empty', async () => {
    const email = uniqueEmail('alone');
    expect((await signup({ email })).status).toBe(201);
    expect(await rowsFor(email)).toEqual([{ email, name: '', organization: '' }]);
  });

  it('treats the same email in another case and with spaces as the same person: one row, stored name and organization never rewritten', async () => {
    const email = uniqueEmail('again');
    expect((await signup({ email, name: 'Alice' })).status).toBe(201);
    const again = await signup({ email: `  ${email.toUpperCase()}  `, name: 'Mallory', organization: 'Click http://evil.example' });
    expect(again.status).toBe(200);
    expect(again.json).toEqual({ ok: true, status: 'pending', emailed: true });
    // Neither the name nor the blank organization is written by someone typing this email.
    expect(await rowsFor(email)).toEqual([{ email, name: 'Alice', organization: '' }]);
    expect(await communityTypesFor(email)).toEqual(['newsletter']);
  });

  it('stores the community signup under the source the form sends, once per source', async () => {
    const email = uniqueEmail('source');
    expect((await signup({ email, source: 'free-resources' })).status).toBe(201);
    expect((await signup({ email, source: 'free-resources' })).status).toBe(200);
    expect((await signup({ email, name: 'Lin', source: 'create-profile' })).status).toBe(200);
    expect(await communityTypesFor(email)).toEqual(['create-profile', 'free-resources']);
    expect(await rowsFor(email)).toHaveLength(1);
  });

  it('refuses a missing or invalid email with 400 naming the field, storing nothing', async () => {
    const missing = await signup({ name: 'No Email' });
    expect(missing.status).toBe(400);
    expect(missing.json).toMatchObject({ errors: { email: 'Please enter a valid email address' } });

    const invalid = await signup({ email: 'not-an-email', name: 'Bad' });
    expect(invalid.status).toBe(400);
    expect(invalid.json).toEqual({
      message: 'email: Please enter a valid email address',
      errors: { email: 'Please enter a valid email address' },
    });
    expect(await rowsFor('not-an-email')).toEqual([]);
  });

  it('refuses over-long fields, unknown fields and an unknown source with 400, storing nothing', async () => {
    const email = uniqueEmail('invalid');
    const long = await signup({ email, name: 'x'.repeat(201) });
    expect(long.status).toBe(400);
    expect(long.json.errors).toHaveProperty('name');

    const unknown = await signup({ email, phone: '555' });
    expect(unknown.status).toBe(400);
    expect(unknown.json).toMatchObject({ message: 'Unknown field: phone' });

    const source = await signup({ email, source: 'billboard' });
    expect(source.status).toBe(400);
    expect(source.json.errors).toHaveProperty('source');

    expect(await rowsFor(email)).toEqual([]);
    expect(await communityTypesFor(email)).toEqual([]);
  });

  it('refuses a filled honeypot with 400 and stores nothing', async () => {
    const email = uniqueEmail('bot');
    const res = await signup({ email, name: 'Bot', fax: '555-0100' });
    expect(res.status).toBe(400);
    expect(res.json).toEqual({ message: 'Invalid submission' });
    expect(await rowsFor(email)).toEqual([]);
    expect(await communityTypesFor(email)).toEqual([]);
    // An empty honeypot is what people send.
    expect((await signup({ email, fax: '' })).status).toBe(201);
  });

  it('sends the welcome email on the first signup only', async () => {
    const email = uniqueEmail('welcome');
    expect((await signup({ email, name: 'Maya' })).status).toBe(201);
    const mail = await smtp.waitFor(email, welcomeSubject);
    expect(mail.text).toContain('Hi Maya,');
    expect(mail.text).toContain('every Tuesday morning');
    for (const path of ['/checkup', '/field-guides', '/resources']) expect(mail.text).toContain(`https://dish.example.org${path}`);

    expect((await signup({ email: email.toUpperCase(), name: 'Maya R' })).status).toBe(200);
    // Mail leaves in order: once a later signup's welcome has arrived, a second one to the first address would have too.
    const later = uniqueEmail('later');
    expect((await signup({ email: later })).status).toBe(201);
    await smtp.waitFor(later, welcomeSubject);
    expect(smtp.find(email, /Welcome/)).toHaveLength(1);
  });

  it('with confirmation pending, the welcome email says in its subject that one step is left, and carries the unsubscribe link and one-click headers of editions', async () => {
    const email = uniqueEmail('one-step');
    expect((await signup({ email, name: 'Noor' })).json).toEqual({ ok: true, status: 'pending', emailed: true });
    const mail = await smtp.waitFor(email, /Welcome/);
    expect(mail.subject).toBe('Welcome to The Weekly Dish: please confirm your subscription');
    expect(mail.text).toMatch(
      /One step left: confirm your subscription, so the editions reach you:\n\nhttps:\/\/dish\.example\.org\/newsletter\/confirm\?token=/,
    );
    expect(mail.text).not.toMatch(/Reply to this email/);
    const page = /Unsubscribe: (https:\/\/dish\.example\.org\/unsubscribe\?token=[\w.-]+)/.exec(mail.text)![1]!;
    const oneClick = /List-Unsubscribe: <(https:\/\/dish\.example\.org\/api\/newsletter\/unsubscribe\?token=[\w.-]+)>/.exec(mail.headers)![1]!;
    expect(mail.headers).toMatch(/List-Unsubscribe-Post: List-Unsubscribe=One-Click/);
    expect(new URL(oneClick).searchParams.get('token')).toBe(new URL(page).searchParams.get('token'));

    // The mail client's one click, as RFC 8058's example sends it: the reader is out.
    const form = new FormData();
    form.set('List-Unsubscribe', 'One-Click');
    const res = await callApp(oneClick.replace('https://dish.example.org', t.url), 'POST', { raw: form });
    expect(res.json).toMatchObject({ status: 'unsubscribed' });
  });

  it('answers where the subscription stands: pending (one step left), subscribed once confirmed, again pending after unsubscribing, bounced when refused', async () => {
    const email = uniqueEmail('stands');
    expect((await signup({ email })).json).toEqual({ ok: true, status: 'pending', emailed: true });
    // Still pending: the confirmation link again.
    expect((await signup({ email })).json).toEqual({ ok: true, status: 'pending', emailed: true });
    const confirmation = await smtp.waitFor(email, /^Confirm your subscription to The Weekly Dish$/);
    const token = /\/newsletter\/confirm\?token=([\w.-]+)/.exec(confirmation.text)![1];
    expect((await callApp(`${t.url}/api/newsletter/confirm`, 'POST', { body: { token } })).status).toBe(200);
    // Already confirmed: the spec's "You're subscribed!" is true, and nothing is sent.
    expect((await signup({ email })).json).toEqual({ ok: true, status: 'subscribed', emailed: false });

    const welcome = smtp.find(email, /Welcome/)[0]!;
    const unsubscribe = new URL(/Unsubscribe: (\S+)/.exec(welcome.text)![1]!).searchParams.get('token');
    expect((await callApp(`${t.url}/api/newsletter/unsubscribe`, 'POST', { body: { token: unsubscribe } })).status).toBe(200);
    expect((await signup({ email })).json).toEqual({ ok: true, status: 'pending', emailed: true });

    const refused = uniqueEmail('refused');
    await signup({ email: refused });
    await t.ctx.db.execute(sql`update newsletter_signups set status = 'bounced' where lower(email) = lower(${refused})`);
    expect((await signup({ email: refused })).json).toEqual({ ok: true, status: 'bounced', emailed: false });
  });
});

describe('newsletter signup without confirmed opt-in', () => {
  it("subscribes at once: the answer and the welcome email say so in the spec's words", async () => {
    const app = await startTestApp({ SMTP_URL: smtp.url, PUBLIC_URL: 'https://dish.example.org', NEWSLETTER_CONFIRMED_OPT_IN: 'false' });
    try {
      const email = uniqueEmail('at-once');
      const res = await callApp(`${app.url}/api/newsletter/signup`, 'POST', { body: { email } });
      expect(res.json).toEqual({ ok: true, status: 'subscribed', emailed: true });
      const mail = await smtp.waitFor(email, /Welcome/);
      expect(mail.subject).toBe('Welcome to The Weekly Dish');
      expect(mail.text).toContain("Welcome to The Weekly Dish! You're now subscribed.");
      expect(mail.text).not.toContain('/newsletter/confirm');
      expect(mail.text).toMatch(/Unsubscribe: https:\/\/dish\.example\.org\/unsubscribe\?token=/);
      expect(mail.headers).toMatch(/List-Unsubscribe-Post: List-Unsubscribe=One-Click/);
    } finally {
      await app.close();
    }
  });
});

describe('newsletter signup limits and failures', () => {
  it('still stores the signup and answers 201 when the mail server is down', async () => {
    const app = await startTestApp({ SMTP_URL: 'smtp://127.0.0.1:9' });
    try {
      const email = uniqueEmail('nomail');
      const res = await callApp(`${app.url}/api/newsletter/signup`, 'POST', { body: { email } });
      expect(res.status).toBe(201);
      const rows = await app.ctx.db.execute(sql`select 1 from newsletter_signups where lower(email) = lower(${email})`);
      expect((rows as unknown as { rows: unknown[] }).rows).toHaveLength(1);
    } finally {
      await app.close();
    }
  });

  it('sends the confirmation link again at most three times an hour to one address, whoever asks; then answers that nothing was emailed, and the links sent still confirm', async () => {
    const email = uniqueEmail('again');
    expect((await signup({ email })).json).toEqual({ ok: true, status: 'pending', emailed: true });
    await smtp.waitFor(email, welcomeSubject);
    const answers = [];
    for (let n = 0; n < 5; n += 1) answers.push((await signup({ email: n % 2 ? email.toUpperCase() : email })).json);
    expect(answers).toEqual([
      ...Array(3).fill({ ok: true, status: 'pending', emailed: true }),
      ...Array(2).fill({ ok: true, status: 'pending', emailed: false }),
    ]);
    // Mail leaves in order: once a later signup's welcome has arrived, a fourth link would have too.
    const later = uniqueEmail('again-later');
    expect((await signup({ email: later })).status).toBe(201);
    await smtp.waitFor(later, welcomeSubject);
    const links = smtp.find(email, /^Confirm your subscription to The Weekly Dish$/);
    expect(links).toHaveLength(3);
    const token = /\/newsletter\/confirm\?token=([\w.-]+)/.exec(links[0]!.text)![1];
    expect((await callApp(`${t.url}/api/newsletter/confirm`, 'POST', { body: { token } })).status).toBe(200);
    expect((await signup({ email })).json).toEqual({ ok: true, status: 'subscribed', emailed: false });
  });

  it('rate limits signups per address with 429', async () => {
    const app = await startTestApp({ RATE_LIMIT_FORMS_PER_HOUR: '2' });
    try {
      const url = `${app.url}/api/newsletter/signup`;
      expect((await callApp(url, 'POST', { body: { email: uniqueEmail('rl') } })).status).toBe(201);
      expect((await callApp(url, 'POST', { body: { email: uniqueEmail('rl') } })).status).toBe(201);
      const email = uniqueEmail('rl');
      const limited = await callApp(url, 'POST', { body: { email } });
      expect(limited.status).toBe(429);
      expect(limited.json.message).toMatch(/Too many requests/);
      const rows = await app.ctx.db.execute(sql`select 1 from newsletter_signups where lower(email) = lower(${email})`);
      expect((rows as unknown as { rows: unknown[] }).rows).toHaveLength(0);
    } finally {
      await app.close();
    }
  });
});
