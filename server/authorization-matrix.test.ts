import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postJson, startTestApp, type TestApp, uniqueEmail } from './test/app';

/**
 * Every API route the server registers, called as each kind of person, checked against the
 * table below: the answer's status class, and that no other member's data comes back. A route
 * added without a row here fails the first test, so nobody ships an endpoint whose access was
 * never decided.
 */
type Who = 'visitor' | 'free' | 'premium' | 'admin';
const people: Who[] = ['visitor', 'free', 'premium', 'admin'];

/**
 * Who gets past the door. `open`: everyone; `signedIn`: 401 for visitors; `premium`: 401 for
 * visitors, 403 for members without premium (the test's admin has no premium); `admin`: 401 for
 * visitors, 403 for everyone but admins. Past the door, an answer may still be a 4xx about the
 * (empty or made-up) input, never a 401/403 and never a 5xx.
 */
type Access = 'open' | 'signedIn' | 'premium' | 'admin';

const table: Record<string, Access> = {
  'GET /api/user': 'signedIn',
  'POST /api/register': 'open',
  'POST /api/login': 'open',
  'POST /api/logout': 'open',
  'POST /api/auth/make-admin': 'open',
  'POST /api/password-reset/request': 'open',
  'POST /api/password-reset/confirm': 'open',
  'GET /api/config': 'open',
  'POST /api/events': 'open',
  'POST /api/newsletter/signup': 'open',
  'POST /api/contact': 'open',
  'POST /api/checkup-results': 'open',
  'GET /api/checkup-results/:id': 'open',
  'POST /api/checkup-results/:id/breakdown': 'open',
  'GET /api/guides/:file': 'open',
  'GET /api/login': 'open',
};

/** Routes whose open door still refuses some people for a reason of their own. */
const exceptions: Record<string, Partial<Record<Who, number>>> = {
  // Only the first admin (or ADMIN_EMAILS) may claim admin; a visitor must sign in first.
  'POST /api/auth/make-admin': { visitor: 401, free: 403, premium: 403 },
  // The signed-in hint: a visitor asking for the user is told "nobody".
  'GET /api/user': { visitor: 401 },
};

const expectedStatus = (access: Access, who: Who): 'allowed' | 401 | 403 => {
  if (access === 'open') return 'allowed';
  if (who === 'visitor') return 401;
  if (access === 'signedIn') return 'allowed';
  if (access === 'premium') return who === 'premium' ? 'allowed' : 403;
  return who === 'admin' ? 'allowed' : 403;
};

let t: TestApp;
const cookies: Partial<Record<Who, string>> = {};
let victimEmail = '';

async function account(who: Exclude<Who, 'visitor'>): Promise<string> {
  const email = uniqueEmail(`matrix-${who}`);
  const res = await postJson(`${t.url}/api/register`, { email, password: 'correct-horse', firstName: 'Matrix', lastName: who });
  expect(res.status).toBe(201);
  const cookie = res.headers.getSetCookie().map((c) => c.split(';')[0]!).join('; ');
  if (who === 'premium') await t.ctx.db.execute(sql`update users set is_premium = true where lower(email) = lower(${email})`);
  if (who === 'admin') await t.ctx.db.execute(sql`update users set is_admin = true where lower(email) = lower(${email})`);
  return cookie;
}

beforeAll(async () => {
  t = await startTestApp({ RATE_LIMIT_FORMS_PER_HOUR: '100000', RATE_LIMIT_REGISTER_PER_HOUR: '100000', RATE_LIMIT_LOGIN_PER_IP_PER_15_MIN: '100000' });
  cookies.free = await account('free');
  cookies.premium = await account('premium');
  cookies.admin = await account('admin');
  // Someone else's data, that no non-admin answer may ever contain.
  victimEmail = uniqueEmail('matrix-victim');
  await postJson(`${t.url}/api/register`, { email: victimEmail, password: 'correct-horse', firstName: 'Victim', lastName: 'Person' });
  await postJson(`${t.url}/api/newsletter/signup`, { email: victimEmail, name: 'Victim Person', organization: 'Victim Org' });
  await postJson(`${t.url}/api/contact`, { name: 'Victim Person', email: victimEmail, contactType: 'other', message: 'Private message' });
});
afterAll(() => t.close());

const keyOf = (route: { method: string; url: string }) => `${route.method} ${route.url}`;
const concrete = (url: string) => url.replace(/:(\w+)/g, (_, name: string) => (name === 'file' ? 'fuel.pdf' : '00000000-0000-4000-8000-000000000000'));

describe('authorization matrix', () => {
  it('has a row for every API route the server registers, and no row for a route that is gone', () => {
    const registered = t.app.apiRoutes.map(keyOf).sort();
    expect(registered.filter((key) => !(key in table)), 'routes without a row in the table').toEqual([]);
    expect(Object.keys(table).filter((key) => !registered.includes(key)), 'rows for routes that do not exist').toEqual([]);
  });

  it('answers each route as the table says for visitors, free members, premium members and admins', async () => {
    const failures: string[] = [];
    for (const route of t.app.apiRoutes) {
      const key = keyOf(route);
      // Signing out would end the session the next rows need: it is checked last, below.
      if (key === 'POST /api/logout') continue;
      for (const who of people) {
        const res = await fetch(`${t.url}${concrete(route.url)}`, {
          method: route.method,
          redirect: 'manual',
          headers: { ...(cookies[who] ? { cookie: cookies[who] } : {}), ...(route.method === 'GET' ? {} : { 'content-type': 'application/json' }) },
          ...(route.method === 'GET' ? {} : { body: '{}' }),
        });
        const text = await res.text();
        const expected = exceptions[key]?.[who] ?? expectedStatus(table[key]!, who);
        const ok = expected === 'allowed' ? res.status !== 401 && res.status !== 403 && res.status < 500 : res.status === expected;
        if (!ok) failures.push(`${key} as ${who}: ${res.status} (expected ${expected}) ${text.slice(0, 120)}`);
        if (who !== 'admin' && text.toLowerCase().includes(victimEmail.toLowerCase())) failures.push(`${key} as ${who}: leaks another member's email`);
      }
    }
    expect(failures).toEqual([]);
  });

  it('signs out anyone, signed in or not, without an error', async () => {
    for (const who of people) {
      const res = await fetch(`${t.url}/api/logout`, { method: 'POST', headers: cookies[who] ? { cookie: cookies[who] } : {} });
      expect(res.status, who).toBeLessThan(300);
    }
  });
});
