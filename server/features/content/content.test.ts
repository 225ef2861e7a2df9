import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { render } from '../../../client/entry-server';
import { rowsOf } from '../../db/rows';
import { startTestApp, type TestApp } from '../../test/app';
import { signInEveryone } from '../../test/identities';
import { pdfText } from '../../test/pdf-text';
import { stripStoredImages } from './images';
import { libraryActionOf } from '#shared/plans/library';
import { publishDue, renderMissingHtml } from './repo';
import { createContentStore } from './store';
import { seedContent } from './seed';
import { callApp } from '../../test/call-app';

let t: TestApp;
let cookies: Awaited<ReturnType<typeof signInEveryone>>;

beforeAll(async () => {
  t = await startTestApp({ PUBLIC_URL: 'https://hub.example.org' }, { renderPage: render });
  cookies = await signInEveryone(t);
});
afterAll(async () => {
  await t.close();
});

const call = (method: string, path: string, body?: unknown, cookie = cookies.admin, base = t.url) => callApp(`${base}${path}`, method, { body, cookie });

const itemId = async (section: string, slug: string): Promise<string> => {
  const { json } = await call('GET', '/api/admin/content');
  const item = (json.items as { id: string; section: string; slug: string }[]).find((entry) => entry.section === section && entry.slug === slug);
  if (!item) throw new Error(`no item ${section}/${slug}`);
  return item.id;
};

/** Saves a new body on an item's draft (from its current version) and returns the saved item. */
const saveBody = async (id: string, body: string, patch: Record<string, unknown> = {}) => {
  const { json: item } = await call('GET', `/api/admin/content/${id}`);
  const saved = await call('PUT', `/api/admin/content/${id}`, { title: item.title, summary: item.summary, body, fields: item.fields, version: item.version, ...patch });
  expect(saved.status).toBe(200);
  return saved.json;
};
const publish = async (id: string) => {
  const { json: item } = await call('GET', `/api/admin/content/${id}`);
  const published = await call('POST', `/api/admin/content/${id}/publish`, { version: item.version });
  expect(published.status).toBe(200);
  return published.json;
};

const page = async (path: string, headers: Record<string, string> = {}) => {
  const res = await callApp(`${t.url}${path}`, 'GET', { headers: { 'accept-encoding': 'identity', ...headers } });
  return { status: res.status, etag: res.headers.get('etag'), html: res.text };
};

describe('the content of content/ as the first rows', () => {
  it('serves every page and resource from the database, and a second seed adds nothing', async () => {
    const guide = await call('GET', '/api/pages/field-guides/impact', undefined, '');
    expect(guide.status).toBe(200);
    expect(guide.json.title).toBe('The Impact Field Guide');
    expect(guide.json.html).toContain('<h2');
    for (const [section, slug] of [['pages', 'start-here'], ['pages', 'five-pillars'], ['legal', 'privacy-policy'], ['legal', 'terms-of-service'], ['legal', 'cookie-policy']]) {
      expect((await call('GET', `/api/pages/${section}/${slug}`, undefined, '')).status).toBe(200);
    }
    const resources = await call('GET', '/api/resources', undefined, '');
    expect(resources.json.length).toBeGreaterThanOrEqual(20);
    expect(resources.json[0]).toMatchObject({ id: 'logic-model-worksheet', pillar: 'Impact', format: 'Worksheet' });
    const versions = async () => rowsOf<{ n: number }>(await t.ctx.db.execute(sql`select count(*)::int as n from content_versions`))[0]!.n;
    const before = await versions();
    expect(await seedContent(t.ctx.db)).toBe(0);
    expect(await versions()).toBe(before);
  });

  it('serves premium items to premium sessions only', async () => {
    expect((await call('GET', '/api/pages/premium/webinar-recordings', undefined, '')).status).toBe(401);
    expect((await call('GET', '/api/pages/premium/webinar-recordings', undefined, cookies.free)).status).toBe(403);
    const premium = await call('GET', '/api/pages/premium/webinar-recordings', undefined, cookies.premium);
    expect(premium.status).toBe(200);
    expect(premium.headers.get('cache-control')).toBe('private, no-store');
    expect((await call('GET', '/api/pages/nope/x', undefined, '')).status).toBe(400);
    expect((await call('GET', '/api/pages/legal/nothing-here', undefined, '')).status).toBe(404);
  });
});

describe('who may use the Content tab', () => {
  it('answers 401 to visitors and 403 to members before reading a thing', async () => {
    const id = await itemId('legal', 'cookie-policy');
    for (const [who, status] of [[undefined, 401], [cookies.free, 403], [cookies.premium, 403]] as const) {
      expect((await call('GET', '/api/admin/content', undefined, who ?? '')).status).toBe(status);
      expect((await call('PUT', `/api/admin/content/${id}`, { nonsense: true }, who ?? '')).status).toBe(status);
      expect((await call('POST', '/api/admin/content', { section: 'x' }, who ?? '')).status).toBe(status);
      expect((await call('POST', `/api/admin/content/${id}/publish`, {}, who ?? '')).status).toBe(status);
      const upload = await callApp(`${t.url}/api/admin/images?alt=x`, 'POST', { raw: 'not an image', cookie: who, headers: { 'content-type': 'image/png' } });
      expect(upload.status).toBe(status);
    }
  });
});

describe('writing and publishing', () => {
  it('keeps the live page until the draft is published, then replaces the kept page at once', async () => {
    const id = await itemId('field-guides', 'fuel');
    const before = await page('/field-guide/fuel');
    expect(before.status).toBe(200);
    expect((await page('/field-guide/fuel', { 'if-none-match': before.etag! })).status).toBe(304);

    const draft = await saveBody(id, 'A corrected opening about cash reserves, by the team.\n\n## Reserves\n\nKeep three months.');
    expect(draft.status).toBe('published');
    expect(draft.unpublishedChanges).toBe(true);
    expect(draft.updatedBy).toMatch(/@/);
    expect((await call('GET', '/api/pages/field-guides/fuel', undefined, '')).json.html).not.toContain('corrected opening');
    expect((await page('/field-guide/fuel')).etag).toBe(before.etag);

    const published = await publish(id);
    expect(published.unpublishedChanges).toBe(false);
    expect((await call('GET', '/api/pages/field-guides/fuel', undefined, '')).json.html).toContain('corrected opening');
    const after = await page('/field-guide/fuel');
    expect(after.etag).not.toBe(before.etag);
    expect(after.html).toContain('A corrected opening about cash reserves');
    expect((await page('/field-guide/fuel', { 'if-none-match': before.etag! })).status).toBe(200);

    // The PDF follows the published text.
    const pdf = (await callApp(`${t.url}/api/guides/fuel.pdf`)).bytes;
    expect(pdfText(pdf)).toContain('Keep three months.');
  });

  it('refuses the later of two saves from the same version and keeps the first', async () => {
    const id = await itemId('legal', 'terms-of-service');
    const { json: item } = await call('GET', `/api/admin/content/${id}`);
    const first = await call('PUT', `/api/admin/content/${id}`, { title: item.title, summary: item.summary, body: 'First tab', fields: {}, version: item.version });
    expect(first.status).toBe(200);
    const second = await call('PUT', `/api/admin/content/${id}`, { title: item.title, summary: item.summary, body: 'Second tab', fields: {}, version: item.version });
    expect(second.status).toBe(409);
    expect(second.json.message).toMatch(/changed by another admin/);
    expect((await call('GET', `/api/admin/content/${id}`)).json.body).toBe('First tab');
    // Publishing from a stale version is refused too: what is published is what the admin saw.
    expect((await call('POST', `/api/admin/content/${id}/publish`, { version: item.version })).status).toBe(409);
  });

  it('keeps every published version, shows what changed, and restores one as a new version', async () => {
    // A page of its own: the other tests publish the seeded ones in any order.
    const slug = `history-${Date.now()}`;
    const created = await call('POST', '/api/admin/content', { section: 'premium', slug, title: 'History', summary: '', body: 'The first text.', fields: {} });
    const id = created.json.id as string;
    await publish(id);
    const original = (await call('GET', `/api/pages/premium/${slug}`, undefined, cookies.premium)).json.html as string;
    await saveBody(id, 'Version two of the cookie policy.');
    await publish(id);
    await saveBody(id, 'Version three of the cookie policy.');
    await publish(id);
    const { json: list } = await call('GET', `/api/admin/content/${id}/versions`);
    expect(list.versions.map((v: { number: number }) => v.number)).toEqual([3, 2, 1]);
    expect(list.versions[0].live).toBe(true);

    const { json: three } = await call('GET', `/api/admin/content/${id}/versions/3`);
    expect(three.body).toBe('Version three of the cookie policy.');
    expect(three.changes).toContainEqual({ kind: 'removed', text: 'Version two of the cookie policy.\n' });
    expect(three.changes).toContainEqual({ kind: 'added', text: 'Version three of the cookie policy.\n' });

    const restored = await call('POST', `/api/admin/content/${id}/versions/1/restore`, {});
    expect(restored.status).toBe(200);
    const { json: after } = await call('GET', `/api/admin/content/${id}/versions`);
    expect(after.versions.map((v: { number: number }) => v.number)).toEqual([4, 3, 2, 1]);
    expect((await call('GET', `/api/pages/premium/${slug}`, undefined, cookies.premium)).json.html).toBe(original);
    expect((await call('GET', `/api/admin/content/${id}/versions/9`)).status).toBe(404);
    expect((await call('POST', `/api/admin/content/${id}/versions/9/restore`, {})).status).toBe(404);
    expect((await call('GET', `/api/admin/content/${id}/versions/1`)).json.changes[0].kind).toBe('added');
  });

  it('publishes at a time once, and never a time in the past', async () => {
    const id = await itemId('pages', 'five-pillars');
    const draft = await saveBody(id, 'The pillars, rewritten for next week.');
    expect((await call('POST', `/api/admin/content/${id}/publish`, { version: draft.version, at: '2020-01-01T00:00:00Z' })).status).toBe(400);
    expect((await call('POST', `/api/admin/content/${id}/publish`, { version: draft.version, at: 'tomorrow' })).json.errors).toHaveProperty('at');
    const at = new Date(Date.now() + 3_600_000).toISOString();
    const scheduled = await call('POST', `/api/admin/content/${id}/publish`, { version: draft.version, at });
    // Still live, with its change scheduled.
    expect(scheduled.json).toMatchObject({ status: 'published', publishAt: at });
    expect(await publishDue(t.ctx.db)).toBe(0);
    await t.ctx.db.execute(sql`update content_items set publish_at = now() - interval '1 second' where id = ${id}`);
    expect(await publishDue(t.ctx.db)).toBe(1);
    expect(await publishDue(t.ctx.db)).toBe(0);
    await t.ctx.database.ping();
    await expect.poll(async () => (await call('GET', '/api/pages/pages/five-pillars', undefined, '')).json.html, { timeout: 3000 }).toContain('rewritten for next week');
    expect((await call('GET', `/api/admin/content/${id}`)).json.status).toBe('published');
  });

  it('leaves the previous version live when a publish fails half way', async () => {
    const id = await itemId('premium', 'coaching');
    const live = (await call('GET', '/api/pages/premium/coaching', undefined, cookies.premium)).json.html as string;
    const versions = async () => (await call('GET', `/api/admin/content/${id}/versions`)).json.versions.length as number;
    const before = await versions();
    await saveBody(id, 'This text never goes live.');
    // The version row is written, then pointing the item at it fails: the whole publish is undone.
    await t.ctx.database.executeSql(`create function fail_publish() returns trigger language plpgsql as $$
      begin raise exception 'injected failure'; end $$`);
    await t.ctx.database.executeSql(`create trigger fail_publish before update of published_version_id on content_items
      for each row when (new.id = '${id}') execute function fail_publish()`);
    try {
      const { json: item } = await call('GET', `/api/admin/content/${id}`);
      expect((await call('POST', `/api/admin/content/${id}/publish`, { version: item.version })).status).toBe(500);
    } finally {
      await t.ctx.database.executeSql('drop trigger fail_publish on content_items; drop function fail_publish()');
    }
    expect(await versions()).toBe(before);
    expect((await call('GET', '/api/pages/premium/coaching', undefined, cookies.premium)).json.html).toBe(live);
    expect((await call('GET', `/api/admin/content/${id}`)).json.unpublishedChanges).toBe(true);
  });

  it('unpublishes: the page is a 404 until it is published again', async () => {
    const id = await itemId('legal', 'privacy-policy');
    const gone = await call('POST', `/api/admin/content/${id}/unpublish`, {});
    expect(gone.json.status).toBe('draft');
    expect((await call('GET', '/api/pages/legal/privacy-policy', undefined, '')).status).toBe(404);
    expect((await page('/privacy-policy')).status).toBe(404);
    expect((await call('POST', `/api/admin/content/${id}/unpublish`, {})).status).toBe(409);
    await publish(id);
    expect((await page('/privacy-policy')).status).toBe(200);
  });

  it('carries each page’s last publish in the sitemap', async () => {
    const sitemap = (await callApp(`${t.url}/sitemap.xml`)).text;
    const today = new Date().toISOString().slice(0, 10);
    expect(sitemap).toContain(`<loc>https://hub.example.org/field-guide/fuel</loc><lastmod>${today}</lastmod>`);
    expect(sitemap).toMatch(/<loc>https:\/\/hub.example.org\/resources<\/loc><lastmod>\d{4}-\d\d-\d\d<\/lastmod>/);
  });
});

describe('publishing what was meant, once', () => {
  /** A published premium page of the test's own: the other tests publish the seeded ones in any order. */
  const ownPage = async (label: string) => {
    const slug = `${label}-${Date.now()}`;
    const created = await call('POST', '/api/admin/content', { section: 'premium', slug, title: `Page ${label}`, summary: '', body: 'The reviewed text.', fields: {} });
    await publish(created.json.id);
    return { id: created.json.id as string, slug };
  };
  const live = async (slug: string) => (await call('GET', `/api/pages/premium/${slug}`, undefined, cookies.premium)).json.html as string;
  const versionCount = async (id: string) => (await call('GET', `/api/admin/content/${id}/versions`)).json.versions.length as number;
  const audits = async (id: string, action: string) =>
    rowsOf<{ n: number }>(await t.ctx.db.execute(sql`select count(*)::int as n from admin_audit_log where target_id = ${id} and action = ${action}`))[0]!.n;
  const makeDue = (id: string) => t.ctx.db.execute(sql`update content_items set publish_at = now() - interval '1 second' where id = ${id} and publish_at is not null`);

  it('publishes the scheduled text, and a draft saved after scheduling cancels the schedule and says so', async () => {
    const { id, slug } = await ownPage('scheduled');
    const reviewed = await saveBody(id, 'The reviewed change, for next week.');
    const at = new Date(Date.now() + 3_600_000).toISOString();
    await call('POST', `/api/admin/content/${id}/publish`, { version: reviewed.version, at });
    // Saving the same text again is no change: the schedule stands.
    expect(await saveBody(id, 'The reviewed change, for next week.')).toMatchObject({ publishAt: at, cancelledSchedule: null });

    const wip = await saveBody(id, 'WIP DRAFT NOT REVIEWED');
    expect(wip).toMatchObject({ status: 'published', publishAt: null, cancelledSchedule: at });
    await makeDue(id);
    expect(await publishDue(t.ctx.db)).toBe(0);
    expect(await versionCount(id)).toBe(1);
    expect(await live(slug)).not.toContain('WIP DRAFT');

    // Scheduled again, the text scheduled is the one that goes live.
    const ready = await saveBody(id, 'The reviewed change, scheduled again.');
    await call('POST', `/api/admin/content/${id}/publish`, { version: ready.version, at });
    await makeDue(id);
    expect(await publishDue(t.ctx.db)).toBe(1);
    await expect.poll(() => live(slug), { timeout: 3000 }).toContain('scheduled again');
  });

  it('adds nothing when what is published is live already, however many clicks arrive at once', async () => {
    const { id } = await ownPage('once');
    expect(await versionCount(id)).toBe(1);
    await publish(id);
    expect(await versionCount(id)).toBe(1);
    expect(await audits(id, 'content_published')).toBe(1);

    const changed = await saveBody(id, 'One change, published by four clicks.');
    const clicks = await Promise.all([1, 2, 3, 4].map(() => call('POST', `/api/admin/content/${id}/publish`, { version: changed.version })));
    expect(clicks.map((click) => click.status)).toEqual([200, 200, 200, 200]);
    expect(await versionCount(id)).toBe(2);
    expect(await audits(id, 'content_published')).toBe(2);
    // Restoring the live version is no change either.
    expect((await call('POST', `/api/admin/content/${id}/versions/2/restore`, {})).status).toBe(200);
    expect(await versionCount(id)).toBe(2);
    expect(await audits(id, 'content_restored')).toBe(0);
  });

  it('lists a live page with its scheduled change, and the last change moves when the job publishes it', async () => {
    const { id } = await ownPage('listed');
    const draft = await saveBody(id, 'The change the job publishes.');
    const at = new Date(Date.now() + 3_600_000).toISOString();
    await call('POST', `/api/admin/content/${id}/publish`, { version: draft.version, at });
    const row = async () => ((await call('GET', '/api/admin/content')).json.items as { id: string }[]).find((item) => item.id === id) as Record<string, unknown>;
    const scheduled = await row();
    expect(scheduled).toMatchObject({ status: 'published', publishAt: at, unpublishedChanges: true });
    expect(scheduled.publishedAt).not.toBeNull();

    await makeDue(id);
    await publishDue(t.ctx.db);
    const after = await row();
    expect(after).toMatchObject({ status: 'published', publishAt: null, unpublishedChanges: false, updatedBy: expect.stringMatching(/@.* \(scheduled\)$/) });
    expect(Date.parse(after.updatedAt as string)).toBeGreaterThan(Date.parse(scheduled.updatedAt as string));
    expect(after.updatedAt).toBe(after.publishedAt);
  });
});

describe('new items and bad input', () => {
  const resource = (slug: string, extra: Record<string, unknown> = {}) => ({
    section: 'resources',
    slug,
    title: 'Volunteer Onboarding Checklist',
    summary: 'Everything a new volunteer needs in week one.',
    body: '- Welcome call\n- Safety briefing',
    fields: { pillar: 'Humans', format: 'Checklist' },
    ...extra,
  });

  it('adds a resource that shows in the library once published', async () => {
    const slug = `volunteer-onboarding-${Date.now()}`;
    const created = await call('POST', '/api/admin/content', resource(slug));
    expect(created.status).toBe(201);
    expect(created.json.status).toBe('draft');
    expect((await call('GET', '/api/resources', undefined, '')).json.map((r: { id: string }) => r.id)).not.toContain(slug);
    await publish(created.json.id);
    const library = (await call('GET', '/api/resources', undefined, '')).json as { id: string; pillar: string }[];
    expect(library.find((r) => r.id === slug)).toMatchObject({ pillar: 'Humans' });
    expect((await page('/resources')).html).toContain('Volunteer Onboarding Checklist');
  });

  it('refuses clashing addresses, missing fields, unsafe links and oversized text with a 400 naming the field', async () => {
    expect((await call('POST', '/api/admin/content', resource('admin'))).json).toMatchObject({ errors: { slug: expect.stringMatching(/page of the site/) } });
    expect((await call('POST', '/api/admin/content', resource('field-guides'))).status).toBe(400);
    expect((await call('POST', '/api/admin/content', resource('logic-model-worksheet'))).json).toMatchObject({ errors: { slug: expect.stringMatching(/already uses/) } });
    expect((await call('POST', '/api/admin/content', resource('Bad Slug!'))).json.errors).toHaveProperty('slug');
    expect((await call('POST', '/api/admin/content', resource('no-pillar', { fields: { format: 'Checklist' } }))).json.errors).toHaveProperty(['fields.pillar']);
    expect((await call('POST', '/api/admin/content', resource('js-link', { fields: { pillar: 'Fuel', format: 'Guide', url: 'javascript:alert(1)' } }))).json.errors).toHaveProperty(['fields.url']);
    expect((await call('POST', '/api/admin/content', resource('too-long', { body: 'x'.repeat(100_001) }))).json.errors).toHaveProperty('body');
    expect((await call('POST', '/api/admin/content', resource('fixed', { section: 'legal' }))).json.errors).toHaveProperty('section');
    const before = (await call('GET', '/api/admin/content')).json.items.length;
    expect((await call('POST', '/api/admin/content', resource('nul', { title: 'a\u0000b' }))).status).toBe(400);
    expect((await call('GET', '/api/admin/content')).json.items.length).toBe(before);
  });

  it('stores raw HTML and script links as they were written, and renders them inert on the page and in the preview', async () => {
    const id = await itemId('legal', 'cookie-policy');
    const hostile = '<script>alert(1)</script>\n\n[click](javascript:alert(2)) [data](data:text/html,hi) <img src=x onerror=alert(3)>';
    await saveBody(id, hostile);
    expect((await call('GET', `/api/admin/content/${id}`)).json.body).toBe(hostile);
    await publish(id);
    const html = (await call('GET', '/api/pages/legal/cookie-policy', undefined, '')).json.html as string;
    expect(html).not.toMatch(/<script|javascript:|data:text|<img/);
    expect(html).toContain('&lt;script&gt;');
    const preview = await call('POST', '/api/admin/content/preview', { section: 'legal', slug: 'cookie-policy', title: 'Cookie Policy', summary: '', body: hostile, fields: {} });
    expect(preview.status).toBe(200);
    expect(preview.json.html).toContain('&lt;script&gt;alert(1)');
    expect(preview.json.html).not.toMatch(/javascript:alert|onerror=alert\(3\)"/);
    const premium = await call('POST', '/api/admin/content/preview', { section: 'premium', slug: 'toolkits', title: 'Toolkits', summary: 'S', body: '## A new toolkit', fields: {} });
    expect(premium.json.html).toContain('<h2>A new toolkit</h2>');
    // A resource is previewed on the resources page, open: its body is what is being written.
    const resource = await call('POST', '/api/admin/content/preview', {
      section: 'resources',
      slug: 'budget-worksheet-preview',
      title: 'Budget worksheet preview',
      summary: 'S',
      body: '## Budget in four steps',
      fields: { pillar: 'Fuel', format: 'Worksheet' },
    });
    expect(resource.status).toBe(200);
    expect(resource.json.html).toMatch(/<h2[^>]*>Budget in four steps<\/h2>/);
    expect(resource.json.html).toMatch(/aria-expanded="true"/);
    // Shown in a frame that runs no script: the page carries none to be refused there.
    for (const html of [preview.json.html, premium.json.html]) expect(html).not.toMatch(/<script|modulepreload/i);
  });
});

describe('images', () => {
  const upload = (body: Uint8Array | string, type: string, alt = 'A chart of reserves') =>
    callApp(`${t.url}/api/admin/images?alt=${encodeURIComponent(alt)}`, 'POST', {
      raw: typeof body === 'string' ? body : new Uint8Array(body),
      cookie: cookies.admin,
      headers: { 'content-type': type },
    });

  it('stores an uploaded image for every server, with a phone size, served with an immutable cache', async () => {
    const png = await sharp({ create: { width: 2400, height: 1200, channels: 3, background: '#2a6' } }).png().toBuffer();
    const res = await upload(png, 'image/png');
    expect(res.status).toBe(201);
    const image = res.json as { url: string; width: number; height: number; markdown: string; id: string };
    expect(image).toMatchObject({ width: 1600, height: 800, markdown: `![A chart of reserves](${image.url})` });
    const served = await callApp(`${t.url}${image.url}`);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/png');
    expect(served.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect((await sharp(served.bytes).metadata()).width).toBe(1600);
    const phone = await callApp(`${t.url}/media/${image.id}-640.webp`);
    expect(phone.headers.get('content-type')).toBe('image/webp');
    expect((await sharp(phone.bytes).metadata()).width).toBe(640);
    expect((await callApp(`${t.url}/media/${image.id}.jpg`)).status).toBe(404);
    expect((await callApp(`${t.url}/media/../etc/passwd`)).status).toBe(404);

    // In a page, it gets the phone size as a choice for narrow screens.
    const id = await itemId('pages', 'start-here');
    await saveBody(id, `Intro\n\n${image.markdown}`);
    await publish(id);
    const html = (await call('GET', '/api/pages/pages/start-here', undefined, '')).json.html as string;
    expect(html).toContain(`<picture><source media="(max-width: 640px)" srcset="/media/${image.id}-640.webp" type="image/webp"><img src="${image.url}"`);
    expect(html).toContain('alt="A chart of reserves"');
  });

  it('refuses what is not an image, a type that does not match the bytes, more than 5 MB, and no alt text', async () => {
    const count = async () => rowsOf<{ n: number }>(await t.ctx.db.execute(sql`select count(*)::int as n from images`))[0]!.n;
    const before = await count();
    const jpeg = await sharp({ create: { width: 20, height: 20, channels: 3, background: '#000' } }).jpeg().toBuffer();
    const notImage = await upload('just some text', 'image/png');
    expect(notImage.status).toBe(400);
    expect((notImage.json as { message: string }).message).toMatch(/not a PNG, JPEG, WebP or GIF/);
    const mismatch = await upload(jpeg, 'image/png');
    expect(mismatch.status).toBe(400);
    expect((mismatch.json as { message: string }).message).toMatch(/JPEG image but was sent as image\/png/);
    const big = Buffer.concat([jpeg, Buffer.alloc(5 * 1024 * 1024)]);
    const tooBig = await upload(big, 'image/jpeg');
    expect(tooBig.status).toBe(400);
    expect((tooBig.json as { message: string }).message).toMatch(/larger than 5 MB/);
    const noAlt = await upload(jpeg, 'image/jpeg', '');
    expect(noAlt.status).toBe(400);
    expect((noAlt.json as { errors: Record<string, string> }).errors).toHaveProperty('alt');
    const truncated = await upload(jpeg.subarray(0, 40), 'image/jpeg');
    expect(truncated.status).toBe(400);
    expect(await count()).toBe(before);
  });
});

describe('image metadata', () => {
  /** A photo as a phone takes it: camera, owner and the place it was taken, turned by its EXIF orientation. */
  const photo = (width: number, height: number, format: 'jpeg' | 'png' | 'webp') =>
    sharp({ create: { width, height, channels: 3, background: '#2a6' } })
      .toFormat(format)
      .withMetadata({ orientation: 6 })
      .withExif({ IFD0: { Make: 'PocketCam', Artist: 'Pat Private' }, IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '51/1 30/1 0/1', GPSLongitudeRef: 'W', GPSLongitude: '0/1 7/1 0/1' } })
      .toBuffer();
  const clean = async (bytes: Buffer) => {
    const meta = await sharp(bytes).metadata();
    expect(meta.exif).toBeUndefined();
    expect(meta.xmp).toBeUndefined();
    expect(meta.orientation ?? 1).toBe(1);
    expect(bytes.includes(Buffer.from('Pat Private'))).toBe(false);
    return meta;
  };
  const served = async (path: string) => (await callApp(`${t.url}${path}`)).bytes;

  it('keeps no EXIF, GPS or orientation in any stored copy, turning the pixels upright instead', async () => {
    for (const format of ['jpeg', 'png', 'webp'] as const) {
      const res = await callApp(`${t.url}/api/admin/images?alt=${encodeURIComponent('A photo from a phone')}`, 'POST', {
        raw: new Uint8Array(await photo(400, 300, format)),
        cookie: cookies.admin,
        headers: { 'content-type': `image/${format}` },
      });
      expect(res.status, format).toBe(201);
      const image = res.json as { id: string; url: string; width: number; height: number };
      // Orientation 6 is a quarter turn: the stored pixels are 300 wide and 400 high.
      expect(image, format).toMatchObject({ width: 300, height: 400 });
      expect((await clean(await served(image.url))).width, format).toBe(300);
      await clean(await served(`/media/${image.id}-640.webp`));
    }
  });

  it('cleans the images stored before, once', async () => {
    const original = await photo(400, 300, 'jpeg');
    const [row] = rowsOf<{ id: string }>(
      await t.ctx.db.execute(sql`insert into images (content_type, data, phone_data, width, height, alt) values ('image/jpeg', ${original}, ${original}, 400, 300, 'Stored before') returning id`),
    );
    expect((await sharp(await served(`/media/${row!.id}.jpg`)).metadata()).exif).toBeDefined();
    expect(await stripStoredImages(t.ctx.db)).toBeGreaterThanOrEqual(1);
    const meta = await clean(await served(`/media/${row!.id}.jpg`));
    expect(meta).toMatchObject({ width: 300, height: 400 });
    const [stored] = rowsOf<{ width: number; height: number; metadata_stripped: boolean }>(await t.ctx.db.execute(sql`select width, height, metadata_stripped from images where id = ${row!.id}`));
    expect(stored).toEqual({ width: 300, height: 400, metadata_stripped: true });
    expect(await stripStoredImages(t.ctx.db)).toBe(0);
  });
});

describe.runIf(process.env.TEST_DB === 'postgres')('two servers on one database', () => {
  it('shows a publish on the other server within a second (PostgreSQL notifications)', async () => {
    const other = await startTestApp({ PUBLIC_URL: 'https://hub.example.org' }, { renderPage: render });
    try {
      const before = await callApp(`${other.url}/start-here`);
      const etag = before.headers.get('etag');
      const id = await itemId('pages', 'start-here');
      await saveBody(id, `Published on server A at ${Date.now()}.`);
      const started = performance.now();
      await publish(id);
      let seen = 0;
      while (performance.now() - started < 1000) {
        const html = (await call('GET', '/api/pages/pages/start-here', undefined, undefined, other.url)).json.html as string;
        if (html.includes('Published on server A')) {
          seen = performance.now() - started;
          break;
        }
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
      expect(seen).toBeGreaterThan(0);
      const after = await callApp(`${other.url}/start-here`);
      expect(after.headers.get('etag')).not.toBe(etag);
      expect(after.text).toContain('Published on server A');
    } finally {
      await other.close();
    }
  });
});

describe('the plan actions', () => {
  const action = (slug: string, fields: Record<string, unknown>) => ({
    section: 'actions',
    slug,
    title: `Name a backup for the bank login ${slug}`,
    summary: 'One person holding the only bank login is one absence away from missed bills.',
    body: '- **Who:** the treasurer. Ten minutes.',
    fields,
  });
  /** What the plans read: the published items of the section, loaded the way the server loads them. */
  const publishedActions = async () => {
    const store = await createContentStore(t.ctx.database);
    try {
      return store.section('actions').map(libraryActionOf);
    } finally {
      await store.close();
    }
  };

  it('starts with the library of content/actions/, published and ready for the plans', async () => {
    const actions = await publishedActions();
    expect(actions.length).toBeGreaterThanOrEqual(75);
    expect(actions.find((found) => found?.slug === 'write-down-payroll-steps')).toMatchObject({
      title: 'Write down the steps of payroll and who covers when the bookkeeper is away',
      pillar: 'GEARS',
      questionId: 13,
      links: expect.arrayContaining([{ label: 'Standard Operating Procedure (SOP) Template', href: '/resources?open=sop-template' }]),
    });
    expect(actions.find((found) => found?.slug === 'build-a-systems-inventory')).toMatchObject({ pillar: 'GEARS', questionId: null });
  });

  it("refuses a statement of another pillar with the field's message, when created and when saved", async () => {
    const slug = `bank-login-${Date.now()}`;
    const wrong = await call('POST', '/api/admin/content', action(slug, { pillar: 'Gears', statement: 9 }));
    expect(wrong.status).toBe(400);
    expect(wrong.json.errors).toEqual({ 'fields.statement': "Statement 9 is not one of Gears's statements" });
    const created = await call('POST', '/api/admin/content', action(slug, { pillar: 'Gears', statement: 15, links: [{ label: 'Gears field guide', href: '/field-guide/gears' }] }));
    expect(created.status).toBe(201);
    const saved = await call('PUT', `/api/admin/content/${created.json.id}`, { ...action(slug, { pillar: 'Fuel', statement: 15 }), section: undefined, slug: undefined, version: created.json.version });
    expect(saved.status).toBe(400);
    expect(saved.json.errors).toEqual({ 'fields.statement': "Statement 15 is not one of Fuel's statements" });
    const noPillar = await call('POST', '/api/admin/content', action(`${slug}-b`, { statement: 15 }));
    expect(noPillar.json.errors).toEqual({ 'fields.pillar': 'Pillar is required' });
    const badLink = await call('POST', '/api/admin/content', action(`${slug}-c`, { pillar: 'Gears', links: [{ label: 'Run this', href: 'javascript:alert(1)' }] }));
    expect(Object.keys(badLink.json.errors)).toEqual([expect.stringMatching(/^fields\.links/)]);
  });

  it('shows a published action to the plans, versioned like a page, and never in search', async () => {
    const slug = `bank-login-backup-${Date.now()}`;
    const created = await call('POST', '/api/admin/content', action(slug, { pillar: 'Gears', statement: 15, links: [{ label: 'Cybersecurity basics', href: '/field-guide/gears#cover-the-cybersecurity-basics' }] }));
    expect(created.status).toBe(201);
    expect((await publishedActions()).map((found) => found?.slug)).not.toContain(slug);
    await publish(created.json.id);
    expect((await publishedActions()).find((found) => found?.slug === slug)).toMatchObject({
      title: created.json.title,
      why: 'One person holding the only bank login is one absence away from missed bills.',
      pillar: 'GEARS',
      questionId: 15,
      links: [{ label: 'Cybersecurity basics', href: '/field-guide/gears#cover-the-cybersecurity-basics' }],
    });
    expect((await call('GET', `/api/admin/content/${created.json.id}/versions`)).json.versions).toMatchObject([{ number: 1, live: true }]);
    // A new link is a change the history shows, a line of its own.
    const links = [...created.json.fields.links, { label: 'Password manager checklist', href: '/resources?open=data-backup-and-password-manager-checklist' }];
    await saveBody(created.json.id, created.json.body, { fields: { ...created.json.fields, links } });
    await publish(created.json.id);
    const second = (await call('GET', `/api/admin/content/${created.json.id}/versions/2`)).json;
    expect(second.changes.filter((change: { kind: string }) => change.kind !== 'same')).toEqual([
      { kind: 'added', text: 'Link: Password manager checklist (/resources?open=data-backup-and-password-manager-checklist)\n' },
    ]);
    const search = await callApp(`${t.url}/api/search?q=${encodeURIComponent(created.json.title)}`);
    expect(search.status).toBe(200);
    expect(search.json.results).toEqual([]);
    // Search itself answers an exact title (a resource's) with it.
    expect((await callApp(`${t.url}/api/search?q=${encodeURIComponent('Operating Reserve Policy Template')}`)).json.results.length).toBeGreaterThanOrEqual(1);
    // Nor the starter set's.
    expect((await callApp(`${t.url}/api/search?q=${encodeURIComponent('Write down the steps of payroll and who covers when the bookkeeper is away')}`)).json.results).toEqual([]);
  });

  it('publishes an action at its scheduled time, like a page', async () => {
    const slug = `bank-login-scheduled-${Date.now()}`;
    const created = await call('POST', '/api/admin/content', action(slug, { pillar: 'Fuel', statement: 10, links: [{ label: 'Reserves', href: '/field-guide/fuel' }] }));
    const at = new Date(Date.now() + 3_600_000).toISOString();
    expect((await call('POST', `/api/admin/content/${created.json.id}/publish`, { version: created.json.version, at })).json).toMatchObject({ status: 'scheduled', publishAt: at });
    expect((await publishedActions()).map((found) => found?.slug)).not.toContain(slug);
    await t.ctx.db.execute(sql`update content_items set publish_at = now() - interval '1 second' where id = ${created.json.id}`);
    expect(await publishDue(t.ctx.db)).toBeGreaterThanOrEqual(1);
    expect((await publishedActions()).find((found) => found?.slug === slug)).toMatchObject({ pillar: 'FUEL', questionId: 10 });
  });

  it("gives a field guide's headings the anchors the actions link to, rendering a guide kept before them again", async () => {
    expect((await call('GET', '/api/pages/field-guides/impact', undefined, '')).json.html).toContain('<h2 id="know-the-difference-between-outputs-and-outcomes">');
    const id = await itemId('field-guides', 'gears');
    await t.ctx.db.execute(sql`update content_versions set html = replace(html, '<h2 id="cover-the-cybersecurity-basics">', '<h2>') where item_id = ${id}`);
    expect(await renderMissingHtml(t.ctx.db, { error: () => {} })).toBeGreaterThanOrEqual(1);
    const store = await createContentStore(t.ctx.database);
    expect(store.page('field-guides', 'gears')?.html).toContain('<h2 id="cover-the-cybersecurity-basics">');
    await store.close();
  });
});
