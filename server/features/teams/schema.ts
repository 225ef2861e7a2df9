import { sql } from 'drizzle-orm';
import { index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt } from '../../db/columns';
import { users } from '../../db/schema';
import { memberships } from '../membership/schema';

/**
 * Team plans (decision 055): a team is a team plan's membership (its payer is the membership's
 * member); its seats are held by members, each seat premium while the plan is live.
 */
export const teams = pgTable(
  'teams',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    membershipId: uuid('subscription_id')
      .notNull()
      .unique()
      .references(() => memberships.id, { onDelete: 'cascade' }),
    ownerId: uuid('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  // The admin's Teams tab: a page of the newest read from the index in its order (ties by id),
  // not all teams sorted; a buyer's team (their /account, the admin's search by buyer) by its owner.
  (t) => [index('teams_created_at_idx').on(t.createdAt, t.id), index('teams_owner_idx').on(t.ownerId)],
);

export const teamSeats = pgTable(
  'team_seats',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    teamId: uuid('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    joinedAt: timestamp('joined_at', { withTimezone: true }).notNull().defaultNow(),
    /** Removed by the buyer, or left: the seat is free again and gives nothing. */
    removedAt: timestamp('removed_at', { withTimezone: true }),
  },
  (t) => [
    // One seat per person, on any team: a second claim of a seat cannot be stored.
    uniqueIndex('team_seats_one_per_user_idx')
      .on(t.userId)
      .where(sql`removed_at is null`),
    index('team_seats_team_idx').on(t.teamId),
  ],
);

export const teamInvitations = pgTable(
  'team_invitations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    teamId: uuid('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    /** SHA-256 of the link's token: the token itself is only in the email. */
    tokenHash: text('token_hash').notNull().unique(),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    usedBy: uuid('used_by').references(() => users.id, { onDelete: 'set null' }),
    withdrawnAt: timestamp('withdrawn_at', { withTimezone: true }),
  },
  (t) => [index('team_invitations_team_idx').on(t.teamId)],
);
