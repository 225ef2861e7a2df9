import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../db/rows';
import { startTestApp, type TestApp } from '../test/app';
import { callApp } from '../test/call-app';
import { signInEveryone } from '../test/identities';

/**
 * Dates and numbers the database cannot hold, sent to every route that stores or looks one up:
 * each is a 400 naming the field, and nothing changes. The same shared schemas check the forms.
 */
let t: TestApp;
let cookies: Awaited<ReturnType<typeof signInEveryone>>;

beforeAll(async () => {
  t = await startTestApp({ SITE_TIMEZONE: 'America/New_York' });
  cookies = await signInEveryone(t);
});
afterAll(() => t.close());

const call = (method: string, path: string, body?: unknown) => callApp(`${t.url}${path}`, method, { body, cookie: cookies.admin });
const count = async (table: 'webinars' | 'coaching_slots') =>
  rowsOf<{ n: number }>(await t.ctx.db.execute(sql`select count(*)::int as n from ${sql.identifier(table)}`))[0]!.n;

/** In the year 10000 in UTC: New York's last minute of 9999. */
const lastMinute = '9999-12-31T23:59';
const lastInstant = '9999-12-31T23:59:00-05:00';
const beyondInteger = 2 ** 31;

const webinar = (startsAt: string) => ({
  title: 'Dates at the edge',
  description: '',
  startsAt,
  durationMinutes: 60,
  roomUrl: 'https://meet.example.org/edge',
  capacity: null,
});

describe('dates beyond the year 9999 in UTC', () => {
  it('are refused for webinars, coaching slots, edition schedules and content publish times', async () => {
    const webinars = await count('webinars');
    const created = await call('POST', '/api/admin/webinars', webinar(lastMinute));
    expect(created.status).toBe(400);
    expect(created.json.errors).toEqual({ startsAt: 'Start must be in the years 2000 to 2999' });
    expect(await count('webinars')).toBe(webinars);
    const existing = await call('POST', '/api/admin/webinars', webinar('2030-05-05T10:00'));
    const changed = await call('PUT', `/api/admin/webinars/${existing.json.id}`, webinar(lastMinute));
    expect(changed.status).toBe(400);
    expect((await call('GET', '/api/admin/webinars')).json.webinars.find((w: { id: string }) => w.id === existing.json.id).startsAt).toBe(
      existing.json.startsAt,
    );

    const slots = await count('coaching_slots');
    const slot = await call('POST', '/api/admin/coaching', { startsAt: [lastMinute], roomUrl: 'https://meet.example.org/edge' });
    expect(slot.status).toBe(400);
    expect(slot.json.errors).toHaveProperty(['startsAt.0']);
    expect(await count('coaching_slots')).toBe(slots);

    const edition = await call('POST', '/api/admin/editions', { title: 'Edge', summary: '', slug: `edge-${Date.now()}`, body: 'Text.' });
    const scheduled = await call('POST', `/api/admin/editions/${edition.json.id}/schedule`, { sendAt: lastInstant });
    expect(scheduled.status).toBe(400);
    expect(scheduled.json.errors).toEqual({ sendAt: 'Send time must be in the years 2000 to 2999' });
    expect((await call('GET', `/api/admin/editions/${edition.json.id}`)).json.status).toBe('draft');

    const page = await call('POST', '/api/admin/content', {
      section: 'premium',
      slug: `edge-${Date.now()}`,
      title: 'Edge',
      summary: '',
      body: 'Text.',
      fields: {},
    });
    const publish = await call('POST', `/api/admin/content/${page.json.id}/publish`, { version: page.json.version, at: lastInstant });
    expect(publish.status).toBe(400);
    expect(publish.json.errors).toEqual({ at: 'Publish time must be in the years 2000 to 2999' });
    expect((await call('GET', `/api/admin/content/${page.json.id}`)).json).toMatchObject({ status: 'draft', publishAt: null });

    expect((await call('GET', `/api/admin/summary?todayStart=${encodeURIComponent(lastInstant)}`)).json.errors).toHaveProperty('todayStart');
  });

  it('say a day or an hour that does not exist is not a real date, and keep the daylight-saving message for the skipped hour', async () => {
    for (const value of ['2027-02-30T10:00', '2027-01-01T24:00', '2027-13-01T10:00']) {
      const res = await call('POST', '/api/admin/webinars', webinar(value));
      expect(res.status, value).toBe(400);
      expect(res.json.message, value).toBe(`startsAt: ${value} is not a real date and time`);
      const slot = await call('POST', '/api/admin/coaching', { startsAt: [value], roomUrl: 'https://meet.example.org/edge' });
      expect(slot.json.message, value).toBe(`startsAt.0: ${value} is not a real date and time`);
    }
    expect((await call('POST', '/api/admin/webinars', webinar('2030-03-10T02:30'))).json.message).toMatch(/the clocks skip it for daylight saving/);
  });
});

describe('versions beyond PostgreSQL’s integer', () => {
  it('are refused in bodies and paths of the content and edition routes', async () => {
    const page = await call('POST', '/api/admin/content', {
      section: 'premium',
      slug: `big-${Date.now()}`,
      title: 'Big',
      summary: '',
      body: 'Text.',
      fields: {},
    });
    const id = page.json.id as string;
    const saved = await call('PUT', `/api/admin/content/${id}`, { title: 'Big', summary: '', body: 'Changed.', fields: {}, version: beyondInteger });
    expect(saved.status).toBe(400);
    expect(saved.json.errors).toEqual({ version: 'Version must be at most 2147483647' });
    expect((await call('POST', `/api/admin/content/${id}/publish`, { version: beyondInteger })).json.errors).toHaveProperty('version');
    for (const path of [`/api/admin/content/${id}/versions/${beyondInteger}`, `/api/admin/content/${id}/versions/99999999999`]) {
      const res = await call('GET', path);
      expect(res.status, path).toBe(400);
      expect(res.json.errors, path).toHaveProperty('number');
    }
    expect((await call('POST', `/api/admin/content/${id}/versions/${beyondInteger}/restore`, {})).status).toBe(400);
    expect((await call('GET', `/api/admin/content/${id}`)).json).toMatchObject({ body: 'Text.', version: 1, status: 'draft' });

    const edition = await call('POST', '/api/admin/editions', { title: 'Big', summary: '', slug: `big-${Date.now()}`, body: 'Text.' });
    const editionSave = await call('PUT', `/api/admin/editions/${edition.json.id}`, {
      title: 'Big',
      summary: '',
      slug: edition.json.slug,
      body: 'Changed.',
      version: beyondInteger,
    });
    expect(editionSave.status).toBe(400);
    expect(editionSave.json.errors).toEqual({ version: 'Version must be at most 2147483647' });
  });
});
