import { and, asc, desc, eq, getTableColumns, gt, inArray, isNotNull, isNull, lte, or, sql } from 'drizzle-orm';
import type { CheckupScores } from '#shared/checkup/grading';
import type { Database, Executor } from '../../db/client';
import { preparedPerDatabase } from '../../db/prepared';
import { mailSuppressions, users } from '../../db/schema';
import { ALL, type PeerGroupRow } from './peers';
import { checkupPeerGroups, checkupResults } from './schema';
import { plans } from '../plans/schema';
import { teams, teamSeats } from '../teams/schema';
import { optedOut } from '../../mail/topic-opt-outs';
import { type PersonalData, theirs } from '../../personal-data';

export type CheckupResultRow = typeof checkupResults.$inferSelect;

const sameAddress = (column: typeof checkupResults.email | typeof users.email, email: string) => sql`lower(${column}) = lower(${email.trim()})`;

export async function insertCheckupResult(
  db: Executor,
  values: CheckupScores &
    Pick<typeof checkupResults.$inferInsert, 'budgetBand' | 'staffBand' | 'focusArea'> & {
      email: string;
      answers: Record<string, number>;
      userId: string | null;
      questionSetVersion: number;
      awaitsConfirmation: boolean;
    },
): Promise<CheckupResultRow> {
  const [row] = await db.insert(checkupResults).values(values).returning();
  return row!;
}

// A result's page and its data are read by id on every visit.
const findCheckupResultStatement = preparedPerDatabase((db) =>
  db
    .select()
    .from(checkupResults)
    .where(eq(checkupResults.id, sql.placeholder('id')))
    .limit(1)
    .prepare('find_checkup_result'),
);

export async function findCheckupResult(db: Database, id: string): Promise<CheckupResultRow | undefined> {
  const [row] = await findCheckupResultStatement(db).execute({ id });
  return row;
}

/** The peer groups a result may be compared with: its budget band's and all organisations'. */
const comparedGroups = or(eq(checkupPeerGroups.peerGroup, checkupResults.budgetBand), eq(checkupPeerGroups.peerGroup, ALL));

// A result's page and its data, on every visit: the attempt (what anyone with its link may see)
// and its peer groups in one statement, one round trip instead of two.
const resultWithGroupsStatement = preparedPerDatabase((db) =>
  db
    .select({
      result: {
        id: checkupResults.id,
        score: checkupResults.score,
        totalScore: checkupResults.totalScore,
        categoryScores: checkupResults.categoryScores,
        createdAt: checkupResults.createdAt,
        budgetBand: checkupResults.budgetBand,
      },
      group: getTableColumns(checkupPeerGroups),
    })
    .from(checkupResults)
    .leftJoin(checkupPeerGroups, comparedGroups)
    .where(eq(checkupResults.id, sql.placeholder('id')))
    .prepare('find_checkup_result_with_groups'),
);

export type ShownResult = Pick<CheckupResultRow, 'id' | 'score' | 'totalScore' | 'categoryScores' | 'createdAt' | 'budgetBand'>;

/** A result by id with the stored peer groups it may be compared with; undefined when there is none. */
export async function findResultWithGroups(db: Database, id: string): Promise<{ result: ShownResult; groups: PeerGroupRow[] } | undefined> {
  const rows = await resultWithGroupsStatement(db).execute({ id });
  if (rows.length === 0) return undefined;
  return { result: rows[0]!.result, groups: rows.flatMap((row) => (row.group ? [row.group] : [])) };
}

/** The account that has verified this address, if one has (its id and the address as it keeps it). */
export async function verifiedAccountFor(db: Executor, email: string): Promise<{ id: string; email: string } | null> {
  const [row] = await db
    .select({ id: users.id, email: users.email })
    .from(users)
    .where(and(sameAddress(users.email, email), isNotNull(users.emailVerifiedAt)))
    .limit(1);
  return row ?? null;
}

/**
 * Attempts made signed out under the address become the account's (called when the account
 * verifies it): those made while no account had verified the address. One made after an account
 * had verified it waits for that address's owner to confirm it, whatever verifies it later.
 */
export async function joinAttemptsToAccount(tx: Executor, userId: string, email: string): Promise<number> {
  const joined = await tx
    .update(checkupResults)
    .set({ userId })
    .where(and(isNull(checkupResults.userId), eq(checkupResults.awaitsConfirmation, false), sameAddress(checkupResults.email, email)))
    .returning({ id: checkupResults.id });
  return joined.length;
}

/**
 * A team Check-Up answer given by an account, as one of its attempts (so it shows in its
 * progress, dated when it was given): the attempt `replacing` (the same person's earlier answer in
 * that round) is deleted if it is still theirs, so an answer given again is one attempt, not two.
 * Never enrolled in follow-ups: the person was asked by their team, not looking for the
 * Check-Up's emails (decision 077).
 */
export async function saveRoundAttempt(
  tx: Executor,
  replacing: string | null,
  values: CheckupScores & { email: string; answers: Record<string, number>; userId: string; questionSetVersion: number },
): Promise<string> {
  if (replacing) await deleteAttemptOf(tx, values.userId, replacing);
  const [row] = await tx
    .insert(checkupResults)
    .values({ ...values, awaitsConfirmation: false })
    .returning({ id: checkupResults.id });
  return row!.id;
}

/** The most attempts the confirmation page lists. */
const AWAITING_SHOWN = 50;

/** The attempts under the address that wait for its owner to confirm them, newest first. */
export async function awaitingAttemptsUnder(db: Executor, email: string) {
  return db
    .select({ id: checkupResults.id, createdAt: checkupResults.createdAt, totalScore: checkupResults.totalScore })
    .from(checkupResults)
    .where(and(isNull(checkupResults.userId), eq(checkupResults.awaitsConfirmation, true), sameAddress(checkupResults.email, email)))
    .orderBy(desc(checkupResults.createdAt), desc(checkupResults.id))
    .limit(AWAITING_SHOWN);
}

/** The address's owner confirmed the attempt: it becomes the account's. False when it is not one waiting under that address. */
export async function confirmAttempt(tx: Executor, id: string, userId: string, email: string): Promise<boolean> {
  const joined = await tx
    .update(checkupResults)
    .set({ userId, awaitsConfirmation: false })
    .where(and(eq(checkupResults.id, id), isNull(checkupResults.userId), eq(checkupResults.awaitsConfirmation, true), sameAddress(checkupResults.email, email)))
    .returning({ id: checkupResults.id });
  return joined.length > 0;
}

/** What a member's progress shows of each attempt. */
const attemptColumns = {
  id: checkupResults.id,
  createdAt: checkupResults.createdAt,
  questionSetVersion: checkupResults.questionSetVersion,
  totalScore: checkupResults.totalScore,
  categoryScores: checkupResults.categoryScores,
  budgetBand: checkupResults.budgetBand,
};

const attemptsOfStatement = preparedPerDatabase((db) =>
  db
    .select(attemptColumns)
    .from(checkupResults)
    .where(eq(checkupResults.userId, sql.placeholder('userId')))
    .orderBy(asc(checkupResults.createdAt), asc(checkupResults.id))
    .prepare('checkup_attempts_of'),
);

/** A member's attempts, oldest first (through the user_id, created_at index; the progress page reads them on every visit). */
export async function attemptsOf(db: Database, userId: string) {
  return attemptsOfStatement(db).execute({ userId });
}

// The progress page's data, on every visit: the member's attempts, and beside the latest one the
// peer groups it may be compared with, in one statement (the latest is found once, by the same
// user_id, created_at index).
const attemptsWithGroupsStatement = preparedPerDatabase((db) =>
  db
    .select({
      ...attemptColumns,
      group: getTableColumns(checkupPeerGroups),
    })
    .from(checkupResults)
    .leftJoin(
      checkupPeerGroups,
      and(
        comparedGroups,
        eq(
          checkupResults.id,
          sql`(select l.id from ${checkupResults} l where l.user_id = ${sql.placeholder('userId')} order by l.created_at desc, l.id desc limit 1)`,
        ),
      ),
    )
    .where(eq(checkupResults.userId, sql.placeholder('userId')))
    .orderBy(asc(checkupResults.createdAt), asc(checkupResults.id))
    .prepare('checkup_attempts_with_groups'),
);

/** A member's attempts, oldest first, and the stored peer groups the latest may be compared with. */
export async function attemptsWithGroupsOf(db: Database, userId: string) {
  const rows = await attemptsWithGroupsStatement(db).execute({ userId });
  const attempts: Omit<(typeof rows)[number], 'group'>[] = [];
  const groups: PeerGroupRow[] = [];
  for (const { group, ...attempt } of rows) {
    // The latest attempt comes once per group joined to it.
    if (attempts.at(-1)?.id !== attempt.id) attempts.push(attempt);
    if (group) groups.push(group);
  }
  return { attempts, groups };
}

/** The answers about the organisation given with the member's latest attempt (all null when none, or left out then). */
export async function lastOrganisationOf(db: Executor, userId: string) {
  const [row] = await db
    .select({ budgetBand: checkupResults.budgetBand, staffBand: checkupResults.staffBand, focusArea: checkupResults.focusArea })
    .from(checkupResults)
    .where(eq(checkupResults.userId, userId))
    .orderBy(desc(checkupResults.createdAt), desc(checkupResults.id))
    .limit(1);
  return row ?? { budgetBand: null, staffBand: null, focusArea: null };
}

/** Deletes the member's own attempt; false when there is none with this id that is theirs. */
export async function deleteAttemptOf(db: Executor, userId: string, id: string): Promise<boolean> {
  const deleted = await db
    .delete(checkupResults)
    .where(and(eq(checkupResults.id, id), eq(checkupResults.userId, userId)))
    .returning({ id: checkupResults.id });
  return deleted.length > 0;
}

export interface DueAttempt {
  id: string;
  userId: string | null;
  /** The account's address when the attempt is a member's, else the one given at the email gate. */
  email: string;
  createdAt: Date;
  /** Why no reminder goes: a later attempt, a stop, a refused address. */
  retaken: boolean;
  stopped: boolean;
  suppressed: boolean;
  /** The account has an active plan, its own or its team's: the plan's reassessment reminder replaces this one (decision 081). */
  planned: boolean;
}

/**
 * Attempts whose reminder is due (made between `from` and `until`) and not dealt with yet, locked
 * for this run: another run at the same time skips them (SKIP LOCKED) and takes the next ones.
 * The partial index on unhandled attempts keeps this a short index range at any table size.
 */
export async function claimDueAttempts(tx: Executor, from: Date, until: Date, limit: number): Promise<DueAttempt[]> {
  const later = sql`exists (select 1 from checkup_results l where l.created_at > ${checkupResults.createdAt} and (l.user_id = ${checkupResults.userId} or lower(l.email) = lower(${checkupResults.email})))`;
  const to = sql<string>`coalesce(${users.email}, ${checkupResults.email})`;
  return tx
    .select({
      id: checkupResults.id,
      userId: checkupResults.userId,
      email: to,
      createdAt: checkupResults.createdAt,
      retaken: sql<boolean>`${later}`,
      stopped: sql<boolean>`${optedOut('retake-reminders', to)}`,
      suppressed: sql<boolean>`exists (select 1 from ${mailSuppressions} m where lower(m.email) = lower(${to}))`,
      planned: sql<boolean>`exists (select 1 from ${plans} p where p.status = 'active' and (
        (p.kind = 'personal' and p.user_id = ${checkupResults.userId})
        or (p.kind = 'team' and p.team_id in (
          select t.id from ${teams} t where t.owner_id = ${checkupResults.userId}
          union all select s.team_id from ${teamSeats} s where s.user_id = ${checkupResults.userId} and s.removed_at is null))))`,
    })
    .from(checkupResults)
    .leftJoin(users, eq(users.id, checkupResults.userId))
    .where(and(isNull(checkupResults.retakeReminderHandledAt), gt(checkupResults.createdAt, from), lte(checkupResults.createdAt, until)))
    .orderBy(asc(checkupResults.createdAt))
    .limit(limit)
    .for('update', { of: checkupResults, skipLocked: true });
}

export async function markRemindersHandled(tx: Executor, ids: string[]): Promise<void> {
  if (ids.length === 0) return;
  await tx.update(checkupResults).set({ retakeReminderHandledAt: new Date() }).where(inArray(checkupResults.id, ids));
}

/** The Check-Up's part of "Download my data" and of deleting an account (server/personal-data.ts). */
export const checkupPersonalData: PersonalData = {
  tables: {
    checkup_results: { exported: 'checkupResults', erased: true, how: "the account's own, and those under its verified address; deleted" },
  },
  collect: async (db, member) => ({ checkupResults: await db.select().from(checkupResults).where(theirs(member, checkupResults)) }),
  erase: async (tx, member) => {
    await tx.delete(checkupResults).where(theirs(member, checkupResults));
  },
};
