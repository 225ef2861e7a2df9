import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../test/app';
import { type AppAnswer, callApp } from '../test/call-app';
import { uniqueEmail } from '../test/unique-email';

/**
 * What the MDN HTTP Observatory grades, checked on a page and on an API answer: CSP, framing,
 * nosniff, Referrer-Policy, cookie flags, HSTS only behind HTTPS, no CORS grant to other origins,
 * and no stack trace, version or internal path in any answer.
 */
let https: TestApp;
let plain: TestApp;
beforeAll(async () => {
  [https, plain] = await Promise.all([startTestApp({ PUBLIC_URL: 'https://example.org' }), startTestApp({ PUBLIC_URL: 'http://localhost:3000' })]);
});
afterAll(async () => {
  await Promise.all([https.close(), plain.close()]);
});

const directives = (csp: string) =>
  new Map(
    csp
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .filter((d) => d[0])
      .map(([name, ...values]) => [name!, values]),
  );

function expectObservatoryHeaders(res: AppAnswer, where: string) {
  const csp = directives(res.headers.get('content-security-policy') ?? '');
  expect(csp.get('default-src'), where).toEqual(["'self'"]);
  expect(csp.get('script-src'), where).not.toContain("'unsafe-inline'");
  expect(csp.get('script-src'), where).not.toContain("'unsafe-eval'");
  expect(csp.get('script-src') ?? csp.get('default-src'), where).not.toContain('*');
  expect(csp.get('frame-ancestors'), where).toEqual(["'none'"]);
  expect(csp.get('object-src'), where).toEqual(["'none'"]);
  expect(csp.get('base-uri'), where).toEqual(["'self'"]);
  expect(csp.get('form-action'), where).toEqual(["'self'"]);
  expect(res.headers.get('x-content-type-options'), where).toBe('nosniff');
  expect(res.headers.get('x-frame-options'), where).toBe('DENY');
  expect(res.headers.get('referrer-policy'), where).toBe('strict-origin-when-cross-origin');
  expect(res.headers.get('x-powered-by'), where).toBeNull();
  expect(res.headers.get('server'), where).toBeNull();
  expect(res.headers.get('access-control-allow-origin'), where).toBeNull();
}

describe('security headers', () => {
  it('are on a page and on an API answer, with HSTS behind HTTPS', async () => {
    for (const path of ['/', '/pricing', '/api/config', '/api/user']) {
      const res = await callApp(`${https.url}${path}`);
      expectObservatoryHeaders(res, path);
      const hsts = res.headers.get('strict-transport-security') ?? '';
      expect(Number(/max-age=(\d+)/.exec(hsts)?.[1]), path).toBeGreaterThanOrEqual(15_552_000);
    }
  });

  it('leave HSTS out on plain HTTP, where a browser would ignore it anyway', async () => {
    const res = await callApp(`${plain.url}/`);
    expectObservatoryHeaders(res, '/ over http');
    expect(res.headers.get('strict-transport-security')).toBeNull();
  });

  it('grant no CORS access to another origin, preflight or not', async () => {
    const preflight = await callApp(`${https.url}/api/contact`, 'OPTIONS', {
      headers: { origin: 'https://evil.example', 'access-control-request-method': 'POST', 'access-control-request-headers': 'content-type' },
    });
    expect(preflight.headers.get('access-control-allow-origin')).toBeNull();
    expect(preflight.headers.get('access-control-allow-credentials')).toBeNull();
    const read = await callApp(`${https.url}/api/user`, 'GET', { headers: { origin: 'https://evil.example' } });
    expect(read.headers.get('access-control-allow-origin')).toBeNull();
  });
});

describe('cookies', () => {
  const sessionCookie = (res: AppAnswer) => res.headers.getSetCookie().find((c) => /^[^=]*session[^=]*=/i.test(c));

  it('are HttpOnly, SameSite=Lax and Secure behind HTTPS', async () => {
    const res = await callApp(`${https.url}/api/register`, 'POST', {
      body: {
        email: uniqueEmail('headers'),
        password: 'correct-horse',
        firstName: 'Ada',
        lastName: 'Lovelace',
      },
    });
    expect(res.status).toBe(201);
    const cookie = sessionCookie(res) ?? '';
    expect(cookie).toMatch(/;\s*HttpOnly/i);
    expect(cookie).toMatch(/;\s*SameSite=Lax/i);
    expect(cookie).toMatch(/;\s*Secure/i);
    expect(cookie).toMatch(/;\s*Path=\//i);
  });

  it('are not marked Secure on plain HTTP, where the browser would drop them', async () => {
    const res = await callApp(`${plain.url}/api/register`, 'POST', {
      body: {
        email: uniqueEmail('headers'),
        password: 'correct-horse',
        firstName: 'Ada',
        lastName: 'Lovelace',
      },
    });
    expect(res.status).toBe(201);
    const cookie = sessionCookie(res) ?? '';
    expect(cookie).toMatch(/;\s*HttpOnly/i);
    expect(cookie).not.toMatch(/;\s*Secure/i);
  });
});

describe('error answers', () => {
  const leaks = [/\bat\s+\S+\s+\(/, /node_modules/, /\/work\//, /\/server\//, /\.ts:\d+/, /fastify/i, /postgres/i, /pglite/i, /node\s*v?\d+\.\d+/i];

  it('carry a message and nothing about the machine, for each kind of client error', async () => {
    const answers = await Promise.all([
      callApp(`${https.url}/api/no-such-route`),
      callApp(`${https.url}/api/contact`, 'POST', { raw: '{"name":', headers: { 'content-type': 'application/json' } }),
      callApp(`${https.url}/api/contact`, 'POST', { raw: 'hello', headers: { 'content-type': 'text/plain' } }),
      callApp(`${https.url}/api/contact`, 'POST', { body: { name: 1 } }),
      callApp(`${https.url}/api/contact`, 'POST', { body: { message: 'x'.repeat(200_000) } }),
      callApp(`${https.url}/%2e%2e/%2e%2e/etc/passwd`),
    ]);
    for (const [i, res] of answers.entries()) {
      expect(res.status, `answer ${i + 1}`).toBeGreaterThanOrEqual(400);
      expect(res.status, `answer ${i + 1}`).toBeLessThan(500);
      for (const leak of leaks) expect(res.text, `answer ${i + 1}: ${res.status}`).not.toMatch(leak);
    }
  });

  it('give a generic 5xx message when the database has gone', async () => {
    const broken = await startTestApp({ PUBLIC_URL: 'https://example.org' });
    try {
      await broken.ctx.database.close();
      const res = await callApp(`${broken.url}/api/contact`, 'POST', {
        body: { name: 'Ada', email: uniqueEmail('broken'), contactType: 'other', message: 'Hello' },
      });
      expect(res.status).toBeGreaterThanOrEqual(500);
      const body = res.json;
      expect(typeof body.message).toBe('string');
      for (const leak of leaks) expect(JSON.stringify(body)).not.toMatch(leak);
    } finally {
      await broken.app.close();
    }
  });
});
