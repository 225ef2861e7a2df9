import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestAppWithMail, type TestAppWithMail } from '../../test/app';
import { callApp } from '../../test/call-app';
import { signInEveryone } from '../../test/identities';
import { deliverDueEditions } from '../../test/deliver-editions';
import type { SmtpCapture } from '../../test/smtp';
import { uniqueEmail } from '../../test/unique-email';
import { splitFrontMatter } from '#shared/content/front-matter';
import { contentDir } from '../../dirs';

/** Decision 045: an edition's links and "Was this useful?" counted per edition, link and day, never per person. */
let t: TestAppWithMail;
let smtp: SmtpCapture;
let cookies: Awaited<ReturnType<typeof signInEveryone>>;
const site = 'https://dish.example.org';

beforeAll(async () => {
  t = await startTestAppWithMail({ PUBLIC_URL: site, POSTAL_ADDRESS: '12 Harbour Road, Portland, ME 04101' });
  smtp = t.smtp;
  cookies = await signInEveryone(t);
});
afterAll(async () => {
  await t.close();
});

const call = (method: string, path: string, body?: unknown, cookie = cookies.admin) => callApp(`${t.url}${path}`, method, { body, cookie });
const visit = (path: string, method = 'GET') => callApp(`${t.url}${path}`, method, { redirect: 'manual' });

async function subscriber(label: string): Promise<string> {
  const email = uniqueEmail(label);
  expect((await callApp(`${t.url}/api/newsletter/signup`, 'POST', { body: { email } })).status).toBe(201);
  const welcome = await smtp.waitFor(email, /^Welcome to The Weekly Dish/);
  const token = /\/newsletter\/confirm\?token=([\w.-]+)/.exec(welcome.text)![1];
  expect((await callApp(`${t.url}/api/newsletter/confirm`, 'POST', { body: { token } })).status).toBe(200);
  return email;
}

async function sendEdition(title: string, body: string, askFeedback: boolean): Promise<{ id: string; slug: string }> {
  const slug = `counted-${Date.now()}-${Math.random().toString(36).slice(2, 8)}`;
  const created = await call('POST', '/api/admin/editions', { title, summary: 'Counted, not tracked.', slug, body, askFeedback });
  expect(created.status).toBe(201);
  expect(created.json.askFeedback).toBe(askFeedback);
  expect((await call('POST', `/api/admin/editions/${created.json.id}/send`, {})).status).toBe(200);
  await deliverDueEditions(t.ctx.db, smtp.url, {
    publicUrl: site,
    postalAddress: '12 Harbour Road',
    ratePerSecond: 2000,
    connections: 2,
    bounceAddress: 'bounces@example.org',
  });
  return { id: created.json.id as string, slug };
}

/** Every row of the counters, whatever their columns: what is stored is all there is. */
const clickRows = async (editionId: string) =>
  (await t.ctx.db.execute<Record<string, unknown>>(sql`select * from edition_link_clicks where edition_id = ${editionId} order by number, shard`)).rows;
/** The counters of each link and day, whichever rows they are kept on: (number, day) → clicks. */
const clicksPerLinkAndDay = (rows: Record<string, unknown>[]) => {
  const sums: Record<string, number> = {};
  for (const row of rows) sums[`${String(row.number)} ${String(row.day)}`] = (sums[`${String(row.number)} ${String(row.day)}`] ?? 0) + Number(row.count);
  return sums;
};
const clicksInAll = async () => (await t.ctx.db.execute<{ n: number }>(sql`select coalesce(sum(count), 0)::int as n from edition_link_clicks`)).rows[0]!.n;
const today = async () =>
  (await t.ctx.db.execute<{ day: string }>(sql`select (now() at time zone ${t.ctx.env.SITE_TIMEZONE})::date::text as day`)).rows[0]!.day;

// One edition followed step by step: each test counts on what the ones before it clicked and answered.
describe('counted links', { shuffle: false }, () => {
  let edition: { id: string; slug: string };
  let readers: string[];

  beforeAll(async () => {
    readers = [await subscriber('counted-a'), await subscriber('counted-b')];
    edition = await sendEdition(
      'Links that count',
      'Read [the guide](https://example.org/guide) and [our resources](/resources).\n\nThe guide again: [here](https://example.org/guide). Write to [us](mailto:team@example.org).',
      true,
    );
  });

  it('rewrites the content links to the same counted addresses in every copy, and leaves unsubscribe and mailto alone', async () => {
    const [a, b] = readers.map((reader) => smtp.find(reader, /^Links that count$/));
    expect(a).toHaveLength(1);
    expect(b).toHaveLength(1);
    const withoutToken = (text: string) => text.replace(/token=[\w.-]+/g, 'token=…').replace(/_NmP-[0-9a-f]+-Part/g, 'boundary');
    // The only difference between two copies is the unsubscribe token (and the MIME boundary).
    expect(withoutToken(a![0]!.text)).toBe(withoutToken(b![0]!.text));
    const text = a![0]!.text;
    expect(text).toContain(`href="${site}/r/${edition.id}/1"`);
    expect(text).toContain(`href="${site}/r/${edition.id}/2"`);
    expect(text).not.toContain(`/r/${edition.id}/3"`);
    expect(text).toContain(`the guide (${site}/r/${edition.id}/1)`);
    expect(text).not.toContain('href="https://example.org/guide"');
    expect(text).toContain('href="mailto:team@example.org"');
    expect(text).toMatch(new RegExp(`href="${site}/unsubscribe\\?token=[\\w.-]+&amp;edition=${edition.id}"`));
    expect(text).toContain(`href="${site}/useful/${edition.id}/yes"`);
    expect(text).toContain(`href="${site}/useful/${edition.id}/no"`);
    expect(text).not.toMatch(/<img[^>]+(width="1"|height="1")/);
    // The web page keeps the links as written.
    const page = await callApp(`${t.url}/api/editions/${edition.slug}`);
    expect(page.json.html).toContain('href="https://example.org/guide"');
    expect(page.json.html).not.toContain('/r/');
  });

  it('redirects a followed link to its stored address and counts (edition, link, day) only; HEAD counts nothing', async () => {
    const head = await visit(`/r/${edition.id}/1`, 'HEAD');
    expect(head.status).toBe(302);
    expect(await clickRows(edition.id)).toEqual([]);

    const first = await visit(`/r/${edition.id}/1`);
    expect(first.status).toBe(302);
    expect(first.headers.get('location')).toBe('https://example.org/guide');
    expect(first.headers.get('set-cookie')).toBeNull();
    // A query cannot change where it leads.
    const steered = await visit(`/r/${edition.id}/2?url=https://evil.example/`);
    expect(steered.headers.get('location')).toBe(`${site}/resources`);
    await visit(`/r/${edition.id}/1`);

    const day = await today();
    const rows = await clickRows(edition.id);
    // Nothing but the edition, the link, the day and the count, on one of the link's rows for the day.
    for (const row of rows) {
      expect(Object.keys(row).sort()).toEqual(['count', 'day', 'edition_id', 'number', 'shard']);
      expect(row.edition_id).toBe(edition.id);
      expect(row.shard).toBeGreaterThanOrEqual(0);
      expect(row.shard).toBeLessThan(8);
    }
    expect(clicksPerLinkAndDay(rows)).toEqual({ [`1 ${day}`]: 2, [`2 ${day}`]: 1 });
  });

  it('answers 404 for any link not stored for the edition, counting nothing', async () => {
    const draft = await call('POST', '/api/admin/editions', { title: 'Never sent', slug: `never-sent-${Date.now()}`, body: '[x](https://example.org/x)' });
    const before = await clicksInAll();
    for (const path of [
      `/r/${edition.id}/3`,
      `/r/${edition.id}/0`,
      `/r/${edition.id}/-1`,
      `/r/${edition.id}/99999999999999999999`,
      `/r/${edition.id}/1.0`,
      `/r/${edition.id}/one`,
      `/r/${edition.id}/1%00`,
      // Another edition's address: the last digit changed (never to itself).
      `/r/${edition.id.slice(0, -1)}${edition.id.endsWith('0') ? '1' : '0'}/1`,
      `/r/${edition.id}x/1`,
      `/r/not-an-edition/1`,
      `/r/${draft.json.id}/1`,
      `/r/${edition.id}/${'1'.repeat(5000)}`,
    ]) {
      const res = await visit(path);
      expect(res.status, path).toBeGreaterThanOrEqual(400);
      expect(res.status, path).toBeLessThan(500);
      expect(res.headers.get('location'), path).toBeNull();
    }
    const unknown = await visit(`/r/${edition.id}/3`);
    expect(unknown.status).toBe(404);
    expect(unknown.headers.get('content-type')).toMatch(/text\/html/);
    expect(await clicksInAll()).toBe(before);
  });

  it('counts yes and no per edition and day, thanks on a page of the site, and counts nothing on HEAD or for an edition that did not ask', async () => {
    expect((await visit(`/useful/${edition.id}/yes`, 'HEAD')).status).toBe(303);
    const yes = await visit(`/useful/${edition.id}/yes`);
    expect(yes.status).toBe(303);
    expect(yes.headers.get('location')).toBe('/weekly-dish-thanks');
    expect((await visit(`/useful/${edition.id}/no`)).status).toBe(303);
    expect((await visit(`/useful/${edition.id}/maybe`)).status).toBe(404);
    const silent = await sendEdition('No question', 'Nothing to ask.', false);
    expect(smtp.find(readers[0]!, /^No question$/)[0]!.text).not.toContain('/useful/');
    expect((await visit(`/useful/${silent.id}/yes`)).status).toBe(404);

    const rows = (await t.ctx.db.execute<Record<string, unknown>>(sql`select * from edition_feedback order by edition_id, answer`)).rows;
    expect(rows).toEqual([
      { edition_id: edition.id, answer: 'no', day: await today(), count: 1 },
      { edition_id: edition.id, answer: 'yes', day: await today(), count: 1 },
    ]);
    // The page itself is React's (drawn in e2e builds); here, that it is a page of the site.
    const thanks = await visit('/weekly-dish-thanks');
    expect(thanks.status).toBe(200);
    expect(thanks.text).toContain('<title>Thanks for telling us');
  });

  it('gives admins the report: delivered, unsubscribes from the edition, clicks per link and day, and the answers; others are refused', async () => {
    // The first reader leaves from this edition's one-click link; a second unsubscribe of the same address is not counted again.
    const mail = smtp.find(readers[0]!, /^Links that count$/)[0]!;
    const oneClick = /List-Unsubscribe: <([^>]+)>/.exec(mail.headers)![1]!.replace(site, t.url);
    expect(oneClick).toContain(`&edition=${edition.id}`);
    for (let i = 0; i < 2; i++) {
      const res = await callApp(oneClick, 'POST', { raw: 'List-Unsubscribe=One-Click', headers: { 'content-type': 'application/x-www-form-urlencoded' } });
      expect(res.status).toBe(200);
    }
    // A made-up edition on the page's POST is ignored: the unsubscribe still works.
    const token = /token=([\w.-]+)/.exec(smtp.find(readers[1]!, /^Links that count$/)[0]!.text)![1];
    expect((await callApp(`${t.url}/api/newsletter/unsubscribe`, 'POST', { body: { token, edition: 'nonsense' } })).status).toBe(200);

    const report = await call('GET', `/api/admin/editions/${edition.id}/report`);
    expect(report.status).toBe(200);
    const day = await today();
    expect(report.json).toEqual({
      delivered: 2,
      bounced: 0,
      complaints: 0,
      unsubscribes: 1,
      links: [
        { number: 1, url: 'https://example.org/guide', total: 2, days: [{ day, count: 2 }] },
        { number: 2, url: `${site}/resources`, total: 1, days: [{ day, count: 1 }] },
      ],
      feedback: { asked: true, yes: 1, no: 1 },
    });
    expect((await call('GET', `/api/admin/editions/${edition.id}/report`, undefined, cookies.free)).status).toBe(403);
    expect((await callApp(`${t.url}/api/admin/editions/${edition.id}/report`)).status).toBe(401);
    expect((await call('GET', '/api/admin/editions/00000000-0000-4000-8000-000000000000/report')).status).toBe(404);
  });

  it('counts clicks at once on several rows, so they do not queue on one, and reports them as one count', async () => {
    const visits = await Promise.all(Array.from({ length: 40 }, () => visit(`/r/${edition.id}/1`)));
    expect(visits.map((v) => v.status)).toEqual(Array(40).fill(302));
    const day = await today();
    const rows = (await clickRows(edition.id)).filter((row) => row.number === 1);
    // 40 clicks drawn over 8 rows all land on one with a chance of 8 in 8^40.
    expect(rows.length).toBeGreaterThan(1);
    expect(clicksPerLinkAndDay(rows)).toEqual({ [`1 ${day}`]: 42 });
    const report = await call('GET', `/api/admin/editions/${edition.id}/report`);
    expect(report.json.links[0]).toEqual({ number: 1, url: 'https://example.org/guide', total: 42, days: [{ day, count: 42 }] });
  });
});

describe('the privacy policy of a site started before links were counted', () => {
  it('gets the new text as its next version from migration 0030, once, when it still says "no rewritten links"', async () => {
    const file = splitFrontMatter(await readFile(join(contentDir, 'legal/privacy-policy.md'), 'utf8')).body.trim();
    const before = file
      .replace(/- \*\*No tracking in our emails\.\*\*[^\n]*/, OLD_SENTENCE)
      .replace(/## What we count in The Weekly Dish[\s\S]*?\n\n(?=## How we use your information)/, '');
    expect(before).not.toContain('What we count');
    const live = async () =>
      (
        await t.ctx.db.execute<{ body: string; draft: string; number: number }>(sql`
          select v.body, i.body as draft, v.number from content_items i join content_versions v on v.id = i.published_version_id
          where i.section = 'legal' and i.slug = 'privacy-policy'`)
      ).rows[0]!;
    const { number } = await live();
    // The policy as an earlier version seeded it.
    await t.ctx.db.execute(sql`
      with v as (
        insert into content_versions (item_id, number, title, summary, body, fields)
        select id, ${number + 1}, title, summary, ${before}, fields from content_items where section = 'legal' and slug = 'privacy-policy'
        returning id, item_id)
      update content_items i set published_version_id = v.id, body = ${before} from v where i.id = v.item_id`);
    const migration = await readFile(join(import.meta.dirname, '../../../drizzle/0030_privacy_counts.sql'), 'utf8');
    await t.ctx.db.execute(sql.raw(migration));
    expect(await live()).toEqual({ body: file, draft: file, number: number + 2 });
    await t.ctx.db.execute(sql.raw(migration));
    expect((await live()).number).toBe(number + 2);
  });
});

const OLD_SENTENCE =
  '- **No tracking in our emails.** The Weekly Dish and our other emails contain no tracking pixel and no rewritten links: we do not know whether you opened an email or which links you clicked. Links go straight to where they say.';
