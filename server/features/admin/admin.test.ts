import { asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { adminAuditLog, sessions, users } from '../../db/schema';
import { allies, allyReviews } from '../allies/schema';
import { checkupResults } from '../checkup/schema';
import { contactMessages } from '../contact/schema';
import { communitySignups, newsletterSignups } from '../newsletter/schema';
import { localBillingSubscriptions } from '../../payment-providers/schema';
import { goodCard, memberApi } from '../../test/payments';
import { startTestApp, type TestApp } from '../../test/app';
import { callApp } from '../../test/call-app';
import { uniqueEmail } from '../../test/unique-email';
import { registerAccount, type TestAccount } from '../../test/auth-client';
import { csvLine } from '../../csv-writing';
import { siteLocalToInstant } from '#shared/site-time';
import { siteDate } from '#shared/site-year';
import { EXPORT_BATCH } from './list-export';

// Every account costs a scrypt hash: slow on a busy machine.
vi.setConfig({ testTimeout: 60_000 });

let t: TestApp;
let admin: TestAccount;
let member: TestAccount;
let premium: TestAccount;

const makeAdmin = (id: unknown) =>
  t.ctx.db
    .update(users)
    .set({ isAdmin: true })
    .where(eq(users.id, id as string));

beforeAll(async () => {
  t = await startTestApp({ RATE_LIMIT_REGISTER_PER_HOUR: '1000' });
  [admin, member, premium] = await Promise.all([registerAccount(t.url, 'admin'), registerAccount(t.url, 'member'), registerAccount(t.url, 'premium')]);
  await makeAdmin(admin.user.id);
  await t.ctx.db
    .update(users)
    .set({ isPremium: true })
    .where(eq(users.id, premium.user.id as string));
});
afterAll(() => t.close());

const call = (method: string, path: string, cookie?: string, body?: unknown) => callApp(`${t.url}${path}`, method, { body, cookie });
const asAdmin = (method: string, path: string, body?: unknown) => call(method, path, admin.cookie, body);

async function seedAlly(overrides: Partial<typeof allies.$inferInsert> = {}) {
  const [row] = await t.ctx.db
    .insert(allies)
    .values({ name: `Ally ${Math.random().toString(36).slice(2)}`, category: 'Gears', submitterEmail: uniqueEmail('ally'), ...overrides })
    .returning();
  return row!;
}
async function seedContact(overrides: Partial<typeof contactMessages.$inferInsert> = {}) {
  const [row] = await t.ctx.db
    .insert(contactMessages)
    .values({ name: 'Jo', email: uniqueEmail('contact'), contactType: 'support', message: 'Hello', ...overrides })
    .returning();
  return row!;
}
async function seedCheckup(email = uniqueEmail('quiz')) {
  const [row] = await t.ctx.db
    .insert(checkupResults)
    .values({ email, score: 42, totalScore: 42, categoryScores: { IMPACT: 8, HUMANS: 8, FUEL: 8, GEARS: 9, FUTURE: 9 }, answers: { 1: 2 } })
    .returning();
  return row!;
}
async function seedNewsletter(email = uniqueEmail('news'), name = 'News Person') {
  const [row] = await t.ctx.db.insert(newsletterSignups).values({ email, name }).returning();
  return row!;
}
const auditFor = (targetId: string) => t.ctx.db.select().from(adminAuditLog).where(eq(adminAuditLog.targetId, targetId)).orderBy(asc(adminAuditLog.id));

const uuid = '00000000-0000-4000-8000-000000000000';
const endpoints: [string, string, unknown?][] = [
  ['GET', '/api/admin/users'],
  ['GET', '/api/admin/signups'],
  ['GET', '/api/admin/checkups'],
  ['GET', '/api/admin/allies'],
  ['GET', '/api/admin/newsletters'],
  ['GET', '/api/admin/contacts'],
  ['GET', '/api/admin/audit-log'],
  ['GET', '/api/admin/users.csv'],
  ['GET', '/api/admin/summary'],
  ['GET', '/api/admin/activity'],
  ['GET', '/api/admin/charts'],
  ['GET', '/api/admin/funnel'],
  ['PATCH', `/api/admin/users/${uuid}/admin`, { isAdmin: true }],
  ['PATCH', `/api/admin/users/${uuid}/premium`, { isPremium: true }],
  ['DELETE', `/api/admin/users/${uuid}`],
  ['PATCH', `/api/admin/allies/${uuid}/approve`],
  ['PATCH', `/api/admin/allies/${uuid}/unapprove`],
  ['PATCH', `/api/admin/allies/${uuid}/verify`],
  ['DELETE', `/api/admin/allies/${uuid}`],
  ['PATCH', `/api/admin/reviews/${uuid}/hidden`, { hidden: true }],
  ['PATCH', `/api/admin/contacts/${uuid}/status`, { status: 'resolved' }],
  ['PATCH', `/api/admin/contacts/${uuid}/outreach`, { completed: true }],
  ['PATCH', `/api/admin/checkups/${uuid}/outreach`, { completed: true }],
  ['PATCH', `/api/admin/newsletters/${uuid}/outreach`, { completed: true }],
];

describe('admin API: who may call it', () => {
  it('answers 401 to visitors and 403 to members and premium members on every endpoint', async () => {
    for (const [method, path, body] of endpoints) {
      expect((await call(method, path, undefined, body)).status, `${method} ${path}`).toBe(401);
      expect((await call(method, path, member.cookie, body)).status, `${method} ${path}`).toBe(403);
      const asPremium = await call(method, path, premium.cookie, body);
      expect(asPremium.status, `${method} ${path}`).toBe(403);
      expect(asPremium.json).toEqual({ message: 'Admin privileges required.' });
    }
  });

  it('checks authorization before validating ids, queries and bodies', async () => {
    expect((await call('PATCH', '/api/admin/users/not-a-uuid/admin', undefined, { nonsense: 1 })).status).toBe(401);
    expect((await call('PATCH', '/api/admin/users/not-a-uuid/admin', member.cookie, { nonsense: 1 })).status).toBe(403);
    expect((await call('GET', '/api/admin/users?page=-1&sort=password', member.cookie)).status).toBe(403);
    const malformed = await callApp(`${t.url}/api/admin/contacts/${uuid}/status`, 'PATCH', {
      raw: '{oops',
      cookie: member.cookie,
      headers: { 'content-type': 'application/json' },
    });
    expect(malformed.status).toBe(403);
  });

  it('answers 404 for unknown ids and 400 for malformed ids to an admin', async () => {
    for (const [method, path, body] of endpoints.filter(([, p]) => p.includes(uuid))) {
      const res = await asAdmin(method, path, body);
      expect(res.status, `${method} ${path}`).toBe(404);
      expect(res.json.message).toMatch(/not found/);
      const bad = await asAdmin(method, path.replace(uuid, "1'; drop table users;--"), body);
      expect(bad.status, `${method} ${path}`).toBe(400);
      expect(bad.json.errors).toHaveProperty('id');
    }
  });
});

describe('admin lists', () => {
  it('pages, sorts and counts the users in SQL', async () => {
    const res = await asAdmin('GET', '/api/admin/users?pageSize=2&page=1&sort=-createdAt');
    expect(res.status).toBe(200);
    expect(res.json.items).toHaveLength(2);
    expect(res.json.total).toBeGreaterThanOrEqual(3);
    expect(res.json).toMatchObject({ page: 1, pageSize: 2 });
    expect(Object.keys(res.json.items[0]).sort()).toEqual([
      'createdAt',
      'email',
      'firstName',
      'id',
      'isAdmin',
      'isPremium',
      'lastName',
      'name',
      'premiumGrant',
    ]);
    expect(res.headers.get('cache-control')).toBe('no-store');
  });

  it('searches by case-insensitive prefix of email or name', async () => {
    const found = await asAdmin('GET', `/api/admin/users?search=${encodeURIComponent(admin.email.toUpperCase().slice(0, 18))}`);
    expect(found.json.items.map((u: { id: string }) => u.id)).toContain(admin.user.id);
    const none = await asAdmin('GET', `/api/admin/users?search=${encodeURIComponent(`${admin.email}x`)}`);
    expect(none.json).toMatchObject({ items: [], total: 0 });
  });

  it('finds three or more characters anywhere in a value, on every list; one or two match the start', async () => {
    const tag = uniqueEmail('in').split('@')[0]!.replace(/\W/g, '');
    const domain = `big${tag}.org`;
    const news = await seedNewsletter(`director@${domain}`, `Ana ${tag} Silva`);
    const contact = await seedContact({ email: `ed@${domain}`, organization: `The ${tag} Trust` });
    const ally = await seedAlly({ name: `Helpful ${tag} Partners` });
    const ids = async (path: string, search: string) =>
      (await asAdmin('GET', `${path}?search=${encodeURIComponent(search)}`)).json.items.map((i: { id: string }) => i.id);
    expect(await ids('/api/admin/newsletters', `@${domain}`)).toEqual([news.id]);
    expect(await ids('/api/admin/newsletters', `${tag.toUpperCase()} silva`)).toEqual([news.id]);
    expect(await ids('/api/admin/contacts', `@${domain}`)).toEqual([contact.id]);
    expect(await ids('/api/admin/contacts', `${tag} trust`)).toEqual([contact.id]);
    expect(await ids('/api/admin/allies', `${tag} partners`)).toEqual([ally.id]);
    const csv = await callApp(`${t.url}/api/admin/newsletters.csv?search=${encodeURIComponent(`@${domain}`)}`, 'GET', { cookie: admin.cookie });
    expect(csv.text.trim().split('\n')).toHaveLength(2);
    // "or" is inside "director" but not at the start of any of these values.
    const short = await ids('/api/admin/newsletters', 'ir');
    expect(short).not.toContain(news.id);
    expect(await ids('/api/admin/newsletters', 'di')).toContain(news.id);
  });

  it('treats wildcards and quotes in a search as plain text', async () => {
    for (const search of ['%', '_', "' or 1=1 --", '\\', '"; drop table users; --']) {
      const res = await asAdmin('GET', `/api/admin/users?search=${encodeURIComponent(search)}`);
      expect(res.status, search).toBe(200);
      expect(res.json.total, search).toBe(0);
    }
    const tag = uniqueEmail('w').split('@')[0]!;
    const news = await seedNewsletter(`50%_${tag}@example.org`);
    await seedNewsletter(`50xy${tag}@example.org`);
    // As wildcards, % and _ would match the second address too.
    const literal = await asAdmin('GET', `/api/admin/newsletters?search=${encodeURIComponent(`50%_${tag}`)}`);
    expect(literal.json.items.map((n: { id: string }) => n.id)).toEqual([news.id]);
  });

  it('refuses bad pages, sizes, sorts and unknown parameters with 400 naming the field', async () => {
    const cases: [string, string][] = [
      ['page=-1', 'page'],
      ['page=0', 'page'],
      ['page=abc', 'page'],
      ['page=99999999999', 'page'],
      ['page=1.5', 'page'],
      ['pageSize=1000', 'pageSize'],
      ['sort=passwordHash', 'sort'],
      ['sort=-password_hash', 'sort'],
      ['sort=createdAt;drop', 'sort'],
      ['evil=1', 'evil'],
    ];
    for (const [query, field] of cases) {
      const res = await asAdmin('GET', `/api/admin/users?${query}`);
      expect(res.status, query).toBe(400);
      expect(Object.keys(res.json.errors), query).toContain(field);
    }
    expect((await asAdmin('GET', '/api/admin/contacts?status=archived')).status).toBe(400);
    expect((await asAdmin('GET', '/api/admin/checkups?sort=lastName')).status).toBe(400);
  });

  it('answers a page beyond the end with an empty page and the total', async () => {
    const res = await asAdmin('GET', '/api/admin/allies?page=100000');
    expect(res.status).toBe(200);
    expect(res.json.items).toEqual([]);
  });

  it('lists each entity with its admin fields', async () => {
    const news = await seedNewsletter(member.email);
    const plain = await seedNewsletter();
    const [signup] = await t.ctx.db
      .insert(communitySignups)
      .values({ email: uniqueEmail('slack'), signupType: 'checkup' })
      .returning();
    const checkup = await seedCheckup();
    const ally = await seedAlly();
    const contact = await seedContact();
    const newsletters = await asAdmin('GET', `/api/admin/newsletters?search=${encodeURIComponent(member.email)}`);
    expect(newsletters.json.items).toEqual([expect.objectContaining({ id: news.id, upgraded: true, outreachCompleted: false, outreachDate: null })]);
    expect((await asAdmin('GET', `/api/admin/newsletters?search=${encodeURIComponent(plain.email)}`)).json.items[0].upgraded).toBe(false);
    expect((await asAdmin('GET', `/api/admin/signups?search=${encodeURIComponent(signup!.email)}`)).json.items[0]).toMatchObject({
      id: signup!.id,
      signupType: 'checkup',
    });
    const checkups = await asAdmin('GET', `/api/admin/checkups?search=${encodeURIComponent(checkup.email)}&sort=score`);
    expect(checkups.json.items[0]).toMatchObject({ id: checkup.id, score: 42, categoryScores: { IMPACT: 8 } });
    expect(checkups.json.items[0]).not.toHaveProperty('answers');
    const pending = await asAdmin('GET', `/api/admin/allies?status=pending&search=${encodeURIComponent(ally.name)}`);
    expect(pending.json.items[0]).toMatchObject({ id: ally.id, approved: false, lastVerifiedAt: null });
    expect((await asAdmin('GET', `/api/admin/allies?status=approved&search=${encodeURIComponent(ally.name)}`)).json.total).toBe(0);
    expect((await asAdmin('GET', `/api/admin/contacts?status=new&search=${encodeURIComponent(contact.email)}`)).json.items[0]).toMatchObject({
      id: contact.id,
      status: 'new',
    });
  });
});

describe('admin changes', () => {
  it('grants and revokes admin and premium, each written to the audit log', async () => {
    const target = await registerAccount(t.url, 'target');
    const granted = await asAdmin('PATCH', `/api/admin/users/${target.user.id}/admin`, { isAdmin: true });
    expect(granted.status).toBe(200);
    expect(granted.json).toMatchObject({ id: target.user.id, isAdmin: true });
    expect((await asAdmin('PATCH', `/api/admin/users/${target.user.id}/premium`, { isPremium: true })).json.isPremium).toBe(true);
    expect((await asAdmin('PATCH', `/api/admin/users/${target.user.id}/admin`, { isAdmin: false })).json.isAdmin).toBe(false);
    const log = await auditFor(target.user.id as string);
    expect(log.map((l) => l.action).sort()).toEqual(['user.admin.grant', 'user.admin.revoke', 'user.premium.grant']);
    expect(log[0]).toMatchObject({ adminId: admin.user.id, adminEmail: admin.email, targetType: 'user' });
    const listed = await asAdmin('GET', `/api/admin/audit-log?search=${target.user.id}`);
    expect(listed.json.total).toBe(3);
  });

  it('refuses wrong types and unknown fields without changing anything', async () => {
    const target = await registerAccount(t.url, 'typed');
    for (const body of [{ isAdmin: 'true' }, { isAdmin: 1 }, {}, { isAdmin: true, extra: 1 }]) {
      const res = await asAdmin('PATCH', `/api/admin/users/${target.user.id}/admin`, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.json.message).toBeTruthy();
    }
    const noBody = await asAdmin('PATCH', `/api/admin/users/${target.user.id}/premium`);
    expect(noBody.status).toBe(400);
    const [row] = await t.ctx.db
      .select()
      .from(users)
      .where(eq(users.id, target.user.id as string));
    expect(row).toMatchObject({ isAdmin: false, isPremium: false });
    expect(await auditFor(target.user.id as string)).toEqual([]);
  });

  it('lets the last change win when two admins set the same flag', async () => {
    const other = await registerAccount(t.url, 'admin2');
    await makeAdmin(other.user.id);
    const target = await registerAccount(t.url, 'contested');
    const path = `/api/admin/users/${target.user.id}/premium`;
    const [a, b] = await Promise.all([asAdmin('PATCH', path, { isPremium: true }), call('PATCH', path, other.cookie, { isPremium: false })]);
    expect([a.status, b.status]).toEqual([200, 200]);
    const final = await asAdmin('PATCH', path, { isPremium: true });
    expect(final.json.isPremium).toBe(true);
    expect((await auditFor(target.user.id as string)).length).toBe(3);
  });

  it('deletes a user, ending their sessions and cancelling their subscription', async () => {
    const target = await registerAccount(t.url, 'leaver');
    // A real paid membership, through the local provider's checkout.
    const api = memberApi(t, target.cookie);
    const { url } = (await api.post('/api/create-checkout-session', { planType: 'monthly' })).json;
    expect((await api.post(`/api/billing/local/checkouts/${url.split('/').pop()}/pay`, goodCard)).status).toBe(200);
    expect((await call('GET', '/api/user', target.cookie)).status).toBe(200);
    expect((await callApp(`${t.url}/api/newsletter/signup`, 'POST', { body: { email: target.email }, cookie: target.cookie })).status).toBe(201);
    const res = await asAdmin('DELETE', `/api/admin/users/${target.user.id}`);
    expect(res.status).toBe(200);
    expect((await call('GET', '/api/user', target.cookie)).status).toBe(401);
    expect(
      await t.ctx.db
        .select()
        .from(sessions)
        .where(eq(sessions.userId, target.user.id as string)),
    ).toEqual([]);
    const [log] = await auditFor(target.user.id as string);
    expect(log).toMatchObject({ action: 'user.delete', details: { sessionsEnded: 1, subscriptionsCancelled: 1 } });
    // Erased as the member's own deletion erases: no entry about them keeps their address, nor does their signup.
    expect(JSON.stringify(await auditFor(target.user.id as string))).not.toContain(target.email);
    expect(await t.ctx.db.select().from(newsletterSignups).where(eq(newsletterSignups.email, target.email))).toEqual([]);
    // Cancelled at the provider too: nobody is charged for a deleted account.
    const [providerSub] = await t.ctx.db
      .select()
      .from(localBillingSubscriptions)
      .where(eq(localBillingSubscriptions.userId, target.user.id as string));
    expect(providerSub!.status).toBe('canceled');
    expect((await asAdmin('DELETE', `/api/admin/users/${target.user.id}`)).status).toBe(404);
  });

  it('approves, unapproves, verifies and deletes allies', async () => {
    const ally = await seedAlly();
    const approved = await asAdmin('PATCH', `/api/admin/allies/${ally.id}/approve`);
    expect(approved.json).toMatchObject({ id: ally.id, approved: true });
    expect(approved.json.lastVerifiedAt).toBeTruthy();
    const unapproved = await asAdmin('PATCH', `/api/admin/allies/${ally.id}/unapprove`);
    expect(unapproved.json.approved).toBe(false);
    const verified = await asAdmin('PATCH', `/api/admin/allies/${ally.id}/verify`);
    expect(new Date(verified.json.lastVerifiedAt).getTime()).toBeGreaterThanOrEqual(new Date(approved.json.lastVerifiedAt).getTime());
    expect((await asAdmin('PATCH', `/api/admin/allies/${ally.id}/approve`, { extra: true })).status).toBe(400);
    expect((await asAdmin('DELETE', `/api/admin/allies/${ally.id}`)).status).toBe(200);
    expect(await t.ctx.db.select().from(allies).where(eq(allies.id, ally.id))).toEqual([]);
    expect((await auditFor(ally.id)).map((l) => l.action).sort()).toEqual(['ally.approve', 'ally.delete', 'ally.unapprove', 'ally.verify']);
  });

  it('hides and shows a review', async () => {
    const ally = await seedAlly({ approved: true });
    const [review] = await t.ctx.db
      .insert(allyReviews)
      .values({ allyId: ally.id, userId: premium.user.id as string, rating: 5 })
      .returning();
    expect((await asAdmin('PATCH', `/api/admin/reviews/${review!.id}/hidden`, { hidden: true })).json.hidden).toBe(true);
    expect((await asAdmin('PATCH', `/api/admin/reviews/${review!.id}/hidden`, { hidden: 'yes' })).status).toBe(400);
    expect((await asAdmin('PATCH', `/api/admin/reviews/${review!.id}/hidden`, { hidden: false })).json.hidden).toBe(false);
  });

  it('sets a contact status to one of new, contacted, resolved only', async () => {
    const contact = await seedContact();
    for (const status of ['contacted', 'resolved', 'new']) {
      expect((await asAdmin('PATCH', `/api/admin/contacts/${contact.id}/status`, { status })).json.status).toBe(status);
    }
    for (const status of ['archived', 'NEW', '', null]) {
      const res = await asAdmin('PATCH', `/api/admin/contacts/${contact.id}/status`, { status });
      expect(res.status).toBe(400);
      expect(res.json.errors).toHaveProperty('status');
    }
  });

  it('sets and clears the outreach flag with its date on contacts, check-ups and newsletter signups', async () => {
    const targets = { contacts: (await seedContact()).id, checkups: (await seedCheckup()).id, newsletters: (await seedNewsletter()).id };
    for (const [list, id] of Object.entries(targets)) {
      const done = await asAdmin('PATCH', `/api/admin/${list}/${id}/outreach`, { completed: true });
      expect(done.json).toMatchObject({ id, outreachCompleted: true });
      expect(Date.now() - new Date(done.json.outreachDate).getTime()).toBeLessThan(60_000);
      const undone = await asAdmin('PATCH', `/api/admin/${list}/${id}/outreach`, { completed: false });
      expect(undone.json).toMatchObject({ outreachCompleted: false, outreachDate: null });
      expect((await asAdmin('PATCH', `/api/admin/${list}/${id}/outreach`, { completed: 'no' })).status).toBe(400);
    }
  });

  it('never lets the audit log be edited', async () => {
    expect((await asAdmin('DELETE', '/api/admin/audit-log')).status).toBe(404);
    expect((await asAdmin('PATCH', '/api/admin/audit-log/1', { action: 'x' })).status).toBe(404);
  });
});

describe('the last admin', () => {
  it.skipIf(process.env.TEST_DB === 'postgres')(
    'cannot remove their own admin role or delete themselves (409), but can once another admin exists',
    async () => {
      // A fresh database of its own: here the admin really is the only one.
      const own = await startTestApp({ RATE_LIMIT_REGISTER_PER_HOUR: '1000' });
      try {
        const only = await registerAccount(own.url, 'only');
        await own.ctx.db
          .update(users)
          .set({ isAdmin: true })
          .where(eq(users.id, only.user.id as string));
        const patch = (id: unknown, cookie: string, isAdmin: boolean) =>
          callApp(`${own.url}/api/admin/users/${id}/admin`, 'PATCH', { body: { isAdmin }, cookie });
        const refused = await patch(only.user.id, only.cookie, false);
        expect(refused.status).toBe(409);
        expect(refused.json.message).toMatch(/last admin/);
        const selfDelete = await callApp(`${own.url}/api/admin/users/${only.user.id}`, 'DELETE', { cookie: only.cookie });
        expect(selfDelete.status).toBe(409);
        const second = await registerAccount(own.url, 'second');
        expect((await patch(second.user.id, only.cookie, true)).status).toBe(200);
        expect((await patch(only.user.id, only.cookie, false)).status).toBe(200);
      } finally {
        await own.close();
      }
    },
  );
});

describe('admin reports', () => {
  it('summarises the site in counts', async () => {
    await seedContact();
    const res = await asAdmin('GET', `/api/admin/summary?todayStart=${encodeURIComponent(new Date(Date.now() - 3600_000).toISOString())}`);
    expect(res.status).toBe(200);
    expect(res.json.totalUsers).toBeGreaterThanOrEqual(3);
    expect(res.json.premiumUsers).toBeGreaterThanOrEqual(1);
    expect(res.json.contacts).toBeGreaterThanOrEqual(1);
    expect(res.json.today.premium).toBeGreaterThanOrEqual(1);
    for (const key of ['checkups', 'newsletters', 'pendingAllies', 'newContacts', 'thisMonth']) expect(typeof res.json[key]).toBe('number');
    expect((await asAdmin('GET', '/api/admin/summary?todayStart=yesterday')).status).toBe(400);
  });

  it('lists the newest 20 activity items, newest first', async () => {
    const checkup = await seedCheckup();
    const res = await asAdmin('GET', '/api/admin/activity');
    expect(res.json.length).toBeLessThanOrEqual(20);
    expect(res.json.find((a: { id: string }) => a.id === checkup.id)).toMatchObject({ kind: 'quiz', detail: '42/80' });
    const times = res.json.map((a: { createdAt: string }) => Date.parse(a.createdAt));
    expect(times).toEqual([...times].sort((x: number, y: number) => y - x));
  });

  it('gives 26 weeks of charts, pillar grades and the funnel', async () => {
    await seedCheckup();
    const charts = await asAdmin('GET', '/api/admin/charts');
    expect(charts.json.weeks).toHaveLength(26);
    expect(charts.json.weeks.at(-1).checkups).toBeGreaterThanOrEqual(1);
    expect(charts.json.pillars.map((p: { pillar: string }) => p.pillar)).toEqual(['IMPACT', 'HUMANS', 'FUEL', 'GEARS', 'FUTURE']);
    expect(charts.json.pillars[0].grade).toEqual(expect.any(Number));
    await callApp(`${t.url}/api/events`, 'POST', { body: { kind: 'quiz_start', path: '/checkup' } });
    const funnel = await asAdmin('GET', '/api/admin/funnel');
    expect(funnel.json.steps).toEqual(['page_view', 'quiz_start', 'quiz_complete', 'community_signup', 'premium_signup']);
    expect(funnel.json.totals).toHaveLength(5);
  });

  it("counts each week from Monday 00:00 on the site's clock: a Check-Up late on Sunday evening in New York is the week before's", async () => {
    const zone = t.ctx.env.SITE_TIMEZONE;
    const today = siteDate(new Date(), zone);
    const sinceMonday = (new Date(Date.UTC(today.year, today.month - 1, today.day)).getUTCDay() + 6) % 7;
    const monday = new Date(Date.UTC(today.year, today.month - 1, today.day - sinceMonday)).toISOString().slice(0, 10);
    const lateSunday = new Date(siteLocalToInstant(`${monday}T00:00`, zone).getTime() - 30 * 60_000);
    const weeks = async () => (await asAdmin('GET', '/api/admin/charts')).json.weeks as { week: string; checkups: number }[];
    const before = await weeks();
    expect(before.at(-1)!.week).toBe(monday);
    await t.ctx.db.insert(checkupResults).values({
      email: uniqueEmail('late-sunday'),
      score: 40,
      totalScore: 40,
      categoryScores: { IMPACT: 8, HUMANS: 8, FUEL: 8, GEARS: 8, FUTURE: 8 },
      answers: { 1: 2 },
      createdAt: lateSunday,
    });
    const after = await weeks();
    expect(after.at(-2)!.checkups).toBe(before.at(-2)!.checkups + 1);
    expect(after.at(-1)!.checkups).toBe(before.at(-1)!.checkups);
  });

  it('exports a list as CSV with the search applied, quoted and formula-safe', async () => {
    const evil = await seedContact({ name: '=HYPERLINK("http://x")', subject: 'a, "b"\nc' });
    const res = await callApp(`${t.url}/api/admin/contacts.csv?search=${encodeURIComponent(evil.email)}`, 'GET', { cookie: admin.cookie });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/csv/);
    expect(res.headers.get('content-disposition')).toMatch(/attachment; filename="contacts-/);
    const text = res.text;
    const [header, ...rest] = text.split('\r\n');
    expect(header).toBe('id,name,email,organization,contactType,subject,message,status,createdAt,outreachCompleted,outreachDate,premium');
    expect(rest.join('\r\n')).toContain(`${evil.id},"'=HYPERLINK(""http://x"")",${evil.email},,support,"a, ""b""\nc",Hello,new,`);
    expect(text.endsWith('\r\n')).toBe(true);
    const upgraded = await seedNewsletter(premium.email.toUpperCase());
    const newsCsv = (await callApp(`${t.url}/api/admin/newsletters.csv?search=${encodeURIComponent(premium.email)}`, 'GET', { cookie: admin.cookie })).text;
    expect(newsCsv.split('\r\n')[0]).toBe(
      'id,name,email,organization,createdAt,updatedAt,source,outreachCompleted,outreachDate,status,upgraded,suppressed,suppressedBecause,suppressedAt',
    );
    expect(newsCsv).toContain(`${upgraded.id},News Person,${upgraded.email},`);
    expect(newsCsv.split('\r\n')[1]).toMatch(/,true,false,,$/);
    expect((await callApp(`${t.url}/api/admin/contacts.csv?sort=nope`, 'GET', { cookie: admin.cookie })).status).toBe(400);
  });

  it('writes each exported cell as csvCell writes the value the list shows (uuid, text, numbers, booleans, timestamps and nulls)', async () => {
    const email = `twin${Date.now().toString(36)}@example.org`;
    await t.ctx.db.execute(sql`insert into checkup_results (email, score, total_score, category_scores, answers, outreach_completed, outreach_date)
      values (${email}, 40, 41, '{}'::jsonb, '{}'::jsonb, true, '2026-02-03 04:05:06.789+00'),
             (${email}, 0, 0, '{}'::jsonb, '{}'::jsonb, false, null)`);
    const page = await asAdmin('GET', `/api/admin/checkups?search=${encodeURIComponent(email)}`);
    expect(page.json.items).toHaveLength(2);
    const lines = (await callApp(`${t.url}/api/admin/checkups.csv?search=${encodeURIComponent(email)}`, 'GET', { cookie: admin.cookie })).text.split('\r\n');
    const header = lines[0]!.split(',');
    const expected = page.json.items.map((row: Record<string, unknown>) => csvLine(header.map((name) => row[name])).replace(/\r\n$/, ''));
    expect(lines.slice(1, 3)).toEqual(expected);
  });

  it('exports every row once and in order across pieces and batches, even rows sharing one timestamp to the microsecond', async () => {
    const prefix = `batch${Date.now().toString(36)}`;
    await t.ctx.db.execute(sql`insert into checkup_results (email, score, total_score, category_scores, answers, created_at)
      select ${prefix} || '.' || i || '@example.org', 40, 40, '{}'::jsonb, '{}'::jsonb, '2026-01-01 10:00:00.123456+00'
      from generate_series(1, ${EXPORT_BATCH + 7}) i`);
    const res = await callApp(`${t.url}/api/admin/checkups.csv?search=${prefix}`, 'GET', { cookie: admin.cookie });
    const lines = res.text.split('\r\n').filter(Boolean);
    expect(lines).toHaveLength(EXPORT_BATCH + 8);
    expect(new Set(lines).size).toBe(EXPORT_BATCH + 8);
    // One timestamp, so newest first means by id, descending (a uuid's text sorts as the uuid does),
    // within each piece of rows the database sends, from one piece to the next and across batches.
    const ids = lines.slice(1).map((row) => row.split(',')[0]!);
    expect(ids).toEqual([...ids].sort().reverse());
  });
});
