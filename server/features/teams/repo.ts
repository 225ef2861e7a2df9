import { createHash, randomBytes } from 'node:crypto';
import { and, asc, count, desc, eq, gt, inArray, isNull, sql, or } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { teamPlans } from '#shared/pricing';
import type { Page } from '#shared/admin/schemas';
import type { AdminTeam, TeamView } from '#shared/teams/schemas';
import type { DatabaseHandle, Executor } from '../../db/client';
import { users } from '../../db/schema';
import type { MembershipRow } from '../membership/repo';
import { memberships } from '../membership/schema';
import { teamInvitations, teamSeats, teams } from './schema';
import { liveStatuses } from '../../payment-providers/provider';
import { byAddress, type PersonalData } from '../../personal-data';
import { userDisplayName } from '../../users-repo';
import { ESTIMATE_ABOVE, offsetOf, orderBy, searchCondition, tableCount } from '../admin/list-query';

/** The member holding a seat, beside the buyer (`users`) in the admin's search. */
const seatHolder = alias(users, 'seat_holder');

/** Invitations work once, for 7 days (decision 055). */
export const INVITATION_DAYS = 7;

export type TeamRow = { id: string; ownerId: string; membership: MembershipRow };

export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');
export const newToken = () => randomBytes(32).toString('base64url');

/**
 * Every change of one team's seats, members and invitations takes turns under this one lock, held
 * from the check to the record: the last seat is given once, and the seats never go below what is
 * held. It is held across a seat change's call to the payment provider (decision 063), so it is
 * taken outside any transaction: `work` opens its own.
 */
export function withTeamLock<T>(database: DatabaseHandle, teamId: string, work: () => Promise<T>): Promise<T> {
  return database.holdLock(`team:${teamId}`, work);
}

/** The team of the live team plan the member pays for. */
export async function ownedTeam(db: Executor, ownerId: string): Promise<TeamRow | undefined> {
  const [row] = await db
    .select({ id: teams.id, ownerId: teams.ownerId, membership: memberships })
    .from(teams)
    .innerJoin(memberships, eq(memberships.id, teams.membershipId))
    .where(and(eq(teams.ownerId, ownerId), inArray(memberships.status, [...liveStatuses])))
    .orderBy(desc(memberships.createdAt))
    .limit(1);
  return row;
}

export async function teamById(db: Executor, teamId: string): Promise<TeamRow | undefined> {
  const [row] = await db
    .select({ id: teams.id, ownerId: teams.ownerId, membership: memberships })
    .from(teams)
    .innerJoin(memberships, eq(memberships.id, teams.membershipId))
    .where(eq(teams.id, teamId))
    .limit(1);
  return row;
}

export const isLivePlan = (team: TeamRow) => (liveStatuses as readonly string[]).includes(team.membership.status);

/** Invitations neither used, withdrawn nor expired, of one team, of several, or of the team of the row (`teams.id`). */
const openInvitation = (teamId: string | string[] | typeof teams.id, now: Date) =>
  and(
    Array.isArray(teamId) ? inArray(teamInvitations.teamId, teamId) : eq(teamInvitations.teamId, teamId),
    isNull(teamInvitations.usedAt),
    isNull(teamInvitations.withdrawnAt),
    gt(teamInvitations.expiresAt, now),
  );

export type SeatsHeld = { members: number; invitations: number };

/**
 * The one count of a team's seats in use, for the checks, the buyer's /account and the admin's
 * Teams tab alike: members, and open invitations (a seat is held from the moment it is offered),
 * of each team, at `now` on the one clock (clockNow).
 */
export async function seatsHeld(db: Executor, teamIds: string[], now: Date): Promise<Map<string, SeatsHeld>> {
  const held = new Map<string, SeatsHeld>(teamIds.map((id) => [id, { members: 0, invitations: 0 }]));
  if (teamIds.length === 0) return held;
  const members = await db
    .select({ teamId: teamSeats.teamId, n: count() })
    .from(teamSeats)
    .where(and(inArray(teamSeats.teamId, teamIds), isNull(teamSeats.removedAt)))
    .groupBy(teamSeats.teamId);
  const invitations = await db
    .select({ teamId: teamInvitations.teamId, n: count() })
    .from(teamInvitations)
    .where(openInvitation(teamIds, now))
    .groupBy(teamInvitations.teamId);
  for (const row of members) held.get(row.teamId)!.members = row.n;
  for (const row of invitations) held.get(row.teamId)!.invitations = row.n;
  return held;
}

/**
 * Live teams whose seats are fewer than their members and open invitations: left so by a change
 * of quantity made at the provider, never by ours (they take turns under the team's lock).
 */
export async function teamsOverSeats(db: Executor, now: Date): Promise<string[]> {
  const members = db
    .select({ n: count() })
    .from(teamSeats)
    .where(and(eq(teamSeats.teamId, teams.id), isNull(teamSeats.removedAt)));
  const invitations = db.select({ n: count() }).from(teamInvitations).where(openInvitation(teams.id, now));
  const rows = await db
    .select({ id: teams.id })
    .from(teams)
    .innerJoin(memberships, eq(memberships.id, teams.membershipId))
    .where(and(inArray(memberships.status, [...liveStatuses]), sql`${memberships.seats} < (${members}) + (${invitations})`));
  return rows.map((row) => row.id);
}

/** Withdraws the `n` newest open invitations of the team; returns their addresses. */
export async function withdrawNewest(tx: Executor, teamId: string, n: number, now: Date): Promise<string[]> {
  const newest = await tx
    .select({ id: teamInvitations.id })
    .from(teamInvitations)
    .where(openInvitation(teamId, now))
    .orderBy(desc(teamInvitations.sentAt))
    .limit(n);
  if (newest.length === 0) return [];
  const withdrawn = await tx
    .update(teamInvitations)
    .set({ withdrawnAt: new Date() })
    .where(
      inArray(
        teamInvitations.id,
        newest.map((row) => row.id),
      ),
    )
    .returning({ email: teamInvitations.email });
  return withdrawn.map((row) => row.email);
}

/** Seats held and offered on one team. */
export async function seatsInUse(db: Executor, teamId: string, now: Date): Promise<SeatsHeld> {
  return (await seatsHeld(db, [teamId], now)).get(teamId)!;
}

/** What the buyer and the admin are shown as used: held and offered together. */
const used = (held: SeatsHeld) => held.members + held.invitations;

export async function membersOf(db: Executor, teamId: string) {
  return db
    .select({ userId: teamSeats.userId, name: users.name, email: users.email, joinedAt: teamSeats.joinedAt })
    .from(teamSeats)
    .innerJoin(users, eq(users.id, teamSeats.userId))
    .where(and(eq(teamSeats.teamId, teamId), isNull(teamSeats.removedAt)))
    .orderBy(asc(teamSeats.joinedAt));
}

export async function openInvitations(db: Executor, teamId: string, now: Date) {
  return db
    .select({ id: teamInvitations.id, email: teamInvitations.email, sentAt: teamInvitations.sentAt, expiresAt: teamInvitations.expiresAt })
    .from(teamInvitations)
    .where(openInvitation(teamId, now))
    .orderBy(asc(teamInvitations.sentAt));
}

/** The seat the member holds, on any team (one each). */
export async function seatOf(db: Executor, userId: string) {
  const [row] = await db
    .select({ teamId: teamSeats.teamId, joinedAt: teamSeats.joinedAt })
    .from(teamSeats)
    .where(and(eq(teamSeats.userId, userId), isNull(teamSeats.removedAt)))
    .limit(1);
  return row;
}

export async function invitationByToken(db: Executor, token: string, lock = false) {
  const query = db
    .select()
    .from(teamInvitations)
    .where(eq(teamInvitations.tokenHash, hashToken(token)));
  const [row] = lock ? await query.for('update') : await query;
  return row;
}

/** The buyer as a member is told of them: their name, else their address. */
export async function ownerNameOf(db: Executor, ownerId: string): Promise<string> {
  return (await userDisplayName(db, ownerId)) ?? 'Your colleague';
}

/** Offers a seat to `email` by a link whose token's hash is kept; the invitation's id. */
export async function insertInvitation(
  tx: Executor,
  values: Pick<typeof teamInvitations.$inferInsert, 'teamId' | 'email' | 'tokenHash' | 'sentAt' | 'expiresAt'>,
): Promise<string> {
  const [row] = await tx.insert(teamInvitations).values(values).returning({ id: teamInvitations.id });
  return row!.id;
}

/** Withdraws the team's invitation if neither used nor withdrawn yet; its address, or undefined when there is none such. */
export async function withdrawInvitation(tx: Executor, teamId: string, id: string): Promise<string | undefined> {
  const [row] = await tx
    .update(teamInvitations)
    .set({ withdrawnAt: new Date() })
    .where(and(eq(teamInvitations.id, id), eq(teamInvitations.teamId, teamId), isNull(teamInvitations.usedAt), isNull(teamInvitations.withdrawnAt)))
    .returning({ email: teamInvitations.email });
  return row?.email;
}

export async function markInvitationUsed(tx: Executor, id: string, userId: string): Promise<void> {
  await tx.update(teamInvitations).set({ usedAt: new Date(), usedBy: userId }).where(eq(teamInvitations.id, id));
}

export async function insertSeat(tx: Executor, teamId: string, userId: string): Promise<void> {
  await tx.insert(teamSeats).values({ teamId, userId });
}

/** Ends the member's seat on the team; false when they held none there. */
export async function endSeat(tx: Executor, teamId: string, userId: string): Promise<boolean> {
  const rows = await tx
    .update(teamSeats)
    .set({ removedAt: new Date() })
    .where(and(eq(teamSeats.teamId, teamId), eq(teamSeats.userId, userId), isNull(teamSeats.removedAt)))
    .returning({ userId: teamSeats.userId });
  return rows.length > 0;
}

export async function teamView(db: Executor, team: TeamRow, now: Date, ownerPaysForSelf: boolean): Promise<TeamView> {
  const members = await membersOf(db, team.id);
  const invitations = await openInvitations(db, team.id, now);
  const sub = team.membership;
  const seats = sub.seats ?? 0;
  return {
    id: team.id,
    plan: sub.plan,
    seats,
    seatsUsed: used(await seatsInUse(db, team.id, now)),
    perSeatCents: teamPlans[sub.plan].perSeatCents,
    amountCents: teamPlans[sub.plan].perSeatCents * seats,
    status: sub.status,
    currentPeriodEnd: sub.currentPeriodEnd?.toISOString() ?? null,
    cancelAtPeriodEnd: sub.cancelAtPeriodEnd,
    ownerHoldsSeat: members.some((m) => m.userId === team.ownerId),
    ownerPaysForSelf,
    members: members.map((m) => ({ userId: m.userId, name: m.name, email: m.email, joinedAt: m.joinedAt.toISOString(), isOwner: m.userId === team.ownerId })),
    invitations: invitations.map((i) => ({ id: i.id, email: i.email, sentAt: i.sentAt.toISOString(), expiresAt: i.expiresAt.toISOString() })),
  };
}

/**
 * A page of the admin's Teams tab: team plans newest first (or oldest), found by the buyer's or a
 * member's name or address, with their seats and members. The page's teams are read from the
 * creation index; their members and seats held in one query each for the page, not per team.
 */
export async function adminTeamsPage(
  db: Executor,
  query: { search: string; page: number; pageSize: number; sort: string },
  now: Date,
): Promise<Page<AdminTeam>> {
  const ownerMatches = searchCondition(query.search, [users.email, users.name]);
  const memberMatches = searchCondition(query.search, [seatHolder.email, seatHolder.name]);
  // The teams a search finds: by their buyer, and by a member's seat, each side read from the
  // people's search indexes first (an OR across the two joins would read every team).
  const where =
    ownerMatches && memberMatches
      ? sql`${teams.id} in (${db
          .select({ id: teams.id })
          .from(teams)
          .innerJoin(users, eq(users.id, teams.ownerId))
          .where(sql`(${ownerMatches})`)} union ${db
          .select({ id: teamSeats.teamId })
          .from(teamSeats)
          .innerJoin(seatHolder, eq(seatHolder.id, teamSeats.userId))
          .where(and(isNull(teamSeats.removedAt), sql`(${memberMatches})`))})`
      : undefined;
  const order = orderBy(query.sort, { createdAt: teams.createdAt }, teams.id);
  // Deferred join: the offset walks the teams' creation index for ids only; the page's teams are joined alone.
  const pageIds = db
    .select({ id: teams.id })
    .from(teams)
    .where(where)
    .orderBy(...order)
    .limit(query.pageSize)
    .offset(offsetOf(query.page, query.pageSize));
  const [rows, [counted]] = await Promise.all([
    db
      .select({ id: teams.id, ownerEmail: users.email, ownerName: users.name, membership: memberships })
      .from(teams)
      .innerJoin(memberships, eq(memberships.id, teams.membershipId))
      .innerJoin(users, eq(users.id, teams.ownerId))
      .where(inArray(teams.id, pageIds))
      .orderBy(...order),
    where ? db.select({ total: count() }).from(teams).where(where) : db.select({ total: tableCount('teams') }).from(sql`(select 1) as one`),
  ]);
  const ids = rows.map((row) => row.id);
  const held = await seatsHeld(db, ids, now);
  const members = ids.length
    ? await db
        .select({ teamId: teamSeats.teamId, name: users.name, email: users.email, joinedAt: teamSeats.joinedAt })
        .from(teamSeats)
        .innerJoin(users, eq(users.id, teamSeats.userId))
        .where(and(inArray(teamSeats.teamId, ids), isNull(teamSeats.removedAt)))
        .orderBy(asc(teamSeats.joinedAt))
    : [];
  const membersByTeam = new Map<string, typeof members>();
  for (const member of members) {
    const list = membersByTeam.get(member.teamId);
    if (list) list.push(member);
    else membersByTeam.set(member.teamId, [member]);
  }
  const total = Number(counted?.total ?? 0);
  const items = rows.map((row) => {
    const teamMembers = membersByTeam.get(row.id) ?? [];
    const rowHeld = held.get(row.id)!;
    return {
      id: row.id,
      ownerEmail: row.ownerEmail,
      ownerName: row.ownerName,
      plan: row.membership.plan,
      seats: row.membership.seats ?? 0,
      seatsUsed: used(rowHeld),
      status: row.membership.status,
      currentPeriodEnd: row.membership.currentPeriodEnd?.toISOString() ?? null,
      cancelAtPeriodEnd: row.membership.cancelAtPeriodEnd,
      members: teamMembers.map((m) => ({ email: m.email, name: m.name, joinedAt: m.joinedAt.toISOString() })),
      openInvitations: rowHeld.invitations,
    };
  });
  return { items, total, estimated: !where && total >= ESTIMATE_ABOVE, page: query.page, pageSize: query.pageSize };
}

/** Members whose email is `email` (case-insensitive) holding a seat on the team. */
export async function seatedEmail(db: Executor, teamId: string, email: string): Promise<boolean> {
  const [row] = await db
    .select({ id: teamSeats.id })
    .from(teamSeats)
    .innerJoin(users, eq(users.id, teamSeats.userId))
    .where(and(eq(teamSeats.teamId, teamId), isNull(teamSeats.removedAt), sql`lower(${users.email}) = lower(${email})`))
    .limit(1);
  return row !== undefined;
}

export async function invitedEmail(db: Executor, teamId: string, email: string, now: Date): Promise<boolean> {
  const [row] = await db
    .select({ id: teamInvitations.id })
    .from(teamInvitations)
    .where(and(openInvitation(teamId, now), sql`lower(${teamInvitations.email}) = lower(${email})`))
    .limit(1);
  return row !== undefined;
}

/** Team plans' part of "Download my data" and of deleting an account (server/personal-data.ts). */
export const teamsPersonalData: PersonalData = {
  tables: {
    teams: {
      exported: 'teamsBought',
      erased: true,
      how: 'team plans the member bought (decision 055): cancelled at the provider first, then deleted with the account',
    },
    team_seats: { exported: 'teamSeats', erased: true, how: 'the team seats the member held and when; deleted with the account' },
    team_invitations: {
      exported: 'teamInvitations',
      erased: true,
      how: 'invitations to a team sent to the verified address or used by the member; deleted with the account (those the member sent go with their team)',
    },
  },
  collect: async (db, member) => {
    const [teamsBought, seats, invitations] = await Promise.all([
      db
        .select({ plan: memberships.plan, seats: memberships.seats, status: memberships.status, createdAt: teams.createdAt })
        .from(teams)
        .innerJoin(memberships, eq(memberships.id, teams.membershipId))
        .where(eq(teams.ownerId, member.id)),
      db.select({ joinedAt: teamSeats.joinedAt, removedAt: teamSeats.removedAt }).from(teamSeats).where(eq(teamSeats.userId, member.id)),
      db
        .select({ email: teamInvitations.email, sentAt: teamInvitations.sentAt, usedAt: teamInvitations.usedAt })
        .from(teamInvitations)
        .where(or(eq(teamInvitations.usedBy, member.id), byAddress(teamInvitations.email, member.email))),
    ]);
    return { teamsBought, teamSeats: seats, teamInvitations: invitations };
  },
  erase: async (tx, member) => {
    if (member.verified) await tx.delete(teamInvitations).where(byAddress(teamInvitations.email, member.email));
    await tx.delete(teamInvitations).where(eq(teamInvitations.usedBy, member.id));
  },
};
