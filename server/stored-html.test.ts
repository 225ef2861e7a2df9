import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from './db/rows';
import { createContentStore } from './features/content/store';
import { startDueEditions } from './features/editions/sender';
import { renderMissingHtml } from './stored-html';
import { startTestApp, type TestApp } from './test/app';
import { callApp } from './test/call-app';
import { signInEveryone } from './test/identities';
import { instantToSiteLocal } from '#shared/site-time';

/**
 * Text an admin saves can never take the site down (decision 031): what the renderer would cut
 * short is refused at save with a 400 naming the field; what is saved is rendered once and kept
 * as HTML; and an item stored before these rules (written into the database here) never stops a
 * start, a job or another item. The exact inputs that did: 8,000 nested `>`, and `_a` repeated.
 */
const deepQuotes = '>'.repeat(8000) + ' a';
const underscores = (length: number) => '_a'.repeat(length / 2);

let t: TestApp;
let cookies: Awaited<ReturnType<typeof signInEveryone>>;
const logs: string[] = [];
const log = { error: (details: object, message: string) => void logs.push(`${message} ${JSON.stringify(details)}`) };

beforeAll(async () => {
  t = await startTestApp({ PUBLIC_URL: 'https://hub.example.org' });
  cookies = await signInEveryone(t);
});
afterAll(() => t.close());

const call = (method: string, path: string, body?: unknown, cookie = cookies.admin) => callApp(`${t.url}${path}`, method, { body, cookie });
const unique = () => `${Date.now()}-${Math.floor(Math.random() * 1e6)}`;

describe('pages and resources', () => {
  const newResource = (slug: string, body: string) => ({
    section: 'resources',
    slug,
    title: `Budget ${slug}`,
    summary: 'A budget.',
    body,
    fields: { pillar: 'Fuel', format: 'Worksheet' },
  });

  it('refuses 8,000 nested quotes at save with a 400 naming the body, and stores nothing', async () => {
    const slug = `deep-${unique()}`;
    const created = await call('POST', '/api/admin/content', newResource(slug, deepQuotes));
    expect(created.status).toBe(400);
    expect(created.json.errors).toEqual({ body: 'Body nests quotes or lists too deeply to show: use at most 8 levels' });
    expect(rowsOf(await t.ctx.db.execute(sql`select 1 from content_items where slug = ${slug}`))).toHaveLength(0);

    const ok = await call('POST', '/api/admin/content', newResource(slug, 'Fine.'));
    expect(ok.status).toBe(201);
    const saved = await call('PUT', `/api/admin/content/${ok.json.id}`, {
      title: ok.json.title,
      summary: 'A budget.',
      body: deepQuotes,
      fields: { pillar: 'Fuel', format: 'Worksheet' },
      version: ok.json.version,
    });
    expect(saved.status).toBe(400);
    expect(saved.json.errors).toHaveProperty('body');
    expect((await call('GET', `/api/admin/content/${ok.json.id}`)).json.body).toBe('Fine.');
  });

  it('keeps the HTML of a published version: the page shows what was rendered at publish, not the row read again', async () => {
    const slug = `kept-${unique()}`;
    const created = await call('POST', '/api/admin/content', newResource(slug, '## Budget\n\n- [ ] Name an owner'));
    expect((await call('POST', `/api/admin/content/${created.json.id}/publish`, { version: created.json.version })).status).toBe(200);
    const [version] = rowsOf<{ html: string }>(await t.ctx.db.execute(sql`select html from content_versions where item_id = ${created.json.id}`));
    expect(version!.html).toContain(`<h2>Budget</h2>`);
    expect(version!.html).toContain(`id="${slug}-check-1"`);
    const resource = ((await call('GET', '/api/resources', undefined, '')).json as unknown as { id: string; html: string }[]).find(
      (entry) => entry.id === slug,
    );
    expect(resource?.html).toBe(version!.html);
  });

  it('a published version holding such text (stored before the rule) neither stops a start nor hides later publishes', async () => {
    const slug = `hostile-${unique()}`;
    const [item] = rowsOf<{ id: string }>(
      await t.ctx.db.execute(
        sql`insert into content_items (section, slug, title, summary, body, fields) values ('resources', ${slug}, 'Hostile', '', ${deepQuotes}, ${JSON.stringify({ pillar: 'Fuel', format: 'Worksheet' })}::jsonb) returning id`,
      ),
    );
    await t.ctx.db.execute(sql`
      with version as (insert into content_versions (item_id, number, title, summary, body, fields) values (${item!.id}, 1, 'Hostile', '', ${deepQuotes}, '{"pillar":"Fuel","format":"Worksheet"}'::jsonb) returning id)
      update content_items set published_version_id = (select id from version) where id = ${item!.id}`);
    // What a start does: read every published item (rendering the one kept without HTML) and keep the missing HTML.
    const store = await createContentStore(t.ctx.database, log);
    expect(store.resources().some((resource) => resource.id === slug)).toBe(true);
    await store.close();
    expect(await renderMissingHtml(t.ctx.db, log)).toBeGreaterThanOrEqual(1);
    expect(rowsOf(await t.ctx.db.execute(sql`select 1 from content_versions where html is null`))).toHaveLength(0);
    // A publish after it shows at once.
    const later = await call('POST', '/api/admin/content', newResource(`later-${unique()}`, 'After the hostile one.'));
    expect((await call('POST', `/api/admin/content/${later.json.id}/publish`, { version: later.json.version })).status).toBe(200);
    expect(((await call('GET', '/api/resources', undefined, '')).json as unknown as { id: string }[]).some((entry) => entry.id === later.json.slug)).toBe(true);
    // The hostile draft cannot be published cut short either.
    expect((await call('POST', `/api/admin/content/${item!.id}/publish`, { version: 1 })).json.errors).toHaveProperty('body');
  });
});

describe('editions of The Weekly Dish', () => {
  const draft = (body: string) => ({ title: `Hostile ${unique()}`, summary: '', slug: `hostile-${unique()}`, body, audience: 'subscribers' });

  it('refuses 8,000 nested quotes at create and save with a 400 naming the body', async () => {
    const created = await call('POST', '/api/admin/editions', draft(deepQuotes));
    expect(created.status).toBe(400);
    expect(created.json.errors).toEqual({ body: 'Body nests quotes or lists too deeply to show: use at most 8 levels' });
    const ok = await call('POST', '/api/admin/editions', draft('Fine.'));
    const saved = await call('PUT', `/api/admin/editions/${ok.json.id}`, { ...draft(deepQuotes), slug: ok.json.slug, version: ok.json.version });
    expect(saved.status).toBe(400);
    expect(saved.json.errors).toHaveProperty('body');
  });

  it('one scheduled edition stored with such a body stops neither the job nor the others; its test and send are a 400, its preview shows', async () => {
    const insert = async (title: string, body: string) =>
      rowsOf<{ id: string }>(
        await t.ctx.db.execute(
          sql`insert into newsletter_editions (slug, title, body, status, scheduled_at) values (${`e-${unique()}`}, ${title}, ${body}, 'scheduled', now() - interval '1 minute') returning id`,
        ),
      )[0]!.id;
    const hostile = await insert('Hostile', deepQuotes);
    const fine = await insert('Fine', 'Good news.');
    logs.length = 0;
    expect(
      await startDueEditions(t.ctx.db, { publicUrl: t.ctx.env.PUBLIC_URL, postalAddress: t.ctx.env.POSTAL_ADDRESS, timeZone: t.ctx.env.SITE_TIMEZONE }, log),
    ).toBeGreaterThanOrEqual(1);
    const status = async (id: string) =>
      rowsOf<{ status: string }>(await t.ctx.db.execute(sql`select status from newsletter_editions where id = ${id}`))[0]!.status;
    expect(await status(fine)).toBe('sending');
    expect(await status(hostile)).toBe('scheduled');
    expect(logs.join('\n')).toContain('a scheduled edition could not start sending');

    expect((await call('POST', `/api/admin/editions/${hostile}/test`, {})).json.errors).toHaveProperty('body');
    expect((await call('POST', `/api/admin/editions/${hostile}/send`, {})).json.errors).toHaveProperty('body');
    const preview = await call('POST', '/api/admin/editions/preview', { title: 'Hostile', body: deepQuotes });
    expect(preview.status).toBe(200);
  });

  it('keeps the page HTML of a saved edition: the archive shows what was rendered at save', async () => {
    const created = await call('POST', '/api/admin/editions', draft('## Kept\n\nRendered **once**.'));
    const [row] = rowsOf<{ body_html: string; reading_minutes: number }>(
      await t.ctx.db.execute(sql`select body_html, reading_minutes from newsletter_editions where id = ${created.json.id}`),
    );
    expect(row).toEqual({ body_html: '<h2>Kept</h2>\n<p>Rendered <strong>once</strong>.</p>\n', reading_minutes: 1 });
    // Sent, then its Markdown changed behind the site's back: the page still shows the kept HTML.
    await t.ctx.db.execute(
      sql`update newsletter_editions set status = 'sent', sent_at = now() + interval '1 day', body = 'changed' where id = ${created.json.id}`,
    );
    const page = await call('GET', `/api/editions/${created.json.slug}`, undefined, '');
    expect(page.json.html).toBe(row!.body_html);
    expect(page.json.readingTime).toBe('1 min read');
    expect((await call('GET', '/api/editions', undefined, '')).json.latest.html).toBe(row!.body_html);
  });
});

describe('webinars', () => {
  const event = (description: string) => ({
    title: `Webinar ${unique()}`,
    description,
    startsAt: instantToSiteLocal(new Date(Date.now() + 72 * 3_600_000), t.ctx.env.SITE_TIMEZONE),
    durationMinutes: 60,
    roomUrl: 'https://meet.example.org/x',
    capacity: null,
  });

  it('refuses 8,000 nested quotes in a description or a recording summary with a 400 naming the field', async () => {
    const created = await call('POST', '/api/admin/webinars', event(deepQuotes));
    expect(created.status).toBe(400);
    expect(created.json.errors).toEqual({ description: 'Description nests quotes or lists too deeply to show: use at most 8 levels' });
  });

  it('one stored with such a description leaves GET /api/webinars answering everyone, and descriptions come from the kept HTML', async () => {
    await t.ctx.db.execute(
      sql`insert into webinars (title, description, starts_at, duration_minutes, room_url) values ('Hostile', ${deepQuotes}, now() + interval '3 days', 60, 'https://meet.example.org/h')`,
    );
    // Three 20,000-character descriptions of `_a`, the largest allowed, saved through the API.
    const ids: string[] = [];
    for (let i = 0; i < 3; i++) {
      const res = await call('POST', '/api/admin/webinars', event(underscores(20_000)));
      expect(res.status).toBe(201);
      ids.push(res.json.id);
    }
    await renderMissingHtml(t.ctx.db, log);
    for (const cookie of ['', cookies.free, cookies.premium]) {
      const page = await call('GET', '/api/webinars', undefined, cookie);
      expect(page.status).toBe(200);
      expect((page.json.upcoming as { title: string }[]).some((w) => w.title === 'Hostile')).toBe(true);
    }
    // The description changed behind the site's back: the page shows the HTML kept at save.
    await t.ctx.db.execute(sql`update webinars set description = 'changed' where id = ${ids[0]!}`);
    const shown = ((await call('GET', '/api/webinars', undefined, cookies.premium)).json.upcoming as { id: string; descriptionHtml: string }[]).find(
      (w) => w.id === ids[0],
    );
    expect(shown?.descriptionHtml).toContain('_a_a');
    expect(shown?.descriptionHtml).not.toContain('changed');
  });
});
