import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestAppWithMail, type TestAppWithMail } from '../../test/app';
import { signInEveryone } from '../../test/identities';
import { deliverDueEditions } from '../../test/deliver-editions';
import type { SmtpCapture } from '../../test/smtp';
import { uniqueEmail } from '../../test/unique-email';
import { startSending } from './sender';
import { writeAllFixedDeliveries } from './recipients-repo';
import { finishSentEditions } from './repo';
import { newsletterSignups } from '../newsletter/schema';
import { signupStatus } from '../newsletter/repo';
import { callApp } from '../../test/call-app';

let t: TestAppWithMail;
let smtp: SmtpCapture;
let cookies: Awaited<ReturnType<typeof signInEveryone>>;
/** Addresses the fake mail server refuses for good (550 at RCPT) or for now (421). */
const refusedForGood = new Set<string>();
let tryLater: ((address: string) => boolean) | null = null;

beforeAll(async () => {
  t = await startTestAppWithMail(
    { PUBLIC_URL: 'https://dish.example.org', POSTAL_ADDRESS: '12 Harbour Road, Portland, ME 04101' },
    {
      smtp: {
        refuse: (address) =>
          refusedForGood.has(address)
            ? { code: 550, message: 'No such user here' }
            : tryLater?.(address)
              ? { code: 421, message: 'Too many messages, try later' }
              : null,
      },
    },
  );
  smtp = t.smtp;
  cookies = await signInEveryone(t);
});
afterAll(async () => {
  await t.close();
});

const settings = {
  publicUrl: 'https://dish.example.org',
  postalAddress: '12 Harbour Road, Portland, ME 04101',
  timeZone: 'America/New_York',
  ratePerSecond: 2000,
  connections: 3,
  bounceAddress: 'bounces@dish.example.org',
};
const sendAll = async () => {
  return deliverDueEditions(t.ctx.db, smtp.url, settings);
};

const call = (method: string, path: string, body?: unknown, cookie = cookies.admin) => callApp(`${t.url}${path}`, method, { body, cookie });

/** A confirmed subscriber: signed up, then the confirmation link from the welcome email clicked. */
async function subscriber(label: string): Promise<string> {
  const email = uniqueEmail(label);
  expect((await callApp(`${t.url}/api/newsletter/signup`, 'POST', { body: { email } })).status).toBe(201);
  const welcome = await smtp.waitFor(email, /^Welcome to The Weekly Dish/);
  const token = /\/newsletter\/confirm\?token=([\w.-]+)/.exec(welcome.text)![1];
  const confirmed = await callApp(`${t.url}/api/newsletter/confirm`, 'POST', { body: { token } });
  expect(confirmed.status).toBe(200);
  return email;
}

let slugCounter = 0;
const draft = (overrides: Record<string, unknown> = {}) => ({
  title: 'Board Season Survival Guide',
  summary: 'Three ways to make your next board meeting shorter.',
  slug: `board-season-${Date.now()}-${(slugCounter += 1)}`,
  body: '## Global Trends\n\nBoards are **busy**. Read [the guide](https://example.org/guide).\n\n<script>alert(1)</script> [bad](javascript:alert(1))',
  ...overrides,
});

describe('editions in the admin', () => {
  it('creates, saves with a version, and tells a stale second tab it is stale', async () => {
    const created = await call('POST', '/api/admin/editions', draft());
    expect(created.status).toBe(201);
    expect(created.json).toMatchObject({ status: 'draft', version: 1, title: 'Board Season Survival Guide' });
    const id = created.json.id as string;

    const first = await call('PUT', `/api/admin/editions/${id}`, { ...draft({ slug: created.json.slug }), title: 'Tab one', version: 1 });
    expect(first.status).toBe(200);
    expect(first.json).toMatchObject({ title: 'Tab one', version: 2 });
    // The second tab still has version 1: refused, and the first tab's text is kept.
    const stale = await call('PUT', `/api/admin/editions/${id}`, { ...draft({ slug: created.json.slug }), title: 'Tab two', version: 1 });
    expect(stale.status).toBe(409);
    expect(stale.json.message).toMatch(/changed in another tab/);
    expect((await call('GET', `/api/admin/editions/${id}`)).json).toMatchObject({ title: 'Tab one', version: 2 });
  });

  it('refuses an empty title or body, a used slug and a schedule in the past, naming the field', async () => {
    expect((await call('POST', '/api/admin/editions', draft({ title: '  ' }))).json).toMatchObject({ message: 'title: Title is required' });
    expect((await call('POST', '/api/admin/editions', draft({ body: '' }))).json).toMatchObject({ message: 'body: Body is required' });
    const bad = await call('POST', '/api/admin/editions', draft({ slug: 'Not A Slug' }));
    expect(bad.status).toBe(400);
    expect(bad.json.errors).toHaveProperty('slug');
    const first = await call('POST', '/api/admin/editions', draft());
    const again = await call('POST', '/api/admin/editions', draft({ slug: first.json.slug }));
    expect(again.status).toBe(400);
    expect(again.json.message).toBe('slug: Another edition already uses this web address');
    const past = await call('POST', `/api/admin/editions/${first.json.id}/schedule`, { sendAt: new Date(Date.now() - 60_000).toISOString() });
    expect(past.status).toBe(400);
    expect(past.json.message).toBe('sendAt: The send time must be in the future');
    expect((await call('GET', `/api/admin/editions/${first.json.id}`)).json.status).toBe('draft');
  });

  it('takes a body of 100,000 characters (multi-byte too) and refuses one more, naming the field', async () => {
    const long = await call('POST', '/api/admin/editions', draft({ body: 'é'.repeat(100_000) }));
    expect(long.status).toBe(201);
    const tooLong = await call('POST', '/api/admin/editions', draft({ body: 'x'.repeat(100_001) }));
    expect(tooLong.status).toBe(400);
    expect(tooLong.json.message).toBe('body: Body must be at most 100000 characters');
  });

  it('answers 401 and 403 before validating anything', async () => {
    for (const [method, path] of [
      ['GET', '/api/admin/editions'],
      ['POST', '/api/admin/editions'],
      ['POST', '/api/admin/editions/not-a-uuid/send'],
      ['PUT', '/api/admin/editions/not-a-uuid'],
    ] as const) {
      expect((await call(method, path, { nonsense: true }, '')).status).toBe(401);
      expect((await call(method, path, { nonsense: true }, cookies.free)).status).toBe(403);
    }
  });

  it('lists editions with the next Tuesday 07:00 slot in the site time zone', async () => {
    const list = await call('GET', '/api/admin/editions');
    expect(list.status).toBe(200);
    expect(list.json.timeZone).toBe('America/New_York');
    const slot = new Date(list.json.nextSlot as string);
    expect(slot.getTime()).toBeGreaterThan(Date.now());
    expect(
      new Intl.DateTimeFormat('en-US', { timeZone: 'America/New_York', weekday: 'long', hour: 'numeric', hourCycle: 'h23', minute: '2-digit' }).format(slot),
    ).toBe('Tuesday 07:00');
    // The four editions of content/weekly-dish are there, already sent.
    expect((list.json.editions as { status: string; issueNumber: number }[]).filter((e) => e.status === 'sent').map((e) => e.issueNumber)).toEqual(
      expect.arrayContaining([44, 45, 46, 47]),
    );
  });

  it('previews exactly what subscribers get, raw HTML and javascript: links inert', async () => {
    const preview = await call('POST', '/api/admin/editions/preview', { title: 'Preview', summary: 'In the inbox', body: draft().body });
    expect(preview.status).toBe(200);
    const html = preview.json.html as string;
    expect(html).toContain('<h2>Global Trends</h2>');
    expect(html).toContain('&lt;script&gt;');
    expect(html).not.toMatch(/<script|href="javascript:/);
    expect(html).toContain('12 Harbour Road, Portland, ME 04101');
    expect(html).toContain('In the inbox');
  });

  it('sends a test to the signed-in admin only', async () => {
    const created = await call('POST', '/api/admin/editions', draft({ title: 'Test me' }));
    const adminEmail = ((await callApp(`${t.url}/api/user`, 'GET', { cookie: cookies.admin! })).json as { email: string }).email;
    const test = await call('POST', `/api/admin/editions/${created.json.id}/test`, {});
    expect(test.status).toBe(200);
    const mail = await smtp.waitFor(adminEmail, /^\[Test\] Test me$/);
    expect(mail.to).toEqual([adminEmail.toLowerCase()]);
    expect((await call('POST', `/api/admin/editions/${created.json.id}/test`, { to: 'someone@else.test' })).status).toBe(400);
  });
});

describe('sending', () => {
  it('sends each subscriber one copy with a one-click unsubscribe; pending, unsubscribed and refused addresses get none', async () => {
    const reader = await subscriber('reader');
    const second = await subscriber('second');
    const bouncing = await subscriber('bouncing');
    refusedForGood.add(bouncing.toLowerCase());
    const pending = uniqueEmail('pending');
    expect((await callApp(`${t.url}/api/newsletter/signup`, 'POST', { body: { email: pending } })).status).toBe(201);

    const audience = await call('GET', '/api/admin/editions/audience/subscribers');
    expect(audience.json.count).toBeGreaterThanOrEqual(3);
    const created = await call('POST', '/api/admin/editions', draft({ title: 'Exactly once' }));
    const id = created.json.id as string;
    const [sent, again] = await Promise.all([call('POST', `/api/admin/editions/${id}/send`, {}), call('POST', `/api/admin/editions/${id}/send`, {})]);
    // Two clicks, one send.
    expect([sent.status, again.status].sort()).toEqual([200, 409]);

    await sendAll();
    await sendAll();
    expect(smtp.find(reader, /^Exactly once$/)).toHaveLength(1);
    expect(smtp.find(second, /^Exactly once$/)).toHaveLength(1);
    expect(smtp.find(pending, /^Exactly once$/)).toHaveLength(0);
    expect(smtp.find(bouncing, /^Exactly once$/)).toHaveLength(0);

    const mail = smtp.find(reader, /^Exactly once$/)[0]!;
    expect(mail.headers).toMatch(/List-Unsubscribe: <https:\/\/dish\.example\.org\/api\/newsletter\/unsubscribe\?token=[\w.-]+&edition=[0-9a-f-]{36}>/);
    expect(mail.headers).toMatch(/List-Unsubscribe-Post: List-Unsubscribe=One-Click/);
    expect(mail.text).toContain('View in your browser: https://dish.example.org/weekly-dish/');
    expect(mail.text).toContain('12 Harbour Road, Portland, ME 04101');

    // The refusal is shown: the edition is "sent" with its failure counted and its reason, and the address is suppressed.
    const report = await call('GET', `/api/admin/editions/${id}`);
    expect(report.json.status).toBe('sent');
    expect(report.json.progress.failed).toBe(1);
    expect(report.json.failures[0].reason).toMatch(/550/);
    const [signup] = (
      (await t.ctx.db.execute(sql`select status from newsletter_signups where lower(email) = lower(${bouncing})`)) as unknown as { rows: { status: string }[] }
    ).rows;
    expect(signup!.status).toBe('bounced');

    // One click from the mail client (RFC 8058): a form POST to the header's address.
    const oneClick = /List-Unsubscribe: <([^>]+)>/.exec(mail.headers)![1]!.replace('https://dish.example.org', t.url);
    const scanned = await callApp(oneClick);
    expect(scanned.status).toBe(200);
    expect((scanned.json as { status: string }).status).toBe('subscribed');
    const unsubscribed = await callApp(oneClick, 'POST', {
      raw: 'List-Unsubscribe=One-Click',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(unsubscribed.status).toBe(200);
    expect((unsubscribed.json as { status: string }).status).toBe('unsubscribed');

    const next = await call('POST', '/api/admin/editions', draft({ title: 'After unsubscribing' }));
    await call('POST', `/api/admin/editions/${next.json.id}/send`, {});
    await sendAll();
    expect(smtp.find(second, /^After unsubscribing$/)).toHaveLength(1);
    expect(smtp.find(reader, /^After unsubscribing$/)).toHaveLength(0);
    expect(smtp.find(bouncing, /^After unsubscribing$/)).toHaveLength(0);
    expect((await call('GET', `/api/admin/editions/${id}`)).json.unsubscribesSince).toBeGreaterThanOrEqual(1);
  });

  it('two senders at once (two servers) share the work: every subscriber gets one copy', async () => {
    const readers = await Promise.all(Array.from({ length: 30 }, (_, n) => subscriber(`shared${n}`)));
    const created = await call('POST', '/api/admin/editions', draft({ title: 'Two senders' }));
    await call('POST', `/api/admin/editions/${created.json.id}/send`, {});
    const [first, second] = await Promise.all([sendAll(), sendAll()]);
    for (const reader of readers) expect(smtp.find(reader, /^Two senders$/)).toHaveLength(1);
    expect(first.sent + second.sent).toBe((await call('GET', `/api/admin/editions/${created.json.id}`)).json.progress.sent);
  });

  it('slows down on 421 and delivers everything once the mail server takes mail again', async () => {
    const readers = await Promise.all([1, 2, 3, 4].map((n) => subscriber(`busy${n}`)));
    let refusals = 0;
    tryLater = (address) => readers.some((r) => r.toLowerCase() === address) && (refusals += 1) <= 3;
    const created = await call('POST', '/api/admin/editions', draft({ title: 'Try later' }));
    await call('POST', `/api/admin/editions/${created.json.id}/send`, {});
    const first = await sendAll();
    expect(first.temporary).toBeGreaterThan(0);
    // The refused ones wait for their retry time; bring it forward instead of waiting.
    for (let round = 0; round < 6 && readers.some((r) => smtp.find(r, /^Try later$/).length === 0); round += 1) {
      await t.ctx.db.execute(sql`update edition_deliveries set next_attempt_at = now() where edition_id = ${created.json.id} and status = 'pending'`);
      await sendAll();
    }
    tryLater = null;
    for (const reader of readers) expect(smtp.find(reader, /^Try later$/)).toHaveLength(1);
    expect((await call('GET', `/api/admin/editions/${created.json.id}`)).json).toMatchObject({ status: 'sent', progress: { failed: 0, remaining: 0 } });
  });

  it('after a crash, sends what was not sent and nothing twice; a deleted subscriber gets nothing', async () => {
    const readers = await Promise.all([1, 2, 3].map((n) => subscriber(`crash${n}`)));
    const created = await call('POST', '/api/admin/editions', draft({ title: 'Crash survivor' }));
    const id = created.json.id as string;
    await call('POST', `/api/admin/editions/${id}/send`, {});
    expect(await writeAllFixedDeliveries(t.ctx.db)).toBeGreaterThanOrEqual(1);
    // A server died holding a claim on the first reader's copy, after the mail server had accepted
    // the second's and it was marked sent: the claim runs out, the first is sent, the second not again.
    await t.ctx.db.execute(
      sql`update edition_deliveries set locked_until = now() - interval '1 second', attempts = 1 where edition_id = ${id} and lower(email) = lower(${readers[0]})`,
    );
    await t.ctx.db.execute(
      sql`update edition_deliveries set status = 'sent', sent_at = now() where edition_id = ${id} and lower(email) = lower(${readers[1]})`,
    );
    await t.ctx.db.execute(sql`delete from newsletter_signups where lower(email) = lower(${readers[2]})`);
    await sendAll();
    expect(smtp.find(readers[0]!, /^Crash survivor$/)).toHaveLength(1);
    expect(smtp.find(readers[1]!, /^Crash survivor$/)).toHaveLength(0);
    expect(smtp.find(readers[2]!, /^Crash survivor$/)).toHaveLength(0);
    expect((await call('GET', `/api/admin/editions/${id}`)).json.progress.skipped).toBeGreaterThanOrEqual(1);
  });

  it('fixes its recipients as one list when sending starts; the sender writes their deliveries once, also when two servers write at once, and a crash while writing leaves the list whole', async () => {
    const readers = await Promise.all([1, 2, 3].map((n) => subscriber(`listed${n}`)));
    const created = await call('POST', '/api/admin/editions', draft({ title: 'Fixed list' }));
    const id = created.json.id as string;
    const counted = (await call('GET', '/api/admin/editions/audience/subscribers')).json.count as number;
    await call('POST', `/api/admin/editions/${id}/send`, {});
    // Fixed, not yet written: the admin sees every recipient as remaining, and the edition is not done.
    const { rows: written } = await t.ctx.db.execute<{ n: number }>(sql`select count(*)::int as n from edition_deliveries where edition_id = ${id}`);
    expect(written[0]!.n).toBe(0);
    expect((await call('GET', `/api/admin/editions/${id}`)).json).toMatchObject({
      status: 'sending',
      progress: { total: counted, remaining: counted, sent: 0 },
    });
    await finishSentEditions(t.ctx.db);
    expect((await call('GET', `/api/admin/editions/${id}`)).json.status).toBe('sending');
    // A server dies while writing them: its transaction never commits, the list stays whole.
    await expect(
      t.ctx.db.transaction(async (tx) => {
        await tx.execute(
          sql`insert into edition_deliveries (edition_id, email) select edition_id, unnest(emails) from edition_recipient_lists where edition_id = ${id}`,
        );
        throw new Error('the server died');
      }),
    ).rejects.toThrow('the server died');
    const { rows: whole } = await t.ctx.db.execute<{ n: number }>(sql`select cardinality(emails) as n from edition_recipient_lists where edition_id = ${id}`);
    expect(whole.map((row) => Number(row.n))).toEqual([counted]);
    // Two servers write at once: each address once.
    await Promise.all([writeAllFixedDeliveries(t.ctx.db), writeAllFixedDeliveries(t.ctx.db)]);
    const { rows: after } = await t.ctx.db.execute<{ n: number; lists: number }>(
      sql`select count(*)::int as n, (select count(*)::int from edition_recipient_lists where edition_id = ${id}) as lists from edition_deliveries where edition_id = ${id}`,
    );
    expect(after[0]).toEqual({ n: counted, lists: 0 });
    await sendAll();
    for (const reader of readers) expect(smtp.find(reader, /^Fixed list$/)).toHaveLength(1);
    expect((await call('GET', `/api/admin/editions/${id}`)).json).toMatchObject({ status: 'sent', progress: { total: counted, remaining: 0 } });
  });

  it('a premium member whose account is deleted mid-send gets nothing after the deletion', async () => {
    const email = uniqueEmail('leaving');
    const res = await callApp(`${t.url}/api/register`, 'POST', { body: { email, password: 'correct-horse', firstName: 'Lee', lastName: 'Leaving' } });
    // Verified: deleting the account then deletes what was sent, or is to be sent, to the address.
    await t.ctx.db.execute(sql`update users set is_premium = true, email_verified_at = now() where lower(email) = lower(${email})`);
    const cookie = res.headers
      .getSetCookie()
      .map((c) => c.split(';')[0])
      .join('; ');
    const created = await call('POST', '/api/admin/editions', draft({ title: 'Members news', audience: 'premium' }));
    await call('POST', `/api/admin/editions/${created.json.id}/send`, {});
    const listed = async () =>
      (
        await t.ctx.db.execute<{ n: number }>(
          sql`select count(*)::int as n from edition_recipient_lists l, unnest(l.emails) e where l.edition_id = ${created.json.id} and lower(e) = lower(${email})`,
        )
      ).rows[0]!.n;
    expect(await listed()).toBe(1);
    // Their data names the edition still to be sent to them.
    const data = (await callApp(`${t.url}/api/account/export`, 'GET', { cookie })).json as { weeklyDishDeliveries: unknown[] };
    expect(data.weeklyDishDeliveries).toContainEqual({ edition: 'Members news', status: 'pending', sentAt: null });
    expect((await callApp(`${t.url}/api/account`, 'DELETE', { body: { confirmEmail: email }, cookie })).status).toBe(200);
    // Deleting the account takes the address out of the recipients not yet written as deliveries.
    expect(await listed()).toBe(0);
    await sendAll();
    expect(smtp.find(email, /^Members news$/)).toHaveLength(0);
  });

  it('opens an edition\'s web page from the moment its copies start going out, paused too: a reader follows "View in your browser" before the last copy is sent', async () => {
    const created = await call('POST', '/api/admin/editions', draft({ title: 'On its way' }));
    const { id, slug } = created.json as { id: string; slug: string };
    expect((await callApp(`${t.url}/api/editions/${slug}`)).status).toBe(404);
    await startSending(t.ctx.db, id, settings);
    const sending = await callApp(`${t.url}/api/editions/${slug}`);
    expect(sending.status).toBe(200);
    const { rows } = await t.ctx.db.execute<{ started: string }>(sql`select started_at as started from newsletter_editions where id = ${id}`);
    expect((sending.json as { title: string; sentAt: string }).sentAt).toBe(new Date(rows[0]!.started).toISOString());
    expect((await call('POST', `/api/admin/editions/${id}/pause`, {})).json.status).toBe('paused');
    expect((await callApp(`${t.url}/api/editions/${slug}`)).status).toBe(200);
    expect((await call('POST', `/api/admin/editions/${id}/resume`, {})).json.status).toBe('sending');
    await sendAll();
    expect((await callApp(`${t.url}/api/editions/${slug}`)).status).toBe(200);
  });

  it('pauses and resumes a sending edition, cancels a scheduled one, and sends a premium announcement to premium members only', async () => {
    const reader = await subscriber('paused');
    const created = await call('POST', '/api/admin/editions', draft({ title: 'Paused one' }));
    const id = created.json.id as string;
    await startSending(t.ctx.db, id, settings);
    expect((await call('POST', `/api/admin/editions/${id}/pause`, {})).json.status).toBe('paused');
    await sendAll();
    expect(smtp.find(reader, /^Paused one$/)).toHaveLength(0);
    expect((await call('POST', `/api/admin/editions/${id}/resume`, {})).json.status).toBe('sending');
    await sendAll();
    expect(smtp.find(reader, /^Paused one$/)).toHaveLength(1);

    const later = await call('POST', '/api/admin/editions', draft({ title: 'Scheduled one' }));
    const scheduled = await call('POST', `/api/admin/editions/${later.json.id}/schedule`, { sendAt: new Date(Date.now() + 86_400_000).toISOString() });
    expect(scheduled.json.status).toBe('scheduled');
    expect((await call('POST', `/api/admin/editions/${later.json.id}/cancel`, {})).json.status).toBe('draft');
    expect((await call('POST', `/api/admin/editions/${later.json.id}/cancel`, {})).status).toBe(409);

    const premiumEmail = ((await callApp(`${t.url}/api/user`, 'GET', { cookie: cookies.premium! })).json as { email: string }).email;
    const announcement = await call('POST', '/api/admin/editions', draft({ title: 'Members only', audience: 'premium' }));
    await call('POST', `/api/admin/editions/${announcement.json.id}/send`, {});
    await sendAll();
    expect(smtp.find(premiumEmail, /^Members only$/)).toHaveLength(1);
    expect(smtp.find(reader, /^Members only$/)).toHaveLength(0);
    // Premium announcements stay out of the public archive: a visitor is asked to sign in.
    expect((await callApp(`${t.url}/api/editions/${announcement.json.slug}`)).status).toBe(401);
  });
});

describe('subscribers in control', () => {
  it('refuses an unknown or tampered token and changes nothing', async () => {
    for (const token of ['nonsense', 'bm9ib2R5QGV4YW1wbGUub3Jn.AAAAAAAAAAAAAAAAAAAAAAAA', '']) {
      const res = await callApp(`${t.url}/api/newsletter/unsubscribe`, 'POST', { body: { token } });
      expect(res.status).toBe(400);
      expect((res.json as { message: string }).message).toBeTruthy();
    }
  });

  it('re-signing up after unsubscribing asks for confirmation again, then resubscribes', async () => {
    const email = await subscriber('comeback');
    const created = await call('POST', '/api/admin/editions', draft({ title: 'Comeback test' }));
    await call('POST', `/api/admin/editions/${created.json.id}/send`, {});
    await sendAll();
    const token = /unsubscribe\?token=([\w.-]+)/.exec(smtp.find(email, /^Comeback test$/)[0]!.text)![1];
    expect((await callApp(`${t.url}/api/newsletter/unsubscribe`, 'POST', { body: { token } })).status).toBe(200);
    expect((await callApp(`${t.url}/api/newsletter/signup`, 'POST', { body: { email } })).status).toBe(200);
    const confirmation = await smtp.waitFor(email, /^Confirm your subscription to The Weekly Dish$/);
    const confirm = /\/newsletter\/confirm\?token=([\w.-]+)/.exec(confirmation.text)![1];
    const res = await callApp(`${t.url}/api/newsletter/confirm`, 'POST', { body: { token: confirm } });
    expect((res.json as { status: string }).status).toBe('subscribed');
    // A confirm token does not unsubscribe, and an unsubscribe token does not confirm.
    expect((await callApp(`${t.url}/api/newsletter/unsubscribe`, 'POST', { body: { token: confirm } })).status).toBe(400);
  });
});

describe('the archive', () => {
  it('lists sent editions newest first and serves each by its web address', async () => {
    const res = await callApp(`${t.url}/api/editions`);
    const body = res.json as { latest: { slug: string; html: string }; recent: { html: string }[]; archive: { slug: string; html?: string }[] };
    expect(body.latest.html).toContain('<h2>');
    expect(body.recent.length).toBeLessThanOrEqual(3);
    expect(body.archive[0]!.slug).toBe(body.latest.slug);
    expect(body.archive[0]!.html).toBeUndefined();
    const one = await callApp(`${t.url}/api/editions/${body.archive.at(-1)!.slug}`);
    expect(one.status).toBe(200);
    expect((await callApp(`${t.url}/api/editions/no-such-edition`)).status).toBe(404);
  });

  it("dates each edition by the site's clock: one sent at 11 PM on a Saturday in New York went out that Saturday", async () => {
    const created = await call('POST', '/api/admin/editions', draft({ title: 'Late on Saturday' }));
    const { id, slug } = created.json as { id: string; slug: string };
    await startSending(t.ctx.db, id, settings);
    await sendAll();
    // The test's site clock is New York's (SITE_TIMEZONE's default): 04:00 UTC on Sunday is 11 PM on Saturday there.
    await t.ctx.db.execute(sql`update newsletter_editions set sent_at = '2026-11-29T04:00:00Z' where id = ${id}`);
    const archive = (await callApp(`${t.url}/api/editions`)).json as { archive: { slug: string; sentAt: string; sentOn: string }[] };
    expect(archive.archive.find((edition) => edition.slug === slug)).toMatchObject({ sentAt: '2026-11-29T04:00:00.000Z', sentOn: '2026-11-28' });
    expect((await callApp(`${t.url}/api/editions/${slug}`)).json).toMatchObject({ sentAt: '2026-11-29T04:00:00.000Z', sentOn: '2026-11-28' });
  });
});

describe('the archive for machines and search engines', () => {
  it('serves an RSS feed of the sent editions, a sitemap with every public page and edition, and robots.txt pointing at it', async () => {
    const { latest } = (await callApp(`${t.url}/api/editions`)).json as { latest: { slug: string; title: string } };
    const feed = await callApp(`${t.url}/weekly-dish/feed.xml`);
    expect(feed.headers.get('content-type')).toMatch(/application\/rss\+xml/);
    const rss = feed.text;
    expect(rss).toContain(`<link>https://dish.example.org/weekly-dish/${latest.slug}</link>`);
    expect(rss).not.toContain('Members only');
    const sitemap = (await callApp(`${t.url}/sitemap.xml`)).text;
    expect(sitemap).toContain('<loc>https://dish.example.org/pricing</loc>');
    expect(sitemap).toContain(`<loc>https://dish.example.org/weekly-dish/${latest.slug}</loc>`);
    expect(sitemap).not.toContain('/admin');
    expect((await callApp(`${t.url}/robots.txt`)).text).toContain('Sitemap: https://dish.example.org/sitemap.xml');
  });

  it('gives each edition page its own title and description, and 404 for an unknown or unsent one', async () => {
    const { latest } = (await callApp(`${t.url}/api/editions`)).json as { latest: { slug: string; title: string } };
    const page = await callApp(`${t.url}/weekly-dish/${latest.slug}`);
    expect(page.status).toBe(200);
    const html = page.text;
    expect(html).toContain(`<title>${latest.title} · The Weekly Dish`);
    expect(html).toContain(`<link rel="canonical" href="https://dish.example.org/weekly-dish/${latest.slug}">`);
    const draft = await call('POST', '/api/admin/editions', { title: 'Not yet', slug: `not-yet-${Date.now()}`, body: 'Soon.' });
    expect((await callApp(`${t.url}/weekly-dish/${draft.json.slug}`)).status).toBe(404);
    expect((await callApp(`${t.url}/weekly-dish/no-such-edition`)).status).toBe(404);
  });
});

describe('importing subscribers', () => {
  it('previews what will be added, updated and skipped, never resubscribes, and imports only when asked', async () => {
    const existing = await subscriber('existing');
    const gone = await subscriber('gone');
    const token = /unsubscribe\?token=([\w.-]+)/;
    const edition = await call('POST', '/api/admin/editions', draft({ title: 'Before the import' }));
    await call('POST', `/api/admin/editions/${edition.json.id}/send`, {});
    await sendAll();
    await callApp(`${t.url}/api/newsletter/unsubscribe`, 'POST', { body: { token: token.exec(smtp.find(gone, /^Before the import$/)[0]!.text)![1] } });
    const fresh = uniqueEmail('imported');
    const csv = `Email,Name,Organisation\r\n${fresh},"Doe, Jane",Food Bank\r\n${existing},Ann,Shelter\r\n${gone},Gone,\r\nnot-an-email,X,Y\r\n${fresh.toUpperCase()},Again,\r\n`;

    const preview = await call('POST', '/api/admin/newsletters/import', { csv });
    expect(preview.status).toBe(200);
    expect(preview.json).toMatchObject({ applied: false, counts: { added: 1, updated: 1, unsubscribed: 1, invalid: 1, duplicate: 1 } });
    const rows = async (email: string) =>
      t.ctx.db
        .select({ name: newsletterSignups.name, organization: newsletterSignups.organization, status: signupStatus })
        .from(newsletterSignups)
        .where(sql`lower(${newsletterSignups.email}) = lower(${email})`);
    expect(await rows(fresh)).toEqual([]);

    const applied = await call('POST', '/api/admin/newsletters/import', { csv, apply: true });
    expect(applied.json.applied).toBe(true);
    expect(await rows(fresh)).toEqual([{ name: 'Doe, Jane', organization: 'Food Bank', status: 'subscribed' }]);
    expect((await rows(gone))[0]!.status).toBe('unsubscribed');
    const filtered = await call('GET', `/api/admin/newsletters?status=unsubscribed&search=${encodeURIComponent(gone)}`);
    expect(filtered.json.items.map((item: { email: string }) => item.email)).toEqual([gone]);
    expect((await call('GET', '/api/admin/newsletters?status=nonsense')).status).toBe(400);
    expect((await call('POST', '/api/admin/newsletters/import', { csv: '' })).status).toBe(400);
  });
});
