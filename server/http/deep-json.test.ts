import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../test/app';
import { callApp } from '../test/call-app';
import { uniqueEmail } from '../test/unique-email';
import { MAX_JSON_DEPTH, nestsDeeperThan } from './json-body';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ PUBLIC_URL: 'https://example.org', RATE_LIMIT_FORMS_PER_HOUR: '1000', RATE_LIMIT_LOGIN_PER_IP_PER_15_MIN: '1000' });
});
afterAll(() => t.close());

const post = (path: string, raw: string) => callApp(`${t.url}${path}`, 'POST', { raw, headers: { 'content-type': 'application/json' } });

/** 5,000 levels in about 10 KB, as a whole body and as one field's value. */
const deepArray = '['.repeat(5000) + ']'.repeat(5000);
const deepObject = '{"a":'.repeat(5000) + '1' + '}'.repeat(5000);

describe('deeply nested JSON', () => {
  it('is a 400 naming the body on every kind of route, for a visitor, and stores nothing', async () => {
    const email = uniqueEmail('deep');
    const bodies = [deepArray, deepObject, `{"email":"${email}","name":${deepArray}}`, `{"kind":"page_view","path":"/x","props":${deepObject}}`];
    for (const path of ['/api/contact', '/api/events', '/api/newsletter/signup', '/api/checkup-results', '/api/login', '/api/register', '/api/allies/submit']) {
      for (const body of bodies) {
        const res = await post(path, body);
        expect(res.status, `${path} ${body.slice(0, 20)}`).toBe(400);
        expect(res.json).toEqual({
          message: `body: JSON is nested more than ${MAX_JSON_DEPTH} levels deep`,
          errors: { body: `JSON is nested more than ${MAX_JSON_DEPTH} levels deep` },
        });
      }
    }
    const stored = await t.ctx.db.execute(sql`select 1 from newsletter_signups where email = ${email}`);
    expect((stored as unknown as { rows: unknown[] }).rows).toHaveLength(0);
  });

  it('up to the limit is parsed as before: the route answers for itself', async () => {
    const nested = '['.repeat(MAX_JSON_DEPTH - 1) + ']'.repeat(MAX_JSON_DEPTH - 1);
    const res = await post('/api/newsletter/signup', `{"email":"${uniqueEmail('shallow')}","name":${nested}}`);
    expect(res.status).toBe(400);
    expect(res.json.errors).toHaveProperty('name');
    expect((await callApp(`${t.url}/api/newsletter/signup`, 'POST', { body: { email: uniqueEmail('plain'), name: 'Ada', organization: '' } })).status).toBe(
      201,
    );
  });

  it('brackets inside strings do not count', () => {
    const text = JSON.stringify({ note: '['.repeat(5000), other: '{"a":'.repeat(100) });
    expect(nestsDeeperThan(text, MAX_JSON_DEPTH)).toBe(false);
    expect(nestsDeeperThan(JSON.stringify({ quote: 'a \\" [[[' }), 2)).toBe(false);
    expect(nestsDeeperThan('[[[]]]', 2)).toBe(true);
    expect(nestsDeeperThan('[[],[],[]]', 2)).toBe(false);
  });
});

describe('an empty body with the JSON content type', () => {
  it('is no body: a route without a payload answers as usual, a route with one names its fields', async () => {
    for (const raw of ['', '  \n']) {
      const logout = await post('/api/logout', raw);
      expect(logout.status, JSON.stringify(raw)).toBe(200);
      expect(logout.json).toEqual({ ok: true });
      const makeAdmin = await post('/api/auth/make-admin', raw);
      expect(makeAdmin.status).toBe(401);
      const contact = await post('/api/contact', raw);
      expect(contact.status).toBe(400);
      expect(Object.keys(contact.json.errors)).toEqual(expect.arrayContaining(['name', 'email', 'message']));
    }
  });
});
