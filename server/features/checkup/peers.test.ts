import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { adminApiPaths } from '#shared/api/admin-paths';
import type { BudgetBand, PeerGroupSizes } from '#shared/checkup/organisation';
import type { CheckupResultView } from '#shared/checkup/schemas';
import { users } from '../../db/schema';
import { checkupPeerGroups, checkupResults } from './schema';
import { startJobRunner } from '../../jobs/runner';
import { scheduledJobs } from '../../schedule';
import { startTestApp, type TestApp } from '../../test/app';
import { callApp } from '../../test/call-app';
import { signInEveryone } from '../../test/identities';
import { answersAt, organisationEmail, seedAccountsWithAttempts, seedOrganisations } from '../../test/peer-organisations';
import { recomputePeerGroups } from './peers';

const onPostgres = process.env.TEST_DB === 'postgres';
const run = Math.random().toString(36).slice(2, 8);
let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await startTestApp({ RATE_LIMIT_FORMS_PER_HOUR: '1000' });
  admin = (await signInEveryone(t)).admin!;
});
afterAll(async () => t?.close());
// Peer figures sweep the whole table: each test starts from none (the file's database is its own).
beforeEach(async () => {
  await t.ctx.db.delete(checkupResults);
  await t.ctx.db.delete(checkupPeerGroups);
});

const submit = (body: Record<string, unknown>) =>
  callApp(`${t.url}/api/checkup-results`, 'POST', { body: { email: organisationEmail('me'), answers: answersAt(1), ...body } });
const peersOf = async (id: string) => ((await callApp(`${t.url}/api/checkup-results/${id}`)).json as CheckupResultView).peers;
const groupSize = async (group: string) => (await t.ctx.db.select().from(checkupPeerGroups).where(eq(checkupPeerGroups.peerGroup, group)))[0]?.organisations;
const hoursAgo = (hours: number) => new Date(Date.now() - hours * 3_600_000);
/** The attempts of one verified account: the same person answering again. */
async function moreAttemptsOf(userId: string, email: string, count: number, values: { budgetBand: BudgetBand; answer: number; createdAt?: Date }) {
  await t.ctx.db.insert(checkupResults).values(
    Array.from({ length: count }, (_, i) => ({
      email,
      userId,
      answers: answersAt(values.answer),
      score: 20 * values.answer,
      totalScore: 20 * values.answer,
      categoryScores: { IMPACT: 4 * values.answer, HUMANS: 4 * values.answer, FUEL: 4 * values.answer, GEARS: 4 * values.answer, FUTURE: 4 * values.answer },
      budgetBand: values.budgetBand,
      createdAt: new Date((values.createdAt ?? new Date()).getTime() - i * 1000),
    })),
  );
}

describe('peer figures', () => {
  it('are hidden for a band of 9 organisations and shown at 10, as median and middle half per pillar, never computed per request', async () => {
    // A band of its own (no other band has anyone), so "all organisations" is the same 9 and hides too.
    const [mine] = await seedOrganisations(t.ctx.db, 9, { budgetBand: '1m-5m', answer: 2 });
    await recomputePeerGroups(t.ctx.db);
    expect(await peersOf(mine!.id)).toBeNull();

    await seedOrganisations(t.ctx.db, 1, { budgetBand: '1m-5m', answer: 4 });
    // Computed on a schedule, never per request: nothing until the recomputation.
    expect(await peersOf(mine!.id)).toBeNull();
    await recomputePeerGroups(t.ctx.db);
    const peers = await peersOf(mine!.id);
    // Nine at 50% and one at 0%: the 25th percentile interpolates (at position 2.25 of 0…9) to 50.
    expect(peers).toMatchObject({ group: 'band', budgetBand: '1m-5m', organisations: 10 });
    expect(peers!.pillars.FUEL).toEqual({ p25: 50, median: 50, p75: 50 });
    expect(Object.keys(peers!.pillars).sort()).toEqual(['FUEL', 'FUTURE', 'GEARS', 'HUMANS', 'IMPACT']);
  });

  it('fall back to all organisations, labelled so, when the band has fewer than 10', async () => {
    await seedOrganisations(t.ctx.db, 9, { budgetBand: 'under-100k', answer: 1 });
    await seedOrganisations(t.ctx.db, 5, { budgetBand: '5m-plus', answer: 3 });
    await seedOrganisations(t.ctx.db, 2, { budgetBand: null, answer: 3 });
    const [mine] = await seedOrganisations(t.ctx.db, 1, { budgetBand: '5m-plus', answer: 1 });
    await recomputePeerGroups(t.ctx.db);
    const peers = await peersOf(mine!.id);
    expect(peers).toMatchObject({ group: 'all', budgetBand: '5m-plus', organisations: 17 });
    // 9 at 75%, 7 at 25% and this one at 75%: sorted, 7×25 then 10×75; the median (9th of 17) is 75.
    expect(peers!.pillars.IMPACT).toEqual({ p25: 25, median: 75, p75: 75 });
    expect(await groupSize('5m-plus')).toBe(6);
    expect(await groupSize('under-100k')).toBe(9);
    // An attempt without a band is compared with all organisations too.
    const [unbanded] = await seedOrganisations(t.ctx.db, 1, { budgetBand: null });
    expect(await peersOf(unbanded!.id)).toMatchObject({ group: 'all', budgetBand: null });
  });

  it('count one organisation per email domain (per mailbox at a shared provider, tags taken off), by its latest attempt', async () => {
    // Three people of one organisation's domain, the latest of their attempts in another band.
    const domain = `one-domain-${run}.ngo`;
    const [a] = await seedAccountsWithAttempts(t.ctx.db, [`a@${domain}`, `b@${domain}`], { budgetBand: '100k-500k', createdAt: hoursAgo(30) });
    await moreAttemptsOf(a!.userId!, a!.email, 5, { budgetBand: '100k-500k', answer: 2, createdAt: hoursAgo(20) });
    await seedAccountsWithAttempts(t.ctx.db, [`C@${domain.toUpperCase()}`], { budgetBand: '500k-1m', createdAt: hoursAgo(1) });
    // One Gmail mailbox under four spellings, one Yahoo mailbox with a disposable address, one Outlook mailbox with a tag.
    const name = `jane${run}`;
    await seedAccountsWithAttempts(t.ctx.db, [`${name}@gmail.com`, `j.a.n.e${run}+checkup@gmail.com`, `JANE${run}@googlemail.com`, `${name}+2@gmail.com`], {
      budgetBand: '500k-1m',
    });
    await seedAccountsWithAttempts(t.ctx.db, [`sam${run}@yahoo.com`, `sam${run}-survey@yahoo.com`, `lee${run}@outlook.com`, `lee${run}+x@outlook.com`], {
      budgetBand: '500k-1m',
    });
    // Two people at Gmail are two organisations.
    await seedAccountsWithAttempts(t.ctx.db, [`ann${run}@gmail.com`, `bob${run}@gmail.com`], { budgetBand: '500k-1m' });
    await seedOrganisations(t.ctx.db, 9, { budgetBand: '100k-500k' });
    await recomputePeerGroups(t.ctx.db);
    expect(await groupSize('100k-500k')).toBe(9);
    // The domain, Jane, Sam, Lee, Ann and Bob.
    expect(await groupSize('500k-1m')).toBe(6);
    expect(await groupSize('all')).toBe(15);
  });

  it('leave out attempts older than 24 months', async () => {
    const longAgo = new Date();
    longAgo.setUTCMonth(longAgo.getUTCMonth() - 24);
    longAgo.setUTCDate(longAgo.getUTCDate() - 1);
    await seedOrganisations(t.ctx.db, 3, { budgetBand: 'under-100k', createdAt: longAgo });
    await seedOrganisations(t.ctx.db, 10, { budgetBand: 'under-100k', createdAt: new Date(Date.now() - 700 * 86_400_000) });
    await recomputePeerGroups(t.ctx.db);
    expect(await groupSize('under-100k')).toBe(10);
  });

  it("leave out admins' attempts and test addresses", async () => {
    const adminUser = (await callApp(`${t.url}/api/user`, 'GET', { cookie: admin })).json as { id: string; email: string };
    await t.ctx.db.update(users).set({ emailVerifiedAt: new Date() }).where(eq(users.id, adminUser.id));
    await moreAttemptsOf(adminUser.id, adminUser.email, 1, { budgetBand: 'under-100k', answer: 2 });
    let n = 0;
    const testAddresses = ['a@example.org', 'b@example.com', 'c@mail.example.net', 'd@school.test', 'e@x.invalid', 'f@host.localhost', 'g@demo.example'];
    await seedAccountsWithAttempts(
      t.ctx.db,
      testAddresses.map(() => `${run}.${testAddresses[n++]}`),
    );
    await seedOrganisations(t.ctx.db, 4);
    await recomputePeerGroups(t.ctx.db);
    expect(await groupSize('all')).toBe(4);
  });

  it('count an attempt stored in the same millisecond as the recomputation, after its start by microseconds', async () => {
    // The database keeps microseconds and a JavaScript Date milliseconds: an attempt stored just
    // before the call could fall after its `now` (it failed often on a fast machine).
    const now = new Date(Date.now() - 60_000);
    const [attempt] = await seedOrganisations(t.ctx.db, 1);
    await t.ctx.db.execute(
      sql`update checkup_results set created_at = ${now.toISOString()}::timestamptz + interval '600 microseconds' where id = ${attempt!.id}`,
    );
    await recomputePeerGroups(t.ctx.db, now);
    expect(await groupSize('all')).toBe(1);
    // One millisecond later, it is after now: not counted.
    await t.ctx.db.execute(sql`update checkup_results set created_at = ${now.toISOString()}::timestamptz + interval '1 millisecond' where id = ${attempt!.id}`);
    await recomputePeerGroups(t.ctx.db, now);
    expect(await groupSize('all')).toBe(0);
  });
});

describe('what an attacker can learn from peer figures', () => {
  it('nothing from planted attempts: signed out, by unverified accounts, by many accounts of one domain or one mailbox, or one account many times', async () => {
    // One real organisation alone in its band, every pillar at 50%.
    const [real] = await seedOrganisations(t.ctx.db, 1, { budgetBand: '1m-5m', answer: 2 });
    // Each planting below would, with the real one, make a group of ten whose median per pillar
    // is (50 + 75) / 2: four at 0% and five at 75% give back the real organisation's scores.
    const plant = (i: number) => ({ answer: i < 4 ? 4 : 1, budgetBand: '1m-5m' as const });
    for (let i = 0; i < 9; i++) {
      // Signed out, under addresses of their own.
      await t.ctx.db.insert(checkupResults).values({
        email: organisationEmail('signed-out'),
        answers: answersAt(plant(i).answer),
        score: 20 * plant(i).answer,
        totalScore: 20 * plant(i).answer,
        categoryScores: {
          IMPACT: 4 * plant(i).answer,
          HUMANS: 4 * plant(i).answer,
          FUEL: 4 * plant(i).answer,
          GEARS: 4 * plant(i).answer,
          FUTURE: 4 * plant(i).answer,
        },
        budgetBand: '1m-5m',
      });
      // Accounts that never confirmed their address.
      await seedAccountsWithAttempts(t.ctx.db, [organisationEmail('unverified')], { ...plant(i), verified: false });
      // Confirmed accounts at one catch-all domain, and at one Gmail mailbox under tags and dots.
      await seedAccountsWithAttempts(t.ctx.db, [`planter${i}@catch-all-${run}.ngo`], plant(i));
      await seedAccountsWithAttempts(t.ctx.db, [`p.l.a.n.t.e.r${run}+${i}@gmail.com`], plant(i));
    }
    // One confirmed account answering nine times.
    const [repeat] = await seedAccountsWithAttempts(t.ctx.db, [organisationEmail('repeater')], { ...plant(0), createdAt: hoursAgo(2) });
    await moreAttemptsOf(repeat!.userId!, repeat!.email, 8, { ...plant(8), createdAt: hoursAgo(1) });
    await recomputePeerGroups(t.ctx.db);

    // The real one, the catch-all domain, the mailbox, the repeater: four, no figures anywhere.
    expect(await groupSize('1m-5m')).toBe(4);
    expect(await peersOf(real!.id)).toBeNull();
    const rows = await t.ctx.db.select().from(checkupPeerGroups);
    expect(rows.filter((row) => row.figures !== null)).toEqual([]);
  });

  it('nothing by subtracting a band from all organisations: a band is held back while the rest is 1 to 9', async () => {
    const [member] = await seedOrganisations(t.ctx.db, 10, { budgetBand: 'under-100k', answer: 2 });
    // One organisation outside the band: all organisations minus the band would be its scores.
    const [lone] = await seedOrganisations(t.ctx.db, 1, { budgetBand: '5m-plus', answer: 4 });
    await recomputePeerGroups(t.ctx.db);
    expect(await peersOf(member!.id)).toMatchObject({ group: 'all', organisations: 11 });
    expect(await peersOf(lone!.id)).toMatchObject({ group: 'all', organisations: 11 });
    const view = await callApp(`${t.url}${adminApiPaths.adminCheckupPeers}`, 'GET', { cookie: admin });
    expect(view.json.groups.find((g: { group: string }) => g.group === 'under-100k')).toMatchObject({
      organisations: 10,
      shown: false,
      hidden: 'rest-too-few',
    });

    // Ten outside it: the rest is big enough, and each band shows its own.
    await seedOrganisations(t.ctx.db, 9, { budgetBand: '5m-plus', answer: 4 });
    await recomputePeerGroups(t.ctx.db);
    expect(await peersOf(member!.id)).toMatchObject({ group: 'band', organisations: 10 });
    expect(await peersOf(lone!.id)).toMatchObject({ group: 'band', organisations: 10 });
  });

  it('nothing by watching: shown figures change only once ten more organisations have come to the group', async () => {
    const [member] = await seedOrganisations(t.ctx.db, 10, { budgetBand: '500k-1m', answer: 2, createdAt: hoursAgo(5) });
    const firstRun = hoursAgo(4);
    await recomputePeerGroups(t.ctx.db, firstRun);
    const first = await peersOf(member!.id);
    expect(first).toMatchObject({ group: 'band', organisations: 10, computedAt: firstRun.toISOString() });

    // One newcomer, at 0%: the figures and their count stay as they were, so nothing tells its scores.
    await seedOrganisations(t.ctx.db, 1, { budgetBand: '500k-1m', answer: 4, createdAt: hoursAgo(3.5) });
    await recomputePeerGroups(t.ctx.db, hoursAgo(3));
    expect(await peersOf(member!.id)).toEqual(first);
    // Nine newcomers in all: still the same.
    await seedOrganisations(t.ctx.db, 8, { budgetBand: '500k-1m', answer: 4, createdAt: hoursAgo(2.5) });
    await recomputePeerGroups(t.ctx.db, hoursAgo(2));
    expect(await peersOf(member!.id)).toEqual(first);
    const waiting = (await callApp(`${t.url}${adminApiPaths.adminCheckupPeers}`, 'GET', { cookie: admin })).json.groups.find(
      (g: { group: string }) => g.group === '500k-1m',
    );
    expect(waiting).toMatchObject({ organisations: 19, shown: true, figuresOrganisations: 10, newSince: 9 });

    // The tenth: new figures, of all nineteen and the tenth newcomer.
    await seedOrganisations(t.ctx.db, 1, { budgetBand: '500k-1m', answer: 4, createdAt: hoursAgo(1.5) });
    const lastRun = hoursAgo(1);
    await recomputePeerGroups(t.ctx.db, lastRun);
    const renewed = await peersOf(member!.id);
    expect(renewed).toMatchObject({ group: 'band', organisations: 20, computedAt: lastRun.toISOString() });
    expect(renewed!.pillars.FUEL).toEqual({ p25: 0, median: 25, p75: 50 });
  });
});

describe('the three questions about the organisation', () => {
  it('are stored with the attempt, and each may be left out', async () => {
    const res = await submit({ budgetBand: '500k-1m', staffBand: '6-20', focusArea: 'arts-culture' });
    expect(res.status).toBe(201);
    const [row] = await t.ctx.db
      .select()
      .from(checkupResults)
      .where(eq(checkupResults.id, (res.json as CheckupResultView).id));
    expect(row).toMatchObject({ budgetBand: '500k-1m', staffBand: '6-20', focusArea: 'arts-culture' });
    const skipped = await submit({ budgetBand: null });
    expect(skipped.status).toBe(201);
    const [plain] = await t.ctx.db
      .select()
      .from(checkupResults)
      .where(eq(checkupResults.id, (skipped.json as CheckupResultView).id));
    expect(plain).toMatchObject({ budgetBand: null, staffBand: null, focusArea: null });
  });

  it.each([
    ['budgetBand', 'a billion'],
    ['staffBand', '7'],
    ['focusArea', 'health\u0000'],
    ['budgetBand', 5],
  ])('refuse %s = %j with a 400 naming the field, storing nothing', async (field, value) => {
    const res = await submit({ [field]: value });
    expect(res.status).toBe(400);
    expect(JSON.stringify(res.json)).toContain(field);
    expect((await t.ctx.db.select({ n: sql<number>`count(*)::int` }).from(checkupResults))[0]!.n).toBe(0);
  });
});

describe('the admin', () => {
  it('sees each band’s size and the overall one, and when they were computed; may recompute now', async () => {
    const before = await callApp(`${t.url}${adminApiPaths.adminCheckupPeers}`, 'GET', { cookie: admin });
    expect(before.json).toMatchObject({ computedAt: null });
    await seedOrganisations(t.ctx.db, 10, { budgetBand: 'under-100k' });
    await seedOrganisations(t.ctx.db, 2, { budgetBand: '1m-5m' });
    const res = await callApp(`${t.url}${adminApiPaths.adminCheckupPeersRecompute}`, 'POST', { cookie: admin, body: {} });
    expect(res.status).toBe(200);
    const sizes = (await callApp(`${t.url}${adminApiPaths.adminCheckupPeers}`, 'GET', { cookie: admin })).json as PeerGroupSizes;
    // Under $100,000 has ten, but all organisations minus it would be the two others: held back.
    expect(sizes.groups.map((g) => [g.group, g.organisations, g.shown, g.hidden, g.figuresOrganisations])).toEqual([
      ['under-100k', 10, false, 'rest-too-few', null],
      ['100k-500k', 0, false, 'too-few', null],
      ['500k-1m', 0, false, 'too-few', null],
      ['1m-5m', 2, false, 'too-few', null],
      ['5m-plus', 0, false, 'too-few', null],
      ['all', 12, true, null, 12],
    ]);
    expect(Date.now() - Date.parse(sizes.computedAt!)).toBeLessThan(60_000);
    const anonymous = await callApp(`${t.url}${adminApiPaths.adminCheckupPeers}`);
    expect(anonymous.status).toBe(401);
  });
});

describe.runIf(onPostgres)('the scheduled recomputation', () => {
  it('runs once when two servers are asked to run it at once', async () => {
    const other = await startTestApp();
    const deps = { mailQueue: undefined as never, bulkTransport: undefined as never, isStopping: () => false };
    const job = scheduledJobs({ ctx: t.ctx, log: t.app.log, ...deps }).find((j) => j.name === 'checkup-peers')!;
    expect(job.cron).toMatch(/^\d+ \* \* \* \*$/);
    let runs = 0;
    const counted = (ctx: TestApp) => ({ ...job, atStart: false, run: async () => ((runs += 1), recomputePeerGroups(ctx.ctx.db)) });
    await seedOrganisations(t.ctx.db, 10);
    const [a, b] = await Promise.all([
      startJobRunner(t.ctx.database, [counted(t)], t.app.log),
      startJobRunner(other.ctx.database, [counted(other)], other.app.log),
    ]);
    try {
      if (new Date().getSeconds() > 50) await new Promise((r) => setTimeout(r, (61 - new Date().getSeconds()) * 1000));
      await Promise.all(Array.from({ length: 6 }, (_, i) => (i % 2 ? b : a).trigger(job.name)));
      const deadline = Date.now() + 15_000;
      while (runs === 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
      await new Promise((r) => setTimeout(r, 5000));
      expect(runs).toBe(1);
      expect(await groupSize('all')).toBe(10);
    } finally {
      await Promise.all([a.stop(), b.stop()]);
      await other.close();
    }
  }, 40_000);
});
