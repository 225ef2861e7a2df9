import { afterAll, beforeAll, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/app';
import { callApp } from '../../test/call-app';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ RATE_LIMIT_EVENTS_PER_MINUTE: '3' });
});
afterAll(() => t.close());

it('rate limits usage events with 429, a message and Retry-After', async () => {
  for (let i = 0; i < 3; i++) expect((await callApp(`${t.url}/api/events`, 'POST', { body: { kind: 'page_view', path: '/rl' } })).status).toBe(202);
  const limited = await callApp(`${t.url}/api/events`, 'POST', { body: { kind: 'page_view', path: '/rl' } });
  expect(limited.status).toBe(429);
  expect(limited.headers.get('retry-after')).toBeTruthy();
  expect(limited.json.message).toMatch(/Too many requests/);
});
