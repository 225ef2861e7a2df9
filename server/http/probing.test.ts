import { gzipSync } from 'node:zlib';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../test/app';
import { callApp } from '../test/call-app';
import { uniqueEmail } from '../test/unique-email';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ PUBLIC_URL: 'https://example.org', RATE_LIMIT_REGISTER_PER_HOUR: '1000', RATE_LIMIT_FORMS_PER_HOUR: '1000' });
});
afterAll(() => t.close());

describe('cross-site check on the matched route', () => {
  it('refuses a percent-encoded API path from another site', async () => {
    for (const path of ['/%61pi/contact', '/%61%70%69/newsletter', '/api/%63ontact']) {
      const res = await callApp(`${t.url}${path}`, 'POST', {
        body: { name: 'A', email: 'a@example.org', message: 'hi' },
        headers: { origin: 'https://evil.example' },
      });
      expect(res.status, path).toBe(403);
    }
  });
});

describe('unknown API paths', () => {
  it('answers JSON 404 for /api and /api/', async () => {
    for (const path of ['/api', '/api/']) {
      const res = await callApp(`${t.url}${path}`);
      expect(res.status, path).toBe(404);
      expect(res.headers.get('content-type'), path).toContain('application/json');
      expect(res.json.message).toContain('No API route');
    }
  });
});

describe('compressed request bodies', () => {
  it('are refused with 400 and store nothing: a small gzip body could expand far past the body limit', async () => {
    const email = uniqueEmail('gzip-body');
    const body = gzipSync(JSON.stringify({ email, name: 'Gz', organization: 'Org' }));
    const res = await callApp(`${t.url}/api/newsletter/signup`, 'POST', {
      raw: new Uint8Array(body),
      headers: { 'content-type': 'application/json', 'content-encoding': 'gzip' },
    });
    expect(res.status).toBe(400);
    expect(res.json.message).toBeTruthy();
    const stored = await t.ctx.db.execute(sql`select 1 from newsletter_signups where email = ${email}`);
    expect((stored as unknown as { rows: unknown[] }).rows).toHaveLength(0);
  });
});

/** Strings PostgreSQL refuses: each must be a 400 naming the field, never a 500. */
const unstorable = ['a\u0000b', '\u0000', 'x\ud800y', '\udfff'];

describe('fuzz corpus: unstorable characters', () => {
  const cases: { path: string; body: () => Record<string, unknown>; fields: string[] }[] = [
    {
      path: '/api/register',
      body: () => ({ email: uniqueEmail('nul'), password: 'secret-123', firstName: 'Al', lastName: 'Bo' }),
      fields: ['firstName', 'lastName'],
    },
    { path: '/api/newsletter/signup', body: () => ({ email: uniqueEmail('nul'), name: 'Al', organization: 'Org' }), fields: ['name', 'organization'] },
    {
      path: '/api/contact',
      body: () => ({ name: 'Al', email: uniqueEmail('nul'), contactType: 'other', subject: 'S', message: 'M', organization: 'O' }),
      fields: ['name', 'organization', 'subject', 'message'],
    },
    { path: '/api/events', body: () => ({ kind: 'page_view', path: '/x', props: { slug: 'a' } }), fields: ['path', 'props.slug'] },
  ];
  for (const c of cases) {
    it(`${c.path} refuses NUL and lone surrogates with 400 naming the field`, async () => {
      for (const field of c.fields) {
        for (const bad of unstorable) {
          const body = c.body();
          if (field === 'props.slug') body.props = { slug: bad };
          else body[field] = field === 'path' ? `/${bad}` : bad;
          const res = await callApp(`${t.url}${c.path}`, 'POST', { body });
          expect(res.status, `${field} ${JSON.stringify(bad)}`).toBe(400);
          const json = res.json;
          expect(Object.keys(json.errors ?? {}), field).toContain(field);
        }
      }
    });
  }

  // Found by server/fuzz.test.ts: the per-email limit counted the raw email before validation.
  it('an unstorable email on a route limited per email is a 400, not a rate-limit store error', async () => {
    for (const path of ['/api/password-reset/request', '/api/login']) {
      for (const bad of unstorable) {
        const res = await callApp(`${t.url}${path}`, 'POST', { body: { email: bad, ...(path === '/api/login' ? { password: 'secret-123' } : {}) } });
        expect(res.status, `${path} ${JSON.stringify(bad)}`).toBe(400);
      }
    }
  });

  it('percent-encoded paths reach the same checks', async () => {
    const res = await callApp(`${t.url}/%61pi/contact`, 'POST', { body: { name: 'a\u0000', email: uniqueEmail('pct'), contactType: 'other', message: 'M' } });
    expect(res.status).toBe(400);
    expect(Object.keys(res.json.errors)).toContain('name');
  });
});
