import { count, eq, sql } from 'drizzle-orm';
import { getTableConfig, type PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { adminAuditLog, mailSuppressions, mailTopicOptOuts, toldOnce, users } from '../../db/schema';
import { allies, allyReviews } from '../allies/schema';
import { editionBounces } from '../bounces/schema';
import { coachingBookings, coachingSlots } from '../coaching/schema';
import { editionDeliveries, newsletterEditions } from '../editions/schema';
import { followUpEnrolments, followUpSequences } from '../follow-ups/schema';
import { memberships } from '../membership/schema';
import { offerRedemptions, offers } from '../offers/schema';
import { teamCheckupInvitations, teamCheckupRounds } from '../team-checkup/schema';
import { planActions, planChanges, plans } from '../plans/schema';
import { teamInvitations, teamSeats, teams } from '../teams/schema';
import { webinarSignups, webinars } from '../webinars/schema';
import { startTestApp, type TestApp } from '../../test/app';
import { callApp } from '../../test/call-app';
import { expectNoSecrets, registerAccount, type TestAccount } from '../../test/auth-client';
import { goodCard, memberApi } from '../../test/payments';
import { uniqueEmail } from '../../test/unique-email';
import { createVerificationToken } from '../auth/email-verification';
import { features } from '../../features';
import type { Coverage } from '../../personal-data';
import { allTables, tableName, tablesByFile } from '../../test/schema-tables';

vi.setConfig({ testTimeout: 90_000 });

/**
 * The part of "Download my data" and of deletion that answers for a table: its feature's (the
 * feature of the folder whose schema.ts declares it). The tables below the features (the core's
 * and the local payment provider's) belong to no feature: the account's own part answers for them.
 */
const partFor = (file: string) => features.find((feature) => feature.name === (/^server\/features\/([^/]+)\//.exec(file)?.[1] ?? 'account'))?.personalData;

/** Every table's coverage, by table name, from the part that answers for it. */
const personalData: Record<string, Coverage> = Object.assign({}, ...features.map((feature) => feature.personalData?.tables ?? {}));

/** A column that refers to a person: a foreign key to users, a user/admin/coach id, an email, a recipient, or who did something. */
type PersonalColumn = { column: PgColumn; holds: 'id' | 'email' | 'who' };

function personalColumns(table: PgTable): PersonalColumn[] {
  const config = getTableConfig(table);
  const toUsers = new Set(config.foreignKeys.filter((fk) => fk.reference().foreignTable === users).flatMap((fk) => fk.reference().columns.map((c) => c.name)));
  return config.columns.flatMap((column): PersonalColumn[] => {
    if (toUsers.has(column.name) || /(^|_)(user|admin|coach)_id$/.test(column.name)) return [{ column, holds: 'id' }];
    if (/(^|_)email$|^to$/.test(column.name)) return [{ column, holds: 'email' }];
    if (/_by$/.test(column.name)) return [{ column, holds: 'who' }];
    return [];
  });
}

describe('every table that holds something about a person is covered by the export and the deletion', () => {
  it("is named by the personalData part of the feature that declares it (the account's for the tables below the features), exported and erased or kept with its reason; nothing named is stale", () => {
    for (const [file, tables] of tablesByFile) {
      const part = partFor(file);
      for (const table of tables.filter((t) => personalColumns(t).length > 0)) {
        const name = tableName(table);
        expect(part?.tables ?? {}, `${name} (${file}) holds a user column or an email: its feature's personalData part names it`).toHaveProperty(name);
      }
      // A part names only tables of its own files.
      const own = new Set([...tablesByFile].filter(([other]) => partFor(other) === part).flatMap(([, t]) => t.map(tableName)));
      for (const name of Object.keys(part?.tables ?? {})) expect(own, `${name} is named by a part that does not declare it`).toContain(name);
    }
    const named = features.flatMap((feature) => Object.keys(feature.personalData?.tables ?? {}));
    expect(named.length, 'a table is named by two parts').toBe(new Set(named).size);
    const names = allTables.map(tableName);
    for (const name of named) expect(names, `${name} is named by a personalData part but is no table`).toContain(name);
    for (const [name, coverage] of Object.entries(personalData)) {
      if ('kept' in coverage) expect(coverage.kept.length, name).toBeGreaterThan(20);
      else expect(coverage.exported, name).toBeTruthy();
    }
  });
});

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ RATE_LIMIT_REGISTER_PER_HOUR: '1000', RATE_LIMIT_FORMS_PER_HOUR: '1000', RATE_LIMIT_PASSWORD_RESET_PER_HOUR: '1000' });
});
afterAll(() => t.close());

/** One row in every table personal-data.ts exports, for `member`: through the API where there is one, else as the feature writes it. */
async function everythingAbout(member: TestAccount): Promise<void> {
  const id = member.user.id as string;
  const db = t.ctx.db;
  const api = memberApi(t, member.cookie);
  const token = await createVerificationToken(db, { id, email: member.email });
  expect((await callApp(`${t.url}/api/account/verify-email`, 'POST', { body: { token } })).status).toBe(200);
  expect(
    (await callApp(`${t.url}/api/newsletter/signup`, 'POST', { body: { email: member.email, name: 'Ada', organization: 'Food Bank' } })).status,
  ).toBeLessThan(300);
  expect(
    (await api.post('/api/contact', { name: 'Ada', email: member.email, organization: '', subject: 'Hi', message: 'Hello there', contactType: 'support' }))
      .status,
  ).toBe(201);
  const answers = Object.fromEntries(Array.from({ length: 20 }, (_, i) => [String(i + 1), 2]));
  const checkup = await api.post('/api/checkup-results', { email: member.email, answers });
  expect(checkup.status).toBe(201);
  const [sequence] = await db
    .insert(followUpSequences)
    .values({ name: 'After the Check-Up', targetKind: 'grade', target: 'D', steps: [], firstDelayDays: 0 })
    .returning();
  await db
    .insert(followUpEnrolments)
    .values({ sequenceId: sequence!.id, resultId: checkup.json.id, email: member.email, userId: id, pillar: 'FUEL', nextDueAt: new Date() });
  expect((await callApp(`${t.url}/api/password-reset/request`, 'POST', { body: { email: member.email } })).status).toBeLessThan(300);
  const { url } = (await api.post('/api/create-checkout-session', { planType: 'monthly' })).json;
  expect((await api.post(`/api/billing/local/checkouts/${url.split('/').pop()}/pay`, goodCard)).status).toBe(200);

  const [ally] = await db
    .insert(allies)
    .values({
      name: 'Ledger Helpers',
      category: 'Fuel',
      submitterName: 'Ada',
      submitterEmail: member.email.toUpperCase(),
      email: uniqueEmail('vendor'),
      approved: true,
    })
    .returning();
  await db.insert(allyReviews).values({ allyId: ally!.id, userId: id, rating: 5, comment: 'Great' });
  await db.insert(toldOnce).values({ topic: 'slack-invitation', userId: id, details: { by: 'admin@example.org', method: 'marked' } });
  const [webinar] = await db
    .insert(webinars)
    .values({ title: 'Board basics', startsAt: new Date(Date.now() + 86_400_000), durationMinutes: 60, roomUrl: 'https://meet.example.org/x' })
    .returning();
  await db.insert(webinarSignups).values({ webinarId: webinar!.id, userId: id });
  await db.insert(toldOnce).values({ topic: `webinar:${webinar!.id}:confirmation`, userId: id });
  const [offer] = await db
    .insert(offers)
    .values({
      code: `small-${id.slice(0, 8)}`,
      label: 'Small nonprofit',
      kind: 'percent',
      percentOff: 50,
      duration: 'forever',
      appliesTo: 'both',
      requiresApproval: true,
    })
    .returning();
  await db.insert(offerRedemptions).values({ offerId: offer!.id, userId: id, status: 'requested', budgetBand: 'under-100k' });
  // A team plan they bought, a seat on it, and an invitation to their address they used (decision 055).
  const [teamPlan] = await db
    .insert(memberships)
    .values({ userId: id, provider: 'local', providerSubscriptionId: `sub_team_${id}`, plan: 'monthly', status: 'active', seats: 3 })
    .returning();
  const [team] = await db.insert(teams).values({ membershipId: teamPlan!.id, ownerId: id }).returning();
  await db.insert(teamSeats).values({ teamId: team!.id, userId: id });
  await db
    .insert(teamInvitations)
    .values({ teamId: team!.id, email: member.email, tokenHash: `hash-${id}`, expiresAt: new Date(Date.now() + 86_400_000), usedAt: new Date(), usedBy: id });
  // A team Check-Up round they started on that team, and their answer in it (decision 077).
  const [round] = await db
    .insert(teamCheckupRounds)
    .values({
      teamId: team!.id,
      name: 'Board retreat',
      organiserId: id,
      closesAt: new Date(Date.now() + 86_400_000),
      remindBeforeAt: new Date(),
      remindLastDayAt: new Date(),
    })
    .returning();
  await db
    .insert(teamCheckupInvitations)
    .values({ roundId: round!.id, email: member.email, userId: id, tokenHash: `round-${id}`, answers, role: 'board', answeredAt: new Date() });
  // A personal plan, and a team plan of that team with an action they own and a change they made (decision 080).
  const baseline = { IMPACT: 50, HUMANS: 50, FUEL: 25, GEARS: 50, FUTURE: 50 };
  const [ownPlan, teamPlanOfThem] = await db
    .insert(plans)
    .values([
      { kind: 'personal', userId: id, sourceLabel: 'Your Check-Up', baseline, priorities: [], reassessOn: '2027-06-01', createdBy: id },
      {
        kind: 'team',
        teamId: team!.id,
        sourceRoundId: round!.id,
        sourceLabel: 'Board retreat',
        baseline,
        priorities: [],
        reassessOn: '2027-06-01',
        createdBy: id,
      },
    ])
    .returning();
  await db.insert(planActions).values([
    { planId: ownPlan!.id, title: 'Count the cash', pillar: 'FUEL', ownerId: id, position: 0, updatedBy: id },
    { planId: teamPlanOfThem!.id, title: 'Write down payroll', pillar: 'GEARS', ownerId: id, position: 0, updatedBy: id },
  ]);
  await db.insert(planChanges).values({ planId: teamPlanOfThem!.id, actorId: id, kind: 'created', details: {} });
  const slotTime = new Date(Date.now() + 7 * 86_400_000 + Math.floor(Math.random() * 1e9));
  const [slot] = await db
    .insert(coachingSlots)
    .values({ coachId: id, coachName: 'Ada Lovelace', startsAt: slotTime, roomUrl: 'https://meet.example.org/c' })
    .returning();
  await db.insert(coachingBookings).values({ slotId: slot!.id, userId: id, month: slotTime.toISOString().slice(0, 7) });
  const [edition] = await db
    .insert(newsletterEditions)
    .values({ slug: `e-${id}`, title: 'Issue for the test', body: 'Hello' })
    .returning();
  const [delivery] = await db
    .insert(editionDeliveries)
    .values({ editionId: edition!.id, email: member.email, status: 'sent', sentAt: new Date() })
    .returning({ id: editionDeliveries.id });
  await db
    .insert(editionBounces)
    .values({ deliveryId: delivery!.id, editionId: edition!.id, email: member.email, kind: 'soft', status: '4.2.2', source: 'imap' });
  await db.insert(mailSuppressions).values({ email: member.email, reason: '550 mailbox unavailable' });
  await db.insert(mailTopicOptOuts).values([
    { email: member.email, topic: 'allies' },
    { email: member.email, topic: 'follow-ups' },
    { email: member.email, topic: 'retake-reminders' },
  ]);
  await db
    .insert(adminAuditLog)
    .values({ adminId: id, adminEmail: member.email, action: 'ally.approve', targetType: 'ally', targetId: ally!.id, details: { name: 'Ledger Helpers' } });
  await db.insert(adminAuditLog).values({
    adminId: id,
    adminEmail: 'other-admin@example.org',
    action: 'user.premium.grant',
    targetType: 'user',
    targetId: id,
    details: { email: member.email },
  });
}

const rowsWith = async (table: PgTable, column: PgColumn, holds: 'id' | 'email', value: string) => {
  const where = holds === 'email' ? sql`lower(${column}) = lower(${value})` : eq(column, value);
  const [row] = await t.ctx.db.select({ n: count() }).from(table).where(where);
  return row!.n;
};

describe('download my data, then delete my account', () => {
  it('the export has a non-empty entry for every exported table; after deletion no erased table refers to the person, and what is kept is anonymised', async () => {
    const member = await registerAccount(t.url, 'everything');
    const id = member.user.id as string;
    await everythingAbout(member);

    const res = await memberApi(t, member.cookie).get('/api/account/export');
    expect(res.status).toBe(200);
    const data = res.json;
    for (const [name, coverage] of Object.entries(personalData)) {
      if (!coverage.exported) continue;
      const entry = data[coverage.exported];
      const filled = Array.isArray(entry)
        ? entry.length > 0
        : entry && typeof entry === 'object' && Object.values(entry).some((v) => (Array.isArray(v) ? v.length > 0 : v != null));
      expect(filled, `${name} is exported as "${coverage.exported}" but the export holds nothing there`).toBeTruthy();
    }
    // The sections the parts name, in the order a download has always had them (account/repo.ts).
    expect(Object.keys(data)).toEqual([
      'exportedAt',
      'account',
      'checkupFollowUps',
      'sessions',
      'emailVerifications',
      'resetRequests',
      'newsletterSignups',
      'communitySignups',
      'checkupResults',
      'contactMessages',
      'subscriptions',
      'receipts',
      'paymentCustomer',
      'allyReviews',
      'allySubmissions',
      'webinarSignups',
      'offerRedemptions',
      'teamsBought',
      'teamSeats',
      'teamInvitations',
      'toldOnce',
      'coachingBookings',
      'coachingSlotsOffered',
      'emails',
      'weeklyDishDeliveries',
      'weeklyDishBounces',
      'mailSuppressions',
      'emailTopicOptOuts',
      'auditLog',
      'teamCheckupAnswers',
      'teamCheckupRoundsStarted',
      'plans',
      'planActionsOwned',
      'planChangesMade',
    ]);
    expect(new Set(Object.keys(data))).toEqual(
      new Set(['exportedAt', ...Object.values(personalData).flatMap((coverage) => (coverage.exported ? [coverage.exported] : []))]),
    );
    expectNoSecrets(data);
    const [account] = await t.ctx.db.select({ hash: users.passwordHash }).from(users).where(eq(users.id, id));
    expect(JSON.stringify(data)).not.toContain(account!.hash);

    expect((await memberApi(t, member.cookie).call('DELETE', '/api/account', { confirmEmail: member.email })).status).toBe(200);
    for (const table of allTables) {
      const name = tableName(table);
      const coverage = personalData[name];
      if (!coverage || 'kept' in coverage) continue;
      for (const { column, holds } of personalColumns(table)) {
        if (holds === 'who') continue;
        expect(await rowsWith(table, column, holds, holds === 'email' ? member.email : id), `${name}.${column.name} still refers to the deleted member`).toBe(
          0,
        );
      }
    }
    const audit = await t.ctx.db.select().from(adminAuditLog).where(eq(adminAuditLog.targetId, id));
    expect(audit).toHaveLength(1);
    expect(JSON.stringify(audit[0]!.details)).not.toContain(member.email);
    const [slot] = await t.ctx.db
      .select()
      .from(coachingSlots)
      .where(eq(coachingSlots.coachName, 'Ada Lovelace'))
      .orderBy(sql`${coachingSlots.createdAt} desc`)
      .limit(1);
    expect(slot!.coachId).toBeNull();
    const [listing] = await t.ctx.db
      .select()
      .from(allies)
      .where(eq(allies.name, 'Ledger Helpers'))
      .orderBy(sql`${allies.createdAt} desc`)
      .limit(1);
    expect(listing).toMatchObject({ submitterName: '', submitterEmail: '', approved: true });
  });
});
