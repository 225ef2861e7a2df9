import { createHmac } from 'node:crypto';
import { and, asc, count, desc, eq, inArray, isNotNull, isNull, lt, lte, or, type SQL, sql } from 'drizzle-orm';
import type { Page } from '#shared/admin/schemas';
import type { AdminRoundRow, AnswerDraft, RespondentRole } from '#shared/team-checkup/schemas';
import type { Executor, Transaction } from '../../db/client';
import { mailSuppressions, users } from '../../db/schema';
import { optedOut } from '../../mail/topic-opt-outs';
import { type PersonalData, theirs } from '../../personal-data';
import { userDisplayName } from '../../users-repo';
import { offsetOf, orderBy, searchCondition } from '../admin/list-query';
import { teams } from '../teams/schema';
import { hashToken, isLivePlan, membersOf, ownedTeam, seatOf, teamById, type TeamRow } from '../teams/repo';
import { type CountedAnswer, figuresToShow } from './figures';
import { type RoundInvitationRow, type RoundRow, teamCheckupInvitations as invitations, teamCheckupRounds as rounds } from './schema';

export { hashToken };
export type { RoundInvitationRow, RoundRow };

/**
 * The personal link's token: an HMAC of the invitation's id under the key every server shares
 * (site_secrets), so the reminders can write the link again while only its hash is stored.
 */
export const linkToken = (key: Buffer, invitationId: string): string =>
  createHmac('sha256', key).update(`team-checkup-link\n${invitationId}`).digest('base64url');

/** The team a person belongs to for the team Check-Up: the live team plan they bought, else the one whose seat they hold. */
export async function teamOfPerson(db: Executor, userId: string): Promise<{ team: TeamRow; buyer: boolean } | undefined> {
  const owned = await ownedTeam(db, userId);
  if (owned) return { team: owned, buyer: true };
  const seat = await seatOf(db, userId);
  const team = seat ? await teamById(db, seat.teamId) : undefined;
  return team && isLivePlan(team) ? { team, buyer: false } : undefined;
}

/** The team's people who can be asked: its buyer, then its seat holders. */
export async function teamPeople(db: Executor, team: TeamRow): Promise<Array<{ userId: string; name: string; email: string }>> {
  const [buyer] = await db.select({ userId: users.id, name: users.name, email: users.email }).from(users).where(eq(users.id, team.ownerId));
  const members = await membersOf(db, team.id);
  return [...(buyer ? [buyer] : []), ...members.filter((m) => m.userId !== team.ownerId)].map((p) => ({
    userId: p.userId,
    name: p.name?.trim() || p.email,
    email: p.email,
  }));
}

/** Why no mail goes to an address: it left the team Check-Up's mail, or mail to it is refused. */
const notMailed = (email: SQL | typeof invitations.email) =>
  sql<string | null>`case when exists (select 1 from ${mailSuppressions} m where lower(m.email) = lower(${email})) then 'suppressed'
    when ${optedOut('team-checkup', email)} then 'opted-out' else null end`;

/** Whether `email` may be sent the team Check-Up's mail: not suppressed, not left. */
export async function mailBlocked(db: Executor, emails: string[]): Promise<Map<string, 'suppressed' | 'opted-out'>> {
  const blocked = new Map<string, 'suppressed' | 'opted-out'>();
  if (emails.length === 0) return blocked;
  const values = sql.join(
    emails.map((email) => sql`(${email})`),
    sql`, `,
  );
  // A VALUES list the builder cannot say: each address is looked up once in both tables.
  const { rows } = await db.execute<{ email: string; reason: 'suppressed' | 'opted-out' | null }>(
    sql`select v.email, ${notMailed(sql`v.email`)} as reason from (values ${values}) as v(email)`,
  );
  for (const row of rows) if (row.reason) blocked.set(row.email.toLowerCase(), row.reason);
  return blocked;
}

const invitedCount = sql<number>`(select count(*)::int from ${invitations} i where i.round_id = ${rounds.id} and i.withdrawn_at is null)`;
const answeredCount = sql<number>`(select count(*)::int from ${invitations} i where i.round_id = ${rounds.id} and i.answered_at is not null)`;

export type RoundWithCounts = RoundRow & { organiserName: string | null; invited: number; answered: number };

const roundFields = { round: rounds, organiserName: users.name, organiserEmail: users.email, invited: invitedCount, answered: answeredCount };
const withCounts = (row: { round: RoundRow; organiserName: string | null; organiserEmail: string | null; invited: number; answered: number }) => ({
  ...row.round,
  organiserName: row.organiserName?.trim() || row.organiserEmail,
  invited: Number(row.invited),
  answered: Number(row.answered),
});

/** The team's rounds, newest first, with how many were asked and have answered. */
export async function roundsOfTeam(db: Executor, teamId: string): Promise<RoundWithCounts[]> {
  const rows = await db
    .select(roundFields)
    .from(rounds)
    .leftJoin(users, eq(users.id, rounds.organiserId))
    .where(eq(rounds.teamId, teamId))
    .orderBy(desc(rounds.startedAt), desc(rounds.id));
  return rows.map(withCounts);
}

export async function roundById(db: Executor, id: string): Promise<RoundRow | undefined> {
  const [row] = await db.select().from(rounds).where(eq(rounds.id, id));
  return row;
}

export async function roundWithCounts(db: Executor, id: string): Promise<RoundWithCounts | undefined> {
  const [row] = await db.select(roundFields).from(rounds).leftJoin(users, eq(users.id, rounds.organiserId)).where(eq(rounds.id, id));
  return row && withCounts(row);
}

/** The round, locked until the transaction ends: every change of its answers and figures takes turns here. */
export async function lockRound(tx: Transaction, id: string): Promise<RoundRow | undefined> {
  const [row] = await tx.select().from(rounds).where(eq(rounds.id, id)).for('update');
  return row;
}

/** Of `roundIds`, those in which the member has answered with their account. */
export async function roundsAnsweredBy(db: Executor, userId: string, roundIds: string[]): Promise<Set<string>> {
  if (roundIds.length === 0) return new Set();
  const rows = await db
    .select({ roundId: invitations.roundId })
    .from(invitations)
    .where(and(eq(invitations.userId, userId), inArray(invitations.roundId, roundIds), isNotNull(invitations.answeredAt)));
  return new Set(rows.map((row) => row.roundId));
}

/** A round whose time has passed is closed at its closing time (before another may start). */
export async function closePassedRounds(db: Executor, now: Date, teamId?: string): Promise<number> {
  const closed = await db
    .update(rounds)
    .set({ closedAt: rounds.closesAt })
    .where(and(isNull(rounds.closedAt), lt(rounds.closesAt, now), teamId ? eq(rounds.teamId, teamId) : undefined))
    .returning({ id: rounds.id });
  return closed.length;
}

/** The team's open round, if any. */
export async function openRoundOf(db: Executor, teamId: string): Promise<RoundRow | undefined> {
  const [row] = await db
    .select()
    .from(rounds)
    .where(and(eq(rounds.teamId, teamId), isNull(rounds.closedAt)))
    .limit(1);
  return row;
}

export async function insertRound(
  tx: Executor,
  values: Pick<typeof rounds.$inferInsert, 'teamId' | 'name' | 'organiserId' | 'startedAt' | 'closesAt' | 'remindBeforeAt' | 'remindLastDayAt'>,
): Promise<RoundRow> {
  const [row] = await tx.insert(rounds).values(values).returning();
  return row!;
}

export async function insertInvitations(
  tx: Executor,
  values: Array<Pick<typeof invitations.$inferInsert, 'id' | 'roundId' | 'email' | 'userId' | 'tokenHash' | 'invitedAt'>>,
): Promise<void> {
  if (values.length) await tx.insert(invitations).values(values);
}

/** Everyone asked in a round, as the organiser sees them: who answered, never what. */
export async function inviteesOf(db: Executor, roundId: string) {
  return db
    .select({
      id: invitations.id,
      email: invitations.email,
      name: users.name,
      fromTeam: isNotNull(invitations.userId).mapWith(Boolean),
      answeredAt: invitations.answeredAt,
      withdrawnAt: invitations.withdrawnAt,
      notMailed: notMailed(invitations.email),
    })
    .from(invitations)
    .leftJoin(users, eq(users.id, invitations.userId))
    .where(eq(invitations.roundId, roundId))
    .orderBy(asc(invitations.invitedAt), asc(invitations.email));
}

export async function invitationByToken(db: Executor, token: string): Promise<RoundInvitationRow | undefined> {
  const [row] = await db
    .select()
    .from(invitations)
    .where(eq(invitations.tokenHash, hashToken(token)));
  return row;
}

export async function invitationById(db: Executor, id: string): Promise<RoundInvitationRow | undefined> {
  const [row] = await db.select().from(invitations).where(eq(invitations.id, id));
  return row;
}

export async function lockInvitation(tx: Transaction, id: string): Promise<RoundInvitationRow | undefined> {
  const [row] = await tx.select().from(invitations).where(eq(invitations.id, id)).for('update');
  return row;
}

export async function invitationOfRound(db: Executor, roundId: string, id: string): Promise<RoundInvitationRow | undefined> {
  const [row] = await db
    .select()
    .from(invitations)
    .where(and(eq(invitations.id, id), eq(invitations.roundId, roundId)));
  return row;
}

/** The answers now counted in a round: every answer given and not removed (withdrawn invitations never have one). */
export async function countedAnswers(db: Executor, roundId: string): Promise<CountedAnswer[]> {
  const rows = await db
    .select({ id: invitations.id, answeredAt: invitations.answeredAt, role: invitations.role, answers: invitations.answers })
    .from(invitations)
    .where(and(eq(invitations.roundId, roundId), isNotNull(invitations.answeredAt)));
  return rows.map((row) => ({ id: row.id, answeredAt: row.answeredAt!, role: row.role!, answers: row.answers! }));
}

/**
 * After a change of a locked round's answers (saved, replaced, removed, deleted with an account):
 * the figures to show from now on (figures.ts decides, decision 078), written in the same
 * transaction. The round must have been locked by `lockRound` in this transaction.
 */
export async function refreshFigures(tx: Transaction, round: RoundRow, now: Date): Promise<RoundRow> {
  const next = figuresToShow(await countedAnswers(tx, round.id), round.shownFigures, now);
  if (next !== round.shownFigures) await tx.update(rounds).set({ shownFigures: next }).where(eq(rounds.id, round.id));
  return { ...round, shownFigures: next };
}

/**
 * Keeps a person's progress in one statement, by their link's hash, while the link is theirs to
 * use: not withdrawn, its round open. No lock: progress changes no figure, and this is the call
 * made at every statement answered. False when nothing was saved (the caller says why).
 */
export async function saveDraft(db: Executor, tokenHash: string, draft: AnswerDraft, now: Date): Promise<boolean> {
  const saved = await db
    .update(invitations)
    .set({ draft })
    .where(
      and(
        eq(invitations.tokenHash, tokenHash),
        isNull(invitations.withdrawnAt),
        sql`exists (select 1 from ${rounds} r where r.id = ${invitations.roundId} and r.closed_at is null and r.closes_at >= ${now})`,
      ),
    )
    .returning({ id: invitations.id });
  return saved.length > 0;
}

export async function saveAnswer(
  tx: Executor,
  id: string,
  values: { answers: Record<string, number>; role: RespondentRole; answeredAt: Date; userId: string | null; checkupResultId: string | null },
): Promise<RoundInvitationRow> {
  const [row] = await tx
    .update(invitations)
    .set({ ...values, draft: { answers: values.answers, role: values.role } })
    .where(eq(invitations.id, id))
    .returning();
  return row!;
}

/** The answer removed on its person's request: the draft goes with it. */
export async function removeAnswer(tx: Executor, id: string): Promise<void> {
  await tx.update(invitations).set({ answers: null, role: null, answeredAt: null, draft: null, checkupResultId: null }).where(eq(invitations.id, id));
}

/** Withdraws an unanswered invitation; false when it has an answer or was withdrawn already. */
export async function withdrawInvitation(tx: Executor, id: string, now: Date): Promise<boolean> {
  const rows = await tx
    .update(invitations)
    .set({ withdrawnAt: now, draft: null })
    .where(and(eq(invitations.id, id), isNull(invitations.answeredAt), isNull(invitations.withdrawnAt)))
    .returning({ id: invitations.id });
  return rows.length > 0;
}

export async function setRound(
  tx: Executor,
  id: string,
  values: Partial<Pick<RoundRow, 'closedAt' | 'remindedAt' | 'closesAt' | 'extendedAt' | 'remindBeforeAt' | 'remindLastDayAt'>>,
) {
  await tx.update(rounds).set(values).where(eq(rounds.id, id));
}

/** Those asked in the round who have not answered and were not withdrawn: whom "remind now" writes to. */
export async function unansweredOf(db: Executor, roundId: string) {
  return db
    .select({ id: invitations.id, email: invitations.email, blocked: notMailed(invitations.email) })
    .from(invitations)
    .where(and(eq(invitations.roundId, roundId), isNull(invitations.answeredAt), isNull(invitations.withdrawnAt)));
}

/** How many are asked in the round (not withdrawn). */
export async function askedIn(db: Executor, roundId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(invitations)
    .where(and(eq(invitations.roundId, roundId), isNull(invitations.withdrawnAt)));
  return row?.n ?? 0;
}

/** The team's latest round before `round` that has figures: the result shows it beside. */
export async function previousRoundWithFigures(db: Executor, round: RoundRow): Promise<RoundRow | undefined> {
  const [row] = await db
    .select()
    .from(rounds)
    // Rounds whose figures are shown now: jsonb's own test, which the builder cannot say.
    .where(and(eq(rounds.teamId, round.teamId), lt(rounds.startedAt, round.startedAt), sql`jsonb_typeof(${rounds.shownFigures}->'figures') = 'object'`))
    .orderBy(desc(rounds.startedAt))
    .limit(1);
  return row;
}

/** The organiser as the mails and the link name them: their name, else their address, else (their account deleted) a colleague. */
export const organiserNameOf = async (db: Executor, organiserId: string | null): Promise<string> =>
  (organiserId ? await userDisplayName(db, organiserId) : undefined) ?? 'Your colleague';

/** Whether an account has this address. */
export async function accountWithAddress(db: Executor, email: string): Promise<{ id: string; verified: boolean } | undefined> {
  const [row] = await db
    .select({ id: users.id, verifiedAt: users.emailVerifiedAt })
    .from(users)
    .where(sql`lower(${users.email}) = lower(${email.trim()})`)
    .limit(1);
  return row && { id: row.id, verified: row.verifiedAt !== null };
}

export interface DueReminder {
  id: string;
  email: string;
  roundId: string;
  roundName: string;
  closesAt: Date;
  /** As the mails name the organiser (organiserNameOf), read with the claim. */
  organiserName: string;
  /** The reminder that is due: the last day's when both are (after an outage), never both. */
  kind: 'before' | 'last-day';
  blocked: string | null;
}

/**
 * Invitations of open rounds whose reminder is due (decision 079): not answered, not withdrawn,
 * invited before the reminder fell due, and not reminded of it yet; locked for this run (SKIP
 * LOCKED: another server's run passes them by and takes the next), with what their mail says.
 */
export async function claimDueReminders(tx: Transaction, now: Date, limit: number): Promise<DueReminder[]> {
  const lastDayDue = and(lte(rounds.remindLastDayAt, now), isNull(invitations.remindedLastDayAt), lt(invitations.invitedAt, rounds.remindLastDayAt));
  const beforeDue = and(lte(rounds.remindBeforeAt, now), isNull(invitations.remindedBeforeAt), lt(invitations.invitedAt, rounds.remindBeforeAt));
  const rows = await tx
    .select({
      id: invitations.id,
      email: invitations.email,
      roundId: rounds.id,
      roundName: rounds.name,
      closesAt: rounds.closesAt,
      organiserName: sql<string>`coalesce(nullif(trim(${users.name}), ''), ${users.email}, 'Your colleague')`,
      lastDay: sql<boolean>`${lastDayDue}`.mapWith(Boolean),
      blocked: notMailed(invitations.email),
    })
    .from(invitations)
    .innerJoin(rounds, eq(rounds.id, invitations.roundId))
    .leftJoin(users, eq(users.id, rounds.organiserId))
    .where(
      and(
        isNull(rounds.closedAt),
        sql`${rounds.closesAt} >= ${now}`,
        lte(rounds.remindBeforeAt, now),
        isNull(invitations.answeredAt),
        isNull(invitations.withdrawnAt),
        or(lastDayDue, beforeDue),
      ),
    )
    // No order: any due rows will do, so the scan stops at the batch's size.
    .limit(limit)
    .for('update', { of: invitations, skipLocked: true });
  return rows.map(({ lastDay, ...row }) => ({ ...row, kind: lastDay ? 'last-day' : 'before' }));
}

/** Marks the reminders dealt with (sent, or passed over for good): the last day's also settles the earlier one. */
export async function markReminded(tx: Executor, due: DueReminder[], now: Date): Promise<void> {
  const lastDay = due.filter((row) => row.kind === 'last-day').map((row) => row.id);
  const before = due.filter((row) => row.kind === 'before').map((row) => row.id);
  if (lastDay.length)
    await tx
      .update(invitations)
      .set({ remindedLastDayAt: now, remindedBeforeAt: sql`coalesce(${invitations.remindedBeforeAt}, ${now})` })
      .where(inArray(invitations.id, lastDay));
  if (before.length) await tx.update(invitations).set({ remindedBeforeAt: now }).where(inArray(invitations.id, before));
}

const owner = users;
const adminStatus = sql<'open' | 'closed'>`case when ${rounds.closedAt} is null and ${rounds.closesAt} >= now() then 'open' else 'closed' end`;

/** The admin's list of rounds: a page, searched by the buyer's name or address and the round's name, with counts only. */
export async function adminRoundsPage(db: Executor, query: { search: string; page: number; pageSize: number; sort: string }): Promise<Page<AdminRoundRow>> {
  const where = searchCondition(query.search, [owner.email, owner.name, rounds.name]);
  const order = orderBy(query.sort, { startedAt: rounds.startedAt, closesAt: rounds.closesAt }, rounds.id);
  const [rows, [counted]] = await Promise.all([
    db
      .select({
        id: rounds.id,
        name: rounds.name,
        ownerName: owner.name,
        ownerEmail: owner.email,
        status: adminStatus,
        startedAt: rounds.startedAt,
        closesAt: rounds.closesAt,
        closedAt: rounds.closedAt,
        invited: invitedCount,
        answered: answeredCount,
      })
      .from(rounds)
      .innerJoin(teams, eq(teams.id, rounds.teamId))
      .innerJoin(owner, eq(owner.id, teams.ownerId))
      .where(where && sql`(${where})`)
      .orderBy(...order)
      .limit(query.pageSize)
      .offset(offsetOf(query.page, query.pageSize)),
    db
      .select({ total: count() })
      .from(rounds)
      .innerJoin(teams, eq(teams.id, rounds.teamId))
      .innerJoin(owner, eq(owner.id, teams.ownerId))
      .where(where && sql`(${where})`),
  ]);
  return {
    items: rows.map((row) => ({
      ...row,
      startedAt: row.startedAt.toISOString(),
      closesAt: row.closesAt.toISOString(),
      closedAt: row.closedAt?.toISOString() ?? null,
      invited: Number(row.invited),
      answered: Number(row.answered),
    })),
    total: counted?.total ?? 0,
    estimated: false,
    page: query.page,
    pageSize: query.pageSize,
  };
}

/** The invitations that are the member's: of their account, and under their verified address. */
const theirInvitations = (member: Parameters<typeof theirs>[0]) => theirs(member, invitations);

/** The team Check-Up's part of "Download my data" and of deleting an account (server/personal-data.ts). */
export const teamCheckupPersonalData: PersonalData = {
  tables: {
    team_checkup_invitations: {
      exported: 'teamCheckupAnswers',
      erased: true,
      how: "the rounds the member was asked to answer, with their progress and answer; deleted with the account, and the round's figures follow (decision 078)",
    },
    team_checkup_rounds: {
      exported: 'teamCheckupRoundsStarted',
      kept: "a round is its team's: the organiser's account is cleared from it (set null) when deleted, the others' answers stay theirs",
    },
  },
  collect: async (db, member) => ({
    teamCheckupAnswers: await db
      .select({
        round: rounds.name,
        email: invitations.email,
        invitedAt: invitations.invitedAt,
        withdrawnAt: invitations.withdrawnAt,
        draft: invitations.draft,
        answers: invitations.answers,
        role: invitations.role,
        answeredAt: invitations.answeredAt,
      })
      .from(invitations)
      .innerJoin(rounds, eq(rounds.id, invitations.roundId))
      .where(theirInvitations(member))
      .orderBy(asc(invitations.invitedAt)),
    teamCheckupRoundsStarted: await db
      .select({ name: rounds.name, startedAt: rounds.startedAt, closesAt: rounds.closesAt, closedAt: rounds.closedAt })
      .from(rounds)
      .where(eq(rounds.organiserId, member.id))
      .orderBy(asc(rounds.startedAt)),
  }),
  // Each round the member answered in is locked, their invitations deleted, and its figures
  // follow what is left: a deletion that leaves fewer than three hides the result.
  erase: async (tx, member) => {
    const mine = await tx.select({ id: invitations.id, roundId: invitations.roundId }).from(invitations).where(theirInvitations(member));
    const roundIds = [...new Set(mine.map((row) => row.roundId))].sort();
    const now = new Date();
    for (const roundId of roundIds) {
      const round = await lockRound(tx, roundId);
      await tx.delete(invitations).where(
        inArray(
          invitations.id,
          mine.filter((row) => row.roundId === roundId).map((row) => row.id),
        ),
      );
      if (round) await refreshFigures(tx, round, now);
    }
  },
};
