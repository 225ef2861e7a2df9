import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { render } from '../../../client/entry-server';
import { markdownToHtml } from '#shared/markdown/render';
import { MARK_END, MARK_START, type SearchAnswer } from '#shared/search/search';
import { rowsOf } from '../../db/rows';
import { renderMissingHtml } from '../../stored-html';
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
    expect(accents.results[0]!.url).toBe('/resources?open=reseau-kiwi');
    expect(accents.results[0]!.snippet).toContain(`${MARK_START}réseau${MARK_END}`);
  });

  it('takes phrases and minus words', async () => {
    await published('resources', 'wallaby-cash', 'Wallaby cash flow', '', 'Keep your cash flow steady.');
    await published('resources', 'wallaby-board', 'Wallaby board flow of cash', '', 'The board looks at cash and flow.');
    expect(titles(await find('"cash flow" wallaby'))).toEqual(['Wallaby cash flow']);
    expect(titles(await find('wallaby -board'))).toEqual(['Wallaby cash flow']);
  });

  it('pages through more matches than are ranked by their whole text, each once, in order', async () => {
    // 115 items, as a publish leaves them (the search triggers index each): more than the 100 ranked by their whole text.
    const word = `pagewort${Math.random()
      .toString(36)
      .replace(/[^a-z]/g, '')
      .slice(0, 6)}`;
    await t.ctx.db.execute(sql`
      insert into content_items (section, slug, position, title, summary, body, fields, updated_by)
      select 'resources', ${word} || '-' || i, i, 'Page ' || i || ' ' || ${word}, '', repeat(${word} || ' ', 1 + i % 7), '{"pillar": "Fuel", "format": "Guide"}', 'test'
      from generate_series(1, 115) i`);
    await t.ctx.db.execute(sql`
      insert into content_versions (item_id, number, title, summary, body, fields, html, published_by, published_at)
      select id, 1, title, summary, body, fields, '<p>' || body || '</p>', 'test', now() from content_items where slug like ${`${word}-%`}`);
    await t.ctx.db.execute(sql`
      update content_items c set published_version_id = v.id from content_versions v where v.item_id = c.id and c.slug like ${`${word}-%`}`);
    const pages: string[][] = [];
    for (let page = 1; page <= 12; page += 1) {
      const answer = await find(word, '', `&page=${page}`);
      expect(answer.total).toBe(115);
      pages.push(answer.results.map((r) => r.title));
    }
    const all = pages.flat();
    expect(pages.map((p) => p.length)).toEqual([10, 10, 10, 10, 10, 10, 10, 10, 10, 10, 10, 5]);
    expect(new Set(all).size).toBe(115);
    // The body says the word 1 to 7 times and the title once: more often ranks higher within the first 100.
    const times = (title: string) => 1 + (Number(title.split(' ')[1]) % 7);
    const ranked = all.slice(0, 100).map(times);
    expect(ranked).toEqual([...ranked].sort((a, b) => b - a));
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

describe('the search index', () => {
  it('keeps no pending list of recent publishes, which every search would scan until a vacuum (drizzle/0053)', async () => {
    const rows = rowsOf<{ name: string; options: string[] | null }>(
      await t.ctx.db.execute(
        sql`select c.relname as name, c.reloptions as options from pg_class c where c.relname in ('search_documents_vector_idx', 'search_documents_premium_title_idx') order by c.relname`,
      ),
    );
    expect(rows.map((row) => [row.name, row.options])).toEqual([
      ['search_documents_premium_title_idx', ['fastupdate=off']],
      ['search_documents_vector_idx', ['fastupdate=off']],
    ]);
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

  it('tell anyone who cannot open them nothing of their summary or body, through any form of query or the counts', async () => {
    // Words only a premium member can read: one in the summary, one in the body, a phrase, and a
    // word close to a public one.
    const id = await published(
      'premium',
      'heron-kit',
      'Heron planning kit',
      'Read the quetzalsummary first.',
      'The gharialbody method, in a tapir meadow, with pangolinx.',
    );
    await published('resources', 'pangolin-sheet', 'Pangolin worksheet', '', 'A public sheet.');
    const queries = [
      'heron -gharialbody',
      '-gharialbody heron',
      'heron -quetzalsummary',
      'heron -"tapir meadow"',
      'heron -tapir -meadow',
      'heron or gharialbody',
      'gharialbody or heron -pangolin',
      'heron gharialbody',
      '"heron planning" -gharialbody',
      'gharialbody',
      'quetzalsummary',
      '"tapir meadow"',
    ];
    const seen = async (cookie: string) => {
      const answers: unknown[] = [];
      for (const q of queries) {
        // Not counted (again=1): the admin's list of the week, which a test below reads, stays short.
        for (const extra of ['&again=1', '&kind=library']) {
          const { raw: _raw, ...answer } = await find(q, cookie, extra);
          expect(answer.status).toBe(200);
          expect(JSON.stringify(answer.results)).not.toMatch(/gharialbody|quetzalsummary|meadow/);
          // The publish below dates the item anew: the one thing that may change.
          answers.push({ ...answer, results: answer.results.map(({ date: _date, ...result }) => result) });
        }
      }
      return answers;
    };
    const before = { visitor: await seen(''), free: await seen(cookies.free!) };
    for (const cookie of ['', cookies.free!]) {
      expect(titles(await find('heron -gharialbody', cookie))).toEqual(['Heron planning kit']);
      // "Did you mean": a word only a premium body holds is as unknown as one that is nowhere.
      expect((await find('pangolinx', cookie, '&again=1')).suggestion).toBe('pangolin');
      expect((await find('pangolinz', cookie, '&again=1')).suggestion).toBe('pangolin');
    }
    const page = await callApp(`${t.url}/search?q=${encodeURIComponent('heron -gharialbody')}`, 'GET', { headers: { 'accept-encoding': 'identity' } });
    expect(page.text).toContain('Heron planning kit');
    // A premium member matches the whole document.
    expect(titles(await find('heron -gharialbody', cookies.premium!))).toEqual([]);
    expect(titles(await find('heron -quetzalsummary', cookies.premium!))).toEqual([]);
    expect(titles(await find('"tapir meadow"', cookies.premium!))).toEqual(['Heron planning kit']);

    // With other words in its summary and body, every answer a visitor or a free member gets is the same.
    await saveDraft(id, { summary: 'Something else.', body: 'Nothing of the kind.' });
    const { json: item } = await call('GET', `/api/admin/content/${id}`);
    expect((await call('POST', `/api/admin/content/${id}/publish`, { version: item.version })).status).toBe(200);
    expect(titles(await find('"tapir meadow"', cookies.premium!))).toEqual([]);
    expect(await seen('')).toEqual(before.visitor);
    expect(await seen(cookies.free!)).toEqual(before.free);
  }, 120_000);

  it('are drawn by the server for the person who asked: whole for a premium member, locked for anyone else, each page kept apart', async () => {
    await published('premium', 'ibis-guide', 'Ibis governance guide', 'For members: the ibissummary.', 'The ibisbody method.');
    const page = (q: string, cookie = '', headers: Record<string, string> = {}) =>
      callApp(`${t.url}/search?q=${q}`, 'GET', { cookie, headers: { 'accept-encoding': 'identity', ...headers } });
    const visitor = await page('ibisbody');
    expect(visitor.text).toContain('Nothing found for “ibisbody”');
    const member = await page('ibisbody', cookies.premium!);
    expect(member.status).toBe(200);
    expect(member.text).toContain('Ibis governance guide');
    expect(member.text).toContain('For members: the ibissummary.');
    expect(member.text).toContain('<mark');
    expect(member.text).not.toContain('Nothing found');
    // The page depends on who asks: no shared cache keeps it, and a visitor's copy is not the member's.
    for (const res of [visitor, member]) {
      expect(res.headers.get('cache-control')).toBe('private, no-cache');
      expect(res.headers.get('vary')).toContain('Cookie');
    }
    expect(member.headers.get('etag')).not.toBe(visitor.headers.get('etag'));
    expect((await page('ibisbody', cookies.premium!, { 'if-none-match': visitor.headers.get('etag')! })).status).toBe(200);
    // Kept apart: each gets their own again, in either order.
    expect((await page('ibisbody')).text).toContain('Nothing found for “ibisbody”');
    expect((await page('ibisbody', cookies.free!)).text).toContain('Nothing found for “ibisbody”');
    expect((await page('ibisbody', cookies.premium!)).text).toContain('For members: the ibissummary.');
    const locked = await page('ibis');
    expect(locked.text).toContain('Ibis governance guide');
    expect(locked.text).not.toContain('ibissummary');
    expect((await page('ibis', cookies.premium!)).text).toContain('For members: the ibissummary.');
    expect((await page('ibis')).text).not.toContain('ibissummary');
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
    // Minus signs in a row, however many and whatever stands between them, are one minus or none.
    await published('resources', 'tern-board', 'Tern board pack', '', 'For the board.');
    await published('resources', 'tern-cash', 'Tern cash pack', '', 'For the treasurer.');
    for (const [q, found] of [
      ['-'.repeat(33), []],
      ['-'.repeat(199), []],
      [`tern ${'-'.repeat(40)}`, ['Tern cash pack', 'Tern board pack']],
      [`tern ${'-'.repeat(40)}board`, ['Tern board pack']],
      [`tern ${'-'.repeat(41)}board`, ['Tern cash pack']],
      [`tern ${'-'.repeat(2)}board`, ['Tern board pack']],
      [`tern ${'- '.repeat(40)}board`, ['Tern board pack']],
      [`tern ${'-!(&|<) '.repeat(21)}board`, ['Tern cash pack']],
      // After a quote that is never closed, minus signs are inside it.
      [`tern "${'-'.repeat(51)}board`, ['Tern board pack']],
      [`tern -"x" ${'-'.repeat(40)}"board"`, ['Tern board pack']],
      // Inside a word a dash is part of it: "tern--board" is the phrase.
      [`tern--board ${'-'.repeat(40)}`, ['Tern board pack']],
    ] as const) {
      const res = await find(q, '', '&again=1');
      expect(res.status, q).toBe(200);
      expect(titles(res).sort(), q).toEqual([...found].sort());
      if (!found.length && !q.startsWith('tern')) expect(res.message, q).toContain('no words to search for');
    }
    for (const q of ['-'.repeat(33), `board ${'-'.repeat(60)}`]) {
      const page = await callApp(`${t.url}/search?q=${encodeURIComponent(q)}`, 'GET', { headers: { 'accept-encoding': 'identity' } });
      expect(page.status, q).toBe(200);
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
    // Twice, so it ranks among the week's empty searches above those the other tests make once.
    await find('zzyzx nothing here');
    await find('Zzyzx  nothing here');
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
    expect(again.empty).toContainEqual({ query: 'zzyzx nothing here', searches: 2 });
    const columns = rowsOf<{ column_name: string }>(
      await t.ctx.db.execute(sql`select column_name from information_schema.columns where table_name = 'search_queries_weekly' order by 1`),
    );
    expect(columns.map((c) => c.column_name)).toEqual(['empty', 'query', 'searches', 'week']);
    expect((await call('GET', '/api/admin/searches', undefined, cookies.premium)).status).toBe(403);
    expect((await call('GET', '/api/admin/searches?weeks=0')).status).toBe(400);
  });
});

describe('the text a page shows', () => {
  const snippetOf = async (q: string, url: string) => (await find(q, '', '&again=1')).results.find((r) => r.url === url)?.snippet;

  it('is what search indexes and shows: the prices filled in, the contact address, never a placeholder', async () => {
    const startHere = await snippetOf('allies', '/start-here');
    expect(startHere).toContain('$19 a month or $190 a year');
    expect(startHere).not.toMatch(/\{\{|\}\}|_PRICE/);
    // A price is a word of the page.
    expect((await find('190 premium', '', '&again=1')).results.map((r) => r.url)).toContain('/start-here');
    const terms = await snippetOf('"questions about these terms"', '/terms-of-service');
    expect(terms).toContain(t.ctx.env.CONTACT_EMAIL);
    expect(terms).not.toMatch(/\{\{|\}\}|CONTACT_EMAIL/);
  });

  it('draws the snippet from where the words are, however far into a long body, a phrase across two passages whole', async () => {
    // 640 characters, then a phrase across the first passage's end (650), then past the 8,000th character a word.
    const body = `${'lorem '.repeat(106)}ips tapirquill meadowlark ${'dolor '.repeat(2000)}the marmosetvault is here. ${'amet '.repeat(5)}`;
    const id = await published('resources', 'marmoset-long', 'A long field note', 'Notes.', body);
    const far = await snippetOf('marmosetvault', '/resources?open=marmoset-long');
    expect(far).toContain(`${MARK_START}marmosetvault${MARK_END}`);
    const phrase = await snippetOf('"tapirquill meadowlark"', '/resources?open=marmoset-long');
    expect(phrase).toContain(`${MARK_START}tapirquill${MARK_END} ${MARK_START}meadowlark${MARK_END}`);
    // Two words far apart, no passage holding both: the passage with one of them, marked.
    expect(await snippetOf('tapirquill marmosetvault', '/resources?open=marmoset-long')).toMatch(
      new RegExp(`${MARK_START}(tapirquill|marmosetvault)${MARK_END}`),
    );
    // A title's match, with no word of the query in the body: the body's start.
    expect(await snippetOf('field note', '/resources?open=marmoset-long')).toMatch(/^lorem lorem/);

    const passages = async () =>
      rowsOf<{ n: number; passage: string }>(await t.ctx.db.execute(sql`select n, passage from search_passages where source_id = ${id} order by n`));
    const kept = await passages();
    expect(kept.length).toBeGreaterThan(20);
    // In order, each cut between words and overlapping the next.
    expect(kept.map((p) => p.n)).toEqual(kept.map((_, i) => i + 1));
    expect(kept.every((p) => p.passage.length <= 650 && !/^\s|\s$/.test(p.passage))).toBe(true);
    expect(kept.every((p) => /^(lorem|ips|tapirquill|meadowlark|dolor|the|marmosetvault|is|here\.|amet)( |$)/.test(p.passage))).toBe(true);

    // Published again without the word: its passages are replaced; unpublished: gone.
    await saveDraft(id, { body: 'Short now.' });
    const { json: item } = await call('GET', `/api/admin/content/${id}`);
    expect((await call('POST', `/api/admin/content/${id}/publish`, { version: item.version })).status).toBe(200);
    expect(await passages()).toEqual([{ n: 1, passage: 'Short now.' }]);
    expect((await call('POST', `/api/admin/content/${id}/unpublish`, {})).status).toBe(200);
    expect(await passages()).toEqual([]);
  });

  it('follows a start that renders again what an older server kept with the prices left for the browser', async () => {
    const [version] = rowsOf<{ id: string; body: string }>(
      await t.ctx.db.execute(sql`
        select v.id, v.body from content_versions v join content_items i on i.published_version_id = v.id
        where i.section = 'pages' and i.slug = 'start-here'`),
    );
    await t.ctx.db.execute(sql`update content_versions set html = ${markdownToHtml(version!.body, { idPrefix: 'start-here' })} where id = ${version!.id}`);
    // What a reader saw before the prices were filled in when the HTML is rendered: the
    // placeholder's words in the snippet.
    expect(await snippetOf('allies', '/start-here')).toContain('MONTHLY_PRICE}}');
    expect(await renderMissingHtml(t.ctx.db, { error: () => {} })).toBeGreaterThanOrEqual(1);
    expect(await snippetOf('allies', '/start-here')).toContain('$19 a month or $190 a year');
    // The pages are read again too.
    await expect.poll(async () => (await call('GET', '/api/pages/pages/start-here')).json.html).toContain('$19 a month or $190 a year');
    expect(await renderMissingHtml(t.ctx.db, { error: () => {} })).toBe(0);
  });
});
