import { randomUUID } from 'node:crypto';
import { and, desc, eq, inArray, isNotNull, isNull, ne, sql } from 'drizzle-orm';
import type { Executor, Transaction } from '../../db/client';
import { lockUntilCommit } from '../../db/locks';
import { users } from '../../db/schema';
import { type MembershipRow } from './repo';
import { memberships } from './schema';
import { teamSeats, teams } from '../teams/schema';
import { liveStatuses } from '../../payment-providers/provider';
import { userIsPremium } from '../../users-repo';

/**
 * The one place that decides premium (decision 025). A member is premium exactly while they hold
 * a live membership: a paid subscription the provider still bills (active, trialing, past_due
 * while it retries) or a grant an admin gave, or a seat on a team plan that is
 * live (decision 055). `users.is_premium` is a copy of that fact for the session's quick read, and
 * it is written here only, by `syncPremium` (and `syncTeamPremium` for a team's seats).
 *
 * A member holds at most one live membership: the partial unique index
 * subscriptions_one_live_per_user_idx refuses a second, and every change of a member's
 * memberships takes `lockMember` first, so concurrent payments queue up and see each other.
 */

export const GRANT_PROVIDER = 'complimentary';

/** Serialises every change of one member's memberships until the transaction ends. */
export async function lockMember(tx: Transaction, userId: string): Promise<void> {
  await lockUntilCommit(tx, `member:${userId}`);
}

/** The member's live membership, if any (there is at most one). */
export async function liveMembership(db: Executor, userId: string): Promise<MembershipRow | undefined> {
  const [row] = await db
    .select()
    .from(memberships)
    .where(and(eq(memberships.userId, userId), isNull(memberships.seats), inArray(memberships.status, [...liveStatuses])))
    .orderBy(desc(memberships.createdAt))
    .limit(1);
  return row;
}

/** The team plan the member pays for, if one is live (decision 055): one each. */
export async function liveTeamPlan(db: Executor, userId: string): Promise<MembershipRow | undefined> {
  const [row] = await db
    .select()
    .from(memberships)
    .where(and(eq(memberships.userId, userId), isNotNull(memberships.seats), inArray(memberships.status, [...liveStatuses])))
    .limit(1);
  return row;
}

/** Whether the member holds a seat on a team plan that is live: premium through the team (decision 055). */
const holdsLiveSeat = (userId: string) => sql<boolean>`exists (
  select 1 from ${teamSeats} join ${teams} on ${teams.id} = ${teamSeats.teamId} join ${memberships} on ${memberships.id} = ${teams.membershipId}
  where ${teamSeats.userId} = ${userId} and ${teamSeats.removedAt} is null and ${inArray(memberships.status, [...liveStatuses])})`;

/** Writes `users.is_premium` from the member's memberships; returns whether they are premium now. */
export async function syncPremium(tx: Executor, userId: string): Promise<boolean> {
  const own = and(eq(memberships.userId, userId), isNull(memberships.seats), inArray(memberships.status, [...liveStatuses]));
  const live = sql<boolean>`(exists (select 1 from ${memberships} where ${own}) or ${holdsLiveSeat(userId)})`;
  const [changed] = await tx
    .update(users)
    .set({ isPremium: live, updatedAt: sql`now()` })
    .where(and(eq(users.id, userId), sql`${users.isPremium} is distinct from ${live}`))
    .returning({ isPremium: users.isPremium });
  if (changed) return changed.isPremium;
  return (await userIsPremium(tx, userId)) ?? false;
}

/**
 * An admin's grant: a membership never billed, ending at `endsAt` (by the grants job, decision
 * 052) or never (null). A member on a grant already gets the new end; a member who pays keeps
 * what they pay for. Returns what happened. Call inside a transaction holding lockMember.
 */
export async function grantPremium(tx: Transaction, userId: string, endsAt: Date | null = null): Promise<'granted' | 'changed' | 'pays'> {
  const live = await liveMembership(tx, userId);
  if (live?.provider === GRANT_PROVIDER) {
    await tx.update(memberships).set({ currentPeriodEnd: endsAt, updatedAt: new Date() }).where(eq(memberships.id, live.id));
    await syncPremium(tx, userId);
    return 'changed';
  }
  if (live) {
    await syncPremium(tx, userId);
    return 'pays';
  }
  await tx.insert(memberships).values({
    userId,
    provider: GRANT_PROVIDER,
    providerSubscriptionId: `comp_${randomUUID().replace(/-/g, '')}`,
    // Not billed: the plan is never shown for a grant.
    plan: 'monthly',
    status: 'active',
    currentPeriodEnd: endsAt,
    welcomedAt: new Date(),
  });
  await syncPremium(tx, userId);
  return 'granted';
}

/** Ends a grant (an admin's revoke); paid ones end through their provider. */
export async function revokeGrant(tx: Transaction, userId: string): Promise<void> {
  await tx
    .update(memberships)
    .set({ status: 'canceled', updatedAt: new Date() })
    .where(and(eq(memberships.userId, userId), eq(memberships.provider, GRANT_PROVIDER), inArray(memberships.status, [...liveStatuses])));
  await syncPremium(tx, userId);
}

/**
 * Another live subscription of the member than `providerSubscriptionId`, of the same kind (their
 * own membership, or a team plan they pay for): a second one would be a duplicate.
 */
export async function otherLiveMembership(tx: Transaction, userId: string, providerSubscriptionId: string, team = false): Promise<MembershipRow | undefined> {
  const [row] = await tx
    .select()
    .from(memberships)
    .where(
      and(
        eq(memberships.userId, userId),
        ne(memberships.providerSubscriptionId, providerSubscriptionId),
        team ? isNotNull(memberships.seats) : isNull(memberships.seats),
        inArray(memberships.status, [...liveStatuses]),
      ),
    )
    .limit(1);
  return row;
}

/** The members holding a seat of the team plan `membershipId`. */
export async function seatHolders(tx: Executor, membershipId: string): Promise<string[]> {
  const rows = await tx
    .select({ userId: teamSeats.userId })
    .from(teamSeats)
    .innerJoin(teams, eq(teams.id, teamSeats.teamId))
    .where(and(eq(teams.membershipId, membershipId), sql`${teamSeats.removedAt} is null`));
  return rows.map((row) => row.userId);
}

/** Writes premium for every seat of a team plan whose state changed (it started, ended, came back). */
export async function syncTeamPremium(tx: Executor, membershipId: string): Promise<void> {
  for (const userId of await seatHolders(tx, membershipId)) await syncPremium(tx, userId);
}
