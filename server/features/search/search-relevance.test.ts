import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pillars } from '#shared/content/pillars';
import type { SearchAnswer } from '#shared/search/search';
import { rowsOf } from '../../db/rows';
import { approveAlly } from '../../test/allies';
import { startTestApp, type TestApp } from '../../test/app';
import { callApp } from '../../test/call-app';
import { signInEveryone } from '../../test/identities';
import { judgedAlly, judgedQueries } from './judged-queries';

let t: TestApp;
let premium: string;

beforeAll(async () => {
  t = await startTestApp();
  premium = (await signInEveryone(t)).premium!;
  const [ally] = rowsOf<{ id: string }>(
    await t.ctx.db.execute(sql`
      insert into allies (name, tagline, category, description, services, submitter_email)
      values (${judgedAlly.name}, ${judgedAlly.tagline}, 'Fuel', 'We find the right funders and write grant proposals with you.', 'Grant writing', 'judged@example.org')
      returning id`),
  );
  await approveAlly(t.ctx.db, ally!.id);
});
afterAll(async () => {
  await t.close();
});

const titlesFor = async (query: string): Promise<string[]> => {
  const res = await callApp(`${t.url}/api/search?q=${encodeURIComponent(query)}`, 'GET', { cookie: premium });
  expect(res.status).toBe(200);
  return (res.json as SearchAnswer).results.map((result) => result.title);
};

describe('search answers the judged queries (judged-queries.ts)', () => {
  it.each(judgedQueries.map((judged) => [judged.query, judged] as const))('%s', async (_query, judged) => {
    const titles = await titlesFor(judged.query);
    const place = titles.indexOf(judged.expect) + 1;
    expect(place, `${judged.why}: “${judged.expect}” within the first ${judged.within} of ${JSON.stringify(titles)}`).toBeGreaterThan(0);
    expect(place, `${judged.why}: ${JSON.stringify(titles)}`).toBeLessThanOrEqual(judged.within);
  });

  it('links a resource found as the library opens one: by its web address', async () => {
    const res = await callApp(`${t.url}/api/search?q=${encodeURIComponent('cash flow forecast worksheet')}`, 'GET', { cookie: premium });
    expect((res.json as SearchAnswer).results[0]).toMatchObject({ kind: 'resource', url: '/resources?open=13-week-cash-flow-forecast' });
  });

  it("indexes each guide with the pillar line its page shows above the title, word for word as the site's pillars say it", async () => {
    for (const pillar of pillars) {
      const [row] = rowsOf<{ line: string }>(await t.ctx.db.execute(sql`select search_pillar_line(${pillar.slug}) as line`));
      expect(row!.line).toBe(`${pillar.name}: ${pillar.about}`);
    }
  });
});
