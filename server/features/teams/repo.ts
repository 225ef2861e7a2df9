import { createHash, randomBytes } from 'node:crypto';
import { and, asc, count, desc, eq, gt, inArray, isNull, sql } from 'drizzle-orm';
import { plans, teamPlans } from '#shared/pricing';
import type { TeamView } from '#shared/teams/schemas';
import type { Executor, Transaction } from '../../db/client';
import { lockUntilCommit } from '../../db/locks';
import { subscriptions, teamInvitations, teamSeats, teams, users } from '../../db/schema';
import { liveStatuses } from '../../payment-providers/provider';

/** Invitations work once, for 7 days (issue 40). */
export const INVITATION_DAYS = 7;

export type TeamRow = { id: string; ownerId: string; subscription: typeof subscriptions.$inferSelect };

export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');
export const newToken = () => randomBytes(32).toString('base64url');

/** Every change of one team (seats, invitations, members) takes turns: the last seat is given once. */
export async function lockTeam(tx: Transaction, teamId: string): Promise<void> {
  await lockUntilCommit(tx, `team:${teamId}`);
}

/** The team of the live team plan the member pays for. */
export async function ownedTeam(db: Executor, ownerId: string): Promise<TeamRow | undefined> {
  const [row] = await db
    .select({ id: teams.id, ownerId: teams.ownerId, subscription: subscriptions })
    .from(teams)
    .innerJoin(subscriptions, eq(subscriptions.id, teams.subscriptionId))
    .where(and(eq(teams.ownerId, ownerId), inArray(subscriptions.status, [...liveStatuses])))
    .orderBy(desc(subscriptions.createdAt))
    .limit(1);
  return row;
}

export async function teamById(db: Executor, teamId: string): Promise<TeamRow | undefined> {
  const [row] = await db
    .select({ id: teams.id, ownerId: teams.ownerId, subscription: subscriptions })
    .from(teams)
    .innerJoin(subscriptions, eq(subscriptions.id, teams.subscriptionId))
    .where(eq(teams.id, teamId))
    .limit(1);
  return row;
}

export const isLivePlan = (team: TeamRow) => (liveStatuses as readonly string[]).includes(team.subscription.status);

/** Invitations neither used, withdrawn nor expired, of one team or of several. */
const openInvitation = (teamId: string | string[], now: Date) =>
  and(
    Array.isArray(teamId) ? inArray(teamInvitations.teamId, teamId) : eq(teamInvitations.teamId, teamId),
    isNull(teamInvitations.usedAt),
    isNull(teamInvitations.withdrawnAt),
    gt(teamInvitations.expiresAt, now),
  );

/** Seats held and offered: members, and open invitations (a seat is held from the moment it is offered). */
export async function seatsInUse(db: Executor, teamId: string, now: Date): Promise<{ members: number; invitations: number }> {
  const [members] = await db
    .select({ n: count() })
    .from(teamSeats)
    .where(and(eq(teamSeats.teamId, teamId), isNull(teamSeats.removedAt)));
  const [invitations] = await db.select({ n: count() }).from(teamInvitations).where(openInvitation(teamId, now));
  return { members: members?.n ?? 0, invitations: invitations?.n ?? 0 };
}

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

export async function userName(db: Executor, userId: string): Promise<string> {
  const [row] = await db.select({ name: users.name, email: users.email }).from(users).where(eq(users.id, userId));
  return row?.name?.trim() || row?.email || 'Your colleague';
}

export async function teamView(db: Executor, team: TeamRow, now: Date, ownerPaysForSelf: boolean): Promise<TeamView> {
  const members = await membersOf(db, team.id);
  const invitations = await openInvitations(db, team.id, now);
  const sub = team.subscription;
  const seats = sub.seats ?? 0;
  return {
    id: team.id,
    plan: sub.plan,
    seats,
    seatsUsed: members.length + invitations.length,
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

/** The admin's Teams tab: every team plan, newest first, with its seats. */
export async function listTeams(db: Executor, now: Date) {
  const rows = await db
    .select({ id: teams.id, ownerEmail: users.email, ownerName: users.name, subscription: subscriptions })
    .from(teams)
    .innerJoin(subscriptions, eq(subscriptions.id, teams.subscriptionId))
    .innerJoin(users, eq(users.id, teams.ownerId))
    .orderBy(desc(teams.createdAt))
    .limit(500);
  // Members and open invitations of all listed teams in one query each, not two per team.
  const ids = rows.map((row) => row.id);
  const members = ids.length
    ? await db
        .select({ teamId: teamSeats.teamId, name: users.name, email: users.email, joinedAt: teamSeats.joinedAt })
        .from(teamSeats)
        .innerJoin(users, eq(users.id, teamSeats.userId))
        .where(and(inArray(teamSeats.teamId, ids), isNull(teamSeats.removedAt)))
        .orderBy(asc(teamSeats.joinedAt))
    : [];
  const invitations = ids.length
    ? await db.select({ teamId: teamInvitations.teamId, n: count() }).from(teamInvitations).where(openInvitation(ids, now)).groupBy(teamInvitations.teamId)
    : [];
  const openByTeam = new Map(invitations.map((row) => [row.teamId, row.n]));
  const membersByTeam = new Map<string, typeof members>();
  for (const member of members) {
    const list = membersByTeam.get(member.teamId);
    if (list) list.push(member);
    else membersByTeam.set(member.teamId, [member]);
  }
  return rows.map((row) => {
    const teamMembers = membersByTeam.get(row.id) ?? [];
    const open = openByTeam.get(row.id) ?? 0;
    return {
      id: row.id,
      ownerEmail: row.ownerEmail,
      ownerName: row.ownerName,
      plan: row.subscription.plan,
      planLabel: plans[row.subscription.plan].label,
      seats: row.subscription.seats ?? 0,
      seatsUsed: teamMembers.length + open,
      status: row.subscription.status,
      currentPeriodEnd: row.subscription.currentPeriodEnd?.toISOString() ?? null,
      cancelAtPeriodEnd: row.subscription.cancelAtPeriodEnd,
      members: teamMembers.map((m) => ({ email: m.email, name: m.name, joinedAt: m.joinedAt.toISOString() })),
      openInvitations: open,
    };
  });
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
