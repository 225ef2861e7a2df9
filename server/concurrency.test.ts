import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postJson, startTestApp, type TestApp } from './test/app';

/**
 * Many people (or one impatient person) doing the same thing at the same moment: unique rules
 * hold in the database, every answer is a clean 2xx or 4xx, never a 5xx.
 */
let t: TestApp;
const run = Math.random().toString(36).slice(2, 8);
beforeAll(async () => {
  t = await startTestApp({ RATE_LIMIT_FORMS_PER_HOUR: '100000' });
});
afterAll(() => t.close());

const count = async (query: ReturnType<typeof sql>) => Number(((await t.ctx.db.execute(query)) as unknown as { rows: { n: number }[] }).rows[0]!.n);

/** Mixed case on the same addresses, e.g. Person.3@… and person.3@…: the same person. */
const mixedCase = (email: string, i: number) => (i % 3 === 0 ? email.toUpperCase() : i % 3 === 1 ? email : email.replace(/^./, (c) => c.toUpperCase()));

describe('at the same moment', () => {
  it('500 newsletter signups over 100 addresses in mixed case leave exactly 100 rows', async () => {
    const emails = Array.from({ length: 100 }, (_, i) => `burst.${run}.${i}@example.org`);
    const answers = await Promise.all(
      Array.from({ length: 500 }, (_, i) => postJson(`${t.url}/api/newsletter/signup`, { email: mixedCase(emails[i % 100]!, Math.floor(i / 100)), name: '', organization: '' })),
    );
    const statuses = answers.map((res) => res.status);
    expect(statuses.filter((s) => s >= 500)).toEqual([]);
    expect(statuses.every((s) => s === 200 || s === 201)).toBe(true);
    expect(await count(sql`select count(*)::int as n from newsletter_signups where lower(email) like ${`burst.${run}.%`}`)).toBe(100);
  });
});
