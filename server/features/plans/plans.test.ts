import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { adminApiPaths } from '#shared/api/admin-paths';
import { apiPaths } from '#shared/api/paths';
import { siteIsoDate } from '#shared/site-time';
import { registerAccount, type TestAccount } from '../../test/auth-client';
import { adminAccount } from '../../test/identities';
import { startTestAppWithMail, type TestAppWithMail } from '../../test/app';
import { callApp } from '../../test/call-app';
import { goodCard, memberApi } from '../../test/payments';
import { mailSuppressions } from '../../db/schema';
import { sendRetakeReminders } from '../checkup/reminders';
import { followUpEnrolments } from '../follow-ups/schema';
import { sendDueFollowUps } from '../follow-ups/service';
import { teamCheckupRounds } from '../team-checkup/schema';
import { planMessages } from './messages';
import { digestTopic, sendPlanReminders } from './reminders';
import { claimDueActions, computePlanFigures } from './repo';
import { planActions, plans } from './schema';

vi.setConfig({ testTimeout: 120_000 });

let t: TestAppWithMail;
let admin: TestAccount;
const timeZone = 'America/New_York';

const api = (a: TestAccount) => memberApi(t, a.cookie);
const idOf = (a: TestAccount) => a.user.id as string;
const today = () => siteIsoDate(new Date(), timeZone);
const addDays = (day: string, days: number) => {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
};
const patch = (a: TestAccount, url: string, body: unknown) => api(a).call('PATCH', url, body);
const path = (template: string, id: string, actionId = '') => template.replace(':id', id).replace(':actionId', actionId);

/** A library action, created and published through the admin's content API. */
async function publishAction(slug: string, title: string, pillar: string, statement?: number) {
  const call = (method: string, url: string, body?: unknown) => callApp(`${t.url}${url}`, method, { body, cookie: admin.cookie });
  const created = await call('POST', adminApiPaths.adminContent, {
    section: 'actions',
    slug,
    title,
    summary: `Why ${title.toLowerCase()} matters.`,
    body: '',
    fields: { pillar, ...(statement ? { statement } : {}), links: [{ label: 'The Fuel field guide', href: '/field-guides/fuel' }] },
  });
  expect(created.status, JSON.stringify(created.json)).toBe(201);
  const published = await call('POST', adminApiPaths.adminContentPublish.replace(':id', created.json.id), { version: created.json.version });
  expect(published.status, JSON.stringify(published.json)).toBe(200);
}

/** Answers: FUEL the weakest (all 4: 0%), GEARS next (all 3: 25%), the rest 1 (75%); `others` by question id. */
const answersOf = (others: Record<number, number> = {}) =>
  Object.fromEntries(
    Array.from({ length: 20 }, (_, i) => {
      const id = i + 1;
      const base = id >= 9 && id <= 12 ? 4 : id >= 13 && id <= 16 ? 3 : 1;
      return [String(id), others[id] ?? base];
    }),
  );

/** A Check-Up taken signed in: its result id. */
async function takeCheckup(a: TestAccount, answers = answersOf()): Promise<string> {
  const res = await callApp(`${t.url}/api/checkup-results`, 'POST', { body: { email: a.email, answers }, cookie: a.cookie });
  expect(res.status, JSON.stringify(res.json)).toBe(201);
  return res.json.id;
}

/** A team plan bought through the local checkout, with `members` who joined it from their invitations. */
async function teamWith(label: string, members: number) {
  const owner = await registerAccount(t.url, `${label}-owner`, { firstName: 'Tess', lastName: 'Owner' });
  const started = await api(owner).post('/api/team/checkout', { planType: 'monthly', seats: 5 });
  expect(started.status, JSON.stringify(started.json)).toBe(200);
  const checkoutId = (started.json.url as string).split('/').pop()!;
  expect((await api(owner).post(`/api/billing/local/checkouts/${checkoutId}/pay`, goodCard)).status).toBe(200);
  const people: TestAccount[] = [];
  for (let i = 0; i < members; i++) {
    const member = await registerAccount(t.url, `${label}-m${i}`, { firstName: i === 0 ? 'Omar' : `Member${i}`, lastName: 'Seat' });
    expect((await api(owner).post('/api/team/invitations', { email: member.email })).status).toBe(200);
    const mail = await t.smtp.waitFor(member.email, /invited you to/);
    const token = /\/team\/join\/([\w-]{43})/.exec(mail.text)![1]!;
    expect((await api(member).post(`/api/team/join/${token}`, {})).status).toBe(200);
    people.push(member);
  }
  return { owner, members: people };
}

/** A closed round of the team with figures, written as the round's figures are stored (the team Check-Up's tests prove how they are made). */
async function roundWithFigures(teamOwner: TestAccount, name: string, means: Record<string, number>, startedAt = new Date()) {
  const [team] = await t.ctx.db.execute<{ id: string }>(sql`select id from teams where owner_id = ${idOf(teamOwner)}`).then((r) => r.rows);
  const statements = Array.from({ length: 20 }, (_, i) => ({
    questionId: i + 1,
    pillar: i < 4 ? 'IMPACT' : i < 8 ? 'HUMANS' : i < 12 ? 'FUEL' : i < 16 ? 'GEARS' : 'FUTURE',
    mean: 2,
    spread: i === 13 ? 1.2 : i === 4 ? 1.1 : 0.2,
    agreement: 'agree',
  }));
  const figures = {
    respondents: 3,
    asOf: startedAt.toISOString(),
    overall: { mean: 50, grade: 'D' },
    pillars: Object.entries(means).map(([pillar, mean]) => ({ pillar, mean, spread: 5, agreement: 'agree' })),
    statements,
    talkFirst: [14, 5],
    roles: [],
    rolesWithheld: false,
  };
  const [round] = await t.ctx.db
    .insert(teamCheckupRounds)
    .values({
      teamId: team!.id,
      name,
      organiserId: idOf(teamOwner),
      startedAt,
      closesAt: new Date(startedAt.getTime() + 86_400_000),
      closedAt: new Date(startedAt.getTime() + 3_600_000),
      remindBeforeAt: startedAt,
      remindLastDayAt: startedAt,
      shownFigures: { figures: figures as never, of: {}, published: [] },
    })
    .returning();
  return round!.id;
}

const fuelMeans = { IMPACT: 70, HUMANS: 68, FUEL: 44, GEARS: 50, FUTURE: 80 };

beforeAll(async () => {
  t = await startTestAppWithMail({ PUBLIC_URL: 'https://hub.example.org', SITE_TIMEZONE: timeZone });
  admin = await adminAccount(t, 'plans-admin');
  await publishAction('fuel-cash-runway', 'Work out how many months of cash you have', 'Fuel', 10);
  await publishAction('fuel-funder-mix', 'List your funders by share of income', 'Fuel');
  await publishAction('gears-payroll-cover', 'Write down the three steps of payroll and who covers', 'Gears', 13);
  await publishAction('humans-feedback', 'Hold a monthly one-to-one with each person', 'Humans', 7);
});
afterAll(async () => {
  await t?.close();
});

describe('making a personal plan (decision 080)', () => {
  it('proposes the weakest pillars with the library’s actions, statement-specific first', async () => {
    const dana = await registerAccount(t.url, 'plans-dana', { firstName: 'Dana', lastName: 'Lee' });
    const resultId = await takeCheckup(dana);
    const res = await api(dana).get(`${apiPaths.planProposal}?resultId=${resultId}`);
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    expect(res.json).toMatchObject({ kind: 'personal', source: { kind: 'checkup', resultId }, activePlan: null, defaultReassessOn: addDays(today(), 90) });
    expect(res.json.sourceLabel).toMatch(/^Your Check-Up of /);
    expect(res.json.baseline).toEqual({ IMPACT: 75, HUMANS: 75, FUEL: 0, GEARS: 25, FUTURE: 75 });
    expect(res.json.priorities.map((p: { priority: { pillar: string } }) => p.priority.pillar)).toEqual(['FUEL', 'GEARS']);
    // The seeded library's Fuel actions are there too: this test's two keep their order, and every
    // action for a statement of the pillar comes before those for the whole pillar.
    const fuel: Array<{ slug: string; pillar: string; questionId: number | null }> = res.json.priorities[0].suggestions;
    expect(fuel.map((s) => s.slug).filter((slug) => slug === 'fuel-cash-runway' || slug === 'fuel-funder-mix')).toEqual([
      'fuel-cash-runway',
      'fuel-funder-mix',
    ]);
    expect(new Set(fuel.map((s) => s.pillar))).toEqual(new Set(['FUEL']));
    const firstWhole = fuel.findIndex((s) => s.questionId === null);
    expect(firstWhole).toBeGreaterThan(0);
    expect(fuel.slice(firstWhole).every((s) => s.questionId === null)).toBe(true);
    expect(res.json.owners).toEqual([{ userId: idOf(dana), name: 'Dana Lee' }]);
  });

  it('proposes a third pillar within five points of the second', async () => {
    const ada = await registerAccount(t.url, 'plans-third');
    // HUMANS: 3,3,3,2 = 11 → 31%; GEARS 25%: within five points of... 31 − 25 = 6: not; with 3,3,3,3 → 25%: tie.
    const resultId = await takeCheckup(ada, answersOf({ 5: 3, 6: 3, 7: 3, 8: 3 }));
    const res = await api(ada).get(`${apiPaths.planProposal}?resultId=${resultId}`);
    expect(res.json.priorities.map((p: { priority: { pillar: string } }) => p.priority.pillar)).toEqual(['FUEL', 'HUMANS', 'GEARS']);
    const other = await takeCheckup(ada, answersOf({ 5: 3, 6: 3, 7: 3, 8: 2 }));
    const two = await api(ada).get(`${apiPaths.planProposal}?resultId=${other}`);
    expect(two.json.priorities.map((p: { priority: { pillar: string } }) => p.priority.pillar)).toEqual(['FUEL', 'GEARS']);
  });

  it('makes a plan for a free member, private to them: anyone else is told it does not exist', async () => {
    const dana = await registerAccount(t.url, 'plans-private', { firstName: 'Dana', lastName: 'Free' });
    const stranger = await registerAccount(t.url, 'plans-stranger');
    const resultId = await takeCheckup(dana);
    // Someone else's result cannot be planned from.
    expect((await api(stranger).get(`${apiPaths.planProposal}?resultId=${resultId}`)).status).toBe(404);
    const created = await api(dana).post(apiPaths.plans, {
      source: { kind: 'checkup', resultId },
      actions: [
        { librarySlug: 'fuel-cash-runway', title: 'Work out how many months of cash you have', pillar: 'GEARS', questionId: 13, dueOn: addDays(today(), 10) },
        { title: 'Ask the treasurer for the bank balance each month', pillar: 'FUEL', ownerId: idOf(dana) },
      ],
    });
    expect(created.status, JSON.stringify(created.json)).toBe(201);
    const plan = created.json;
    expect(plan).toMatchObject({ kind: 'personal', status: 'active', canEdit: true, reassessOn: addDays(today(), 90), createdBy: 'Dana Free', outcome: null });
    // The library's pillar and statement, not the body's.
    expect(plan.actions[0]).toMatchObject({
      librarySlug: 'fuel-cash-runway',
      pillar: 'FUEL',
      questionId: 10,
      why: 'Why work out how many months of cash you have matters.',
      status: 'planned',
    });
    expect(plan.actions[0].links).toEqual([{ label: 'The Fuel field guide', href: '/field-guides/fuel' }]);
    expect(plan.changes.map((c: { text: string }) => c.text)).toEqual(['Dana Free made the plan']);
    for (const url of [path(apiPaths.plan, plan.id), path(apiPaths.planCalendar, plan.id)]) {
      expect((await api(stranger).get(url)).status).toBe(404);
    }
    expect((await api(stranger).post(path(apiPaths.planClose, plan.id), {})).json.message).toBe(planMessages.noSuchPlan);
    expect((await callApp(`${t.url}${path(apiPaths.plan, plan.id)}`)).status).toBe(401);
    const list = await api(dana).get(apiPaths.plans);
    expect(list.json).toMatchObject({ personal: { id: plan.id, actions: 2, done: 0 }, team: null, earlier: [], inTeam: false });
    expect((await api(stranger).get(apiPaths.plans)).json).toMatchObject({ personal: null, team: null, earlier: [] });
    // The calendar: the due date as an all-day event.
    const ics = await api(dana).get(path(apiPaths.planCalendar, plan.id));
    expect(ics.status).toBe(200);
    expect(ics.text).toContain(`DTSTART;VALUE=DATE:${addDays(today(), 10).replace(/-/g, '')}`);
    expect(ics.text).toContain('SUMMARY:Work out how many months of cash you have');
    expect(ics.text.match(/BEGIN:VEVENT/g)).toHaveLength(1);
  });

  it('refuses bad input with a 400 naming the field, and a second active plan with a 409 unless it replaces it', async () => {
    const dana = await registerAccount(t.url, 'plans-bad');
    const other = await registerAccount(t.url, 'plans-bad-other');
    const resultId = await takeCheckup(dana);
    const good = { source: { kind: 'checkup', resultId }, actions: [{ title: 'Count the cash', pillar: 'FUEL' }] };
    const cases: Array<[unknown, RegExp]> = [
      [{ ...good, actions: [] }, /Choose at least one action/],
      [{ ...good, actions: [{ title: ' ', pillar: 'FUEL' }] }, /Action/],
      [{ ...good, actions: [{ title: 'x', pillar: 'WATER' }] }, /Pillar must be one of/],
      [{ ...good, actions: [{ title: 'x', pillar: 'FUEL', ownerId: idOf(other) }] }, new RegExp(planMessages.personalOwner)],
      [{ ...good, actions: [{ title: 'x', pillar: 'FUEL', librarySlug: 'no-such-action' }] }, new RegExp(planMessages.notInLibrary)],
      [{ ...good, actions: [{ title: 'x', pillar: 'FUEL', questionId: 1 }] }, new RegExp(planMessages.statementPillar)],
      [{ ...good, actions: [{ title: 'x', pillar: 'FUEL', dueOn: '2027-02-30' }] }, /not a real date/],
      [{ ...good, reassessOn: today() }, new RegExp(planMessages.reassessPast)],
      [{ ...good, source: { kind: 'round' } }, /round/],
      [{ ...good, extra: 1 }, /extra/],
    ];
    for (const [body, message] of cases) {
      const res = await api(dana).post(apiPaths.plans, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.json.message, JSON.stringify(body)).toMatch(message);
    }
    expect((await api(other).post(apiPaths.plans, good)).status).toBe(404);
    const first = await api(dana).post(apiPaths.plans, good);
    expect(first.status).toBe(201);
    const second = await api(dana).post(apiPaths.plans, good);
    expect(second.status).toBe(409);
    expect(second.json.message).toBe(planMessages.activePersonal);
    expect((await api(dana).get(`${apiPaths.planProposal}?resultId=${resultId}`)).json.activePlan).toMatchObject({ id: first.json.id });
    const replaced = await api(dana).post(apiPaths.plans, { ...good, replaceActive: true });
    expect(replaced.status).toBe(201);
    const list = (await api(dana).get(apiPaths.plans)).json;
    expect(list.personal.id).toBe(replaced.json.id);
    expect(list.earlier.map((p: { id: string }) => p.id)).toEqual([first.json.id]);
    // The closed one is kept, and cannot be changed.
    const kept = await api(dana).get(path(apiPaths.plan, first.json.id));
    expect(kept.json).toMatchObject({ status: 'closed', canEdit: false });
    const action = kept.json.actions[0];
    expect((await patch(dana, path(apiPaths.planAction, first.json.id, action.id), { version: action.version, status: 'done' })).json.message).toBe(
      planMessages.closed,
    );
  });

  it('refuses a stale change with a 409, and records every change in words', async () => {
    const dana = await registerAccount(t.url, 'plans-stale', { firstName: 'Dana', lastName: 'Stale' });
    const resultId = await takeCheckup(dana);
    const plan = (await api(dana).post(apiPaths.plans, { source: { kind: 'checkup', resultId }, actions: [{ title: 'Write down payroll', pillar: 'GEARS' }] }))
      .json;
    const action = plan.actions[0];
    const url = path(apiPaths.planAction, plan.id, action.id);
    const done = await patch(dana, url, { version: action.version, status: 'done' });
    expect(done.status).toBe(200);
    const stale = await patch(dana, url, { version: action.version, dueOn: '2027-03-12' });
    expect(stale.status).toBe(409);
    expect(stale.json.message).toBe(planMessages.stale);
    const moved = await patch(dana, url, { version: action.version + 1, dueOn: '2027-03-12', note: 'With Sam' });
    expect(moved.status).toBe(200);
    expect(moved.json.actions[0]).toMatchObject({ status: 'done', dueOn: '2027-03-12', note: 'With Sam', version: action.version + 2 });
    expect((await patch(dana, url, { version: 99 })).json.message).toMatch(/Change at least one thing/);
    // A change that leaves the note out keeps it.
    expect((await patch(dana, url, { version: action.version + 2, status: 'in-progress' })).json.actions[0]).toMatchObject({
      note: 'With Sam',
      status: 'in-progress',
    });
    expect((await patch(dana, url, { version: action.version + 3, status: 'done' })).status).toBe(200);
    const added = await api(dana).post(path(apiPaths.planActions, plan.id), { title: 'Find a second signer', pillar: 'GEARS' });
    expect(added.status).toBe(201);
    const reassess = await patch(dana, path(apiPaths.plan, plan.id), { reassessOn: '2027-06-01' });
    expect(reassess.status).toBe(200);
    expect(reassess.json.changes.map((c: { text: string }) => c.text)).toEqual([
      'Dana Stale moved the reassessment to June 1, 2027',
      'Dana Stale added “Find a second signer”',
      'Dana Stale marked “Write down payroll” done',
      'Dana Stale marked “Write down payroll” in progress',
      'Dana Stale changed the note of “Write down payroll”',
      'Dana Stale moved “Write down payroll” to March 12, 2027',
      'Dana Stale marked “Write down payroll” done',
      'Dana Stale made the plan',
    ]);
  });

  it('makes one active plan of two creates at once', async () => {
    const dana = await registerAccount(t.url, 'plans-race');
    const resultId = await takeCheckup(dana);
    const body = { source: { kind: 'checkup', resultId }, actions: [{ title: 'Count the cash', pillar: 'FUEL' }] };
    const answers = await Promise.all([api(dana).post(apiPaths.plans, body), api(dana).post(apiPaths.plans, body)]);
    expect(answers.map((a) => a.status).sort()).toEqual([201, 409]);
    const rows = await t.ctx.db
      .select()
      .from(plans)
      .where(eq(plans.userId, idOf(dana)));
    expect(rows).toHaveLength(1);
  });
});

describe('team plans (decision 080)', () => {
  it('are shared by the team’s people: reassigned to a seat holder, a non-team owner refused, every change by name', async () => {
    const { owner, members } = await teamWith('plans-team', 2);
    const omar = members[0]!;
    const outsider = await registerAccount(t.url, 'plans-team-out');
    const roundId = await roundWithFigures(owner, 'Spring retreat', fuelMeans);
    const proposal = await api(omar).get(`${apiPaths.planProposal}?roundId=${roundId}`);
    expect(proposal.status, JSON.stringify(proposal.json)).toBe(200);
    expect(proposal.json.priorities.map((p: { priority: { kind: string; pillar: string; questionId?: number } }) => p.priority)).toEqual([
      { kind: 'pillar', pillar: 'FUEL', percent: 44 },
      { kind: 'pillar', pillar: 'GEARS', percent: 50 },
      { kind: 'statement', questionId: 14, pillar: 'GEARS', spread: 1.2 },
      { kind: 'statement', questionId: 5, pillar: 'HUMANS', spread: 1.1 },
    ]);
    expect(proposal.json.owners.map((o: { userId: string }) => o.userId).sort()).toEqual([idOf(owner), idOf(omar), idOf(members[1]!)].sort());
    expect((await api(outsider).get(`${apiPaths.planProposal}?roundId=${roundId}`)).status).toBe(404);
    const refused = await api(owner).post(apiPaths.plans, {
      source: { kind: 'round', roundId },
      actions: [{ title: 'x', pillar: 'FUEL', ownerId: idOf(outsider) }],
    });
    expect(refused.status).toBe(400);
    expect(refused.json.message).toMatch(planMessages.notTeamOwner);
    const created = await api(owner).post(apiPaths.plans, {
      source: { kind: 'round', roundId },
      actions: [
        { librarySlug: 'fuel-cash-runway', title: 'Work out how many months of cash you have', pillar: 'FUEL', ownerId: idOf(owner) },
        { title: 'Ask two funders for multi-year grants', pillar: 'FUEL', ownerId: idOf(owner) },
      ],
    });
    expect(created.status, JSON.stringify(created.json)).toBe(201);
    const plan = created.json;
    expect(plan).toMatchObject({ kind: 'team', teamName: 'Tess Owner’s team', sourceLabel: 'Spring retreat' });
    // A seat holder sees and changes it; an outsider is told it does not exist.
    const seen = await api(omar).get(path(apiPaths.plan, plan.id));
    expect(seen.json).toMatchObject({ id: plan.id, canEdit: true });
    expect((await api(outsider).get(path(apiPaths.plan, plan.id))).status).toBe(404);
    const [first, second] = seen.json.actions;
    const given = await patch(owner, path(apiPaths.planAction, plan.id, second.id), { version: second.version, ownerId: idOf(omar), dueOn: '2027-03-12' });
    expect(given.status).toBe(200);
    const marked = await patch(omar, path(apiPaths.planAction, plan.id, first.id), { version: first.version, status: 'done' });
    expect(marked.status).toBe(200);
    expect((await patch(omar, path(apiPaths.planAction, plan.id, first.id), { version: first.version + 1, ownerId: idOf(outsider) })).status).toBe(400);
    expect(marked.json.changes.map((c: { text: string }) => c.text).slice(0, 3)).toEqual([
      'Omar Seat marked “Work out how many months of cash you have” done',
      'Tess Owner moved “Ask two funders for multi-year grants” to March 12, 2027',
      'Tess Owner gave “Ask two funders for multi-year grants” to Omar Seat',
    ]);
    expect((await api(omar).get(apiPaths.plans)).json).toMatchObject({ personal: null, team: { id: plan.id, done: 1, actions: 2 }, inTeam: true });

    // Did it work: the next round shows the change beside what was done.
    const later = await roundWithFigures(owner, 'Autumn round', { ...fuelMeans, FUEL: 63 }, new Date(Date.now() + 1000));
    const outcome = await api(omar).get(`${apiPaths.planOutcome}?roundId=${later}`);
    expect(outcome.status).toBe(200);
    expect(outcome.json.pillars.find((p: { pillar: string }) => p.pillar === 'FUEL')).toEqual({ pillar: 'FUEL', before: 44, after: 63, done: 1, total: 2 });
    expect((await api(outsider).get(`${apiPaths.planOutcome}?roundId=${later}`)).status).toBe(404);

    // Omar's account deleted: his action stays the team's, unassigned, and the history says so.
    expect((await api(omar).call('DELETE', '/api/account', { confirmEmail: omar.email })).status).toBeLessThan(300);
    const after = (await api(owner).get(path(apiPaths.plan, plan.id))).json;
    expect(after.actions.find((a: { id: string }) => a.id === second.id)).toMatchObject({ ownerId: null, ownerName: null });
    const texts = after.changes.map((c: { by: string; text: string }) => `${c.by}: ${c.text}`);
    expect(texts[0]).toBe("A former member: “Ask two funders for multi-year grants” has no owner now: its owner's account was deleted");
    expect(texts).toContain('A former member: A former member marked “Work out how many months of cash you have” done');
  });
});

describe('did it work (decision 082)', () => {
  it('shows the next Check-Up’s change per planned pillar beside what was done', async () => {
    const dana = await registerAccount(t.url, 'plans-outcome');
    const resultId = await takeCheckup(dana);
    const plan = (
      await api(dana).post(apiPaths.plans, {
        source: { kind: 'checkup', resultId },
        actions: [
          { title: 'One', pillar: 'FUEL', status: 'done' },
          { title: 'Two', pillar: 'FUEL', status: 'done' },
          { title: 'Three', pillar: 'FUEL' },
          { title: 'Four', pillar: 'FUEL', status: 'dropped' },
        ],
      })
    ).json;
    expect((await api(dana).get(`${apiPaths.planOutcome}?resultId=${resultId}`)).text).toBe('null');
    // FUEL 2,2,3,3 = 10 → 38%.
    const next = await takeCheckup(dana, answersOf({ 9: 2, 10: 2, 11: 3, 12: 3 }));
    const outcome = (await api(dana).get(`${apiPaths.planOutcome}?resultId=${next}`)).json;
    expect(outcome).toMatchObject({ planId: plan.id, resultPath: `/checkup/results/${next}` });
    expect(outcome.pillars).toEqual([
      { pillar: 'FUEL', before: 0, after: 38, done: 2, total: 3 },
      { pillar: 'GEARS', before: 25, after: 25, done: 0, total: 0 },
    ]);
    expect((await api(dana).get(path(apiPaths.plan, plan.id))).json.outcome).toEqual(outcome);
  });
});

describe('the admin’s figures (decision 082)', () => {
  it('shows nothing under ten plans and counts only from ten', async () => {
    await t.ctx.db.delete(plans);
    // As the job computes them every 15 minutes.
    const stats = async () => {
      await computePlanFigures(t.ctx.db, 50);
      const res = await callApp(`${t.url}${adminApiPaths.adminPlans}`, 'GET', { cookie: admin.cookie });
      expect(res.status).toBe(200);
      return res.json;
    };
    const people: TestAccount[] = [];
    for (let i = 0; i < 10; i++) {
      const person = await registerAccount(t.url, `plans-admin-${i}`);
      const resultId = await takeCheckup(person);
      expect(
        (
          await api(person).post(apiPaths.plans, {
            source: { kind: 'checkup', resultId },
            actions: [{ librarySlug: 'fuel-funder-mix', title: 'x', pillar: 'FUEL', status: i < 3 ? 'done' : 'planned' }],
          })
        ).status,
      ).toBe(201);
      people.push(person);
      if (i === 8) expect(await stats()).toMatchObject({ plans: 9, minimum: 10, actions: null });
    }
    for (const person of people) await takeCheckup(person, answersOf({ 9: 3, 10: 3, 11: 3, 12: 3 }));
    const ten = await stats();
    expect(ten.plans).toBe(10);
    expect(Date.now() - Date.parse(ten.asOf)).toBeLessThan(60_000);
    expect(ten.actions).toEqual([{ slug: 'fuel-funder-mix', title: 'List your funders by share of income', pillar: 'FUEL', chosen: 10, done: 3, dropped: 0 }]);
    expect(ten.pillars.find((p: { pillar: string }) => p.pillar === 'FUEL')).toEqual({ pillar: 'FUEL', plans: 10, averageChange: 25 });
    expect(JSON.stringify(ten)).not.toMatch(/@|plans-admin/);
    expect((await api(people[0]!).get(adminApiPaths.adminPlans)).status).toBe(403);
  });
});

describe('personal data (decision 080)', () => {
  it('exports the person’s plans and deletes them with the account', async () => {
    const dana = await registerAccount(t.url, 'plans-export');
    const resultId = await takeCheckup(dana);
    const plan = (await api(dana).post(apiPaths.plans, { source: { kind: 'checkup', resultId }, actions: [{ title: 'Count the cash', pillar: 'FUEL' }] })).json;
    const exported = await api(dana).get('/api/account/export');
    expect(exported.status).toBe(200);
    expect(exported.json.plans[0]).toMatchObject({ id: plan.id, actions: [{ title: 'Count the cash' }] });
    expect(exported.json.planChangesMade[0]).toMatchObject({ kind: 'created' });
    expect((await api(dana).call('DELETE', '/api/account', { confirmEmail: dana.email })).status).toBeLessThan(300);
    expect(await t.ctx.db.select().from(plans).where(eq(plans.id, plan.id))).toHaveLength(0);
    expect(await t.ctx.db.select().from(planActions).where(eq(planActions.planId, plan.id))).toHaveLength(0);
  });
});

/** Noon on the site's calendar day `day`: a frozen clock for the jobs. */
const noonOn = (day: string) => new Date(`${day}T17:00:00Z`);
const runReminders = async (now: Date) => {
  const result = await sendPlanReminders(t.ctx, now);
  await t.ctx.mailQueue.idle();
  return result;
};
/** A plan of `a` from a fresh Check-Up, with these actions (owned by `a`). */
async function planWith(a: TestAccount, actions: Array<Record<string, unknown>>) {
  const resultId = await takeCheckup(a);
  const res = await api(a).post(apiPaths.plans, {
    source: { kind: 'checkup', resultId },
    actions: actions.map((action) => ({ pillar: 'FUEL', ownerId: idOf(a), ...action })),
  });
  expect(res.status, JSON.stringify(res.json)).toBe(201);
  return res.json;
}

describe('reminders (decision 081)', () => {
  it('sends one digest a day per owner however many actions fall due, due soon and overdue once each', async () => {
    const dana = await registerAccount(t.url, 'plans-digest', { firstName: 'Dana', lastName: 'Digest' });
    const due = addDays(today(), 2);
    await planWith(dana, [
      { title: 'Count the cash', dueOn: due },
      { title: 'Call the treasurer', dueOn: due },
      { title: 'List the funders', dueOn: due },
      { title: 'Later thing', dueOn: addDays(today(), 20) },
      { title: 'Done already', dueOn: due, status: 'done' },
    ]);
    await runReminders(new Date());
    const [digest] = await t.smtp.waitFor(dana.email, /Your plan: 3 actions are due soon/).then((mail) => [mail]);
    for (const title of ['Count the cash', 'Call the treasurer', 'List the funders']) expect(digest!.text).toContain(`- ${title} (Fuel), due`);
    expect(digest!.text).not.toMatch(/Later thing|Done already/);
    expect(digest!.text).toMatch(/https:\/\/hub\.example\.org\/plans\/[\w-]{36}/);
    expect(digest!.text).toMatch(/Stop plan reminders: https:\/\/hub\.example\.org\/preferences\?token=/);
    expect(digest!.headers).toMatch(/List-Unsubscribe: <https:\/\/hub\.example\.org\/api\/plans\/mail\/stop\?token=/);
    expect(digest!.headers).toMatch(/List-Unsubscribe-Post: List-Unsubscribe=One-Click/);
    // Again the same day, and again on the next: nothing more until the date passes.
    await runReminders(new Date());
    await runReminders(noonOn(addDays(today(), 1)));
    expect(t.smtp.find(dana.email, /Your plan/)).toHaveLength(1);
    // The day after the due date: one digest of the three overdue, once.
    const after = noonOn(addDays(due, 1));
    await runReminders(after);
    await runReminders(after);
    await runReminders(noonOn(addDays(due, 2)));
    await t.smtp.waitFor(dana.email, /Your plan: 3 actions are overdue/);
    const mails = t.smtp.find(dana.email, /Your plan/);
    expect(mails.map((mail) => mail.subject)).toEqual(['Your plan: 3 actions are due soon', 'Your plan: 3 actions are overdue']);
    // Actions of one date in their plan's order, in both digests.
    const inPlanOrder = /- Count the cash .*\n- Call the treasurer .*\n- List the funders /;
    expect(mails[0]!.text).toMatch(inPlanOrder);
    expect(mails[1]!.text).toMatch(/Overdue:\n- Count the cash/);
    expect(mails[1]!.text).toMatch(inPlanOrder);
  });

  it('leaves what did not fit today for tomorrow: one digest a day', async () => {
    const dana = await registerAccount(t.url, 'plans-tomorrow');
    const plan = await planWith(dana, [{ title: 'First', dueOn: addDays(today(), 1) }]);
    await runReminders(new Date());
    await t.smtp.waitFor(dana.email, /Your plan: an action is due soon/);
    // A date set within the window after today's digest went: reminded tomorrow, not today.
    const added = await api(dana).post(path(apiPaths.planActions, plan.id), {
      title: 'Second',
      pillar: 'FUEL',
      ownerId: idOf(dana),
      dueOn: addDays(today(), 2),
    });
    expect(added.status).toBe(201);
    await runReminders(new Date());
    expect(t.smtp.find(dana.email, /Your plan/)).toHaveLength(1);
    await runReminders(noonOn(addDays(today(), 1)));
    await t.smtp.waitFor(dana.email, /Your plan: an action is due soon/);
    await vi.waitFor(() => expect(t.smtp.find(dana.email, /Your plan/)).toHaveLength(2));
    const mails = t.smtp.find(dana.email, /Your plan/);
    expect(mails[1]!.text).toContain('- Second (Fuel)');
    expect(mails[1]!.text).not.toContain('- First (Fuel)');
  });

  it('sends nothing to an address that left plan reminders or whose mail is refused, and marks them dealt with', async () => {
    const left = await registerAccount(t.url, 'plans-left');
    const bounced = await registerAccount(t.url, 'plans-bounced');
    const kept = await planWith(left, [{ title: 'Before leaving', dueOn: addDays(today(), 1) }]);
    await runReminders(new Date());
    const mail = await t.smtp.waitFor(left.email, /Your plan/);
    const stop = /List-Unsubscribe: <([^>]+)>/.exec(mail.headers)![1]!.replace('https://hub.example.org', t.url);
    const stopped = await callApp(stop, 'POST', { raw: 'List-Unsubscribe=One-Click', headers: { 'content-type': 'application/x-www-form-urlencoded' } });
    expect(stopped.status, stopped.text).toBe(200);
    expect(stopped.json).toMatchObject({ email: left.email, stopped: true });
    await t.ctx.db.insert(mailSuppressions).values({ email: bounced.email, reason: '550 mailbox unavailable' });
    await planWith(bounced, [{ title: 'Bounced one', dueOn: addDays(today(), 1) }]);
    const late = noonOn(addDays(today(), 3));
    await runReminders(late);
    expect(t.smtp.find(left.email, /Your plan/)).toHaveLength(1);
    expect(t.smtp.find(bounced.email, /Your plan/)).toHaveLength(0);
    const rows = await t.ctx.db.select().from(planActions).where(eq(planActions.planId, kept.id));
    expect(rows[0]!.overdueHandledAt).not.toBeNull();
  });

  it('replaces the retake reminder with the plan’s reassessment reminder: nobody gets both, and it goes once', async () => {
    const dana = await registerAccount(t.url, 'plans-reassess', { firstName: 'Dana', lastName: 'Again' });
    const free = await registerAccount(t.url, 'plans-retake');
    const plan = await planWith(dana, [{ title: 'Something' }]);
    await takeCheckup(free);
    const days = t.ctx.env.CHECKUP_RETAKE_REMINDER_DAYS;
    await sendRetakeReminders(t.ctx, new Date(Date.now() + (days + 1) * 86_400_000));
    await t.ctx.mailQueue.idle();
    expect(t.smtp.find(free.email, /Check-Up/).length).toBeGreaterThan(0);
    expect(t.smtp.find(dana.email, /Check-Up/)).toHaveLength(0);
    // On the reassessment date, once.
    const on = noonOn(plan.reassessOn);
    await runReminders(new Date(on.getTime() - 86_400_000));
    expect(t.smtp.find(dana.email, /Time to take the Check-Up again/)).toHaveLength(0);
    await runReminders(on);
    await runReminders(on);
    // Many digests went in the same run (every earlier test's actions are overdue by then): delivered as the queue paces them.
    await t.smtp.waitFor(dana.email, /Time to take the Check-Up again/, 20_000);
    const mails = t.smtp.find(dana.email, /Time to take the Check-Up again/);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text).toContain('https://hub.example.org/checkup');
    expect(mails[0]!.headers).toMatch(/List-Unsubscribe: <https:\/\/hub\.example\.org\/api\/plans\/mail\/stop/);
    // Someone who took the Check-Up again since the plan began is not asked to.
    const retook = await registerAccount(t.url, 'plans-retook');
    const other = await planWith(retook, [{ title: 'x' }]);
    await takeCheckup(retook);
    await runReminders(noonOn(other.reassessOn));
    expect(t.smtp.find(retook.email, /Time to take the Check-Up again/)).toHaveLength(0);
  });

  it('stops the follow-ups of a pillar the person has an active plan for', async () => {
    const created = await callApp(`${t.url}/api/admin/follow-ups`, 'POST', {
      cookie: admin.cookie,
      body: {
        name: 'Fuel',
        targetKind: 'pillar',
        target: 'FUEL',
        steps: [
          { delayDays: 0, subject: 'Fuel one', body: 'One.' },
          { delayDays: 3, subject: 'Fuel two', body: 'Two.' },
        ],
      },
    });
    expect(created.status, created.text).toBe(201);
    expect((await callApp(`${t.url}/api/admin/follow-ups/${created.json.id}/switch`, 'POST', { cookie: admin.cookie, body: { active: true } })).status).toBe(
      200,
    );
    const dana = await registerAccount(t.url, 'plans-follow');
    const resultId = await takeCheckup(dana);
    await sendDueFollowUps(t.ctx);
    await t.ctx.mailQueue.idle();
    expect(t.smtp.find(dana.email, /Fuel one/)).toHaveLength(1);
    // A plan made from that result: Fuel, the weakest pillar, is among its priorities.
    const plan = await api(dana).post(apiPaths.plans, { source: { kind: 'checkup', resultId }, actions: [{ title: 'Payroll', pillar: 'GEARS' }] });
    expect(plan.status).toBe(201);
    expect(plan.json.priorities[0]).toMatchObject({ pillar: 'FUEL' });
    const later = new Date(Date.now() + 4 * 86_400_000);
    await sendDueFollowUps(t.ctx, later);
    await t.ctx.mailQueue.idle();
    expect(t.smtp.find(dana.email, /Fuel two/)).toHaveLength(0);
    const [stopped] = await t.ctx.db.select().from(followUpEnrolments).where(eq(followUpEnrolments.resultId, resultId));
    expect(stopped!.stopReason).toBe('plan');
  });
});

describe.runIf(process.env.TEST_DB === 'postgres')('reminders, two runs at once (decision 081)', () => {
  it("never splits one owner's day between two digests: a run passes over an owner another run holds, all of their actions with them", async () => {
    const dana = await registerAccount(t.url, 'plans-whole');
    const due = addDays(today(), 1);
    await planWith(dana, [
      { title: 'Whole one', dueOn: due },
      { title: 'Whole two', dueOn: due },
      { title: 'Whole three', dueOn: due },
    ]);
    const now = new Date();
    const day = siteIsoDate(now, timeZone);
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let claimed!: (owners: string[]) => void;
    const holding = new Promise<string[]>((resolve) => (claimed = resolve));
    // Another server's run, stopped inside its transaction after claiming, then rolled back (as if killed).
    const other = t.ctx.db
      .transaction(async (tx) => {
        const rows = await claimDueActions(tx, day, addDays(day, 3), digestTopic(day), 1_000);
        claimed(rows.map((row) => row.ownerId));
        await held;
        throw new Error('stopped before its commit');
      })
      .catch(() => undefined);
    expect(await holding).toContain(idOf(dana));
    await runReminders(now);
    expect(t.smtp.find(dana.email, /Your plan/)).toHaveLength(0);
    release();
    await other;
    await runReminders(now);
    const digest = await t.smtp.waitFor(dana.email, /Your plan: 3 actions are due soon/);
    for (const title of ['Whole one', 'Whole two', 'Whole three']) expect(digest.text).toContain(`- ${title} (Fuel), due`);
    await runReminders(now);
    expect(t.smtp.find(dana.email, /Your plan/)).toHaveLength(1);
  });
});
