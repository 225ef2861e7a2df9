import { count, eq, like, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { questions } from '#shared/checkup/questions';
import { toldOnce, users } from '../../db/schema';
import { checkupLatestResults, checkupPeerGroups, checkupResults } from './schema';
import { startTestAppWithMail, type TestAppWithMail } from '../../test/app';
import { registerAccount, type TestAccount } from '../../test/auth-client';
import { callApp } from '../../test/call-app';
import { signInEveryone } from '../../test/identities';
import type { SmtpCapture } from '../../test/smtp';
import { seedOrganisations } from '../../test/peer-organisations';
import { uniqueEmail } from '../../test/unique-email';
import { loadLinkKey, signLink } from '../../mail/links';
import { createVerificationToken } from '../auth/email-verification';
import { recomputePeerGroups } from './peers';
import { memberAttempts } from './progress';
import { sendRetakeReminders } from './reminders';

let t: TestAppWithMail;
let smtp: SmtpCapture;
let adminCookie: string;
beforeAll(async () => {
  t = await startTestAppWithMail({ PUBLIC_URL: 'https://checkup.example.org' });
  smtp = t.smtp;
  adminCookie = (await signInEveryone(t)).admin!;
});
afterAll(async () => {
  await t.close();
});

/** Every answer `value` except FUEL's four, which sum to `fuel` (9 → 44%, 6 → 63%). */
function answers(fuel = 8, value = 2): Record<string, number> {
  const fuelAnswers = [Math.ceil(fuel / 4), Math.ceil((fuel - 1) / 4), Math.ceil((fuel - 2) / 4), 0];
  fuelAnswers[3] = fuel - fuelAnswers[0]! - fuelAnswers[1]! - fuelAnswers[2]!;
  let f = 0;
  return Object.fromEntries(questions.map((q) => [String(q.id), q.category === 'FUEL' ? fuelAnswers[f++]! : value]));
}
const idOf = (a: TestAccount) => a.user.id as string;
async function submit(email: string, options: { cookie?: string; fuel?: number; at?: Date } = {}): Promise<string> {
  const res = await callApp(`${t.url}/api/checkup-results`, 'POST', {
    body: { email, answers: answers(options.fuel) },
    ...(options.cookie ? { cookie: options.cookie } : {}),
  });
  expect(res.status).toBe(201);
  const id = res.json.id as string;
  if (options.at) await t.ctx.db.update(checkupResults).set({ createdAt: options.at }).where(eq(checkupResults.id, id));
  return id;
}
const progress = (cookie?: string) => callApp(`${t.url}/api/checkup/progress`, 'GET', cookie ? { cookie } : {});
async function verify(account: TestAccount) {
  const token = await createVerificationToken(t.ctx.db, { id: idOf(account), email: account.email });
  expect((await callApp(`${t.url}/api/account/verify-email`, 'POST', { body: { token } })).status).toBe(200);
}
const ownerOf = async (id: string) =>
  (await t.ctx.db.select({ userId: checkupResults.userId }).from(checkupResults).where(eq(checkupResults.id, id)))[0]?.userId;

describe('attempts joined to an account', () => {
  it('an attempt made signed out is never joined to an unverified account with that email, and is joined when the account verifies it', async () => {
    const account = await registerAccount(t.url, 'joiner');
    const before = await submit(account.email.toUpperCase());
    expect(await ownerOf(before)).toBeNull();
    expect((await progress(account.cookie)).json.attempts).toEqual([]);

    await verify(account);
    expect(await ownerOf(before)).toBe(idOf(account));
    expect((await progress(account.cookie)).json.attempts.map((a: { id: string }) => a.id)).toEqual([before]);
  });

  it("an attempt made signed out under a verified account's address (any case) joins it only when the address's owner confirms it from the mailed link", async () => {
    const account = await registerAccount(t.url, 'confirmer');
    await verify(account);
    // Anyone can type a member's address at the email step: nothing is added to the member's progress by it.
    const planted = await submit(account.email.toUpperCase());
    const mine = await submit(account.email);
    expect(await ownerOf(planted)).toBeNull();
    expect(await ownerOf(mine)).toBeNull();
    expect((await progress(account.cookie)).json.attempts).toEqual([]);

    // One mail to the owner (not one per attempt: at most one a day), with a link bound to the address and to this purpose.
    const mail = await smtp.waitFor(account.email, /Was this Check-Up yours\?/);
    const link = /https:\/\/checkup\.example\.org\/checkup\/confirm\?token=([\w.-]+)/.exec(mail.text);
    expect(link, mail.text).not.toBeNull();
    const token = link![1]!;
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(smtp.find(account.email, /Was this Check-Up yours\?/)).toHaveLength(1);

    // Opening the link lists what waits and changes nothing (mail scanners follow links).
    const shown = await callApp(`${t.url}/api/checkup/confirm?token=${token}`);
    expect(shown.status).toBe(200);
    expect(shown.json.email).toBe(account.email.toLowerCase());
    expect(shown.json.attempts.map((a: { id: string }) => a.id).sort()).toEqual([planted, mine].sort());
    expect(await ownerOf(mine)).toBeNull();

    // A token of another purpose, an altered one, or another address's attempt: refused, nothing joined.
    const confirm = (body: Record<string, unknown>) => callApp(`${t.url}/api/checkup/confirm`, 'POST', { body });
    const reminderToken = signLink(await loadLinkKey(t.ctx.db), 'preferences', account.email);
    expect((await confirm({ token: reminderToken, id: mine })).status).toBe(400);
    expect((await confirm({ token: `${token.slice(0, -4)}AAAA`, id: mine })).status).toBe(400);
    const elsewhere = await submit(uniqueEmail('elsewhere'));
    expect((await confirm({ token, id: elsewhere })).status).toBe(404);
    expect((await confirm({ token, id: 'not-an-id' })).status).toBe(400);

    // The owner adds the one that is theirs: that one joins, the other still waits.
    const added = await confirm({ token, id: mine });
    expect(added.status, added.text).toBe(200);
    expect(added.json.attempts.map((a: { id: string }) => a.id)).toEqual([planted]);
    expect(await ownerOf(mine)).toBe(idOf(account));
    expect(await ownerOf(planted)).toBeNull();
    expect((await progress(account.cookie)).json.attempts.map((a: { id: string }) => a.id)).toEqual([mine]);
    expect((await confirm({ token, id: mine })).status).toBe(404);

    // Verifying the address again (a new link) does not take what waits for confirmation.
    await verify(account);
    expect(await ownerOf(planted)).toBeNull();
  });

  it("a signed-out attempt under an unverified account's address stays unjoined (and unseen) after another verification happens", async () => {
    const unverified = await registerAccount(t.url, 'never-verified');
    const other = await registerAccount(t.url, 'other-verifier');
    const id = await submit(unverified.email);
    await verify(other);
    expect(await ownerOf(id)).toBeNull();
    expect((await progress(unverified.cookie)).json.attempts).toEqual([]);
  });

  it('stores each attempt with the question set version it answered', async () => {
    const account = await registerAccount(t.url, 'versioned');
    const id = await submit(account.email, { cookie: account.cookie });
    const [row] = await t.ctx.db.select().from(checkupResults).where(eq(checkupResults.id, id));
    expect(row).toMatchObject({ questionSetVersion: 1, userId: idOf(account) });
    expect(await memberAttempts(t.ctx.db, idOf(account))).toEqual([
      { id, createdAt: row!.createdAt.toISOString(), questionSetVersion: 1, totalScore: row!.totalScore, categoryScores: row!.categoryScores },
    ]);
  });
});

describe('GET /api/checkup/progress', () => {
  it('is for members only', async () => {
    expect((await progress()).status).toBe(401);
  });

  it('shows every attempt and, per pillar, the latest beside the previous and the first, in words', async () => {
    const account = await registerAccount(t.url, 'progress');
    const first = await submit(account.email, { cookie: account.cookie, fuel: 9, at: new Date('2026-03-10T12:00:00Z') });
    await submit(account.email, { cookie: account.cookie, fuel: 12, at: new Date('2026-06-10T12:00:00Z') });
    const latest = await submit(account.email, { cookie: account.cookie, fuel: 6, at: new Date('2026-09-10T12:00:00Z') });
    const res = await progress(account.cookie);
    expect(res.status).toBe(200);
    expect(res.json.attempts.map((a: { id: string; number: number }) => [a.id, a.number])).toEqual([
      [first, 1],
      [expect.any(String), 2],
      [latest, 3],
    ]);
    const fuel = res.json.pillars.find((p: { pillar: string }) => p.pillar === 'FUEL');
    expect(fuel).toMatchObject({ latest: { percent: 63, grade: 'C' }, previous: { percent: 25, grade: 'D' }, first: { percent: 44, grade: 'D' }, change: 19 });
    expect(fuel.summary).toBe('Fuel: 44% → 63%, up 19 points since March');
  });

  it('marks a pillar not comparable when the attempts answered question sets where it differs', async () => {
    const account = await registerAccount(t.url, 'incomparable');
    const old = await submit(account.email, { cookie: account.cookie, at: new Date('2026-01-10T12:00:00Z') });
    await submit(account.email, { cookie: account.cookie });
    // A version this site does not know: no pillar can be shown to be the same.
    await t.ctx.db.update(checkupResults).set({ questionSetVersion: 0 }).where(eq(checkupResults.id, old));
    const fuel = (await progress(account.cookie)).json.pillars.find((p: { pillar: string }) => p.pillar === 'FUEL');
    expect(fuel).toMatchObject({ firstComparable: false, change: null });
    expect(fuel.summary).toMatch(/^Fuel: \d+% \([A-D]\), not comparable with January: its questions have changed since\.$/);
  });

  it("carries where the latest attempt stands among peers: its budget band's stored figures, none before a group is big enough", async () => {
    const account = await registerAccount(t.url, 'progress-peers');
    const mine = await submit(account.email, { cookie: account.cookie });
    await t.ctx.db.update(checkupResults).set({ budgetBand: '5m-plus' }).where(eq(checkupResults.id, mine));
    // No group has been computed for this band yet (and the figures are never computed per request).
    await t.ctx.db.delete(checkupPeerGroups);
    expect((await progress(account.cookie)).json.peers).toBeNull();
    // Ten other organisations in the same band (confirmed accounts, each on a domain of its own), then the scheduled recomputation.
    await seedOrganisations(t.ctx.db, 10, { budgetBand: '5m-plus', answer: 2 });
    await recomputePeerGroups(t.ctx.db);
    const peers = (await progress(account.cookie)).json.peers;
    // The member's own address is a test one (example.org): left out of the figures, so the group is the ten.
    expect(peers).toMatchObject({ group: 'band', budgetBand: '5m-plus', organisations: 10 });
    expect(peers.pillars.FUEL).toEqual({ p25: 50, median: 50, p75: 50 });
  });

  it('with one attempt says there is no change yet', async () => {
    const account = await registerAccount(t.url, 'single');
    await submit(account.email, { cookie: account.cookie });
    const body = (await progress(account.cookie)).json;
    expect(body.attempts).toHaveLength(1);
    expect(body.pillars[0].summary).toMatch(/no change to show yet/);
  });
});

describe('GET /api/checkup/organisation', () => {
  it('gives a member the answers about the organisation of their latest attempt, to ask them again filled in; none before the first', async () => {
    expect((await callApp(`${t.url}/api/checkup/organisation`)).status).toBe(401);
    const account = await registerAccount(t.url, 'organisation');
    const last = () => callApp(`${t.url}/api/checkup/organisation`, 'GET', { cookie: account.cookie });
    expect((await last()).json).toEqual({ budgetBand: null, staffBand: null, focusArea: null });
    await callApp(`${t.url}/api/checkup-results`, 'POST', {
      cookie: account.cookie,
      body: { email: account.email, answers: answers(), budgetBand: '100k-500k', staffBand: '1-5', focusArea: 'youth' },
    });
    expect((await last()).json).toEqual({ budgetBand: '100k-500k', staffBand: '1-5', focusArea: 'youth' });
    // Another member sees only their own.
    const other = await registerAccount(t.url, 'organisation-other');
    expect((await callApp(`${t.url}/api/checkup/organisation`, 'GET', { cookie: other.cookie })).json).toEqual({
      budgetBand: null,
      staffBand: null,
      focusArea: null,
    });
  });
});

describe('DELETE /api/checkup/attempts/:id', () => {
  it("deletes the member's own attempt; someone else's and a bad id are a 404 that changes nothing", async () => {
    const owner = await registerAccount(t.url, 'deleter');
    const stranger = await registerAccount(t.url, 'stranger');
    const mine = await submit(owner.email, { cookie: owner.cookie });
    const theirs = await submit(stranger.email, { cookie: stranger.cookie });
    const del = (id: string, cookie?: string) => callApp(`${t.url}/api/checkup/attempts/${id}`, 'DELETE', cookie ? { cookie } : {});

    expect((await del(mine)).status).toBe(401);
    const other = await del(theirs, owner.cookie);
    expect(other.status).toBe(404);
    const missing = await del('00000000-0000-4000-8000-000000000000', owner.cookie);
    expect(missing.status).toBe(404);
    expect(missing.json.message).toBe(other.json.message);
    expect((await del('not-an-id', owner.cookie)).status).toBe(404);
    expect((await del('%00', owner.cookie)).status).toBe(400);
    expect(await ownerOf(theirs)).toBe(idOf(stranger));

    expect((await del(mine, owner.cookie)).status).toBe(204);
    expect(await ownerOf(mine)).toBeUndefined();
    expect((await progress(owner.cookie)).json.attempts).toEqual([]);
    expect((await del(mine, owner.cookie)).status).toBe(404);
  });
});

describe("the admin's Check-ups list", () => {
  it('numbers each attempt within its organisation (the account, else the address), in the list and the CSV', async () => {
    const account = await registerAccount(t.url, 'numbered');
    await submit(account.email, { cookie: account.cookie, at: new Date('2026-01-01T00:00:00Z') });
    await submit(account.email, { cookie: account.cookie, at: new Date('2026-02-01T00:00:00Z') });
    const guest = uniqueEmail('guest-numbered');
    await submit(guest, { at: new Date('2026-01-15T00:00:00Z') });
    const list = await callApp(`${t.url}/api/admin/checkups?search=${encodeURIComponent(account.email)}`, 'GET', { cookie: adminCookie });
    expect(list.json.items.map((row: { attemptNumber: number }) => row.attemptNumber)).toEqual([2, 1]);
    const guestList = await callApp(`${t.url}/api/admin/checkups?search=${encodeURIComponent(guest)}`, 'GET', { cookie: adminCookie });
    expect(guestList.json.items.map((row: { attemptNumber: number }) => row.attemptNumber)).toEqual([1]);
    const csv = await callApp(`${t.url}/api/admin/checkups.csv?search=${encodeURIComponent(account.email)}`, 'GET', { cookie: adminCookie });
    const [header, ...lines] = csv.text.trim().split('\r\n');
    // The last column (the pillars' JSON before it holds commas of its own).
    expect(header!.split(',').at(-1)).toBe('attemptNumber');
    expect(header).not.toMatch(/retakeReminder/);
    expect(lines.map((line) => line.split(',').at(-1))).toEqual(['2', '1']);
  });
});

describe('attempt numbers kept by the database', () => {
  const numbers = async (ids: string[]) => {
    const rows = await t.ctx.db.select({ id: checkupResults.id, n: checkupResults.attemptNumber }).from(checkupResults);
    const byId = new Map(rows.map((row) => [row.id, row.n]));
    return ids.map((id) => byId.get(id));
  };
  const day = (d: string) => new Date(`${d}T12:00:00Z`);

  it('numbers again when an attempt is deleted, joined to an account on verification, or left by a deleted account', async () => {
    const account = await registerAccount(t.url, 'renumbered');
    const a = await submit(account.email, { at: day('2026-01-01') });
    const b = await submit(account.email.toUpperCase(), { at: day('2026-02-01') });
    expect(await numbers([a, b])).toEqual([1, 2]);
    // Verification moves both to the account; the next one, signed in, is its third.
    await verify(account);
    const c = await submit(account.email, { cookie: account.cookie, at: day('2026-03-01') });
    expect(await numbers([a, b, c])).toEqual([1, 2, 3]);
    const del = await callApp(`${t.url}/api/checkup/attempts/${b}`, 'DELETE', { cookie: account.cookie });
    expect(del.status).toBe(204);
    expect(await numbers([a, c])).toEqual([1, 2]);
    // The account goes: its attempts are the address's again, numbered among the address's own.
    const later = await submit(uniqueEmail('someone-else'), { at: day('2026-04-01') });
    await t.ctx.db.delete(users).where(eq(users.id, idOf(account)));
    expect(await ownerOf(a)).toBeNull();
    expect(await numbers([a, c, later])).toEqual([1, 2, 1]);
  });

  it('numbers a bulk insert by time, whatever the order of its rows', async () => {
    const email = uniqueEmail('bulk-numbered');
    const row = (at: string) => ({
      email,
      answers: answers(),
      score: 40,
      totalScore: 40,
      categoryScores: { IMPACT: 8, HUMANS: 8, FUEL: 8, GEARS: 8, FUTURE: 8 },
      createdAt: day(at),
    });
    const inserted = await t.ctx.db
      .insert(checkupResults)
      .values([row('2026-03-01'), row('2026-01-01'), row('2026-02-01')])
      .returning({ id: checkupResults.id });
    expect(await numbers(inserted.map((r) => r.id))).toEqual([3, 1, 2]);
    // A time changed afterwards orders them again.
    await t.ctx.db
      .update(checkupResults)
      .set({ createdAt: day('2025-12-01') })
      .where(eq(checkupResults.id, inserted[0]!.id));
    expect(await numbers(inserted.map((r) => r.id))).toEqual([1, 2, 3]);
  });
});

describe('the latest attempt of each organisation kept by the database', () => {
  const day = (d: string) => new Date(`${d}T12:00:00Z`);
  const latestOf = async (organisation: string) =>
    (
      await t.ctx.db
        .select({ resultId: checkupLatestResults.resultId, fuel: checkupLatestResults.fuel })
        .from(checkupLatestResults)
        .where(eq(checkupLatestResults.organisation, organisation))
    )[0];
  /** The kept rows that differ from the organisations' latest attempts read from the attempts themselves, and those missing: none, always. */
  const strayRows = async () =>
    (
      await t.ctx.db.execute(sql`with kept as (select organisation, result_id, total_score, impact, humans, fuel, gears, future from ${checkupLatestResults}),
        truth as (select distinct on (o) o, id, total_score, (category_scores->>'IMPACT')::int, (category_scores->>'HUMANS')::int,
            (category_scores->>'FUEL')::int, (category_scores->>'GEARS')::int, (category_scores->>'FUTURE')::int
          from (select coalesce('u:' || user_id::text, 'e:' || lower(email)) as o, * from ${checkupResults}) r
          order by o, created_at desc, id desc)
        (select 'kept', * from (select * from kept except select * from truth) a)
        union all (select 'missing', * from (select * from truth except select * from kept) b)`)
    ).rows;

  it('keeps it as attempts are added, re-timed, rescored, deleted, joined to an account and left by a deleted one', async () => {
    const account = await registerAccount(t.url, 'latest-kept');
    const address = `e:${account.email.toLowerCase()}`;
    const member = `u:${idOf(account)}`;
    const a = await submit(account.email, { fuel: 9, at: day('2026-01-01') });
    const b = await submit(account.email.toUpperCase(), { fuel: 12, at: day('2026-02-01') });
    expect(await latestOf(address)).toEqual({ resultId: b, fuel: 12 });
    await t.ctx.db
      .update(checkupResults)
      .set({ createdAt: day('2025-12-01') })
      .where(eq(checkupResults.id, b));
    expect(await latestOf(address)).toEqual({ resultId: a, fuel: 9 });
    await t.ctx.db
      .update(checkupResults)
      .set({ categoryScores: sql`jsonb_set(${checkupResults.categoryScores}, '{FUEL}', '5')` })
      .where(eq(checkupResults.id, a));
    expect(await latestOf(address)).toEqual({ resultId: a, fuel: 5 });
    // Verification moves both to the account: the address keeps no row of its own.
    await verify(account);
    expect(await latestOf(address)).toBeUndefined();
    expect(await latestOf(member)).toEqual({ resultId: a, fuel: 5 });
    const c = await submit(account.email, { cookie: account.cookie, fuel: 6, at: day('2026-03-01') });
    expect(await latestOf(member)).toEqual({ resultId: c, fuel: 6 });
    expect((await callApp(`${t.url}/api/checkup/attempts/${c}`, 'DELETE', { cookie: account.cookie })).status).toBe(204);
    expect(await latestOf(member)).toEqual({ resultId: a, fuel: 5 });
    // The account goes: its attempts are the address's again.
    await t.ctx.db.delete(users).where(eq(users.id, idOf(account)));
    expect(await latestOf(member)).toBeUndefined();
    expect(await latestOf(address)).toEqual({ resultId: a, fuel: 5 });
    expect(await strayRows()).toEqual([]);
  });

  it('forgets an organisation whose account is erased ("Delete my account"), and keeps the newest of a bulk insert in any order', async () => {
    const account = await registerAccount(t.url, 'latest-erased');
    await verify(account);
    await submit(account.email, { cookie: account.cookie });
    expect(await latestOf(`u:${idOf(account)}`)).toBeDefined();
    expect((await callApp(`${t.url}/api/account`, 'DELETE', { body: { confirmEmail: account.email }, cookie: account.cookie })).status).toBe(200);
    expect(await latestOf(`u:${idOf(account)}`)).toBeUndefined();
    expect(await latestOf(`e:${account.email.toLowerCase()}`)).toBeUndefined();

    const email = uniqueEmail('latest-bulk');
    const row = (at: string, fuel: number) => ({
      email,
      answers: answers(),
      score: 40,
      totalScore: 40,
      categoryScores: { IMPACT: 8, HUMANS: 8, FUEL: fuel, GEARS: 8, FUTURE: 8 },
      createdAt: day(at),
    });
    const inserted = await t.ctx.db
      .insert(checkupResults)
      .values([row('2026-02-01', 7), row('2026-03-01', 11), row('2026-01-01', 3)])
      .returning({ id: checkupResults.id });
    expect(await latestOf(`e:${email.toLowerCase()}`)).toEqual({ resultId: inserted[1]!.id, fuel: 11 });
    expect(await strayRows()).toEqual([]);
  });

  it('keeps the latest of thirty thousand organisations added in one statement', async () => {
    // One lock each would be more than the lock table holds (64 a connection by default, with room to spare).
    const email = uniqueEmail('latest-many');
    await t.ctx.db.execute(sql`insert into ${checkupResults} (email, score, total_score, category_scores, answers)
      select i || '.' || ${email}, 40, 40, '{"IMPACT":8,"HUMANS":8,"FUEL":8,"GEARS":8,"FUTURE":8}'::jsonb, '{}'::jsonb from generate_series(1, 30000) i`);
    const [kept] = await t.ctx.db
      .select({ n: count() })
      .from(checkupLatestResults)
      .where(like(checkupLatestResults.organisation, `e:%.${email.toLowerCase()}`));
    expect(kept!.n).toBe(30_000);
    expect(await strayRows()).toEqual([]);
  }, 60_000);

  // Two transactions at once need two connections: the embedded database has one.
  it.skipIf(process.env.TEST_DB !== 'postgres')(
    'keeps the newest when two transactions add attempts to one organisation at once, whichever commits first',
    async () => {
      for (const [held, waiting] of [
        ['2026-05-01', '2026-04-01'],
        ['2026-04-01', '2026-05-01'],
      ] as const) {
        const email = uniqueEmail('latest-race');
        const row = (at: string) => ({
          email,
          answers: answers(),
          score: 40,
          totalScore: 40,
          categoryScores: { IMPACT: 8, HUMANS: 8, FUEL: 8, GEARS: 8, FUTURE: 8 },
          createdAt: day(at),
        });
        let release = () => {};
        const go = new Promise<void>((resolve) => (release = resolve));
        let inserted = () => {};
        const insertedFirst = new Promise<void>((resolve) => (inserted = resolve));
        const first = t.ctx.db.transaction(async (tx) => {
          const [r] = await tx.insert(checkupResults).values(row(held)).returning({ id: checkupResults.id });
          inserted();
          await go;
          return r!.id;
        });
        await insertedFirst;
        let secondDone = false;
        const second = t.ctx.db
          .insert(checkupResults)
          .values(row(waiting))
          .returning({ id: checkupResults.id })
          .then(([r]) => ((secondDone = true), r!.id));
        await new Promise((resolve) => setTimeout(resolve, 300));
        // It waits for the organisation held by the first, and writes its row once the first has committed.
        expect(secondDone).toBe(false);
        release();
        const ids = { [held]: await first, [waiting]: await second };
        expect(await latestOf(`e:${email.toLowerCase()}`)).toMatchObject({ resultId: ids['2026-05-01'] });
      }
      expect(await strayRows()).toEqual([]);
    },
  );
});

describe('retake reminders', () => {
  const DAY = 86_400_000;
  /** Each test's own moment far ahead, so the due window holds its attempts only. */
  let clock = new Date('2030-01-01T00:00:00Z').getTime();
  const moment = () => {
    clock += 400 * DAY;
    return new Date(clock);
  };
  const reminders = (to: string) => smtp.find(to, /another Check-Up/);

  it('sends one email 90 days after an attempt, once even when two runs go at once, with a one-click stop', async () => {
    const now = moment();
    const email = uniqueEmail('remind-me');
    const id = await submit(email, { at: new Date(now.getTime() - 91 * DAY) });
    const notYet = uniqueEmail('too-recent');
    await submit(notYet, { at: new Date(now.getTime() - 89 * DAY) });

    const [a, b] = await Promise.all([sendRetakeReminders(t.ctx, now), sendRetakeReminders(t.ctx, now)]);
    expect(a + b).toBe(1);
    expect(await sendRetakeReminders(t.ctx, now)).toBe(0);
    const mail = await smtp.waitFor(email, /another Check-Up/);
    expect(mail.text).toContain('https://checkup.example.org/checkup');
    expect(mail.headers).toMatch(/List-Unsubscribe: <https:\/\/checkup\.example\.org\/api\/checkup\/reminders\/stop\?token=[\w.-]+>/);
    expect(mail.headers).toMatch(/List-Unsubscribe-Post: List-Unsubscribe=One-Click/);
    expect(
      await t.ctx.db
        .select()
        .from(toldOnce)
        .where(eq(toldOnce.topic, `checkup-retake:${id}`)),
    ).toHaveLength(1);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(reminders(email)).toHaveLength(1);
    expect(reminders(notYet)).toHaveLength(0);
  });

  it('is not sent to someone who retook the Check-Up meanwhile', async () => {
    const now = moment();
    const email = uniqueEmail('retook');
    await submit(email, { at: new Date(now.getTime() - 100 * DAY) });
    await submit(email, { at: new Date(now.getTime() - 30 * DAY) });
    expect(await sendRetakeReminders(t.ctx, now)).toBe(0);
    expect(reminders(email)).toHaveLength(0);
  });

  it('is not sent after a stop: the one-click POST, and the page asking first changes nothing', async () => {
    const first = moment();
    const email = uniqueEmail('stopper');
    await submit(email, { at: new Date(first.getTime() - 91 * DAY) });
    expect(await sendRetakeReminders(t.ctx, first)).toBe(1);
    const mail = await smtp.waitFor(email, /another Check-Up/);
    const oneClick = /List-Unsubscribe: <([^>]+)>/.exec(mail.headers)![1]!.replace('https://checkup.example.org', t.url);
    const token = new URL(oneClick).searchParams.get('token')!;

    const asked = await callApp(`${t.url}/api/checkup/reminders/stop?token=${token}`);
    expect(asked.json).toMatchObject({ email, stopped: false });
    const bad = await callApp(`${t.url}/api/checkup/reminders/stop`, 'POST', { body: { token: `x${token}` } });
    expect(bad.status).toBe(400);
    const nul = await callApp(`${t.url}/api/checkup/reminders/stop`, 'POST', { body: { token: 'a\u0000b' } });
    expect(nul.status).toBe(400);
    const stopped = await callApp(oneClick, 'POST', { raw: 'List-Unsubscribe=One-Click', headers: { 'content-type': 'application/x-www-form-urlencoded' } });
    expect(stopped.status).toBe(200);
    expect(stopped.json).toMatchObject({ email, stopped: true });

    // Retaken, so a new attempt is due a reminder later: the stop holds.
    const later = moment();
    await submit(email, { at: new Date(later.getTime() - 91 * DAY) });
    expect(await sendRetakeReminders(t.ctx, later)).toBe(0);
    expect(reminders(email)).toHaveLength(1);
  });

  it("is not sent after 'Check-Up reminders' is unticked on the preferences page, with the token of the reminder's own link", async () => {
    const first = moment();
    const email = uniqueEmail('prefs-stopper');
    await submit(email, { at: new Date(first.getTime() - 91 * DAY) });
    expect(await sendRetakeReminders(t.ctx, first)).toBe(1);
    const mail = await smtp.waitFor(email, /another Check-Up/);
    const token = /\/checkup\/reminders\?token=([\w.-]+)/.exec(mail.text)![1]!;
    const topics = {
      newsletter: false,
      events: true,
      allies: true,
      'follow-ups': true,
      'retake-reminders': false,
      'team-checkup': true,
      'plan-reminders': true,
    };
    const saved = await callApp(`${t.url}/api/newsletter/preferences`, 'POST', { body: { token, topics } });
    expect(saved.status, saved.text).toBe(200);
    expect((await callApp(`${t.url}/api/checkup/reminders/stop?token=${token}`)).json).toMatchObject({ email, stopped: true });

    const later = moment();
    await submit(email, { at: new Date(later.getTime() - 91 * DAY) });
    expect(await sendRetakeReminders(t.ctx, later)).toBe(0);
    expect(reminders(email)).toHaveLength(1);
  });

  it("goes to the account's address for a member's attempt, and never after the account is deleted", async () => {
    const now = moment();
    const account = await registerAccount(t.url, 'deleted-member');
    await verify(account);
    await submit(uniqueEmail('typed-other'), { cookie: account.cookie, at: new Date(now.getTime() - 91 * DAY) });
    const gone = await registerAccount(t.url, 'gone-member');
    await submit(gone.email, { cookie: gone.cookie, at: new Date(now.getTime() - 91 * DAY) });
    expect((await callApp(`${t.url}/api/account`, 'DELETE', { cookie: gone.cookie, body: { confirmEmail: gone.email } })).status).toBeLessThan(300);
    expect(
      await t.ctx.db
        .select()
        .from(users)
        .where(sql`lower(${users.email}) = lower(${gone.email})`),
    ).toHaveLength(0);

    expect(await sendRetakeReminders(t.ctx, now)).toBe(1);
    await smtp.waitFor(account.email, /another Check-Up/);
    expect(reminders(gone.email)).toHaveLength(0);
  });
});
