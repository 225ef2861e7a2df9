import fc from 'fast-check';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accessTable, type Who } from './test/access-table';
import { startTestApp, type TestApp } from './test/app';
import { callApp } from './test/call-app';
import { signInEveryone } from './test/identities';
import { allTables, tableName } from './test/schema-tables';

/**
 * Property-based fuzzing of every state-changing API route, as someone who gets past its door:
 * wrong types, missing and unknown fields, huge and unusual strings (NUL, lone surrogates,
 * right-to-left marks), nested objects and arrays, `__proto__` and `constructor` keys,
 * malformed JSON, wrong content types and oversize bodies. Nothing may answer 5xx or hang, and
 * a rejected request changes no row. Row counts need a database of the test's own, so the
 * embedded project checks them; the PostgreSQL project (shared by parallel test files) checks
 * statuses with fewer runs.
 */
const onPglite = process.env.TEST_DB !== 'postgres';
// 100 odd bodies per route (fast-check's default) with a row count after each, on the embedded
// database, which runs one query at a time. As routes were added, 1,000 took over 10 minutes
// per method on CI's 2 cores, then 300 took 7 minutes of a worker, 200 almost 3 once search
// was, 150 just over 3 once bounces and preferences were. Each run draws new bodies,
// so runs add up over time. PostgreSQL runs
// the same server code and the same SQL: there, 30 bodies per route check what differs, the
// driver's way of sending odd strings (NUL, lone surrogates) and the pool (100 took 93 s of CI).
const runsPerRoute = onPglite ? 100 : 30;
const bodyLimit = 16_384;

const fieldNames = [
  'email',
  'password',
  'firstName',
  'lastName',
  'name',
  'organization',
  'message',
  'subject',
  'contactType',
  'kind',
  'path',
  'props',
  'answers',
  'score',
  'categoryScores',
  'token',
  'plan',
  'planType',
  'userId',
  'isAdmin',
  'isPremium',
  'status',
  'completed',
  'search',
  'category',
  'tagline',
  'website',
  'submitterEmail',
  'submitterName',
  'rating',
  'comment',
  'hidden',
  'source',
  'fax',
  'confirm',
  '__proto__',
  'constructor',
  'prototype',
  'toString',
  '',
  ' ',
  'a'.repeat(300),
];

const oddString = fc.oneof(
  fc.string({ maxLength: 40 }),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.constantFrom(
    '\u0000',
    'a\u0000b',
    '\ud800',
    'x\udfff',
    '\u202e',
    '<script>alert(1)</script>',
    "' or 1=1 --",
    '%',
    '_',
    '\\',
    '{{7*7}}',
    '../../etc/passwd',
  ),
  fc.string({ maxLength: 4 }).map((s) => s.repeat(3000)),
  fc.emailAddress(),
);
const leaf = fc.oneof(oddString, fc.integer(), fc.double(), fc.boolean(), fc.constant(null), fc.bigInt().map(String));
const value = fc.letrec((tie) => ({
  value: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    leaf,
    fc.array(tie('value'), { maxLength: 4 }),
    fc.dictionary(fc.constantFrom(...fieldNames), tie('value'), { maxKeys: 4 }),
  ),
})).value;
const objectBody = fc.dictionary(fc.oneof(fc.constantFrom(...fieldNames), fc.string({ maxLength: 12 })), value, { maxKeys: 10 });

/**
 * A valid body per route where one is easy to write: the fuzzer changes one field of it at a
 * time, which reaches the database with odd values (random bodies mostly stop at validation).
 */
const validExamples: Record<string, Record<string, unknown>> = {
  'POST /api/register': { email: 'fuzz@example.org', password: 'correct-horse', firstName: 'Fuzz', lastName: 'Test' },
  'POST /api/login': { email: 'fuzz@example.org', password: 'correct-horse' },
  'POST /api/newsletter/signup': { email: 'fuzz@example.org', name: 'Fuzz', organization: 'Org' },
  'POST /api/contact': { name: 'Fuzz', email: 'fuzz@example.org', organization: '', contactType: 'other', subject: 'Hi', message: 'Hello' },
  'POST /api/events': { kind: 'page_view', path: '/fuzz', props: { step: 1 } },
  'POST /api/password-reset/request': { email: 'fuzz@example.org' },
  'POST /api/checkup-results': { email: 'fuzz@example.org', answers: Object.fromEntries(Array.from({ length: 20 }, (_, i) => [String(i + 1), 2])) },
};

const oneFieldChanged = (example: Record<string, unknown>) =>
  fc
    .tuple(
      fc.oneof({ weight: 4, arbitrary: fc.constantFrom(...Object.keys(example)) }, { weight: 1, arbitrary: fc.constantFrom(...fieldNames) }),
      fc.oneof({ weight: 4, arbitrary: oddString }, { weight: 2, arbitrary: value }, { weight: 1, arbitrary: fc.constant(undefined) }),
    )
    .map(([field, changed]) => {
      const body: Record<string, unknown> = { ...example };
      if (changed === undefined) delete body[field];
      else body[field] = changed;
      return { contentType: 'application/json', body: JSON.stringify(body) };
    });

type Sent = { contentType: string; body: string };
const request = (key: string): fc.Arbitrary<Sent> =>
  fc.oneof(
    ...(validExamples[key] ? [{ weight: 6, arbitrary: oneFieldChanged(validExamples[key]) }] : []),
    { weight: 6, arbitrary: objectBody.map((o) => ({ contentType: 'application/json', body: JSON.stringify(o) })) },
    // __proto__ as a real own key, which JSON.stringify of an object literal cannot produce.
    {
      weight: 1,
      arbitrary: value.map((v) => ({
        contentType: 'application/json',
        body: `{"__proto__":${JSON.stringify(v) ?? 'null'},"constructor":{"prototype":{"isAdmin":true}}}`,
      })),
    },
    { weight: 1, arbitrary: value.map((v) => ({ contentType: 'application/json', body: JSON.stringify(v) ?? 'null' })) },
    { weight: 1, arbitrary: fc.string({ maxLength: 60 }).map((s) => ({ contentType: 'application/json', body: s })) },
    {
      weight: 1,
      arbitrary: fc
        .tuple(fc.constantFrom('text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x', 'application/xml', ''), objectBody)
        .map(([contentType, o]) => ({ contentType, body: JSON.stringify(o) })),
    },
    {
      weight: 1,
      arbitrary: fc
        .integer({ min: bodyLimit, max: bodyLimit * 3 })
        .map((n) => ({ contentType: 'application/json', body: JSON.stringify({ message: 'x'.repeat(n) }) })),
    },
  );

let t: TestApp;
let cookies: Partial<Record<Who, string>> = {};
let countAll: ReturnType<typeof sql>;
beforeAll(async () => {
  t = await startTestApp({
    BODY_LIMIT_BYTES: String(bodyLimit),
    RATE_LIMIT_FORMS_PER_HOUR: '1000000',
    RATE_LIMIT_EVENTS_PER_MINUTE: '1000000',
    RATE_LIMIT_REGISTER_PER_HOUR: '1000000',
    RATE_LIMIT_LOGIN_PER_IP_PER_15_MIN: '1000000',
    RATE_LIMIT_LOGIN_PER_EMAIL_PER_15_MIN: '1000000',
    RATE_LIMIT_PASSWORD_RESET_PER_HOUR: '1000000',
    RATE_LIMIT_OFFER_LOOKUPS_PER_HOUR: '1000000',
  });
  cookies = await signInEveryone(t);
  // Every table of the schema except the ones that count requests rather than data.
  const tables = allTables.map(tableName).filter((name) => name !== 'rate_limits');
  countAll = sql.raw(`select ${tables.map((name) => `(select count(*) from "${name}")`).join(' + ')} as n`);
}, 60_000);
afterAll(() => t?.close());

const firstRow = async (query: ReturnType<typeof sql>) => ((await t.ctx.db.execute(query)) as unknown as { rows: { n: number | string }[] }).rows[0]!.n;
// The next transaction id: any statement that writes takes one, so while it stays the same no row
// was written and the count (a query per table) need not be taken again.
const nextXid = sql`select pg_snapshot_xmax(pg_current_snapshot())::text as n`;
// Four in five of the fuzzer's requests write nothing (measured: 14,411 of 17,759 counts skipped).
let counted: { xid: string; rows: number } | undefined;
const rowCount = async () => {
  const xid = String(await firstRow(nextXid));
  if (counted?.xid !== xid) counted = { xid, rows: Number(await firstRow(countAll)) };
  return counted.rows;
};

/** Someone who gets past the route's door, so the fuzzer reaches its validation. */
const caller = (key: string): Who => (({ open: 'visitor', signedIn: 'free', premium: 'premium', admin: 'admin' }) as const)[accessTable[key] ?? 'admin'];
const concrete = (url: string) => url.replace(/:(\w+)/g, '00000000-0000-4000-8000-000000000000');

describe('fuzzing every state-changing API route', () => {
  it('finds routes to fuzz', () => {
    expect(t.app.apiRoutes.filter((r) => r.method !== 'GET').length).toBeGreaterThanOrEqual(8);
  });

  it.each(['POST', 'PUT', 'PATCH', 'DELETE'])(
    '%s routes: no 5xx, no hang, and nothing written by a rejected request',
    async (method) => {
      const routes = t.app.apiRoutes.filter((r) => r.method === method && r.url !== '/api/logout');
      for (const route of routes) {
        const key = `${route.method} ${route.url}`;
        const cookie = cookies[caller(key)];
        const statuses = new Map<number, number>();
        // One count per request: the count after the previous one is this one's "before".
        let before = onPglite ? await rowCount() : 0;
        await fc.assert(
          fc.asyncProperty(request(key), async (sent) => {
            const res = await callApp(`${t.url}${concrete(route.url)}`, route.method, {
              raw: sent.body,
              cookie,
              headers: sent.contentType ? { 'content-type': sent.contentType } : {},
              signal: AbortSignal.timeout(10_000),
            });
            const text = res.text;
            statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
            expect(res.status, `${key} ${sent.contentType} ${sent.body.slice(0, 200)} → ${text.slice(0, 200)}`).toBeLessThan(500);
            const after = onPglite ? await rowCount() : 0;
            if (res.status >= 400) {
              expect(JSON.parse(text).message, `${key}: a JSON message`).toEqual(expect.any(String));
              if (onPglite) expect(after, `${key} rejected ${sent.body.slice(0, 200)} but wrote`).toBe(before);
            }
            before = after;
          }),
          { numRuns: runsPerRoute, endOnFailure: true },
        );
        expect(
          [...statuses.keys()].some((s) => s >= 400),
          `${key} rejected nothing`,
        ).toBe(true);
      }
    },
    600_000,
  );
});

/**
 * NUL in every path, query and body value of every route, as the caller who gets
 * past the route's door: one rule refuses it with a 400 naming where it is, before any route or
 * the database sees it, so no route answers 500 or a silent 200 (the admin CSV did).
 */
describe('NUL in every value of every API route', () => {
  const nulRoutes = () => t.app.apiRoutes.filter((r) => r.url !== '/api/webhooks/stripe');
  const send = (method: string, url: string, cookie: string | undefined, body?: unknown) =>
    callApp(`${t.url}${url}`, method, { body, cookie, signal: AbortSignal.timeout(10_000) });

  it('in a path value, a query value and a body value: 400 naming the field', async () => {
    const failures: string[] = [];
    for (const route of nulRoutes()) {
      const key = `${route.method} ${route.url}`;
      const cookie = cookies[caller(key)];
      const attempts: [string, string, unknown][] = [[`${concrete(route.url)}?search=a%00b`, 'search', undefined]];
      if (route.url.includes(':'))
        attempts.push([
          route.url.replace(/:(\w+)/, 'a%00b').replace(/:(\w+)/g, '00000000-0000-4000-8000-000000000000'),
          route.url.match(/:(\w+)/)![1]!,
          undefined,
        ]);
      if (route.method !== 'GET') attempts.push([concrete(route.url), 'note', { note: 'a\u0000b' }]);
      for (const [url, field, body] of attempts) {
        const res = await send(route.method, url, cookie, body);
        const json = res.json as { errors?: Record<string, string> };
        if (res.status !== 400 || !json.errors?.[field]) failures.push(`${route.method} ${url} -> ${res.status} ${JSON.stringify(json)}`);
      }
    }
    expect(failures).toEqual([]);
  }, 120_000);
});
