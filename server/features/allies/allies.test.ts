import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allyReviews } from './schema';
import { usageEvents } from '../events/schema';
import { allyRowsBySubmitter, approveAlly, setRoles } from '../../test/allies';
import { startTestApp, startTestAppWithMail, type TestAppWithMail } from '../../test/app';
import { callApp } from '../../test/call-app';
import { uniqueEmail } from '../../test/unique-email';
import type { SmtpCapture } from '../../test/smtp';
import { registerAccount, type TestAccount } from '../../test/auth-client';

let t: TestAppWithMail;
let smtp: SmtpCapture;
let premium: TestAccount;
let premium2: TestAccount;
let free: TestAccount;
let admin: TestAccount;
/** A word no other test's data contains, so searches see only this run's allies. */
const marker = `zq${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

beforeAll(async () => {
  t = await startTestAppWithMail();
  smtp = t.smtp;
  [premium, premium2, free, admin] = await Promise.all([
    registerAccount(t.url, 'ally-premium'),
    registerAccount(t.url, 'ally-premium2', { firstName: 'Grace', lastName: 'Hopper' }),
    registerAccount(t.url, 'ally-free'),
    registerAccount(t.url, 'ally-admin'),
  ]);
  await setRoles(t.ctx.db, premium.user.id as string, { isPremium: true });
  await setRoles(t.ctx.db, premium2.user.id as string, { isPremium: true });
  await setRoles(t.ctx.db, admin.user.id as string, { isAdmin: true });
});
afterAll(async () => {
  await t?.close();
});

const submit = (body: unknown) => callApp(`${t.url}/api/allies/submit`, 'POST', { body });
const valid = (submitterEmail: string, extra: Record<string, string> = {}) => ({
  name: ` Bright Ledger ${marker} `,
  tagline: 'Bookkeeping for small nonprofits',
  category: 'Fuel',
  howTheyHelp: 'Monthly books and board-ready reports.',
  whatMakesDifferent: 'Fund accounting only.',
  traction: '',
  offerForMembers: 'A free review.',
  vibeCheck: '',
  website: 'brightledger.example',
  email: '',
  submitterName: 'Maya Chen',
  submitterEmail,
  ...extra,
});
const search = (cookie: string | undefined, query: Record<string, string> = {}) =>
  callApp(`${t.url}/api/allies?${new URLSearchParams(query)}`, 'GET', { cookie });

async function submitApproved(extra: Record<string, string> = {}): Promise<string> {
  const res = await submit(valid(uniqueEmail('vendor'), extra));
  expect(res.status).toBe(201);
  const { id } = res.json as { id: string };
  await approveAlly(t.ctx.db, id);
  return id;
}

describe('POST /api/allies/submit', () => {
  it('stores the submission trimmed and pending, and answers 201 with its id', async () => {
    const email = uniqueEmail('vendor');
    const res = await submit(valid(` ${email} `));
    expect(res.status).toBe(201);
    const { id } = res.json;
    const rows = await allyRowsBySubmitter(t.ctx.db, email);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      id,
      name: `Bright Ledger ${marker}`,
      category: 'Fuel',
      website: 'brightledger.example',
      traction: '',
      submitterName: 'Maya Chen',
      approved: false,
      lastVerifiedAt: null,
    });
  });

  it('emails the submitter a confirmation and each admin a notification linking to the review', async () => {
    const email = uniqueEmail('vendor-mail');
    // A name of its own: every submission in this file notifies the same admin, and the
    // tests run shuffled, so the subject must pick out this one.
    const name = `Mail Ledger ${marker}`;
    expect((await submit(valid(email, { name }))).status).toBe(201);
    const confirmation = await smtp.waitFor(email, /^We received your Allies Directory submission$/);
    expect(confirmation.text).toContain('Hi Maya Chen,');
    expect(confirmation.text).toContain('reviewed within 3-5 business days');
    expect(confirmation.text).not.toContain('Monthly books');
    const notice = await smtp.waitFor(admin.email, new RegExp(`^New ally submission: ${name}$`));
    expect(notice.text).toContain('/admin');
    expect(notice.text).toContain('Category: Fuel');
    expect(smtp.find(free.email, /ally submission/)).toHaveLength(0);
  });

  it('records an ally_submit usage event with the category and no identity', async () => {
    const before = await t.ctx.db
      .select({ n: sql<number>`count(*)::int` })
      .from(usageEvents)
      .where(eq(usageEvents.kind, 'ally_submit'));
    expect((await submit(valid(uniqueEmail('vendor-event'), { category: 'Gears' }))).status).toBe(201);
    const after = await t.ctx.db
      .select({ n: sql<number>`count(*)::int` })
      .from(usageEvents)
      .where(eq(usageEvents.kind, 'ally_submit'));
    expect(after[0]!.n).toBeGreaterThan(before[0]!.n);
  });

  it('accepts a website with a scheme, and optional fields left out', async () => {
    const email = uniqueEmail('vendor-min');
    expect((await submit({ name: 'Min', category: 'Impact', submitterEmail: email, website: 'https://min.example/about' })).status).toBe(201);
    expect((await allyRowsBySubmitter(t.ctx.db, email))[0]).toMatchObject({ tagline: '', website: 'https://min.example/about', email: '' });
  });

  it.each([
    ['name', { name: undefined }],
    ['name', { name: '   ' }],
    ['category', { category: undefined }],
    ['category', { category: 'Snacks' }],
    ['submitterEmail', { submitterEmail: undefined }],
    ['submitterEmail', { submitterEmail: 'not-an-email' }],
    ['email', { email: 'sales@' }],
    ['tagline', { tagline: 'x'.repeat(501) }],
    ['website', { website: 'not a url' }],
    ['website', { website: 'javascript:alert(1)' }],
    ['website', { website: 'ftp://files.example' }],
    ['website', { website: 'localhost' }],
    ['howTheyHelp', { howTheyHelp: 42 }],
    ['surprise', { surprise: 'yes' }],
  ])('refuses a bad %s with 400 naming it, storing nothing', async (field, change) => {
    const email = uniqueEmail('vendor-bad');
    const body: Record<string, unknown> = { ...valid(email), ...change };
    for (const [key, value] of Object.entries(change)) if (value === undefined) delete body[key];
    const res = await submit(body);
    expect(res.status).toBe(400);
    const json = res.json;
    expect(json.message).toContain(field);
    expect(Object.keys(json.errors)).toContain(field);
    expect(await allyRowsBySubmitter(t.ctx.db, email)).toHaveLength(0);
  });

  it('accepts a tagline of exactly 500 characters', async () => {
    expect((await submit(valid(uniqueEmail('vendor-500'), { tagline: 'y'.repeat(500) }))).status).toBe(201);
  });

  it.each([
    ['vibeCheck', '<script>alert("x")</script>'],
    ['name', 'Acme <img src=x onerror=alert(1)>'],
    ['tagline', '<!-- hidden -->'],
    ['howTheyHelp', 'We help </p><b>lots</b>'],
  ])('refuses markup in %s with 400 naming it, storing nothing', async (field, text) => {
    const email = uniqueEmail('vendor-script');
    const res = await submit(valid(email, { [field]: text }));
    expect(res.status).toBe(400);
    expect(res.json.errors).toEqual({ [field]: expect.stringContaining('plain text') });
    expect(await allyRowsBySubmitter(t.ctx.db, email)).toHaveLength(0);
  });

  it('keeps ordinary symbols as they were typed', async () => {
    const email = uniqueEmail('vendor-symbols');
    const text = `Fish & "chips" <3, 5 < 10, 'quotes' &lt;b&gt;`;
    expect((await submit(valid(email, { vibeCheck: text }))).status).toBe(201);
    expect((await allyRowsBySubmitter(t.ctx.db, email))[0]!.vibeCheck).toBe(text);
  });

  it('refuses a filled honeypot and stores nothing', async () => {
    const email = uniqueEmail('vendor-bot');
    expect((await submit({ ...valid(email), fax: 'http://spam.example' })).status).toBe(400);
    expect(await allyRowsBySubmitter(t.ctx.db, email)).toHaveLength(0);
  });

  it('is rate limited like the other public forms', async () => {
    const limited = await startTestApp({ RATE_LIMIT_FORMS_PER_HOUR: '2' });
    try {
      const statuses = [];
      for (let i = 0; i < 3; i++)
        statuses.push((await callApp(`${limited.url}/api/allies/submit`, 'POST', { body: valid(uniqueEmail('vendor-rate')) })).status);
      expect(statuses).toEqual([201, 201, 429]);
    } finally {
      await limited.close();
    }
  });
});

describe('GET /api/allies', () => {
  it('answers 401 to a visitor and 403 with the spec message to a free member', async () => {
    const visitor = await search(undefined);
    expect(visitor.status).toBe(401);
    expect(visitor.json.message).toBeTruthy();
    const member = await search(free.cookie);
    expect(member.status).toBe(403);
    expect(member.json.message).toBe('The Allies directory is available to premium subscribers only.');
  });

  it('returns only approved allies, with the directory fields and last verified date', async () => {
    const pendingRes = await submit(valid(uniqueEmail('vendor-pending'), { name: `Pending ${marker}` }));
    const { id: pendingId } = pendingRes.json;
    const approvedId = await submitApproved({ name: `Approved ${marker}` });

    const res = await search(premium.cookie, { search: marker });
    expect(res.status).toBe(200);
    const page = res.json;
    const ids = page.allies.map((a: { id: string }) => a.id);
    expect(ids).toContain(approvedId);
    expect(ids).not.toContain(pendingId);
    const ally = page.allies.find((a: { id: string }) => a.id === approvedId);
    expect(Object.keys(ally).sort()).toEqual(
      [
        'category',
        'howTheyHelp',
        'id',
        'lastVerifiedAt',
        'myReview',
        'name',
        'offerForMembers',
        'rating',
        'tagline',
        'traction',
        'vibeCheck',
        'website',
        'whatMakesDifferent',
      ].sort(),
    );
    expect(ally.lastVerifiedAt).toMatch(/^\d{4}-\d\d-\d\dT/);
    expect(ally.rating).toEqual({ average: null, count: 0 });
  });

  it('searches name, tagline and descriptive fields case-insensitively, every word, and filters by category', async () => {
    const word = `${marker}kw`;
    const inTagline = await submitApproved({ name: `Tagline Co ${marker}`, tagline: `We do ${word.toUpperCase()} work`, category: 'Impact' });
    const inVibe = await submitApproved({ name: `Vibe Co ${marker}`, vibeCheck: `Totally ${word}`, category: 'Humans' });
    const other = await submitApproved({ name: `Other Co ${marker}`, category: 'Impact' });

    const all = (await search(premium.cookie, { search: word })).json;
    expect(all.allies.map((a: { id: string }) => a.id).sort()).toEqual([inTagline, inVibe].sort());
    expect(all.total).toBe(2);

    const impact = (await search(premium.cookie, { search: word, category: 'Impact' })).json;
    expect(impact.allies.map((a: { id: string }) => a.id)).toEqual([inTagline]);

    const twoWords = (await search(premium.cookie, { search: `vibe ${word}` })).json;
    expect(twoWords.allies.map((a: { id: string }) => a.id)).toEqual([inVibe]);

    const byCategory = (await search(premium.cookie, { search: marker, category: 'impact' })).json;
    const ids = byCategory.allies.map((a: { id: string }) => a.id);
    expect(ids).toContain(other);
    expect(ids).not.toContain(inVibe);
  });

  it('orders name matches first, then by name', async () => {
    const word = `${marker}ord`;
    const inName = await submitApproved({ name: `Zeta ${word}` });
    const inTagline = await submitApproved({ name: `Alpha ${marker}`, tagline: word });
    const page = (await search(premium.cookie, { search: word })).json;
    expect(page.allies.map((a: { id: string }) => a.id)).toEqual([inName, inTagline]);
  });

  it.each([
    ['a percent sign', '%'],
    ['an underscore', '_'],
    ['a backslash', '\\'],
    ['quotes', `'"; drop table allies; --`],
    ['10 kB of text', 'a%b'.repeat(2500)],
    ['unicode', 'café 🌱 ünïcode'],
    ['an unknown category', ''],
  ])('answers normally to a search with %s', async (_label, text) => {
    const res = await search(premium.cookie, { search: text, category: text ? '' : 'Snacks', page: 'abc' });
    expect(res.status).toBe(200);
    const page = res.json;
    expect(Array.isArray(page.allies)).toBe(true);
    if (text === '%' || text === '_' || text === '\\') {
      expect(page.allies.every((a: Record<string, string>) => JSON.stringify(a).includes(text === '\\' ? '\\\\' : text))).toBe(true);
    }
  });

  it('answers normally to repeated or odd parameters', async () => {
    const res = await callApp(`${t.url}/api/allies?search=a&search=b&category=Fuel&category=Gears&page=2&page=x`, 'GET', { cookie: premium.cookie });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ page: 1 });
  });

  it('matches wildcard characters literally', async () => {
    const id = await submitApproved({ name: `Percent ${marker}`, tagline: `100%_${marker}` });
    const page = (await search(premium.cookie, { search: `100%_${marker}` })).json;
    expect(page.allies.map((a: { id: string }) => a.id)).toEqual([id]);
    const none = (await search(premium.cookie, { search: `100_%${marker}` })).json;
    expect(none.allies).toEqual([]);
  });

  it('pages through results 24 at a time', async () => {
    const word = `${marker}pg`;
    for (let i = 0; i < 26; i++) await submitApproved({ name: `Pager ${String(i).padStart(2, '0')} ${word}` });
    const first = (await search(premium.cookie, { search: word })).json;
    const second = (await search(premium.cookie, { search: word, page: '2' })).json;
    expect(first).toMatchObject({ total: 26, page: 1, pageSize: 24 });
    expect(first.allies).toHaveLength(24);
    expect(second.allies.map((a: { name: string }) => a.name)).toEqual([`Pager 24 ${word}`, `Pager 25 ${word}`]);
  });
});

describe('ally reviews', () => {
  const review = (cookie: string, id: string, body: unknown) => callApp(`${t.url}/api/allies/${id}/review`, 'PUT', { body, cookie });
  const removeReview = (cookie: string, id: string) => callApp(`${t.url}/api/allies/${id}/review`, 'DELETE', { cookie });
  const ratingOf = async (cookie: string, id: string, name: string) => {
    const page = (await search(cookie, { search: name })).json;
    return page.allies.find((a: { id: string }) => a.id === id);
  };

  it('lets premium members rate once each, edit and delete their own, and shows average and count', async () => {
    const name = `Reviewed ${marker}`;
    const id = await submitApproved({ name });
    expect((await review(premium.cookie, id, { rating: 5, comment: 'Great partner' })).status).toBe(200);
    expect((await review(premium2.cookie, id, { rating: 2 })).status).toBe(200);
    expect((await ratingOf(premium.cookie, id, name)).rating).toEqual({ average: 3.5, count: 2 });

    expect((await review(premium.cookie, id, { rating: 4, comment: 'Good partner' })).status).toBe(200);
    const mine = await ratingOf(premium.cookie, id, name);
    expect(mine.rating).toEqual({ average: 3, count: 2 });
    expect(mine.myReview).toEqual({ rating: 4, comment: 'Good partner', hidden: false });

    const list = (await callApp(`${t.url}/api/allies/${id}/reviews`, 'GET', { cookie: premium.cookie })).json;
    expect(list.reviews).toHaveLength(2);
    expect(list.reviews.find((r: { mine: boolean }) => r.mine)).toMatchObject({ rating: 4, comment: 'Good partner', author: 'Ada L.' });
    expect(list.reviews.find((r: { mine: boolean }) => !r.mine)).toMatchObject({ rating: 2, author: 'Grace H.' });

    expect((await removeReview(premium.cookie, id)).status).toBe(204);
    expect((await removeReview(premium.cookie, id)).status).toBe(404);
    expect((await ratingOf(premium.cookie, id, name)).rating).toEqual({ average: 2, count: 1 });
  });

  it('leaves hidden reviews out of the average and the list', async () => {
    const name = `Hidden ${marker}`;
    const id = await submitApproved({ name });
    await review(premium.cookie, id, { rating: 1, comment: 'spam' });
    await review(premium2.cookie, id, { rating: 5 });
    await t.ctx.db
      .update(allyReviews)
      .set({ hidden: true })
      .where(and(eq(allyReviews.allyId, id), eq(allyReviews.rating, 1)));
    expect((await ratingOf(premium2.cookie, id, name)).rating).toEqual({ average: 5, count: 1 });
    const list = (await callApp(`${t.url}/api/allies/${id}/reviews`, 'GET', { cookie: premium2.cookie })).json;
    expect(list.reviews.map((r: { rating: number }) => r.rating)).toEqual([5]);
  });

  it('refuses bad ratings, free members, visitors, pending and unknown allies', async () => {
    const id = await submitApproved();
    for (const body of [
      { rating: 0 },
      { rating: 6 },
      { rating: 3.5 },
      { rating: '4' },
      {},
      { rating: 3, comment: 'x'.repeat(501) },
      { rating: 3, comment: '<script>x</script>' },
      { rating: 3, extra: 1 },
    ]) {
      const res = await review(premium.cookie, id, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
    }
    expect((await review(free.cookie, id, { rating: 3 })).status).toBe(403);
    expect((await callApp(`${t.url}/api/allies/${id}/review`, 'PUT', { body: { rating: 3 } })).status).toBe(401);
    const pending = (await submit(valid(uniqueEmail('vendor-pend')))).json;
    expect((await review(premium.cookie, pending.id, { rating: 3 })).status).toBe(404);
    expect((await review(premium.cookie, 'not-a-uuid', { rating: 3 })).status).toBe(404);
    expect((await review(premium.cookie, '00000000-0000-4000-8000-000000000000', { rating: 3 })).status).toBe(404);
  });
});
