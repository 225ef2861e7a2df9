import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { render } from '../../../client/entry-server';
import { searchParamsSchema } from '#shared/search/query-schema';
import { SEARCH_LIMITS, searchKinds } from '#shared/search/search';
import { startTestApp, type TestApp } from '../../test/app';
import { callApp } from '../../test/call-app';
import { premiumMember } from '../../test/identities';
import { search } from './repo';

/**
 * Queries as an attacker or a slip of the keyboard writes them, against the real database (the
 * embedded one, and PostgreSQL in its project): runs of operators, quotes, unicode, NUL, text
 * longer than the limit. Each gets an answer, never a 500. A file of its own: the searches it
 * makes would crowd the admin's weekly list that search.test.ts reads.
 */
let t: TestApp;
let premium: string;

beforeAll(async () => {
  t = await startTestApp({}, { renderPage: render });
  premium = (await premiumMember(t, 'search-fuzz')).cookie;
});
afterAll(async () => {
  await t.close();
});

describe('any query', () => {
  // Pieces the query parser reads as operators, words or neither; runs of them; any text.
  const piece = fc.oneof(
    {
      weight: 6,
      arbitrary: fc.constantFrom(
        ...['-', '"', '|', '!', '&', ':', '*', '(', ')', '<->', '<2>', '<', '>', ':*', ':A', "'", '\\', ',', '.', '_', '{{', '}}', '-"', '"-', '--'],
        ...[' ', '  ', '\t', '\n', '\u3000', '\u2003', '\u00a0', '\u200b', '\ufeff', '\u202e', '\u0085', '\u0000'],
        ...['or', 'OR', 'and', 'not', 'or-', '-or'],
      ),
    },
    {
      weight: 4,
      arbitrary: fc.constantFrom(
        'board',
        'cash',
        'flow',
        'fundraising',
        'the',
        'a',
        'réseau',
        'naïve',
        'x',
        '123',
        '💡',
        'ß',
        'İ',
        'ﬁ',
        'e\u0301',
        'slack',
        'tern',
      ),
    },
    { weight: 2, arbitrary: fc.string({ unit: 'grapheme', maxLength: 6 }) },
    { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 6 }) },
    {
      weight: 1,
      arbitrary: fc
        .tuple(fc.constantFrom('-', '"', '!', '(', '-"', '- ', '-(', '|', '<->', 'a-', 'x '), fc.integer({ min: 2, max: 120 }))
        .map(([s, n]) => s.repeat(n)),
    },
  );
  const anyQuery = fc.array(piece, { maxLength: 30 }).map((parts) => parts.join(''));
  const kind = fc.option(fc.constantFrom(...searchKinds), { nil: undefined });
  const runs = (pglite: number, postgres: number) => (process.env.TEST_DB === 'postgres' ? postgres : pglite);

  it('answers every query the address can hold, for a visitor and a premium member alike', async () => {
    await fc.assert(
      fc.asyncProperty(anyQuery, kind, fc.integer({ min: 1, max: 3 }), fc.boolean(), async (typed, kind, page, premium) => {
        const params = searchParamsSchema.safeParse({ q: typed.slice(0, SEARCH_LIMITS.query), kind, page });
        fc.pre(params.success);
        const answer = await search(t.ctx.db, params.data!, { premium }, { contactEmail: t.ctx.env.CONTACT_EMAIL });
        expect(answer.query).toBe(params.data!.q.trim());
      }),
      { numRuns: runs(400, 150) },
    );
  }, 300_000);

  it('never answers 500, on the API or the page', async () => {
    // Every byte of the text as UTF-8, so a query too long or with a NUL reaches the server too.
    const inAddress = (text: string) => [...Buffer.from(text)].map((byte) => `%${byte.toString(16).padStart(2, '0')}`).join('');
    await fc.assert(
      fc.asyncProperty(anyQuery, fc.constantFrom('', premium), async (typed, cookie) => {
        const api = await callApp(`${t.url}/api/search?q=${inAddress(typed)}`, 'GET', { cookie });
        expect([200, 400], typed).toContain(api.status);
        if (api.status === 400) expect(api.json.message, typed).toEqual(expect.any(String));
        const page = await callApp(`${t.url}/search?q=${inAddress(typed)}`, 'GET', { cookie, headers: { 'accept-encoding': 'identity' } });
        expect(page.status, typed).toBe(200);
      }),
      { numRuns: runs(80, 40) },
    );
  }, 300_000);
});
