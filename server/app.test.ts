import { headOf } from '#shared/route-heads';
import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { routes } from '#shared/routes';
import { loaderSource } from './rendering/deferred-scripts';
import { startTestApp, type TestApp } from './test/app';
import { callApp } from './test/call-app';

let t: TestApp;
// PostgreSQL outlives a run: paths counted by these tests are unique to this run.
const run = Math.random().toString(36).slice(2, 8);
beforeAll(async () => {
  t = await startTestApp({ BODY_LIMIT_BYTES: '2048', PUBLIC_URL: 'https://example.org' });
});
afterAll(() => t.close());

const countEvents = async (path: string) => {
  const rows = await t.ctx.db.execute(sql`select count(*)::int as n from usage_events where path = ${path}`);
  return (rows as unknown as { rows: { n: number }[] }).rows[0]!.n;
};

describe('health', () => {
  it('answers /healthz and /readyz with the database kind', async () => {
    expect((await callApp(`${t.url}/healthz`)).json).toEqual({ status: 'ok' });
    const ready = await callApp(`${t.url}/readyz`);
    expect(ready.status).toBe(200);
    expect(ready.json.database).toBe(t.ctx.database.kind);
  });
});

describe('served HTML', () => {
  it('gives every known route its own title, description, canonical and social tags', async () => {
    for (const route of routes.filter((r) => !r.path.includes(':'))) {
      const res = await callApp(`${t.url}${route.path}`);
      expect(res.status, route.path).toBe(200);
      expect(res.headers.get('cache-control')).toBe('no-cache');
      const html = res.text;
      expect(html).toContain(`<meta name="description" content="${headOf(route).description.replace(/'/g, '&#39;')}">`);
      expect(html).toContain(`<link rel="canonical" href="https://example.org${route.path === '/' ? '/' : route.path}">`);
      expect(html).toContain('<meta property="og:title"');
      expect(html).toContain('<meta name="twitter:card" content="summary_large_image">');
    }
  });

  it('titles /pricing with its own title', async () => {
    const html = (await callApp(`${t.url}/pricing`)).text;
    expect(html).toContain('<title>Pricing: premium membership | Nonprofit Leaders Hub</title>');
    expect(html).toContain('<meta property="og:url" content="https://example.org/pricing">');
  });

  it('answers unknown paths with the not-found page and 404', async () => {
    const res = await callApp(`${t.url}/no-such-page`);
    expect(res.status).toBe(404);
    expect(res.text).toContain('<title>Oops! Page Not Found | Nonprofit Leaders Hub</title>');
  });

  it('matches parameterised routes but not deeper paths', async () => {
    // A result id that does not exist is a 404 page (server/rendering/pages.test.ts renders them).
    expect((await callApp(`${t.url}/checkup/results/abc`)).status).toBe(404);
    expect((await callApp(`${t.url}/checkup/results/abc/def`)).status).toBe(404);
    expect((await callApp(`${t.url}/field-guide/unknown`)).status).toBe(404);
  });

  it('redirects the old addresses and /api/login', async () => {
    const info = await callApp(`${t.url}/newsletter-info`, 'GET', { redirect: 'manual' });
    expect(info.status).toBe(301);
    expect(info.headers.get('location')).toBe('/weekly-dish');
    const ally = await callApp(`${t.url}/ally-submit`, 'GET', { redirect: 'manual' });
    expect(ally.headers.get('location')).toBe('/allies/submit');
    const login = await callApp(`${t.url}/api/login`, 'GET', { redirect: 'manual' });
    expect(login.status).toBe(302);
    expect(login.headers.get('location')).toBe('/auth');
  });

  it('sends the security headers', async () => {
    const res = await callApp(`${t.url}/`);
    const csp = res.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    // The one inline script the pages carry (the script loader) is allowed by its hash, exactly.
    const hashes = /script-src[^;]*/.exec(csp)![0].match(/'sha256-[^']+'/g);
    expect(hashes).toEqual([`'sha256-${createHash('sha256').update(loaderSource).digest('base64')}'`]);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
    expect(res.headers.get('strict-transport-security')).toContain('max-age=');
  });
});

describe('API errors', () => {
  it('answers unknown API paths with a JSON 404', async () => {
    const res = await callApp(`${t.url}/api/nothing-here`);
    expect(res.status).toBe(404);
    expect(res.json.message).toMatch(/No API route/);
  });

  it('refuses malformed JSON with 400 and writes nothing', async () => {
    const res = await callApp(`${t.url}/api/events`, 'POST', { raw: '{"kind":', headers: { 'content-type': 'application/json' } });
    expect(res.status).toBe(400);
    expect(res.json).toEqual({ message: 'Malformed JSON body' });
  });

  it('refuses a wrong content type with 415', async () => {
    const res = await callApp(`${t.url}/api/events`, 'POST', { raw: 'page_view', headers: { 'content-type': 'text/plain' } });
    expect(res.status).toBe(415);
    expect(res.json.message).toMatch(/content type/i);
  });

  it('refuses unknown and wrongly typed fields with 400 naming the field', async () => {
    const unknown = await callApp(`${t.url}/api/events`, 'POST', { body: { kind: 'page_view', path: `/unknown-field-${run}`, email: 'a@b.c' } });
    expect(unknown.status).toBe(400);
    expect(unknown.json).toMatchObject({ message: 'Unknown field: email', errors: { email: 'Unknown field' } });
    const wrongType = await callApp(`${t.url}/api/events`, 'POST', { body: { kind: 'page_view', path: 42 } });
    expect(wrongType.status).toBe(400);
    expect(wrongType.json.errors).toHaveProperty('path');
    expect(await countEvents(`/unknown-field-${run}`)).toBe(0);
  });

  it('refuses an oversize body with 413', async () => {
    const res = await callApp(`${t.url}/api/events`, 'POST', { body: { kind: 'page_view', path: `/${'x'.repeat(4000)}` } });
    expect(res.status).toBe(413);
    expect(res.json.message).toBe('Request body is too large');
  });

  it('refuses state-changing calls from another site with 403', async () => {
    const body = { kind: 'page_view', path: `/cross-site-${run}` };
    expect((await callApp(`${t.url}/api/events`, 'POST', { body, headers: { origin: 'https://evil.example' } })).status).toBe(403);
    expect((await callApp(`${t.url}/api/events`, 'POST', { body, headers: { 'sec-fetch-site': 'cross-site' } })).status).toBe(403);
    expect((await callApp(`${t.url}/api/events`, 'POST', { body, headers: { 'sec-fetch-site': 'same-site' } })).status).toBe(403);
    expect(await countEvents(`/cross-site-${run}`)).toBe(0);
    expect((await callApp(`${t.url}/api/events`, 'POST', { body, headers: { origin: 'https://example.org', 'sec-fetch-site': 'same-origin' } })).status).toBe(
      202,
    );
    expect(await countEvents(`/cross-site-${run}`)).toBe(1);
  });
});

describe('usage events', () => {
  it('records each of the six kinds only a page knows (the other four are the server’s)', async () => {
    const kinds = ['page_view', 'quiz_start', 'ally_search', 'resource_view', 'field_guide_view', 'error'];
    for (const kind of kinds) {
      const res = await callApp(`${t.url}/api/events`, 'POST', { body: { kind, path: `/every-kind-${run}`, props: { slug: 'fuel', step: 2, ok: true } } });
      expect(res.status, kind).toBe(202);
    }
    expect(await countEvents(`/every-kind-${run}`)).toBe(6);
  });

  it('refuses an unknown kind and free-form property values', async () => {
    expect((await callApp(`${t.url}/api/events`, 'POST', { body: { kind: 'purchase', path: '/' } })).status).toBe(400);
    expect((await callApp(`${t.url}/api/events`, 'POST', { body: { kind: 'error', path: '/', props: { 'bad key': 'x' } } })).status).toBe(400);
    expect((await callApp(`${t.url}/api/events`, 'POST', { body: { kind: 'error', path: '/', props: { nested: { a: 1 } } } })).status).toBe(400);
  });
});
