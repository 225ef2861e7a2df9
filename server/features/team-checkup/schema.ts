import { sql } from 'drizzle-orm';
import { index, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { type AnswerDraft, respondentRoles, type RoundFigures } from '#shared/team-checkup/schemas';
import { users } from '../../db/schema';
import { checkupResults } from '../checkup/schema';
import { teams } from '../teams/schema';

/**
 * A team Check-Up round (decision 077): a team's people and up to 25 people from outside it are
 * asked the Check-Up's statements; the round shows one picture of the organisation once enough
 * have answered, never anyone's own answers (decision 078).
 */
export const teamCheckupRounds = pgTable(
  'team_checkup_rounds',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    teamId: uuid('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    /** Who started it; cleared when their account is deleted (the round stays the team's). */
    organiserId: uuid('organiser_id').references(() => users.id, { onDelete: 'set null' }),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
    /** The last instant of the closing day on the site's clock: answers are taken while now <= closes_at. */
    closesAt: timestamp('closes_at', { withTimezone: true }).notNull(),
    /** When the closing date was moved (once). */
    extendedAt: timestamp('extended_at', { withTimezone: true }),
    /** Closed early, or when the reminder job found its time passed; null while open. */
    closedAt: timestamp('closed_at', { withTimezone: true }),
    /** The organiser's last "remind now" (at most once a day). */
    remindedAt: timestamp('reminded_at', { withTimezone: true }),
    /** When the reminder three days before the close is due, and the one on the last day (decision 079); moved with the closing date. */
    remindBeforeAt: timestamp('remind_before_at', { withTimezone: true }).notNull(),
    remindLastDayAt: timestamp('remind_last_day_at', { withTimezone: true }).notNull(),
    /**
     * What the round shows (figures.ts's ShownFigures, written out here because a schema file
     * imports no code): the figures (null while none may be shown), which answers (invitation id
     * → answered at) they are of, and every set of answers figures were ever drawn over. Null
     * until enough have answered.
     */
    shownFigures: jsonb('shown_figures').$type<{ figures: RoundFigures | null; of: Record<string, string>; published: string[][] }>(),
  },
  (t) => [
    // One open round per team: a second start, from any server, cannot be stored.
    uniqueIndex('team_checkup_rounds_one_open_idx')
      .on(t.teamId)
      .where(sql`closed_at is null`),
    index('team_checkup_rounds_team_idx').on(t.teamId, t.startedAt),
    // The reminder job reads only open rounds.
    index('team_checkup_rounds_open_idx')
      .on(t.remindBeforeAt)
      .where(sql`closed_at is null`),
    index('team_checkup_rounds_organiser_idx').on(t.organiserId),
  ],
);

/** One person asked in a round, with their personal link and, once given, their answer: theirs alone (decision 078). */
export const teamCheckupInvitations = pgTable(
  'team_checkup_invitations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    roundId: uuid('round_id')
      .notNull()
      .references(() => teamCheckupRounds.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    /** The account of one of the team's people, or of someone from outside who answered signed in to their verified account; null otherwise. */
    userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
    /** SHA-256 of the personal link's token: the token itself is only in the email. */
    tokenHash: text('token_hash').notNull().unique(),
    invitedAt: timestamp('invited_at', { withTimezone: true }).notNull().defaultNow(),
    withdrawnAt: timestamp('withdrawn_at', { withTimezone: true }),
    /** Progress kept as they go, so another device goes on from it. */
    draft: jsonb('draft').$type<AnswerDraft>(),
    /** The answer as given (question id → 1-4), its role and when; null until answered. */
    answers: jsonb('answers').$type<Record<string, number>>(),
    role: text('role', { enum: respondentRoles }),
    answeredAt: timestamp('answered_at', { withTimezone: true }),
    /** Each reminder once (decision 079): set in the transaction that stores its mail. */
    remindedBeforeAt: timestamp('reminded_before_at', { withTimezone: true }),
    remindedLastDayAt: timestamp('reminded_last_day_at', { withTimezone: true }),
    /** The Check-Up attempt the answer was also stored as, in the account's progress. */
    checkupResultId: uuid('checkup_result_id').references(() => checkupResults.id, { onDelete: 'set null' }),
  },
  (t) => [
    // One invitation per address in a round.
    uniqueIndex('team_checkup_invitations_round_email_idx').on(t.roundId, sql`lower(${t.email})`),
    index('team_checkup_invitations_user_idx').on(t.userId),
    // A person's invitations by their address: "Download my data" and deletion.
    index('team_checkup_invitations_email_idx').on(sql`lower(${t.email})`),
  ],
);

export type RoundRow = typeof teamCheckupRounds.$inferSelect;
export type RoundInvitationRow = typeof teamCheckupInvitations.$inferSelect;
