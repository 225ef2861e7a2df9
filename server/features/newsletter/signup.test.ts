import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postJson, startTestApp, type TestApp } from '../../test/app';
import { uniqueEmail } from '../../test/unique-email';
import { startSmtpCapture } from '../../test/smtp';

let t: TestApp;
let smtp: Awaited<ReturnType<typeof startSmtpCapture>>;
beforeAll(async () => {
  smtp = await startSmtpCapture();
  // This file makes more signups than the default hourly limit allows one address; the limit has its own test.
  t = await startTestApp({ SMTP_URL: smtp.url, PUBLIC_URL: 'https://dish.example.org', RATE_LIMIT_FORMS_PER_HOUR: '1000' });
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

const signup = (body: unknown) => postJson(`${t.url}/api/newsletter/signup`, body);

async function rowsFor(email: string) {
  const result = await t.ctx.db.execute(
    sql`select email, name, organization from newsletter_signups where lower(email) = lower(${email.trim()})`,
  );
  return (result as unknown as { rows: { email: string; name: string; organization: string }[] }).rows;
}

async function communityTypesFor(email: string) {
  const result = await t.ctx.db.execute(
    sql`select signup_type from community_signups where lower(email) = lower(${email.trim()}) order by signup_type`,
  );
  return (result as unknown as { rows: { signup_type: string }[] }).rows.map((r) => r.signup_type);
}

describe('POST /api/newsletter/signup', () => {
  it('stores a first signup trimmed, answers 201 and records a newsletter community signup', async () => {
    const email = uniqueEmail('first');
    const res = await signup({ email: `  ${email} `, name: ' Ada ', organization: 'Food Bank' });
    expect(res.status).toBe(201);
    expect(await res.json()).toEqual({ ok: true });
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
    expect(await again.json()).toEqual({ ok: true });
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
    expect(await missing.json()).toMatchObject({ errors: { email: 'Please enter a valid email address' } });

    const invalid = await signup({ email: 'not-an-email', name: 'Bad' });
    expect(invalid.status).toBe(400);
    expect(await invalid.json()).toEqual({
      message: 'email: Please enter a valid email address',
      errors: { email: 'Please enter a valid email address' },
    });
    expect(await rowsFor('not-an-email')).toEqual([]);
  });

  it('refuses over-long fields, unknown fields and an unknown source with 400, storing nothing', async () => {
    const email = uniqueEmail('invalid');
    const long = await signup({ email, name: 'x'.repeat(201) });
    expect(long.status).toBe(400);
    expect((await long.json()).errors).toHaveProperty('name');

    const unknown = await signup({ email, phone: '555' });
    expect(unknown.status).toBe(400);
    expect(await unknown.json()).toMatchObject({ message: 'Unknown field: phone' });

    const source = await signup({ email, source: 'billboard' });
    expect(source.status).toBe(400);
    expect((await source.json()).errors).toHaveProperty('source');

    expect(await rowsFor(email)).toEqual([]);
    expect(await communityTypesFor(email)).toEqual([]);
  });

  it('refuses a filled honeypot with 400 and stores nothing', async () => {
    const email = uniqueEmail('bot');
    const res = await signup({ email, name: 'Bot', fax: '555-0100' });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ message: 'Invalid submission' });
    expect(await rowsFor(email)).toEqual([]);
    expect(await communityTypesFor(email)).toEqual([]);
    // An empty honeypot is what people send.
    expect((await signup({ email, fax: '' })).status).toBe(201);
  });

  it('sends the welcome email on the first signup only', async () => {
    const email = uniqueEmail('welcome');
    expect((await signup({ email, name: 'Maya' })).status).toBe(201);
    const mail = await smtp.waitFor(email, /^Welcome to The Weekly Dish$/);
    expect(mail.text).toContain('Hi Maya,');
    expect(mail.text).toContain('every Tuesday morning');
    for (const path of ['/checkup', '/field-guides', '/resources']) expect(mail.text).toContain(`https://dish.example.org${path}`);

    expect((await signup({ email: email.toUpperCase(), name: 'Maya R' })).status).toBe(200);
    // Mail leaves in order: once a later signup's welcome has arrived, a second one to the first address would have too.
    const later = uniqueEmail('later');
    expect((await signup({ email: later })).status).toBe(201);
    await smtp.waitFor(later, /^Welcome to The Weekly Dish$/);
    expect(smtp.find(email, /Welcome/)).toHaveLength(1);
  });
});

describe('newsletter signup limits and failures', () => {
  it('still stores the signup and answers 201 when the mail server is down', async () => {
    const app = await startTestApp({ SMTP_URL: 'smtp://127.0.0.1:9' });
    try {
      const email = uniqueEmail('nomail');
      const res = await postJson(`${app.url}/api/newsletter/signup`, { email });
      expect(res.status).toBe(201);
      const rows = await app.ctx.db.execute(sql`select 1 from newsletter_signups where lower(email) = lower(${email})`);
      expect((rows as unknown as { rows: unknown[] }).rows).toHaveLength(1);
    } finally {
      await app.close();
    }
  });

  it('rate limits signups per address with 429', async () => {
    const app = await startTestApp({ RATE_LIMIT_FORMS_PER_HOUR: '2' });
    try {
      const url = `${app.url}/api/newsletter/signup`;
      expect((await postJson(url, { email: uniqueEmail('rl') })).status).toBe(201);
      expect((await postJson(url, { email: uniqueEmail('rl') })).status).toBe(201);
      const email = uniqueEmail('rl');
      const limited = await postJson(url, { email });
      expect(limited.status).toBe(429);
      expect((await limited.json()).message).toMatch(/Too many requests/);
      const rows = await app.ctx.db.execute(sql`select 1 from newsletter_signups where lower(email) = lower(${email})`);
      expect((rows as unknown as { rows: unknown[] }).rows).toHaveLength(0);
    } finally {
      await app.close();
    }
  });
});
