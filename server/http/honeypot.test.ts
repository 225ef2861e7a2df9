import { afterAll, beforeAll, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../test/app';
import { callApp } from '../test/call-app';
import { uniqueEmail } from '../test/unique-email';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ RATE_LIMIT_FORMS_PER_HOUR: '1000', RATE_LIMIT_REGISTER_PER_HOUR: '1000' });
});
afterAll(() => t.close());

it('refuses a filled honeypot the same way on every public form, before validating anything', async () => {
  const routes = [
    '/api/register',
    '/api/newsletter/signup',
    '/api/contact',
    '/api/allies/submit',
    '/api/checkup-results/00000000-0000-4000-8000-000000000000/breakdown',
  ];
  for (const path of routes) {
    // An otherwise empty body: the honeypot answers first, whatever else is wrong.
    const res = await callApp(`${t.url}${path}`, 'POST', { body: { fax: 'bot', email: uniqueEmail('bot') } });
    expect(res.status, path).toBe(400);
    expect(res.json, path).toMatchObject({ message: 'Invalid submission' });
  }
});
