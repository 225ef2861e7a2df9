import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { adminApiPaths } from '#shared/api/admin-paths';
import type { BudgetBand } from '#shared/checkup/organisation';
import { questions } from '#shared/checkup/questions';
import type { CheckupResultView } from '#shared/checkup/schemas';
import { checkupPeerGroups, checkupResults } from '../../db/schema';
import { startJobRunner } from '../../jobs/runner';
import { scheduledJobs } from '../../schedule';
import { startTestApp, type TestApp } from '../../test/app';
import { callApp } from '../../test/call-app';
import { signInEveryone } from '../../test/identities';
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

let counter = 0;
/** An address of a real-looking organisation: the reserved test domains are left out of the figures. */
const orgEmail = (label = 'org') => `${label}.${run}.${(counter += 1)}@peers-${run}.ngo`;
/** Every answer of a pillar the same: a pillar at `value` is (16 − 4·value)·100/16 percent (1 → 75, 2 → 50, 3 → 25, 4 → 0). */
const answersAt = (value: number) => Object.fromEntries(questions.map((q) => [String(q.id), value]));
const sums = (value: number) => ({ IMPACT: 4 * value, HUMANS: 4 * value, FUEL: 4 * value, GEARS: 4 * value, FUTURE: 4 * value });

async function seed(count: number, values: { budgetBand?: BudgetBand | null; answer?: number; email?: () => string; createdAt?: Date; userId?: string } = {}) {
  const answer = values.answer ?? 2;
  const rows = Array.from({ length: count }, () => ({
    email: values.email?.() ?? orgEmail(),
    answers: answersAt(answer),
    score: 20 * answer,
    totalScore: 20 * answer,
    categoryScores: sums(answer),
    budgetBand: values.budgetBand === undefined ? 'under-100k' : values.budgetBand,
    userId: values.userId ?? null,
    ...(values.createdAt ? { createdAt: values.createdAt } : {}),
  }));
  return t.ctx.db.insert(checkupResults).values(rows).returning();
}

const submit = (body: Record<string, unknown>) =>
  callApp(`${t.url}/api/checkup-results`, 'POST', { body: { email: orgEmail('me'), answers: answersAt(1), ...body } });
const peersOf = async (id: string) => ((await callApp(`${t.url}/api/checkup-results/${id}`)).json as CheckupResultView).peers;
const groupSize = async (group: string) => (await t.ctx.db.select().from(checkupPeerGroups).where(eq(checkupPeerGroups.peerGroup, group)))[0]?.organisations;

describe('peer figures', () => {
  it('are hidden for a band of 9 organisations and shown at 10, as median and middle half per pillar', async () => {
    // A band of its own (no other band has anyone), so "all organisations" is the same 9 and hides too.
    const [mine] = await seed(9, { budgetBand: '1m-5m', answer: 2 });
    await recomputePeerGroups(t.ctx.db);
    expect(await peersOf(mine!.id)).toBeNull();

    await seed(1, { budgetBand: '1m-5m', answer: 4 });
    await recomputePeerGroups(t.ctx.db);
    const peers = await peersOf(mine!.id);
    // Nine at 50% and one at 0%: the 25th percentile interpolates (at position 2.25 of 0…9) to 50.
    expect(peers).toMatchObject({ group: 'band', budgetBand: '1m-5m', organisations: 10 });
    expect(peers!.pillars.FUEL).toEqual({ p25: 50, median: 50, p75: 50 });
    expect(Object.keys(peers!.pillars).sort()).toEqual(['FUEL', 'FUTURE', 'GEARS', 'HUMANS', 'IMPACT']);
  });

  it('fall back to all organisations, labelled so, when the band has fewer than 10', async () => {
    await seed(9, { budgetBand: 'under-100k', answer: 1 });
    await seed(5, { budgetBand: '5m-plus', answer: 3 });
    await seed(2, { budgetBand: null, answer: 3 });
    const res = await submit({ budgetBand: '5m-plus', staffBand: '51-plus', focusArea: 'health' });
    expect(res.status).toBe(201);
    // Computed on a schedule, never per request: nothing until the recomputation.
    expect((res.json as CheckupResultView).peers).toBeNull();
    await recomputePeerGroups(t.ctx.db);
    const id = (res.json as CheckupResultView).id;
    const peers = await peersOf(id);
    expect(peers).toMatchObject({ group: 'all', budgetBand: '5m-plus', organisations: 17 });
    // 9 at 75%, 7 at 25% and the new one at 75%: sorted, 7×25 then 10×75; the median (9th of 17) is 75.
    expect(peers!.pillars.IMPACT).toEqual({ p25: 25, median: 75, p75: 75 });
    expect(await groupSize('5m-plus')).toBe(6);
    expect(await groupSize('under-100k')).toBe(9);
    // An attempt without a band is compared with all organisations too.
    const [unbanded] = await seed(1, { budgetBand: null });
    expect(await peersOf(unbanded!.id)).toMatchObject({ group: 'all', budgetBand: null });
  });

  it('count only the latest attempt of each organisation (its account, else its email)', async () => {
    const email = orgEmail('retaker');
    const old = new Date(Date.now() - 30 * 86_400_000);
    // One organisation's eleven attempts in the band, the latest of them elsewhere: the band is 9 others.
    await seed(10, { budgetBand: '100k-500k', email: () => email, createdAt: old });
    await seed(1, { budgetBand: '500k-1m', email: () => email.toUpperCase() });
    await seed(9, { budgetBand: '100k-500k' });
    await recomputePeerGroups(t.ctx.db);
    expect(await groupSize('100k-500k')).toBe(9);
    expect(await groupSize('500k-1m')).toBe(1);
    expect(await groupSize('all')).toBe(10);
  });

  it('leave out attempts older than 24 months', async () => {
    const longAgo = new Date();
    longAgo.setUTCMonth(longAgo.getUTCMonth() - 24);
    longAgo.setUTCDate(longAgo.getUTCDate() - 1);
    await seed(3, { budgetBand: 'under-100k', createdAt: longAgo });
    await seed(10, { budgetBand: 'under-100k', createdAt: new Date(Date.now() - 700 * 86_400_000) });
    await recomputePeerGroups(t.ctx.db);
    expect(await groupSize('under-100k')).toBe(10);
  });

  it("leave out admins' attempts (signed in or by their address) and test addresses", async () => {
    const adminUser = (await callApp(`${t.url}/api/user`, 'GET', { cookie: admin })).json as { id: string; email: string };
    await seed(1, { userId: adminUser.id });
    await seed(1, { email: () => adminUser.email.toUpperCase() });
    let n = 0;
    const testAddresses = ['a@example.org', 'b@example.com', 'c@mail.example.net', 'd@school.test', 'e@x.invalid', 'f@host.localhost', 'g@demo.example'];
    await seed(testAddresses.length, { email: () => `${run}.${testAddresses[n++]}` });
    await seed(4);
    await recomputePeerGroups(t.ctx.db);
    expect(await groupSize('all')).toBe(4);
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
    await seed(10, { budgetBand: 'under-100k' });
    await seed(2, { budgetBand: '1m-5m' });
    const res = await callApp(`${t.url}${adminApiPaths.adminCheckupPeersRecompute}`, 'POST', { cookie: admin, body: {} });
    expect(res.status).toBe(200);
    const sizes = (await callApp(`${t.url}${adminApiPaths.adminCheckupPeers}`, 'GET', { cookie: admin })).json as {
      groups: { group: string; organisations: number; shown: boolean }[];
      computedAt: string;
    };
    expect(sizes.groups.map((g) => [g.group, g.organisations, g.shown])).toEqual([
      ['under-100k', 10, true],
      ['100k-500k', 0, false],
      ['500k-1m', 0, false],
      ['1m-5m', 2, false],
      ['5m-plus', 0, false],
      ['all', 12, true],
    ]);
    expect(Date.now() - Date.parse(sizes.computedAt)).toBeLessThan(60_000);
    const anonymous = await callApp(`${t.url}${adminApiPaths.adminCheckupPeers}`);
    expect(anonymous.status).toBe(401);
  });
});

describe.runIf(onPostgres)('the scheduled recomputation', () => {
  it('runs once when two servers are asked to run it at once', async () => {
    const other = await startTestApp();
    const deps = { outbox: undefined as never, bulkTransport: undefined as never, isStopping: () => false };
    const job = scheduledJobs({ ctx: t.ctx, log: t.app.log, ...deps }).find((j) => j.name === 'checkup-peers')!;
    expect(job.cron).toMatch(/^\d+ \* \* \* \*$/);
    let runs = 0;
    const counted = (ctx: TestApp) => ({ ...job, atStart: false, run: async () => ((runs += 1), recomputePeerGroups(ctx.ctx.db)) });
    await seed(10);
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
