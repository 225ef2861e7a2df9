import { and, asc, count, eq, gte, inArray, isNull, lt, lte, ne, not, or, sql } from 'drizzle-orm';
import { type FollowUpStepStats, type FollowUpTargetKind } from '#shared/checkup/follow-ups';
import { type Grade, grades, reachedGrades, totalsOfGrade } from '#shared/checkup/grading';
import { pillars } from '#shared/checkup/questions';
import type { Executor } from '../../db/client';
import { queuedMails, users } from '../../db/schema';
import { checkupResults } from '../checkup/schema';
import { planActions, plans } from '../plans/schema';
import { teams, teamSeats } from '../teams/schema';
import { checkupTargetDays, followUpEnrolments, followUpSequences, type StoredFollowUpStep } from './schema';
import { optedOut, optOut } from '../../mail/topic-opt-outs';
import { type PersonalData, theirs } from '../../personal-data';

export type SequenceRow = typeof followUpSequences.$inferSelect;
export type EnrolmentRow = typeof followUpEnrolments.$inferSelect;

const sameAddress = (column: typeof followUpEnrolments.email | typeof users.email, email: string) => sql`lower(${column}) = lower(${email.trim()})`;

/** The "told once" topic of a step: a person receives a step at most once, whatever enrolled them. */
export const stepTopic = (stepId: string) => `follow-up-step:${stepId}`;

export class TargetTakenError extends Error {}

const isUniqueViolation = (error: unknown) => {
  const cause = (error as { cause?: { code?: string } }).cause ?? (error as { code?: string });
  return cause?.code === '23505';
};

export async function listSequences(db: Executor): Promise<SequenceRow[]> {
  return db.select().from(followUpSequences).orderBy(asc(followUpSequences.targetKind), asc(followUpSequences.target));
}

export async function findSequence(db: Executor, id: string): Promise<SequenceRow | undefined> {
  const [row] = await db.select().from(followUpSequences).where(eq(followUpSequences.id, id));
  return row;
}

type SequenceValues = Pick<SequenceRow, 'name' | 'targetKind' | 'target' | 'stopOnPremium' | 'steps' | 'updatedBy'>;

/** A save is the admin's own word on the target: the note of an earlier change of it is done with. */
const saved = (values: SequenceValues) => ({ ...values, firstDelayDays: values.steps[0]!.delayDays, targetNote: null });

export async function insertSequence(tx: Executor, values: SequenceValues): Promise<SequenceRow> {
  try {
    const [row] = await tx.insert(followUpSequences).values(saved(values)).returning();
    return row!;
  } catch (error) {
    if (isUniqueViolation(error)) throw new TargetTakenError();
    throw error;
  }
}

export async function updateSequence(tx: Executor, id: string, values: SequenceValues): Promise<SequenceRow | undefined> {
  try {
    const [row] = await tx
      .update(followUpSequences)
      .set({ ...saved(values), updatedAt: new Date() })
      .where(eq(followUpSequences.id, id))
      .returning();
    return row;
  } catch (error) {
    if (isUniqueViolation(error)) throw new TargetTakenError();
    throw error;
  }
}

/** Switches a sequence on or off; false when it already was (so the audit log records real changes only). */
export async function switchSequence(tx: Executor, id: string, active: boolean, by: string): Promise<boolean> {
  const rows = await tx
    .update(followUpSequences)
    .set({ active, updatedBy: by, updatedAt: new Date() })
    .where(and(eq(followUpSequences.id, id), eq(followUpSequences.active, !active)))
    .returning({ id: followUpSequences.id });
  return rows.length > 0;
}

/**
 * Enrols an address from one result, in one statement (one round trip on the Check-Up's
 * request): its earlier enrolments stop (a retake, in a data-modifying CTE), and the insert puts
 * it in the sequences that are on for its weakest pillar and its grade, unless it asked for no
 * follow-ups (its opt-out, decision 071). The first step is due `firstDelayDays` after now.
 */
export async function enrol(
  tx: Executor,
  input: { resultId: string; email: string; userId: string | null; pillar: string; grade: Grade },
): Promise<{ id: string; sequenceId: string }[]> {
  const retaken = tx.$with('retaken').as(
    tx
      .update(followUpEnrolments)
      .set({ stoppedAt: new Date(), stopReason: 'retake' })
      .where(and(sameAddress(followUpEnrolments.email, input.email), isNull(followUpEnrolments.stoppedAt)))
      .returning({ id: followUpEnrolments.id }),
  );
  return tx
    .with(retaken)
    .insert(followUpEnrolments)
    .select(
      tx
        .select({
          id: sql`gen_random_uuid()`.as('id'),
          sequenceId: sql`${followUpSequences.id}`.as('sequence_id'),
          resultId: sql`${input.resultId}::uuid`.as('result_id'),
          email: sql`${input.email}`.as('email'),
          userId: sql`${input.userId}::uuid`.as('user_id'),
          pillar: sql`${input.pillar}`.as('pillar'),
          stepsSent: sql`0`.as('steps_sent'),
          // Days from now: the builder has no interval arithmetic.
          nextDueAt: sql`now() + ${followUpSequences.firstDelayDays} * interval '1 day'`.as('next_due_at'),
          stoppedAt: sql`null`.as('stopped_at'),
          stopReason: sql`null`.as('stop_reason'),
          createdAt: sql`now()`.as('created_at'),
        })
        .from(followUpSequences)
        .where(
          and(
            eq(followUpSequences.active, true),
            or(
              and(eq(followUpSequences.targetKind, 'pillar'), eq(followUpSequences.target, input.pillar)),
              and(eq(followUpSequences.targetKind, 'grade'), eq(followUpSequences.target, input.grade)),
            ),
            not(optedOut('follow-ups', input.email.trim())),
          ),
        ),
    )
    .returning({ id: followUpEnrolments.id, sequenceId: followUpEnrolments.sequenceId });
}

/** Enrolments with a step due, oldest first (candidates: each is locked and re-checked before it is sent). */
export async function dueEnrolments(db: Executor, limit: number, now = new Date()): Promise<EnrolmentRow[]> {
  return db
    .select()
    .from(followUpEnrolments)
    .where(and(isNull(followUpEnrolments.stoppedAt), lte(followUpEnrolments.nextDueAt, now)))
    .orderBy(asc(followUpEnrolments.nextDueAt))
    .limit(limit);
}

/** Locks one enrolment if it is still at `stepsSent`, running and due; another server holding it is skipped (SKIP LOCKED). */
export async function lockDueEnrolment(tx: Executor, id: string, stepsSent: number, now = new Date()): Promise<EnrolmentRow | undefined> {
  const [row] = await tx
    .select()
    .from(followUpEnrolments)
    .where(
      and(
        eq(followUpEnrolments.id, id),
        eq(followUpEnrolments.stepsSent, stepsSent),
        isNull(followUpEnrolments.stoppedAt),
        lte(followUpEnrolments.nextDueAt, now),
      ),
    )
    .for('update', { skipLocked: true });
  return row;
}

export async function advanceEnrolment(
  tx: Executor,
  id: string,
  next: { nextDueAt: Date } | { stopReason: NonNullable<EnrolmentRow['stopReason']> },
): Promise<void> {
  await tx
    .update(followUpEnrolments)
    .set(
      'nextDueAt' in next
        ? { stepsSent: sql`${followUpEnrolments.stepsSent} + 1`, nextDueAt: next.nextDueAt }
        : { stoppedAt: new Date(), stopReason: next.stopReason },
    )
    .where(eq(followUpEnrolments.id, id));
}

export async function stopEnrolment(tx: Executor, id: string, stopReason: NonNullable<EnrolmentRow['stopReason']>): Promise<void> {
  await tx.update(followUpEnrolments).set({ stoppedAt: new Date(), stopReason }).where(eq(followUpEnrolments.id, id));
}

export async function isPremiumAddress(db: Executor, email: string): Promise<boolean> {
  const [row] = await db.select({ premium: users.isPremium }).from(users).where(sameAddress(users.email, email)).limit(1);
  return row?.premium ?? false;
}

/**
 * Whether the enrolment's person (its account, else the account of its address) has an active
 * plan, their own or their team's, with `pillar` among its priorities or with an action of it not
 * dropped: the follow-ups for that pillar stop for them (decision 081).
 */
export async function hasActivePlanFor(db: Executor, enrolment: Pick<EnrolmentRow, 'userId' | 'email'>, pillar: string): Promise<boolean> {
  const person = enrolment.userId
    ? sql`select ${enrolment.userId}::uuid as id`
    : sql`select u.id from ${users} u where lower(u.email) = lower(${enrolment.email.trim()})`;
  // Set membership and jsonb containment the builder cannot say in one statement.
  const { rows } = await db.execute<{ planned: boolean }>(sql`with person as (${person})
    select exists (select 1 from ${plans} p where p.status = 'active'
      and ((p.kind = 'personal' and p.user_id in (select id from person))
        or (p.kind = 'team' and p.team_id in (
          select t.id from ${teams} t where t.owner_id in (select id from person)
          union all select s.team_id from ${teamSeats} s where s.removed_at is null and s.user_id in (select id from person))))
      and (p.priorities @> ${JSON.stringify([{ pillar }])}::jsonb
        or exists (select 1 from ${planActions} a where a.plan_id = p.id and a.pillar = ${pillar} and a.status <> 'dropped'))) as planned`);
  return Boolean(rows[0]?.planned);
}

/** The address leaves the follow-ups (decision 071), and every running enrolment of it stops now. */
export async function unsubscribe(tx: Executor, email: string): Promise<number> {
  await optOut(tx, email, ['follow-ups']);
  const stopped = await tx
    .update(followUpEnrolments)
    .set({ stoppedAt: new Date(), stopReason: 'unsubscribed' })
    .where(and(sameAddress(followUpEnrolments.email, email), isNull(followUpEnrolments.stoppedAt)))
    .returning({ id: followUpEnrolments.id });
  return stopped.length;
}

export type SequenceStats = { steps: FollowUpStepStats[]; enrolled: number };

/**
 * Per step of each sequence: sent and failed (the mail queue's verdict on the mail of that step), still
 * on its way, and stopped (enrolments that ended for a reason other than finishing before this
 * step reached them). Three queries for all the sequences, each counted from an index alone: the
 * step's mails by their topic, and the enrolments by sequence and step, all and stopped.
 */
export async function stepStatsOf(db: Executor, sequences: SequenceRow[]): Promise<Map<string, SequenceStats>> {
  const topics = sequences.flatMap((sequence) => sequence.steps.map((step) => stepTopic(step.id)));
  const ids = sequences.map((sequence) => sequence.id);
  const byStep = [followUpEnrolments.sequenceId, followUpEnrolments.stepsSent] as const;
  const [outcomes, enrolled, stopped] = await Promise.all([
    topics.length
      ? db
          .select({ topic: queuedMails.topic, status: queuedMails.status, n: count() })
          .from(queuedMails)
          .where(inArray(queuedMails.topic, topics))
          .groupBy(queuedMails.topic, queuedMails.status)
      : [],
    ids.length
      ? db
          .select({ sequenceId: followUpEnrolments.sequenceId, stepsSent: followUpEnrolments.stepsSent, n: count() })
          .from(followUpEnrolments)
          .where(inArray(followUpEnrolments.sequenceId, ids))
          .groupBy(...byStep)
      : [],
    ids.length
      ? db
          .select({ sequenceId: followUpEnrolments.sequenceId, stepsSent: followUpEnrolments.stepsSent, n: count() })
          .from(followUpEnrolments)
          // The partial index's own condition, written as it is (not a parameter), so the count reads that index alone.
          .where(and(inArray(followUpEnrolments.sequenceId, ids), sql`${followUpEnrolments.stopReason} <> 'finished'`))
          .groupBy(...byStep)
      : [],
  ]);
  return new Map(
    sequences.map((sequence) => {
      const own = (rows: typeof enrolled) => rows.filter((row) => row.sequenceId === sequence.id);
      const steps = sequence.steps.map((step: StoredFollowUpStep, index) => {
        const of = outcomes.filter((row) => row.topic === stepTopic(step.id));
        const by = (status: string) => of.filter((row) => row.status === status).reduce((sum, row) => sum + row.n, 0);
        return {
          sent: by('sent'),
          failed: by('failed'),
          pending: by('pending'),
          stopped: own(stopped)
            .filter((row) => row.stepsSent <= index)
            .reduce((sum, row) => sum + row.n, 0),
        };
      });
      return [sequence.id, { steps, enrolled: own(enrolled).reduce((sum, row) => sum + row.n, 0) }];
    }),
  );
}

const DAY_MS = 86_400_000;
const isoDay = (at: Date) => at.toISOString().slice(0, 10);

/** The weakest pillar (highest sum), ties to the first in the pillars' order: a CASE the builder cannot say. */
function weakestPillarOf(scores: typeof checkupResults.categoryScores) {
  const score = (pillar: string) => sql`(${scores}->>${pillar})::int`;
  const worst = sql`greatest(${sql.join(
    pillars.map((p) => score(p)),
    sql`, `,
  )})`;
  return sql<string>`case ${sql.join(
    pillars.map((p) => sql`when ${score(p)} = ${worst} then ${p}`),
    sql` `,
  )} end`;
}

/**
 * Counts, once each, the UTC days from `from` up to `to` (midnights) that are over and not counted
 * yet, into checkup_target_days; answers the midnight up to which the days are counted. Under the
 * lock that the trigger on checkup_results takes shared (migration 0046): a change to a day's
 * results commits before its day is counted here, or forgets the count after.
 */
async function countWholeDays(db: Executor, from: Date, to: Date): Promise<Date> {
  return db.transaction(async (tx) => {
    // Never today or later, by the database's clock as the trigger reads it.
    const { rows } = await tx.execute<{ day: string }>(sql`select d::date::text as day
      from generate_series(${isoDay(from)}::date, least(${isoDay(to)}::date, (now() at time zone 'UTC')::date) - 1, interval '1 day') d
      where not exists (select 1 from ${checkupTargetDays} c where c.day = d::date and c.target = '')`);
    const { rows: ends } = await tx.execute<{ day: string }>(
      sql`select greatest(${isoDay(from)}::date, least(${isoDay(to)}::date, (now() at time zone 'UTC')::date))::text as day`,
    );
    const missing = rows.map((row) => row.day);
    if (missing.length > 0) {
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext('checkup_target_days'))`);
      // One literal array: the builder would spread a list into as many parameters.
      const days = `{${missing.join(',')}}`;
      const day = sql`(${checkupResults.createdAt} at time zone 'UTC')::date`;
      await tx.execute(sql`insert into ${checkupTargetDays} (day, target, n)
        select r.day, t.target, count(*)::int
        from (select ${day} as day, ${weakestPillarOf(checkupResults.categoryScores)} as pillar, ${gradeOfTotal(checkupResults.totalScore)} as grade
          from ${checkupResults}
          where ${checkupResults.createdAt} >= ${`${missing[0]}T00:00:00Z`}::timestamptz
            and ${checkupResults.createdAt} < ${`${missing.at(-1)}T00:00:00Z`}::timestamptz + interval '1 day'
            and ${day} = any(${days}::date[])) r,
          lateral (values ('pillar:' || r.pillar), ('grade:' || r.grade), ('')) t(target)
        where t.target is not null
        group by r.day, t.target
        on conflict do nothing`);
      // A day without results is counted too: its total, 0.
      await tx.execute(sql`insert into ${checkupTargetDays} (day, target, n) select d, '', 0 from unnest(${days}::date[]) d on conflict do nothing`);
    }
    return new Date(`${ends[0]!.day}T00:00:00Z`);
  });
}

/**
 * How many Check-Ups of the last `days` days fall in each target (`pillar:FUEL`, `grade:D`),
 * so the admin knows how many people a sequence would reach before switching it on. The window's
 * whole days that are over are added up from their counts (countWholeDays); its two ends, the
 * part of a day it starts in and today, are counted from the results.
 */
export async function recentAttemptsByTarget(db: Executor, days: number, now = new Date()): Promise<Record<string, number>> {
  const since = new Date(now.getTime() - days * DAY_MS);
  const firstDay = new Date(Math.ceil(since.getTime() / DAY_MS) * DAY_MS);
  const today = new Date(Math.floor(now.getTime() / DAY_MS) * DAY_MS);
  const countedTo = firstDay < today ? await countWholeDays(db, firstDay, today) : firstDay;
  const stored =
    countedTo > firstDay
      ? await db
          .select({ key: checkupTargetDays.target, n: sql<number>`sum(${checkupTargetDays.n})::int` })
          .from(checkupTargetDays)
          .where(and(gte(checkupTargetDays.day, isoDay(firstDay)), lt(checkupTargetDays.day, isoDay(countedTo)), ne(checkupTargetDays.target, '')))
          .groupBy(checkupTargetDays.target)
      : [];
  const weakest = weakestPillarOf(checkupResults.categoryScores);
  const grade = gradeOfTotal(checkupResults.totalScore);
  // Grouped by position: the same expression written twice would carry its own parameters and not match.
  const live =
    countedTo > firstDay
      ? // Two ranges of the index, each whole: written as "since and (before or after)", PostgreSQL
        // took the window's every row as a candidate and read the two ends with parallel workers
        // (11.5 ms against 1.1 ms, EXPLAIN ANALYZE at 1,000,000 Check-Ups; docs/benchmarks.md).
        or(and(gte(checkupResults.createdAt, since), lt(checkupResults.createdAt, firstDay)), gte(checkupResults.createdAt, countedTo))
      : gte(checkupResults.createdAt, since);
  const [byPillar, byGrade] = await Promise.all([
    db
      .select({ key: weakest, n: count() })
      .from(checkupResults)
      .where(live)
      .groupBy(sql`1`),
    db
      .select({ key: grade, n: count() })
      .from(checkupResults)
      .where(live)
      .groupBy(sql`1`),
  ]);
  const counts: Record<string, number> = {};
  for (const p of pillars) counts[`pillar:${p}`] = 0;
  for (const g of grades) counts[`grade:${g}`] = 0;
  for (const row of stored) counts[row.key] = (counts[row.key] ?? 0) + row.n;
  for (const row of byPillar) counts[`pillar:${row.key}`] = (counts[`pillar:${row.key}`] ?? 0) + row.n;
  for (const row of byGrade) counts[`grade:${row.key}`] = (counts[`grade:${row.key}`] ?? 0) + row.n;
  return counts;
}

/** The overall grade of a stored total, by the totals each grade covers (grading.ts): a CASE the builder cannot say. */
function gradeOfTotal(total: typeof checkupResults.totalScore) {
  return sql<Grade>`case ${sql.join(
    reachedGrades.map((g) => sql`when ${total} between ${totalsOfGrade[g]!.min} and ${totalsOfGrade[g]!.max} then ${g}`),
    sql` `,
  )} end`;
}

export const targetKey = (kind: FollowUpTargetKind, target: string) => `${kind}:${target}`;

/** The follow-ups' part of "Download my data" and of deleting an account (server/personal-data.ts). */
export const followUpsPersonalData: PersonalData = {
  tables: {
    follow_up_enrolments: {
      exported: 'checkupFollowUps',
      erased: true,
      how: "the Check-Up follow-up sequences the member's results enrolled them in, and how far each went; deleted with those results (and the account)",
    },
    follow_up_sequences: { kept: "updated_by is the admin who last saved or switched a follow-up sequence: the site's editorial record" },
  },
  collect: async (db, member) => ({
    checkupFollowUps: await db
      .select({
        sequence: followUpSequences.name,
        stepsSent: followUpEnrolments.stepsSent,
        enrolledAt: followUpEnrolments.createdAt,
        stoppedAt: followUpEnrolments.stoppedAt,
        stopReason: followUpEnrolments.stopReason,
      })
      .from(followUpEnrolments)
      .innerJoin(followUpSequences, eq(followUpSequences.id, followUpEnrolments.sequenceId))
      .where(theirs(member, followUpEnrolments)),
  }),
  erase: async (tx, member) => {
    await tx.delete(followUpEnrolments).where(theirs(member, followUpEnrolments));
  },
};
