import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { render } from '../../../client/entry-server';
import { MARK_END, MARK_START, type SearchAnswer } from '#shared/search/search';
import { rowsOf } from '../../db/rows';
import { approveAlly } from '../../test/allies';
import { startTestApp, type TestApp } from '../../test/app';
import { callApp } from '../../test/call-app';
import { signInEveryone } from '../../test/identities';

let t: TestApp;
let cookies: Awaited<ReturnType<typeof signInEveryone>>;

beforeAll(async () => {
  t = await startTestApp({}, { renderPage: render });
  cookies = await signInEveryone(t);
});
afterAll(async () => {
  await t.close();
});

const call = (method: string, path: string, body?: unknown, cookie = cookies.admin) => callApp(`${t.url}${path}`, method, { body, cookie });

const find = async (q: string, cookie = '', extra = ''): Promise<SearchAnswer & { status: number; raw: string }> => {
  const res = await callApp(`${t.url}/api/search?q=${encodeURIComponent(q)}${extra}`, 'GET', { cookie });
  return { ...(res.json as SearchAnswer), status: res.status, raw: res.text };
};
const titles = (answer: SearchAnswer) => answer.results.map((r) => r.title);

/** A new item of an open section, saved and published; returns its id. */
async function published(section: 'resources' | 'premium', slug: string, title: string, summary: string, body: string): Promise<string> {
  const fields = section === 'resources' ? { pillar: 'Fuel', format: 'Checklist' } : {};
  const created = await call('POST', '/api/admin/content', { section, slug, title, summary, body, fields });
  expect(created.status).toBe(201);
  const id = created.json.id as string;
  const publish = await call('POST', `/api/admin/content/${id}/publish`, { version: created.json.version });
  expect(publish.status).toBe(200);
  return id;
}

async function saveDraft(id: string, patch: Record<string, unknown>) {
  const { json: item } = await call('GET', `/api/admin/content/${id}`);
  const saved = await call('PUT', `/api/admin/content/${id}`, {
    title: item.title,
    summary: item.summary,
    body: item.body,
    fields: item.fields,
    version: item.version,
    ...patch,
  });
  expect(saved.status).toBe(200);
  return saved.json;
}

describe('what search finds', () => {
  it('finds the published field guides, with the matched words marked in the snippet', async () => {
    const answer = await find('impact');
    expect(answer.status).toBe(200);
    expect(answer.results[0]).toMatchObject({ kind: 'guide', title: 'The Impact Field Guide', url: '/field-guide/impact', locked: false });
    expect(answer.counts.guide).toBeGreaterThanOrEqual(1);
    expect(answer.results.some((r) => r.snippet.includes(`${MARK_START}`) && r.snippet.includes(MARK_END))).toBe(true);
  });

  it('ranks a title match above a body match, stems words and ignores accents', async () => {
    await published('resources', 'quokka-body', 'A plain checklist', 'For teams.', 'Somewhere in here the word quokka appears once.');
    await published('resources', 'quokka-title', 'Quokka fundraising plan', 'For teams.', 'Nothing else to say.');
    await published('resources', 'reseau-kiwi', 'Le réseau des kiwis', 'Un résumé.', 'Le réseau grandit.');
    expect(titles(await find('quokka'))).toEqual(['Quokka fundraising plan', 'A plain checklist']);
    // "fundraise" and "fundraising" share a stem.
    expect(titles(await find('quokka fundraise'))).toEqual(['Quokka fundraising plan']);
    const accents = await find('reseau kiwis');
    expect(titles(accents)).toEqual(['Le réseau des kiwis']);
    expect(accents.results[0]!.url).toMatch(/^\/resources\?open=[0-9a-f-]{36}$/);
    expect(accents.results[0]!.snippet).toContain(`${MARK_START}réseau${MARK_END}`);
  });

  it('takes phrases and minus words', async () => {
    await published('resources', 'wallaby-cash', 'Wallaby cash flow', '', 'Keep your cash flow steady.');
    await published('resources', 'wallaby-board', 'Wallaby board flow of cash', '', 'The board looks at cash and flow.');
    expect(titles(await find('"cash flow" wallaby'))).toEqual(['Wallaby cash flow']);
    expect(titles(await find('wallaby -board'))).toEqual(['Wallaby cash flow']);
  });

  it('never finds a draft; finds the change once published, nothing once unpublished, and the earlier text once restored', async () => {
    const id = await published('resources', 'platypus', 'Platypus grants', '', 'First text.');
    await saveDraft(id, { title: 'Echidna grants' });
    expect(titles(await find('echidna'))).toEqual([]);
    expect(titles(await find('platypus'))).toEqual(['Platypus grants']);
    // The page a visitor gets is kept too (the same for everyone): until the publish below.
    const searchPage = async () => (await callApp(`${t.url}/search?q=echidna`, 'GET', { headers: { 'accept-encoding': 'identity' } })).text;
    expect(await searchPage()).toContain('Nothing found for “echidna”');
    expect(await searchPage()).toContain('Nothing found for “echidna”');
    const { json: item } = await call('GET', `/api/admin/content/${id}`);
    expect((await call('POST', `/api/admin/content/${id}/publish`, { version: item.version })).status).toBe(200);
    expect(titles(await find('echidna'))).toEqual(['Echidna grants']);
    expect(await searchPage()).toContain('Echidna grants');
    expect(titles(await find('platypus'))).toEqual([]);
    expect((await call('POST', `/api/admin/content/${id}/versions/1/restore`, {})).status).toBe(200);
    expect(titles(await find('platypus'))).toEqual(['Platypus grants']);
    expect((await call('POST', `/api/admin/content/${id}/unpublish`, {})).status).toBe(200);
    expect(titles(await find('platypus'))).toEqual([]);
  });

  it('suggests the nearest published word for a typo, and only one that finds something', async () => {
    await published('resources', 'numbat', 'Numbat fundraising calendar', '', 'A calendar.');
    const typo = await find('numbat fundrasing');
    expect(typo.total).toBe(0);
    expect(typo.suggestion).toBe('numbat fundraising');
    expect((await find('xqzvkw')).suggestion).toBeNull();
  });
});

describe('premium items', () => {
  it('are locked for visitors and free members (title and kind only, found by title alone) and whole for premium members', async () => {
    await published('premium', 'pelican-toolkit', 'Pelican board toolkit', 'A summary only members read.', 'Inside: the zanzibarsecret method.');
    for (const cookie of ['', cookies.free!]) {
      const locked = await find('pelican', cookie);
      expect(locked.results).toEqual([expect.objectContaining({ kind: 'library', title: 'Pelican board toolkit', locked: true, summary: '', snippet: '' })]);
      expect(locked.raw).not.toContain('zanzibarsecret');
      expect(locked.raw).not.toContain('A summary only members read');
      // The text it hides does not find it.
      expect((await find('zanzibarsecret', cookie)).total).toBe(0);
    }
    const whole = await find('zanzibarsecret', cookies.premium!);
    expect(whole.results[0]).toMatchObject({ title: 'Pelican board toolkit', locked: false, summary: 'A summary only members read.' });
    expect(whole.results[0]!.snippet).toContain(`${MARK_START}zanzibarsecret${MARK_END}`);

    const page = await callApp(`${t.url}/search?q=pelican`, 'GET', { headers: { 'accept-encoding': 'identity' } });
    expect(page.status).toBe(200);
    expect(page.text).toContain('Pelican board toolkit');
    expect(page.text).not.toContain('zanzibarsecret');
    expect(page.text).not.toContain('A summary only members read');
  });

  it('finds an Ally once approved and a webinar until cancelled, locked for anyone but premium members, and sent editions', async () => {
    const [ally] = rowsOf<{ id: string }>(
      await t.ctx.db.execute(sql`
        insert into allies (name, tagline, category, description, services, submitter_email)
        values ('Cassowary Consulting', 'Grants for small teams', 'Fuel', 'We write grant applications.', 'Grant writing', 'cass@cassowary.example.org')
        returning id`),
    );
    expect((await find('cassowary')).total).toBe(0);
    await approveAlly(t.ctx.db, ally!.id);
    expect((await find('cassowary')).results).toEqual([
      expect.objectContaining({ kind: 'ally', locked: true, summary: '', url: '/allies?search=Cassowary%20Consulting' }),
    ]);
    expect((await find('cassowary', cookies.premium!)).results[0]).toMatchObject({ locked: false, summary: 'Grants for small teams' });

    const [webinar] = rowsOf<{ id: string }>(
      await t.ctx.db.execute(sql`
        insert into webinars (title, description, starts_at, duration_minutes, room_url)
        values ('Kookaburra budgeting live', 'Bring your questions.', now() + interval '3 days', 60, 'https://meet.example.org/k')
        returning id`),
    );
    expect((await find('kookaburra')).results).toEqual([expect.objectContaining({ kind: 'webinar', locked: true, url: '/webinars' })]);
    await t.ctx.db.execute(
      sql`update webinars set recording_url = 'https://video.example.org/k', recording_summary = 'The lyrebird method explained.' where id = ${webinar!.id}`,
    );
    expect((await find('lyrebird', cookies.premium!)).results[0]).toMatchObject({ kind: 'webinar', url: '/webinars#recordings', locked: false });
    await t.ctx.db.execute(sql`update webinars set status = 'cancelled' where id = ${webinar!.id}`);
    expect((await find('kookaburra', cookies.premium!)).total).toBe(0);

    const [edition] = rowsOf<{ title: string; slug: string }>(
      await t.ctx.db.execute(sql`select title, slug from newsletter_editions where status = 'sent' and audience <> 'premium' limit 1`),
    );
    const byTitle = await find(edition!.title);
    expect(byTitle.results.find((r) => r.kind === 'edition')).toMatchObject({ url: `/weekly-dish/${edition!.slug}`, locked: false });
  });
});

describe('bad input', () => {
  it('answers 400 with a message for what cannot be searched, and an empty answer with a message for what has no words', async () => {
    for (const [q, message] of [
      ['x'.repeat(10_000), 'Search must be at most 200 characters'],
      ['board\u0000', 'Contains characters that cannot be stored'],
    ] as const) {
      const res = await find(q);
      expect(res.status).toBe(400);
      expect((res as unknown as { message: string }).message).toContain(message);
    }
    for (const q of ['the and of', '&|!():*', '"', '-', '!!!', "'"]) {
      const res = await find(q);
      expect(res.status, q).toBe(200);
      expect(res.total).toBe(0);
      expect(res.message, q).toContain('no words to search for');
    }
    // A lone surrogate cannot be written in an address as UTF-8: the bytes that would stand for
    // it are not decoded, and are searched for as they are (finding nothing).
    const surrogate = await callApp(`${t.url}/api/search?q=board%ED%A0%80`, 'GET');
    expect(surrogate.status).toBe(200);
    expect(surrogate.json).toMatchObject({ query: 'board%ED%A0%80', total: 0, results: [] });
    expect((await find('board', '', '&kind=nothing')).status).toBe(400);
    expect((await find('board', '', '&page=0')).status).toBe(400);
    expect((await find('board', '', '&page=51')).status).toBe(400);
    expect((await find('board', '', '&extra=1')).status).toBe(400);
    // The page draws the refusal instead of failing.
    const page = await callApp(`${t.url}/search?q=${'y'.repeat(300)}`, 'GET', { headers: { 'accept-encoding': 'identity' } });
    expect(page.status).toBe(200);
    expect(page.text).toContain('Search must be at most 200 characters');
  });
});

describe('what the admin learns', () => {
  it('counts searches per week, and those that found nothing, without who searched', async () => {
    await find('Board  Minutes');
    await find('board minutes');
    await find('board minutes', '', '&page=2');
    await find('zzyzx nothing here');
    const res = await call('GET', '/api/admin/searches');
    expect(res.status).toBe(200);
    const [week] = res.json.weeks as {
      week: string;
      top: { query: string; searches: number; empty: number }[];
      empty: { query: string; searches: number }[];
    }[];
    const monday = new Date();
    monday.setUTCDate(monday.getUTCDate() - ((monday.getUTCDay() + 6) % 7));
    expect(week!.week).toBe(monday.toISOString().slice(0, 10));
    await expect
      .poll(
        async () =>
          ((await call('GET', '/api/admin/searches')).json.weeks[0].top as { query: string; searches: number }[]).find((r) => r.query === 'board minutes')
            ?.searches,
      )
      .toBe(2);
    const again = (await call('GET', '/api/admin/searches')).json.weeks[0];
    expect(again.empty).toContainEqual({ query: 'zzyzx nothing here', searches: 1 });
    const columns = rowsOf<{ column_name: string }>(
      await t.ctx.db.execute(sql`select column_name from information_schema.columns where table_name = 'search_queries_weekly' order by 1`),
    );
    expect(columns.map((c) => c.column_name)).toEqual(['empty', 'query', 'searches', 'week']);
    expect((await call('GET', '/api/admin/searches', undefined, cookies.premium)).status).toBe(403);
    expect((await call('GET', '/api/admin/searches?weeks=0')).status).toBe(400);
  });
});
