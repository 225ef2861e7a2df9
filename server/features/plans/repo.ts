import { and, asc, desc, eq, gt, inArray, isNull, ne, or, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Pillar } from '#shared/checkup/questions';
import type { Executor, Transaction } from '../../db/client';
import { mailSuppressions, toldOnce, users } from '../../db/schema';
import { optedOut } from '../../mail/topic-opt-outs';
import { checkupResults } from '../checkup/schema';
import { teamCheckupRounds as rounds } from '../team-checkup/schema';
import { teams } from '../teams/schema';
import { type PersonalData } from '../../personal-data';
import { type PlanActionRow, type PlanChangeRow, planActions, planChanges, planFigures, type PlanRow, plans } from './schema';

export type { PlanActionRow, PlanChangeRow, PlanRow };

const nameOf = sql<string | null>`nullif(trim(coalesce(${users.name}, '')), '')`;

/** The active personal plan of a person, if any. */
export async function activePersonalPlan(db: Executor, userId: string): Promise<PlanRow | undefined> {
  const [row] = await db
    .select()
    .from(plans)
    .where(and(eq(plans.kind, 'personal'), eq(plans.userId, userId), eq(plans.status, 'active')))
    .limit(1);
  return row;
}

/** The active plan of a team, if any. */
export async function activeTeamPlan(db: Executor, teamId: string): Promise<PlanRow | undefined> {
  const [row] = await db
    .select()
    .from(plans)
    .where(and(eq(plans.kind, 'team'), eq(plans.teamId, teamId), eq(plans.status, 'active')))
    .limit(1);
  return row;
}

export async function planById(db: Executor, id: string): Promise<PlanRow | undefined> {
  const [row] = await db.select().from(plans).where(eq(plans.id, id));
  return row;
}

/** The plan, locked until the transaction ends: every change of it and its actions takes turns here. */
export async function lockPlan(tx: Transaction, id: string): Promise<PlanRow | undefined> {
  const [row] = await tx.select().from(plans).where(eq(plans.id, id)).for('update');
  return row;
}

export async function insertPlan(
  tx: Executor,
  values: Pick<
    typeof plans.$inferInsert,
    'kind' | 'userId' | 'teamId' | 'sourceResultId' | 'sourceRoundId' | 'sourceLabel' | 'baseline' | 'priorities' | 'startedAt' | 'reassessOn' | 'createdBy'
  >,
): Promise<PlanRow> {
  const [row] = await tx.insert(plans).values(values).returning();
  return row!;
}

export async function closePlan(tx: Executor, id: string, now: Date): Promise<void> {
  await tx.update(plans).set({ status: 'closed', closedAt: now }).where(eq(plans.id, id));
}

export async function setReassessOn(tx: Executor, id: string, reassessOn: string): Promise<void> {
  // A new date is a new reminder: the one dealt with was for the old date.
  await tx.update(plans).set({ reassessOn, reassessHandledAt: null }).where(eq(plans.id, id));
}

export type NewAction = Pick<
  typeof planActions.$inferInsert,
  'librarySlug' | 'title' | 'pillar' | 'questionId' | 'ownerId' | 'dueOn' | 'status' | 'note' | 'position'
>;

export async function insertActions(tx: Executor, planId: string, rows: NewAction[], by: string, now: Date): Promise<PlanActionRow[]> {
  if (rows.length === 0) return [];
  return tx
    .insert(planActions)
    .values(rows.map((row) => ({ ...row, planId, updatedBy: by, createdAt: now, updatedAt: now })))
    .returning();
}

export async function actionCount(db: Executor, planId: string): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(planActions)
    .where(eq(planActions.planId, planId));
  return Number(row?.n ?? 0);
}

export type ActionWithOwner = PlanActionRow & { ownerName: string | null };

/** A plan's actions in their order, with each owner's name (null: nobody). */
export async function actionsOf(db: Executor, planIds: string[]): Promise<ActionWithOwner[]> {
  if (planIds.length === 0) return [];
  const rows = await db
    .select({ action: planActions, name: nameOf, email: users.email })
    .from(planActions)
    .leftJoin(users, eq(users.id, planActions.ownerId))
    .where(inArray(planActions.planId, planIds))
    .orderBy(asc(planActions.position), asc(planActions.createdAt));
  return rows.map((row) => ({ ...row.action, ownerName: row.action.ownerId ? (row.name ?? row.email) : null }));
}

/** One action of a plan, locked for a change. */
export async function lockAction(tx: Transaction, planId: string, actionId: string): Promise<PlanActionRow | undefined> {
  const [row] = await tx
    .select()
    .from(planActions)
    .where(and(eq(planActions.id, actionId), eq(planActions.planId, planId)))
    .for('update');
  return row;
}

/** Saves a change of an action and moves its version on; a moved due date or a new owner is reminded afresh. */
export async function updateAction(
  tx: Executor,
  id: string,
  values: Partial<Pick<PlanActionRow, 'title' | 'ownerId' | 'dueOn' | 'status' | 'note'>>,
  remindAfresh: boolean,
  by: string,
  now: Date,
): Promise<void> {
  await tx
    .update(planActions)
    .set({
      ...values,
      ...(remindAfresh ? { dueSoonHandledAt: null, overdueHandledAt: null } : {}),
      version: sql`${planActions.version} + 1`,
      updatedAt: now,
      updatedBy: by,
    })
    .where(eq(planActions.id, id));
}

export type ChangeInput = Pick<typeof planChanges.$inferInsert, 'kind' | 'details'>;

export async function recordChanges(tx: Executor, planId: string, actorId: string | null, changes: ChangeInput[], now: Date): Promise<void> {
  if (changes.length === 0) return;
  await tx.insert(planChanges).values(changes.map((change) => ({ ...change, planId, actorId, at: now })));
}

/** A plan's latest changes, newest first, with who made them (null: their account is gone). */
export async function changesOf(db: Executor, planId: string, limit: number) {
  const rows = await db
    .select({ change: planChanges, name: nameOf, email: users.email })
    .from(planChanges)
    .leftJoin(users, eq(users.id, planChanges.actorId))
    .where(eq(planChanges.planId, planId))
    .orderBy(desc(planChanges.at), desc(planChanges.id))
    .limit(limit);
  return rows.map((row) => ({ ...row.change, actorName: row.change.actorId ? (row.name ?? row.email) : null }));
}

/** Names of accounts by id (for the history's owners); a deleted account is missing. */
export async function namesOf(db: Executor, ids: string[]): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db.select({ id: users.id, name: nameOf, email: users.email }).from(users).where(inArray(users.id, ids));
  return new Map(rows.map((row) => [row.id, row.name ?? row.email]));
}

/** A person's plans and their team's, newest first: what the plans page lists. */
export async function plansOf(db: Executor, userId: string, teamId: string | null): Promise<PlanRow[]> {
  const personal = and(eq(plans.kind, 'personal'), eq(plans.userId, userId));
  return db
    .select()
    .from(plans)
    .where(teamId ? or(personal, and(eq(plans.kind, 'team'), eq(plans.teamId, teamId))) : personal)
    .orderBy(desc(plans.startedAt), desc(plans.id))
    .limit(100);
}

/** The latest plan started before `at`: the plan a result made then is the outcome of. */
export async function planBefore(db: Executor, owner: { userId: string } | { teamId: string }, at: Date): Promise<PlanRow | undefined> {
  const whose =
    'userId' in owner ? and(eq(plans.kind, 'personal'), eq(plans.userId, owner.userId)) : and(eq(plans.kind, 'team'), eq(plans.teamId, owner.teamId));
  const [row] = await db
    .select()
    .from(plans)
    .where(and(whose, sql`${plans.startedAt} < ${at}`))
    .orderBy(desc(plans.startedAt))
    .limit(1);
  return row;
}

/** Of `planIds`, the pillars with an action that is not dropped (with the priorities', a plan's planned pillars). */
export async function actionPillars(db: Executor, planIds: string[]): Promise<Map<string, Set<Pillar>>> {
  const out = new Map<string, Set<Pillar>>();
  if (planIds.length === 0) return out;
  const rows = await db
    .selectDistinct({ planId: planActions.planId, pillar: planActions.pillar })
    .from(planActions)
    .where(and(inArray(planActions.planId, planIds), ne(planActions.status, 'dropped')));
  for (const row of rows) out.set(row.planId, (out.get(row.planId) ?? new Set()).add(row.pillar));
  return out;
}

/** A person's first Check-Up after `after`: a personal plan's outcome (decision 082). */
export async function firstResultAfter(db: Executor, userId: string, after: Date) {
  const [row] = await db
    .select({ id: checkupResults.id, createdAt: checkupResults.createdAt, categoryScores: checkupResults.categoryScores })
    .from(checkupResults)
    .where(and(eq(checkupResults.userId, userId), gt(checkupResults.createdAt, after)))
    // In the (user, created) index's order: ordered by the time alone, the planner may walk the time index instead.
    .orderBy(asc(checkupResults.userId), asc(checkupResults.createdAt))
    .limit(1);
  return row;
}

/** A team's first round started after `after` that shows figures: a team plan's outcome (decision 082). */
export async function firstRoundAfter(db: Executor, teamId: string, after: Date) {
  const [row] = await db
    .select({ id: rounds.id, name: rounds.name, startedAt: rounds.startedAt, shownFigures: rounds.shownFigures })
    .from(rounds)
    // Rounds whose figures are shown: jsonb's own test, which the builder cannot say.
    .where(and(eq(rounds.teamId, teamId), gt(rounds.startedAt, after), sql`jsonb_typeof(${rounds.shownFigures}->'figures') = 'object'`))
    .orderBy(asc(rounds.teamId), asc(rounds.startedAt))
    .limit(1);
  return row;
}

/** The plans' part of "Download my data" and of deleting an account (server/personal-data.ts; decision 080). */
export const plansPersonalData: PersonalData = {
  tables: {
    plans: {
      exported: 'plans',
      erased: true,
      how: "the member's personal plans, deleted with the account; a team plan is its team's and stays (the member's account is cleared from created_by)",
    },
    plan_actions: {
      exported: 'planActionsOwned',
      erased: true,
      how: "a personal plan's actions go with it; a team plan's actions the member owned stay the team's, unassigned, and say so in the plan's history",
    },
    plan_changes: {
      exported: 'planChangesMade',
      erased: true,
      how: "a personal plan's history goes with it; in a team plan's history the member's changes stay, by 'A former member'",
    },
  },
  collect: async (db, member) => {
    const own = await db
      .select()
      .from(plans)
      .where(and(eq(plans.kind, 'personal'), eq(plans.userId, member.id)))
      .orderBy(asc(plans.startedAt));
    return {
      plans: await Promise.all(own.map(async (plan) => ({ ...plan, actions: await actionsOf(db, [plan.id]) }))),
      planActionsOwned: await db
        .select({
          planId: planActions.planId,
          title: planActions.title,
          pillar: planActions.pillar,
          dueOn: planActions.dueOn,
          status: planActions.status,
          note: planActions.note,
        })
        .from(planActions)
        .innerJoin(plans, eq(plans.id, planActions.planId))
        .where(and(eq(plans.kind, 'team'), eq(planActions.ownerId, member.id))),
      planChangesMade: await db
        .select({ planId: planChanges.planId, at: planChanges.at, kind: planChanges.kind, details: planChanges.details })
        .from(planChanges)
        .where(eq(planChanges.actorId, member.id))
        .orderBy(asc(planChanges.at)),
    };
  },
  // Done here rather than by the foreign keys: an account's deletion may take its team, and with
  // it the team's plans, in the same statement that would clear the account from them, which
  // PostgreSQL refuses. Personal plans are deleted; in team plans the member's actions become
  // unassigned (a line in the history says so) and their name leaves the plan and its history.
  erase: async (tx, member) => {
    await tx.delete(plans).where(and(eq(plans.kind, 'personal'), eq(plans.userId, member.id)));
    const owned = await tx
      .select({ id: planActions.id, planId: planActions.planId, title: planActions.title })
      .from(planActions)
      .where(eq(planActions.ownerId, member.id));
    const now = new Date();
    if (owned.length > 0) {
      await tx
        .update(planActions)
        .set({ ownerId: null, version: sql`${planActions.version} + 1`, updatedAt: now })
        .where(
          inArray(
            planActions.id,
            owned.map((row) => row.id),
          ),
        );
      await tx
        .insert(planChanges)
        .values(owned.map((row) => ({ planId: row.planId, actorId: null, at: now, kind: 'unassigned' as const, details: { title: row.title } })));
    }
    await tx.update(planActions).set({ updatedBy: null }).where(eq(planActions.updatedBy, member.id));
    await tx.update(planChanges).set({ actorId: null }).where(eq(planChanges.actorId, member.id));
    await tx.update(plans).set({ createdBy: null }).where(eq(plans.createdBy, member.id));
  },
};

/** How many plans there are. */
export async function planCount(db: Executor): Promise<number> {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(plans);
  return Number(row?.n ?? 0);
}

/** Library actions chosen, done and dropped, over every plan: counts, most chosen first. */
export async function libraryActionCounts(db: Executor, limit: number) {
  const rows = await db
    .select({
      slug: sql<string>`${planActions.librarySlug}`,
      title: sql<string>`max(${planActions.title})`,
      pillar: sql<Pillar>`max(${planActions.pillar})`,
      chosen: sql<number>`count(*)::int`,
      done: sql<number>`(count(*) filter (where ${planActions.status} = 'done'))::int`,
      dropped: sql<number>`(count(*) filter (where ${planActions.status} = 'dropped'))::int`,
    })
    .from(planActions)
    .where(sql`${planActions.librarySlug} is not null`)
    .groupBy(planActions.librarySlug)
    .orderBy(sql`count(*) desc`, planActions.librarySlug)
    .limit(limit);
  return rows.map((row) => ({ ...row, chosen: Number(row.chosen), done: Number(row.done), dropped: Number(row.dropped) }));
}

/**
 * Per pillar, over the plans that planned it (a priority, or an action not dropped) and have a
 * result since they began (decision 082): how many, and the average change of its health percent
 * from the plan's start to that first result. The percent is the results page's (grading.ts:
 * round((16 − sum) × 100 / 16)) and the round's mean.
 */
export async function pillarChanges(db: Executor): Promise<Array<{ pillar: Pillar; plans: number; averageChange: number | null }>> {
  // Lateral subqueries and jsonb unnesting the builder cannot say. Each first result is looked up
  // in its index's order (person or team, then time): ordered by the time alone, the planner walks
  // the time index across everyone's results for each plan.
  const { rows } = await db.execute<{ pillar: Pillar; plans: number; change: string | null }>(sql`
    with after as (
      select p.id, p.baseline, p.priorities,
        case when p.kind = 'personal' then (
          select r.category_scores from ${checkupResults} r
          where r.user_id = p.user_id and r.created_at > p.started_at order by r.user_id, r.created_at limit 1) end as scores,
        case when p.kind = 'team' then (
          select t.shown_figures->'figures'->'pillars' from ${rounds} t
          where t.team_id = p.team_id and t.started_at > p.started_at and jsonb_typeof(t.shown_figures->'figures') = 'object'
          order by t.team_id, t.started_at limit 1) end as figures
      from ${plans} p
    ), planned as (
      select a.id, a.baseline, a.scores, a.figures, x.pillar
      from after a
      cross join lateral (
        select e->>'pillar' as pillar from jsonb_array_elements(a.priorities) e
        union
        select pa.pillar from ${planActions} pa where pa.plan_id = a.id and pa.status <> 'dropped'
      ) x
      where a.scores is not null or a.figures is not null
    )
    select pillar, count(*)::int as plans, avg(
      coalesce(round(((16 - (scores->>pillar)::int) * 100)::numeric / 16),
        (select (f->>'mean')::numeric from jsonb_array_elements(figures) f where f->>'pillar' = planned.pillar))
      - (baseline->>pillar)::numeric)::text as change
    from planned group by pillar`);
  return rows.map((row) => ({ pillar: row.pillar, plans: Number(row.plans), averageChange: row.change === null ? null : Number(row.change) }));
}

/**
 * Computes the admin's figures over every plan and stores them (one row): the counts, the library
 * actions most chosen, and per pillar the plans with a result since and their average change.
 * PostgreSQL's JIT is turned off for it: compiling the query took longer than running it.
 */
export async function computePlanFigures(db: Executor, actionsShown: number, now = new Date()) {
  return db.transaction(async (tx) => {
    await tx.execute(sql`set local jit = off`);
    const values = { plans: await planCount(tx), actions: await libraryActionCounts(tx, actionsShown), pillars: await pillarChanges(tx), computedAt: now };
    await tx
      .insert(planFigures)
      .values({ name: 'all', ...values })
      .onConflictDoUpdate({ target: planFigures.name, set: values });
    return values;
  });
}

/** The admin's figures as last computed, if they ever were. */
export async function storedPlanFigures(db: Executor) {
  const [row] = await db.select().from(planFigures).where(eq(planFigures.name, 'all'));
  return row;
}

/** Why no mail goes to an address: it left plan reminders, or mail to it is refused. */
const notMailed = (email: SQL | typeof users.email) =>
  sql<string | null>`case when exists (select 1 from ${mailSuppressions} m where lower(m.email) = lower(${email})) then 'suppressed'
    when ${optedOut('plan-reminders', email)} then 'opted-out' else null end`;

export interface DueAction {
  id: string;
  planId: string;
  planKind: 'personal' | 'team';
  teamOwnerName: string | null;
  ownerId: string;
  email: string;
  name: string;
  title: string;
  pillar: Pillar;
  dueOn: string;
  /** Overdue settles the due-soon reminder too: after an outage only the overdue one goes. */
  kind: 'due-soon' | 'overdue';
  blocked: string | null;
}

/**
 * Actions of active plans whose reminder is due on the site's day `today` (decision 081): due
 * within `soonUntil` and not reminded of it, or overdue and not reminded of that; planned or in
 * progress, with an owner not yet sent today's digest (`digestTopic`, told once a day). Locked
 * for this run (SKIP LOCKED: another server's run passes them by), in owners' order so a batch
 * holds each owner's actions together.
 */
export async function claimDueActions(tx: Transaction, today: string, soonUntil: string, digestTopic: string, owners: number): Promise<DueAction[]> {
  const overdue = sql`${planActions.dueOn} < ${today}`;
  const teamOwner = alias(users, 'team_owner');
  const due = and(
    // The reminder index's condition, so the scan is of its small part of the table.
    sql`${planActions.overdueHandledAt} is null and ${planActions.dueOn} is not null and ${planActions.ownerId} is not null and ${planActions.status} in ('planned', 'in-progress')`,
    // Implied by the two below, said so the index gives the window's range, not every dated action.
    sql`${planActions.dueOn} <= ${soonUntil}`,
    eq(plans.status, 'active'),
    or(overdue, and(sql`${planActions.dueOn} <= ${soonUntil}`, isNull(planActions.dueSoonHandledAt))),
    sql`not exists (select 1 from ${toldOnce} o where o.topic = ${digestTopic} and o.user_id = ${planActions.ownerId})`,
  );
  // Owners whole: the next owners with something due, each taken under a lock of its own for the
  // transaction (another run passes over an owner one holds, all of their actions with them), so
  // two runs at once never split one person's day between two digests. The lock is tried on these
  // few owners only (the limit is applied below it): never one lock per owner of the whole table.
  const candidates = tx
    .selectDistinct({ ownerId: sql<string>`${planActions.ownerId}`.as('owner_id') })
    .from(planActions)
    .innerJoin(plans, eq(plans.id, planActions.planId))
    .where(due)
    .orderBy(sql`owner_id`)
    .limit(owners)
    .as('candidates');
  const locked = await tx
    .select({ ownerId: candidates.ownerId })
    .from(candidates)
    .where(sql`pg_try_advisory_xact_lock(hashtextextended('plan-digest:' || ${candidates.ownerId}::text, 0))`);
  if (locked.length === 0) return [];
  const rows = await tx
    .select({
      id: planActions.id,
      planId: planActions.planId,
      planKind: plans.kind,
      teamOwnerName: sql<string | null>`coalesce(nullif(trim(${teamOwner.name}), ''), ${teamOwner.email})`,
      ownerId: sql<string>`${planActions.ownerId}`,
      email: users.email,
      name: sql<string>`coalesce(nullif(trim(${users.name}), ''), ${users.email})`,
      title: planActions.title,
      pillar: planActions.pillar,
      dueOn: sql<string>`${planActions.dueOn}::text`,
      overdue: sql<boolean>`${overdue}`.mapWith(Boolean),
      blocked: notMailed(users.email),
    })
    .from(planActions)
    .innerJoin(plans, eq(plans.id, planActions.planId))
    .innerJoin(users, eq(users.id, planActions.ownerId))
    .leftJoin(teams, eq(teams.id, plans.teamId))
    .leftJoin(teamOwner, eq(teamOwner.id, teams.ownerId))
    .where(
      and(
        due,
        inArray(
          planActions.ownerId,
          locked.map((row) => row.ownerId),
        ),
      ),
    )
    // A digest lists an owner's actions by date, and those of one date as their plan lists them
    // (ties in the date came out in any order: a test saw it once on PostgreSQL).
    .orderBy(planActions.ownerId, planActions.dueOn, plans.startedAt, plans.id, planActions.position, planActions.createdAt, planActions.id)
    .for('update', { of: planActions });
  return rows.map(({ overdue: late, ...row }) => ({ ...row, kind: late ? 'overdue' : 'due-soon' }));
}

/** Marks the reminders dealt with (sent, or passed over for good): the overdue one also settles the due-soon one. */
export async function markActionsReminded(tx: Executor, due: DueAction[], now: Date): Promise<void> {
  const overdue = due.filter((row) => row.kind === 'overdue').map((row) => row.id);
  const soon = due.filter((row) => row.kind === 'due-soon').map((row) => row.id);
  if (overdue.length)
    await tx
      .update(planActions)
      .set({ overdueHandledAt: now, dueSoonHandledAt: sql`coalesce(${planActions.dueSoonHandledAt}, ${now})` })
      .where(inArray(planActions.id, overdue));
  if (soon.length) await tx.update(planActions).set({ dueSoonHandledAt: now }).where(inArray(planActions.id, soon));
}

export interface DueReassessment {
  id: string;
  kind: 'personal' | 'team';
  userId: string | null;
  teamId: string | null;
  startedAt: Date;
  /** They already did it since the plan began: a Check-Up (personal) or a round started (team). */
  done: boolean;
}

/** Active plans whose reassessment date has come and whose reminder was not dealt with, locked for this run (SKIP LOCKED). */
export async function claimDueReassessments(tx: Transaction, today: string, limit: number): Promise<DueReassessment[]> {
  return tx
    .select({
      id: plans.id,
      kind: plans.kind,
      userId: plans.userId,
      teamId: plans.teamId,
      startedAt: plans.startedAt,
      // The plan's columns named with their table: in a one-table query the builder leaves it out, and the subqueries' own columns would be taken.
      done: sql<boolean>`case when plans.kind = 'personal'
        then exists (select 1 from ${checkupResults} r where r.user_id = plans.user_id and r.created_at > plans.started_at)
        else exists (select 1 from ${rounds} t where t.team_id = plans.team_id and t.started_at > plans.started_at) end`.mapWith(Boolean),
    })
    .from(plans)
    .where(and(eq(plans.status, 'active'), isNull(plans.reassessHandledAt), sql`${plans.reassessOn} <= ${today}`))
    .limit(limit)
    .for('update', { skipLocked: true });
}

export async function markReassessed(tx: Executor, ids: string[], now: Date): Promise<void> {
  if (ids.length) await tx.update(plans).set({ reassessHandledAt: now }).where(inArray(plans.id, ids));
}

/** People by id with their address, name and whether plan reminders may go to them. */
export async function recipientsOf(db: Executor, ids: string[]) {
  if (ids.length === 0) return [];
  return (
    db
      // The address named with its table: in a one-table query the builder leaves it out, and inside
      // notMailed's subqueries a bare "email" would be theirs (every address blocked by anyone's row).
      .select({
        id: users.id,
        email: users.email,
        name: sql<string>`coalesce(nullif(trim(${users.name}), ''), ${users.email})`,
        blocked: notMailed(sql`"users"."email"`),
      })
      .from(users)
      .where(inArray(users.id, ids))
  );
}
