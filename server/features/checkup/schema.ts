import { sql } from 'drizzle-orm';
import { type AnyPgColumn, boolean, index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import type { CategoryScores } from '#shared/checkup/grading';
import type { CheckupSubmission } from '#shared/checkup/schemas';
import { budgetBandValues, focusAreaValues, type PillarSpread, staffBandValues } from '#shared/checkup/organisation';
import type { Pillar } from '#shared/checkup/questions';
import { createdAt, searchIndexes, outreach } from '../../db/columns';
import { users } from '../../db/schema';

export const checkupResults = pgTable(
  'checkup_results',
  {
    /** Random and unguessable: the emailed results link is the only key to a result. */
    id: uuid('id').primaryKey().defaultRandom(),
    email: text('email').notNull(),
    score: integer('score').notNull(),
    totalScore: integer('total_score').notNull(),
    categoryScores: jsonb('category_scores').$type<CategoryScores>().notNull(),
    answers: jsonb('answers').$type<CheckupSubmission['answers']>().notNull(),
    /** The account that submitted it while signed in (null: submitted without an account). */
    userId: uuid('user_id').references((): AnyPgColumn => users.id, { onDelete: 'set null' }),
    // Peers (decision 040): the three optional answers about the organisation, null when left out.
    budgetBand: text('budget_band', { enum: budgetBandValues }),
    staffBand: text('staff_band', { enum: staffBandValues }),
    focusArea: text('focus_area', { enum: focusAreaValues }),
    createdAt: createdAt(),
    ...outreach(),
    // Progress and the retake reminder (decision 038).
    /** The question set the answers are to (shared/checkup/versions.ts): an attempt is never rescored. */
    questionSetVersion: integer('question_set_version').notNull().default(1),
    /** When the retake reminder job dealt with it (sent, or skipped for good); null until then. */
    retakeReminderHandledAt: timestamp('retake_reminder_handled_at', { withTimezone: true }),
    /**
     * Its place among its organisation's attempts (decision 038: the account, else the address),
     * oldest first. Kept by the database itself (triggers of migration 0026), whatever changes
     * the attempts: a new one, a deletion, signed-out attempts joining a verified account, an
     * account deleted. Set at the end of the inserting statement: an insert's RETURNING has null.
     */
    attemptNumber: integer('attempt_number'),
    /**
     * Made signed out under the address of an account that had already verified it: it joins
     * that account only when the address's owner confirms it from the link mailed to them, never
     * by itself (not even when the account verifies an address again). Decision 038.
     */
    awaitsConfirmation: boolean('awaits_confirmation').notNull().default(false),
  },
  (t) => [
    index('checkup_results_created_at_idx').on(t.createdAt, t.id),
    // An organisation's attempts in order: the triggers renumber one through it.
    index('checkup_results_organisation_idx').on(sql`(coalesce('u:' || ${t.userId}::text, 'e:' || lower(${t.email})))`, t.createdAt, t.id),
    // A member's attempts in order: the progress page, and "has this person retaken since".
    index('checkup_results_user_idx').on(t.userId, t.createdAt),
    // Only attempts the reminder job has not dealt with: its scan stays small whatever the table's size.
    index('checkup_results_reminder_due_idx')
      .on(t.createdAt)
      .where(sql`${t.retakeReminderHandledAt} is null`),
    ...searchIndexes('checkup_results_email', t.email),
    index('checkup_results_email_idx').on(t.email, t.id),
    index('checkup_results_score_idx').on(t.score, t.id),
  ],
);

/**
 * The latest attempt of each organisation (decision 038: the account, else the address), by
 * (created_at, id), with the scores a newsletter segment's conditions read (its total and each
 * pillar's): a segment is then one join of its subscribers with these rows, not a lookup of each
 * subscriber's latest attempt (decision 091). Kept by the database itself (triggers of migration
 * 0050), whatever changes the attempts: a new one, a deletion (the member's, an account's
 * erasure), attempts joining an account or left by a deleted one, a time or a score changed. What
 * a member is shown is still read from their attempts.
 */
export const checkupLatestResults = pgTable('checkup_latest_results', {
  /** The organisation index's own key: 'u:' and the account's id, else 'e:' and the lowered address. */
  organisation: text('organisation').primaryKey(),
  /**
   * No foreign key: its cascade would lock the row before the trigger locks the organisation, and
   * a deletion and an insert in one organisation at once could then wait for each other.
   */
  resultId: uuid('result_id').notNull(),
  totalScore: integer('total_score').notNull(),
  // Its category_scores, one column a pillar: a segment reads each a few times a row, and a
  // jsonb field read 300,000 times that often took most of its time. Null where the attempt has
  // no score for the pillar (an attempt stored without one, as imports and older rows may be):
  // the segment then reads it as it read the missing field before, and the attempt is still stored.
  impact: integer('impact'),
  humans: integer('humans'),
  fuel: integer('fuel'),
  gears: integer('gears'),
  future: integer('future'),
});

/** Each pillar's score on a latest result (a new pillar fails to compile here until it has its column). */
export const latestPillarScores: Record<Pillar, AnyPgColumn> = {
  IMPACT: checkupLatestResults.impact,
  HUMANS: checkupLatestResults.humans,
  FUEL: checkupLatestResults.fuel,
  GEARS: checkupLatestResults.gears,
  FUTURE: checkupLatestResults.future,
};

// Peers (decision 040): the figures of each peer group, recomputed on a schedule, read by the results page.
/**
 * One row per peer group: each budget band, and 'all' (every organisation). The size is kept for
 * every group (the admin sees it); the figures only for a group of at least PEER_MINIMUM.
 */
export const checkupPeerGroups = pgTable('checkup_peer_groups', {
  /** A budget band's value, or 'all'. */
  peerGroup: text('peer_group').primaryKey(),
  /** The group's size at the latest computation (the admin sees it). */
  organisations: integer('organisations').notNull(),
  /** Per pillar, the 25th, 50th and 75th percentile of the health percent, as shown; null while none may be shown. */
  figures: jsonb('figures').$type<Record<Pillar, PillarSpread>>(),
  /** How many organisations the shown figures are of (they may be older than the latest computation). */
  figuresOrganisations: integer('figures_organisations'),
  /**
   * When the figures last shown were computed. Kept when they are withdrawn: new figures are shown
   * only once enough organisations have come since (decision 040), so two views never differ by one.
   */
  figuresAsOf: timestamp('figures_as_of', { withTimezone: true }),
  /** Organisations of the group whose latest Check-Up came after `figuresAsOf` (the admin sees how many more are needed). */
  newSince: integer('new_since').notNull().default(0),
  computedAt: timestamp('computed_at', { withTimezone: true }).notNull(),
});
