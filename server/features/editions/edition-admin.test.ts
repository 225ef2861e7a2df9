import { type SQL, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestAppWithMail, type TestAppWithMail } from '../../test/app';
import { callApp } from '../../test/call-app';
import { signInEveryone } from '../../test/identities';
import { deliverDueEditions } from '../../test/deliver-editions';
import type { SmtpCapture } from '../../test/smtp';
import { reopenCancelledEditions } from './repo';

/**
 * The Weekly Dish as an editor runs it: web addresses taken at the same moment, sends racing
 * deletes, schedules cancelled and taken up again, premium announcements outside the public
 * numbering and readable by the members they went to, and test sends that say what they are.
 */
let t: TestAppWithMail;
let smtp: SmtpCapture;
let cookies: Awaited<ReturnType<typeof signInEveryone>>;
const publicUrl = 'https://dish.example.org';

beforeAll(async () => {
  t = await startTestAppWithMail({ PUBLIC_URL: publicUrl, POSTAL_ADDRESS: '12 Harbour Road, Portland, ME 04101' });
  smtp = t.smtp;
  cookies = await signInEveryone(t);
});
afterAll(async () => {
  await t.close();
});

const call = (method: string, path: string, body?: unknown, cookie = cookies.admin) => callApp(`${t.url}${path}`, method, { body, cookie });
const emailOf = async (cookie: string | undefined) => ((await callApp(`${t.url}/api/user`, 'GET', { cookie: cookie! })).json as { email: string }).email;

let counter = 0;
const uniqueSlug = (label: string) => `${label}-${Date.now().toString(36)}-${(counter += 1)}`;
const draft = (overrides: Record<string, unknown> = {}) => ({
  title: 'Grant season',
  summary: 'Three deadlines worth knowing.',
  slug: uniqueSlug('grant-season'),
  body: 'Read the **calendar**.',
  ...overrides,
});

async function sendAll() {
  return deliverDueEditions(t.ctx.db, smtp.url, {
    publicUrl,
    postalAddress: '12 Harbour Road, Portland, ME 04101',
    ratePerSecond: 2000,
    connections: 2,
    bounceAddress: 'bounces@dish.example.org',
  });
}

/**
 * Sends `request` while a transaction of the test holds `change` uncommitted, then commits it. On
 * PostgreSQL the request runs meanwhile and meets the change when it waits for the same row or
 * key; on PGlite (one query at a time) the request waits for the whole transaction.
 */
async function meanwhile(change: SQL, request: () => ReturnType<typeof call>) {
  let answer: ReturnType<typeof call> | undefined;
  await t.ctx.db.transaction(async (tx) => {
    await tx.execute(change);
    answer = request();
    if (t.ctx.database.kind === 'postgres') {
      for (let tries = 0; ; tries += 1) {
        const [row] = (
          (await t.ctx.db.execute(
            sql`select count(*)::int as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'`,
          )) as unknown as { rows: { n: number }[] }
        ).rows;
        if (row!.n > 0) break;
        if (tries > 300) throw new Error('the request never waited for the held change');
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
    }
  });
  return answer!;
}

/** Writes and sends an edition; back once it is sent, with its row as the admin sees it. */
async function sent(overrides: Record<string, unknown> = {}) {
  const created = await call('POST', '/api/admin/editions', draft(overrides));
  expect(created.status).toBe(201);
  expect((await call('POST', `/api/admin/editions/${created.json.id}/send`, {})).status).toBe(200);
  await sendAll();
  const edition = await call('GET', `/api/admin/editions/${created.json.id}`);
  expect(edition.json.status).toBe('sent');
  return edition.json;
}

describe('web addresses', () => {
  it('two editions given the same web address at once: the second is told the address is taken, not a server error', async () => {
    const slug = uniqueSlug('same-address');
    const second = await meanwhile(sql`insert into newsletter_editions (slug, title, body) values (${slug}, 'First', 'Body')`, () =>
      call('POST', '/api/admin/editions', draft({ slug })),
    );
    expect(second.status).toBe(400);
    expect(second.json).toEqual({
      message: 'slug: Another edition already uses this web address',
      errors: { slug: 'Another edition already uses this web address' },
    });
    const both = await Promise.all([
      call('POST', '/api/admin/editions', draft({ slug: `${slug}-2` })),
      call('POST', '/api/admin/editions', draft({ slug: `${slug}-2` })),
    ]);
    expect(both.map((a) => a.status).sort()).toEqual([201, 400]);
  });

  it('a draft saved with a web address another takes at that moment is told, and left as it was', async () => {
    const first = await call('POST', '/api/admin/editions', draft());
    const second = await call('POST', '/api/admin/editions', draft());
    const slug = uniqueSlug('wanted');
    const saved = await meanwhile(sql`update newsletter_editions set slug = ${slug} where id = ${first.json.id}`, () =>
      call('PUT', `/api/admin/editions/${second.json.id}`, { ...draft({ slug }), version: second.json.version }),
    );
    expect(saved.status).toBe(400);
    expect(saved.json.errors).toEqual({ slug: 'Another edition already uses this web address' });
    expect((await call('GET', `/api/admin/editions/${second.json.id}`)).json).toMatchObject({ slug: second.json.slug, version: 1 });
  });
});

describe('sending and deleting', () => {
  it('a send that lost a race to a delete says the edition is not found, never that it is already being sent', async () => {
    const { json } = await call('POST', '/api/admin/editions', draft({ title: 'Deleted meanwhile' }));
    const send = await meanwhile(sql`delete from newsletter_editions where id = ${json.id}`, () => call('POST', `/api/admin/editions/${json.id}/send`, {}));
    expect(send.json.message).not.toMatch(/already being sent/);
    expect(send.status).toBe(404);
    expect(send.json.message).toBe('Edition not found');
  });

  it('a second send of an edition already sending says so', async () => {
    const { json } = await call('POST', '/api/admin/editions', draft());
    expect((await call('POST', `/api/admin/editions/${json.id}/send`, {})).status).toBe(200);
    const again = await call('POST', `/api/admin/editions/${json.id}/send`, {});
    expect(again.status).toBe(409);
    expect(again.json.message).toBe('This edition is already being sent.');
    await sendAll();
    expect((await call('POST', `/api/admin/editions/${json.id}/send`, {})).json.message).toBe('This edition was sent already: an edition goes out once.');
  });
});

describe('cancelling a schedule', () => {
  it('returns the edition to a draft that can be edited, scheduled again and deleted; its web address is free again then', async () => {
    const { json } = await call('POST', '/api/admin/editions', draft({ title: 'Changed my mind' }));
    const tomorrow = new Date(Date.now() + 86_400_000).toISOString();
    expect((await call('POST', `/api/admin/editions/${json.id}/schedule`, { sendAt: tomorrow })).json.status).toBe('scheduled');
    const scheduledDelete = await call('DELETE', `/api/admin/editions/${json.id}`);
    expect(scheduledDelete.status).toBe(409);
    expect(scheduledDelete.json.message).toBe('Only a draft can be deleted: cancel the schedule first.');

    const cancelled = await call('POST', `/api/admin/editions/${json.id}/cancel`, {});
    expect(cancelled.status).toBe(200);
    expect(cancelled.json).toMatchObject({ status: 'draft', scheduledAt: null });
    const again = await call('POST', `/api/admin/editions/${json.id}/cancel`, {});
    expect(again.status).toBe(409);
    expect(again.json.message).toBe('This edition is not scheduled: there is no schedule to cancel.');

    const edited = await call('PUT', `/api/admin/editions/${json.id}`, {
      ...draft({ slug: json.slug }),
      title: 'Changed it back',
      version: cancelled.json.version,
    });
    expect(edited.json).toMatchObject({ status: 'draft', title: 'Changed it back' });
    expect((await call('POST', `/api/admin/editions/${json.id}/schedule`, { sendAt: tomorrow })).json.status).toBe('scheduled');
    expect((await call('POST', `/api/admin/editions/${json.id}/cancel`, {})).json.status).toBe('draft');
    expect((await call('DELETE', `/api/admin/editions/${json.id}`)).status).toBe(200);
    expect((await call('POST', '/api/admin/editions', draft({ slug: json.slug }))).status).toBe(201);
  });

  it('an edition an earlier version left "cancelled" is a draft again after the start', async () => {
    const { json } = await call('POST', '/api/admin/editions', draft({ title: 'Left cancelled' }));
    await t.ctx.db.execute(sql`update newsletter_editions set status = 'cancelled', scheduled_at = now() + interval '1 day' where id = ${json.id}`);
    await reopenCancelledEditions(t.ctx.db);
    expect((await call('GET', `/api/admin/editions/${json.id}`)).json).toMatchObject({ status: 'draft', scheduledAt: null });
  });

  it('lists the scheduled editions soonest first', async () => {
    const later = await call('POST', '/api/admin/editions', draft({ title: 'In three days' }));
    const sooner = await call('POST', '/api/admin/editions', draft({ title: 'In two days' }));
    await call('POST', `/api/admin/editions/${later.json.id}/schedule`, { sendAt: new Date(Date.now() + 3 * 86_400_000).toISOString() });
    await call('POST', `/api/admin/editions/${sooner.json.id}/schedule`, { sendAt: new Date(Date.now() + 2 * 86_400_000).toISOString() });
    const ids = ((await call('GET', '/api/admin/editions')).json.editions as { id: string }[]).map((e) => e.id);
    expect(ids.indexOf(sooner.json.id)).toBeLessThan(ids.indexOf(later.json.id));
    for (const id of [later.json.id, sooner.json.id]) await call('POST', `/api/admin/editions/${id}/cancel`, {});
  });
});

describe('issue numbers', () => {
  it('refuses a title that carries an issue number, since the number is added when the edition is sent', async () => {
    for (const title of ['Issue 48: Board season', 'issue #48 - Board season', 'Issue 48 Board season']) {
      const refused = await call('POST', '/api/admin/editions', draft({ title }));
      expect(refused.status).toBe(400);
      expect(refused.json.errors).toEqual({ title: 'Leave the issue number out: it is added automatically when the edition is sent' });
    }
    expect((await call('POST', '/api/admin/editions', draft({ title: 'The issue of 48 boards' }))).status).toBe(201);
  });

  it('keeps the imported editions’ titles clean: the number is apart from the title', async () => {
    const imported = ((await call('GET', '/api/admin/editions')).json.editions as { title: string; issueNumber: number | null }[]).filter((e) =>
      [44, 45, 46, 47].includes(e.issueNumber ?? 0),
    );
    expect(imported).toHaveLength(4);
    for (const edition of imported) expect(edition.title).not.toMatch(/issue|\b4[4-7]\b/i);
  });
});

describe('premium announcements', () => {
  it('take no public issue number: the public editions before and after them follow on', async () => {
    const before = await sent({ title: 'Public before' });
    const announcement = await sent({ title: 'Members first', audience: 'premium' });
    const after = await sent({ title: 'Public after' });
    expect(announcement.issueNumber).toBeNull();
    expect(after.issueNumber).toBe(before.issueNumber + 1);
    // The premium member's copy says who it is for, not an issue number.
    const copy = smtp.find(await emailOf(cookies.premium), /^Members first$/)[0]!;
    expect(copy.text).toContain('The Weekly Dish · For premium members');
    expect(copy.text).not.toMatch(/Issue \d+/);
  });

  it('an announcement that took a public number under an earlier version keeps it; the next public edition follows the highest number', async () => {
    const old = await sent({ title: 'Old announcement', audience: 'premium' });
    const [top] = ((await t.ctx.db.execute(sql`select max(issue_number)::int as top from newsletter_editions`)) as unknown as { rows: { top: number }[] }).rows;
    await t.ctx.db.execute(sql`update newsletter_editions set issue_number = ${top!.top + 1} where id = ${old.id}`);
    const after = await sent({ title: 'Public after the old one' });
    expect(after.issueNumber).toBe(top!.top + 2);
    expect((await call('GET', `/api/admin/editions/${old.id}`)).json.issueNumber).toBe(top!.top + 1);
  });

  it('premium members signed in read them on the site; visitors are asked to sign in, free members are shown the plans; the archive leaves them out', async () => {
    const announcement = await sent({ title: 'Members only night', audience: 'premium', body: 'The **secret** agenda.' });
    const path = `/api/editions/${announcement.slug}`;

    const visitor = await call('GET', path, undefined, '');
    expect(visitor.status).toBe(401);
    expect(visitor.json.message).toBe('This edition is for premium members: sign in to read it.');
    expect(visitor.text).not.toContain('secret');
    const free = await call('GET', path, undefined, cookies.free);
    expect(free.status).toBe(403);
    expect(free.json.message).toBe('This edition is for premium members.');
    const member = await call('GET', path, undefined, cookies.premium);
    expect(member.status).toBe(200);
    expect(member.json).toMatchObject({ title: 'Members only night', audience: 'premium', issueNumber: null });
    expect(member.json.html).toContain('<strong>secret</strong>');
    expect(member.headers.get('cache-control')).toBe('private, no-store');

    // The page exists (its "View in your browser" link works) and tells nobody what is in it.
    const page = await callApp(`${t.url}/weekly-dish/${announcement.slug}`);
    expect(page.status).toBe(200);
    const html = page.text;
    expect(html).toContain('<meta name="robots" content="noindex">');
    expect(html).toContain('<title>For premium members · The Weekly Dish');
    expect(html).not.toContain('Members only night');

    const archive = (await callApp(`${t.url}/api/editions`)).text;
    expect(archive).not.toContain(announcement.slug);
    expect((await callApp(`${t.url}/weekly-dish/feed.xml`)).text).not.toContain(announcement.slug);
  });
});

describe('the editor', () => {
  it('previews a new edition before anything is written', async () => {
    const preview = await call('POST', '/api/admin/editions/preview', { title: '', summary: '', body: '' });
    expect(preview.status).toBe(200);
    expect(preview.json.html).toContain('12 Harbour Road, Portland, ME 04101');
  });

  it('sends a test that says it is a test, with no web address that does not exist yet and no unsubscribe link', async () => {
    const { json } = await call(
      'POST',
      '/api/admin/editions',
      draft({ title: 'Test before Tuesday', body: 'See [the calendar](https://example.org/calendar).' }),
    );
    expect((await call('POST', `/api/admin/editions/${json.id}/test`, {})).status).toBe(200);
    const mail = await smtp.waitFor(await emailOf(cookies.admin), /^\[Test\] Test before Tuesday$/);
    expect(mail.text).toContain('This is a test. Subscribers get a link to the edition’s web page here.');
    expect(mail.text).toContain('Subscribers get their unsubscribe link here.');
    expect(mail.text).toContain('https://example.org/calendar');
    expect(mail.text).not.toContain(`/weekly-dish/${json.slug}`);
    expect(mail.text).not.toMatch(/unsubscribe\?token=|View in your browser/i);
    expect(mail.headers).not.toMatch(/List-Unsubscribe/i);
  });
});
