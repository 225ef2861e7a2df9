import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { questions } from '#shared/checkup/questions';
import { queuedMails } from '../../db/schema';
import { checkupResults } from './schema';
import { MAIL_CAPS } from '../../mail/recipient-caps';
import { startTestApp, startTestAppWithMail, type TestApp, type TestAppWithMail } from '../../test/app';
import { callApp } from '../../test/call-app';
import { uniqueEmail } from '../../test/unique-email';
import type { SmtpCapture } from '../../test/smtp';

const byPillar = { IMPACT: 1, HUMANS: 2, FUEL: 3, GEARS: 4, FUTURE: 1 } as const;
/** IMPACT 4 → 75% B, HUMANS 8 → 50% D, FUEL 12 → 25% D, GEARS 16 → 0% D, FUTURE 4 → 75% B; total 44 → 45% D. */
const answers = () => Object.fromEntries(questions.map((q) => [String(q.id), byPillar[q.category]]));

let t: TestAppWithMail;
let smtp: SmtpCapture;
beforeAll(async () => {
  // The forms' limit per address has a test of its own (below): here it must not decide which test runs out.
  t = await startTestAppWithMail({ PUBLIC_URL: 'https://checkup.example.org' });
  smtp = t.smtp;
});
afterAll(async () => {
  await t.close();
});

const rowsFor = (email: string) => t.ctx.db.select().from(checkupResults).where(eq(checkupResults.email, email));
const submit = (body: unknown) => callApp(`${t.url}/api/checkup-results`, 'POST', { body });

describe('POST /api/checkup-results', () => {
  it('scores on the server, ignoring a tampered client score, and answers 201 with the id and grade', async () => {
    const email = uniqueEmail('checkup');
    const res = await submit({
      email: `  ${email} `,
      answers: answers(),
      score: 20,
      totalScore: 20,
      categoryScores: { IMPACT: 4, HUMANS: 4, FUEL: 4, GEARS: 4, FUTURE: 4 },
    });
    expect(res.status).toBe(201);
    const body = res.json;
    expect(body).toMatchObject({ score: 44, totalScore: 44, grade: 'D', categoryScores: { IMPACT: 4, HUMANS: 8, FUEL: 12, GEARS: 16, FUTURE: 4 } });
    expect(body.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(body).not.toHaveProperty('email');

    const [row] = await rowsFor(email);
    expect(row).toMatchObject({
      id: body.id,
      email,
      score: 44,
      totalScore: 44,
      categoryScores: { IMPACT: 4, HUMANS: 8, FUEL: 12, GEARS: 16, FUTURE: 4 },
      outreachCompleted: false,
    });
    expect(row!.answers).toEqual(answers());
  });

  const invalid: [string, (a: Record<string, unknown>) => Record<string, unknown>, RegExp][] = [
    ['a missing question id', (a) => ({ ...a, answers: { ...(a.answers as object), 7: undefined } }), /answers\.7/],
    ['an extra question id', (a) => ({ ...a, answers: { ...(a.answers as object), 21: 2 } }), /answers\.21/],
    ['an answer of 0', (a) => ({ ...a, answers: { ...(a.answers as object), 3: 0 } }), /answers\.3/],
    ['an answer of 5', (a) => ({ ...a, answers: { ...(a.answers as object), 3: 5 } }), /answers\.3/],
    ['an answer of 2.5', (a) => ({ ...a, answers: { ...(a.answers as object), 3: 2.5 } }), /answers\.3/],
    ['an answer as a string', (a) => ({ ...a, answers: { ...(a.answers as object), 3: '2' } }), /answers\.3/],
    ['answers as a list', (a) => ({ ...a, answers: [1, 2, 3] }), /answers/],
    ['no answers', (a) => ({ ...a, answers: undefined }), /answers/],
    ['a bad email', (a) => ({ ...a, email: 'not-an-email' }), /email/],
    ['an email of the wrong type', (a) => ({ ...a, email: 42 }), /email/],
    ['a score of the wrong type', (a) => ({ ...a, score: 'lots' }), /score/],
    ['an unknown field', (a) => ({ ...a, isPremium: true }), /isPremium/],
  ];
  it.each(invalid)('refuses %s with 400 naming the field, and stores nothing', async (_, change, field) => {
    const email = uniqueEmail('invalid');
    const body = change({ email, answers: answers() });
    const res = await submit(body);
    expect(res.status).toBe(400);
    const error = res.json;
    expect(error.message).toMatch(field);
    expect(Object.keys(error.errors).join(' ')).toMatch(field);
    expect(await rowsFor(email)).toHaveLength(0);
  });

  it('refuses a body that is not JSON with a 4xx', async () => {
    const res = await callApp(`${t.url}/api/checkup-results`, 'POST', { raw: '{"email":', headers: { 'content-type': 'application/json' } });
    expect(res.status).toBe(400);
    expect(res.json.message).toBe('Malformed JSON body');
  });
});

describe('GET /api/checkup-results/:id', () => {
  it('returns the stored result without the email or answers', async () => {
    const email = uniqueEmail('get');
    const created = (await submit({ email, answers: answers() })).json;
    const res = await callApp(`${t.url}/api/checkup-results/${created.id}`);
    expect(res.status).toBe(200);
    const body = res.json;
    expect(body).toEqual({
      id: created.id,
      score: 44,
      totalScore: 44,
      grade: 'D',
      categoryScores: { IMPACT: 4, HUMANS: 8, FUEL: 12, GEARS: 16, FUTURE: 4 },
      createdAt: expect.any(String),
      // No peer group is computed in this file's database yet (decision 040).
      peers: null,
    });
    expect(JSON.stringify(body)).not.toContain(email);
  });

  it.each(['00000000-0000-4000-8000-000000000000', 'not-a-uuid', '1', "'; drop table checkup_results; --"])('answers 404 for %s', async (id) => {
    const res = await callApp(`${t.url}/api/checkup-results/${encodeURIComponent(id)}`);
    expect(res.status).toBe(404);
    expect(res.json.message).toMatch(/No Check-Up result/);
  });
});

describe('POST /api/checkup-results/:id/breakdown', () => {
  it('emails the breakdown (text and HTML) with grades, next steps, guides and the results link, and answers 202', async () => {
    const email = uniqueEmail('breakdown');
    const created = (await submit({ email, answers: answers() })).json;
    const res = await callApp(`${t.url}/api/checkup-results/${created.id}/breakdown`, 'POST', { body: { email } });
    expect(res.status).toBe(202);

    const mail = await smtp.waitFor(email, /Your Check-Up breakdown/);
    const text = mail.text;
    expect(mail.subject).toBe('Your Check-Up breakdown: grade D (Please Send Snacks)');
    expect(text).toContain('Overall grade: D (Please Send Snacks), 45%');
    expect(text).toContain('IMPACT: B (Mostly Functional), 75%');
    expect(text).toContain('HUMANS: D (Please Send Snacks), 50%');
    expect(text).toContain('GEARS: D (Please Send Snacks), 0%');
    expect(text).toContain('Turn on multi-factor authentication for email, banking, and payroll today.');
    expect(text).toContain('https://checkup.example.org/field-guide/gears');
    expect(text).toContain(`https://checkup.example.org/checkup/results/${created.id}`);
    expect(text).toContain('<a href="https://checkup.example.org/field-guide/gears">Read the Gears Field Guide</a>');
  });

  it('sends to the address asked for but keeps the first stored email (a results link cannot redirect it)', async () => {
    const first = uniqueEmail('first');
    const second = uniqueEmail('second');
    const created = (await submit({ email: first, answers: answers() })).json;
    expect((await callApp(`${t.url}/api/checkup-results/${created.id}/breakdown`, 'POST', { body: { email: second } })).status).toBe(202);
    await smtp.waitFor(second, /Your Check-Up breakdown/);
    const [row] = await t.ctx.db.select().from(checkupResults).where(eq(checkupResults.id, created.id));
    expect(row!.email).toBe(first);
  });

  it('refuses a filled honeypot and sends nothing', async () => {
    const email = uniqueEmail('bot');
    const created = (await submit({ email, answers: answers() })).json;
    expect((await callApp(`${t.url}/api/checkup-results/${created.id}/breakdown`, 'POST', { body: { email, fax: 'spam' } })).status).toBe(400);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(smtp.find(email, /./)).toEqual([]);
  });

  it('answers 400 for a bad email and 404 for an unknown or malformed id', async () => {
    const email = uniqueEmail('nobody');
    const created = (await submit({ email, answers: answers() })).json;
    const bad = await callApp(`${t.url}/api/checkup-results/${created.id}/breakdown`, 'POST', { body: { email: '' } });
    expect(bad.status).toBe(400);
    expect(bad.json.message).toMatch(/^email:/);
    expect((await callApp(`${t.url}/api/checkup-results/00000000-0000-4000-8000-000000000000/breakdown`, 'POST', { body: { email } })).status).toBe(404);
    expect((await callApp(`${t.url}/api/checkup-results/nope/breakdown`, 'POST', { body: { email } })).status).toBe(404);
  });
  it('caps the breakdowns one address gets from result links (decision 069): past the cap a 429, nothing stored, nothing sent', async () => {
    const victim = uniqueEmail('flooded');
    const { hour } = MAIL_CAPS.checkupBreakdown.recipient;
    const queuedMailRows = () =>
      t.ctx.db
        .select()
        .from(queuedMails)
        .where(sql`lower(${queuedMails.to}) = ${victim}`);
    // Results of different people, as anyone holding their links could ask.
    const ids = await Promise.all([0, 1].map(async () => (await submit({ email: uniqueEmail('owner'), answers: answers() })).json.id as string));
    for (let i = 0; i < hour; i++) {
      const res = await callApp(`${t.url}/api/checkup-results/${ids[i % 2]}/breakdown`, 'POST', { body: { email: i === 1 ? victim.toUpperCase() : victim } });
      expect(res.status, JSON.stringify(res.json)).toBe(202);
    }
    const refused = await callApp(`${t.url}/api/checkup-results/${ids[0]}/breakdown`, 'POST', { body: { email: victim } });
    expect(refused.status).toBe(429);
    expect(refused.json.message).toMatch(/^Too many Check-Up breakdowns have been sent to .+ recently\. Please wait \d+ minutes and try again\.$/);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    await expect.poll(() => smtp.find(victim, /Your Check-Up breakdown/).length).toBe(hour);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(smtp.find(victim, /Your Check-Up breakdown/)).toHaveLength(hour);
    expect(await queuedMailRows()).toHaveLength(hour);
  });
});

describe('rate limits', () => {
  let limited: TestApp;
  beforeAll(async () => {
    limited = await startTestApp({ RATE_LIMIT_FORMS_PER_HOUR: '2' });
  });
  afterAll(() => limited.close());

  it('limits stored results per hour with 429', async () => {
    const email = uniqueEmail('limit');
    for (let i = 0; i < 2; i++) expect((await callApp(`${limited.url}/api/checkup-results`, 'POST', { body: { email, answers: answers() } })).status).toBe(201);
    const res = await callApp(`${limited.url}/api/checkup-results`, 'POST', { body: { email, answers: answers() } });
    expect(res.status).toBe(429);
    expect(res.json.message).toMatch(/Too many requests/);
  });
});
