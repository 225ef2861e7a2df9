import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminApiPaths } from '#shared/api/admin-paths';
import { adminListPaths, adminOutreachPaths, apiPaths } from '#shared/api/paths';
import { accessTable as table, exceptions, expectedStatus, people, type Who } from './test/access-table';
import { startTestApp, type TestApp } from './test/app';
import { callApp } from './test/call-app';
import { uniqueEmail } from './test/unique-email';
import { signInEveryone } from './test/identities';

/**
 * Every API route the server registers, called as each kind of person, checked against the
 * table below: the answer's status class, and that no other member's data comes back. A route
 * added without a row here fails the first test, so nobody ships an endpoint whose access was
 * never decided.
 */
let t: TestApp;
const cookies: Partial<Record<Who, string>> = {};
let victimEmail = '';

beforeAll(async () => {
  t = await startTestApp({ RATE_LIMIT_FORMS_PER_HOUR: '100000', RATE_LIMIT_REGISTER_PER_HOUR: '100000', RATE_LIMIT_LOGIN_PER_IP_PER_15_MIN: '100000' });
  Object.assign(cookies, await signInEveryone(t));
  // Someone else's data, that no non-admin answer may ever contain.
  victimEmail = uniqueEmail('matrix-victim');
  await callApp(`${t.url}/api/register`, 'POST', { body: { email: victimEmail, password: 'correct-horse', firstName: 'Victim', lastName: 'Person' } });
  await callApp(`${t.url}/api/newsletter/signup`, 'POST', { body: { email: victimEmail, name: 'Victim Person', organization: 'Victim Org' } });
  await callApp(`${t.url}/api/contact`, 'POST', { body: { name: 'Victim Person', email: victimEmail, contactType: 'other', message: 'Private message' } });
});
afterAll(() => t.close());

const keyOf = (route: { method: string; url: string }) => `${route.method} ${route.url}`;
const concrete = (url: string) => url.replace(/:(\w+)/g, (_, name: string) => (name === 'file' ? 'fuel.pdf' : '00000000-0000-4000-8000-000000000000'));

describe('authorization matrix', () => {
  it('has a row for every API route the server registers, and no row for a route that is gone', () => {
    const registered = t.app.apiRoutes.map(keyOf).sort();
    expect(
      registered.filter((key) => !(key in table)),
      'routes without a row in the table',
    ).toEqual([]);
    expect(
      Object.keys(table).filter((key) => !registered.includes(key)),
      'rows for routes that do not exist',
    ).toEqual([]);
  });

  it('serves exactly the paths of the shared table the client calls (shared/api/paths.ts)', () => {
    const shared = [
      ...Object.values(apiPaths),
      ...Object.values(adminApiPaths),
      ...Object.values(adminListPaths),
      ...Object.values(adminListPaths).map((path) => `${path}.csv`),
      ...Object.values(adminOutreachPaths),
    ];
    const served = [...new Set(t.app.apiRoutes.map((route) => route.url))];
    expect(
      served.filter((url) => !shared.includes(url as never)),
      'routes whose path is typed by hand',
    ).toEqual([]);
    expect(
      shared.filter((url) => !served.includes(url)),
      'shared paths no route serves',
    ).toEqual([]);
  });

  it('answers each route as the table says for visitors, free members, premium members and admins', async () => {
    const failures: string[] = [];
    for (const route of t.app.apiRoutes) {
      const key = keyOf(route);
      // Signing out would end the session the next rows need: it is checked with sessions of its own, below.
      if (key === 'POST /api/logout') continue;
      for (const who of people) {
        const res = await callApp(`${t.url}${concrete(route.url)}`, route.method, { body: {}, cookie: cookies[who], redirect: 'manual' });
        const text = res.text;
        const expected = exceptions[key]?.[who] ?? expectedStatus(table[key]!, who);
        const ok = expected === 'allowed' ? res.status !== 401 && res.status !== 403 && res.status < 500 : res.status === expected;
        if (!ok) failures.push(`${key} as ${who}: ${res.status} (expected ${expected}) ${text.slice(0, 120)}`);
        if (who !== 'admin' && text.toLowerCase().includes(victimEmail.toLowerCase())) failures.push(`${key} as ${who}: leaks another member's email`);
      }
    }
    expect(failures).toEqual([]);
    // Every route four times, one request after another: on the embedded database with the machine
    // busy that passes the default 20 s, with nothing wrong.
  }, 90_000);

  it('signs out anyone, signed in or not, without an error', async () => {
    // Sessions of their own: the other tests keep theirs, whatever order the tests run in.
    const own = await signInEveryone(t);
    for (const who of people) {
      const res = await callApp(`${t.url}/api/logout`, 'POST', { cookie: own[who] });
      expect(res.status, who).toBeLessThan(300);
    }
  });
});
