import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postJson, startTestApp, type TestApp } from '../test/app';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ PUBLIC_URL: 'https://example.org' });
});
afterAll(() => t.close());

describe('cross-site check on the matched route', () => {
  it('refuses a percent-encoded API path from another site', async () => {
    for (const path of ['/%61pi/contact', '/%61%70%69/newsletter', '/api/%63ontact']) {
      const res = await postJson(`${t.url}${path}`, { name: 'A', email: 'a@example.org', message: 'hi' }, { origin: 'https://evil.example' });
      expect(res.status, path).toBe(403);
    }
  });
});

describe('unknown API paths', () => {
  it('answers JSON 404 for /api and /api/', async () => {
    for (const path of ['/api', '/api/']) {
      const res = await fetch(`${t.url}${path}`);
      expect(res.status, path).toBe(404);
      expect(res.headers.get('content-type'), path).toContain('application/json');
      expect((await res.json()).message).toContain('No API route');
    }
  });
});
