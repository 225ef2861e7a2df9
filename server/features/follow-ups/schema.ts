import { sql } from 'drizzle-orm';
import { boolean, date, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { followUpTargetKinds, type FollowUpStep } from '#shared/checkup/follow-ups';
import { createdAt } from '../../db/columns';
import { users } from '../../db/schema';
import { checkupResults } from '../checkup/schema';

/** A stored step: the Markdown as written and its HTML, rendered once when the sequence is saved (decision 031). */
export type StoredFollowUpStep = FollowUpStep & { bodyHtml: string };

/**
 * A short email sequence the team writes for people whose weakest pillar, or overall band, is its
 * target (decision 039). One sequence per target; people are enrolled only while it is on.
 */
export const followUpSequences = pgTable(
  'follow_up_sequences',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    targetKind: text('target_kind', { enum: followUpTargetKinds }).notNull(),
    target: text('target').notNull(),
    active: boolean('active').notNull().default(false),
    /** Stop for a person once their account is premium (checked before each step). */
    stopOnPremium: boolean('stop_on_premium').notNull().default(false),
    /** What the target was before it was changed for the admin (a status band became a grade, migration 0038); cleared by the next save. */
    targetNote: text('target_note'),
    steps: jsonb('steps').$type<StoredFollowUpStep[]>().notNull(),
    /** The first step's delay, kept beside the steps so enrolment computes its due time in its one insert. */
    firstDelayDays: integer('first_delay_days').notNull(),
    updatedBy: text('updated_by'),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('follow_up_sequences_target_idx').on(t.targetKind, t.target)],
);

/**
 * A person in a sequence, from one Check-Up result. `stepsSent` steps are behind them (sent, or
 * skipped because that step had reached them before); the next is due at `nextDueAt`. Stopped on
 * unsubscribe, retake, premium (if the sequence says so) or when the steps run out.
 */
export const followUpEnrolments = pgTable(
  'follow_up_enrolments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    sequenceId: uuid('sequence_id')
      .notNull()
      .references(() => followUpSequences.id, { onDelete: 'cascade' }),
    /** The result that enrolled them: deleting it (or the account that owns it) ends the enrolment. */
    resultId: uuid('result_id')
      .notNull()
      .references(() => checkupResults.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
    /** Their weakest pillar in that result: the step links point to its guide, resources and Allies category. */
    pillar: text('pillar').notNull(),
    stepsSent: integer('steps_sent').notNull().default(0),
    nextDueAt: timestamp('next_due_at', { withTimezone: true }).notNull(),
    stoppedAt: timestamp('stopped_at', { withTimezone: true }),
    /**
     * 'retargeted': the sequence's target changed under it and the person's result no longer falls in it (migration 0038).
     * 'plan': the person has an active plan for its pillar (decision 081).
     */
    stopReason: text('stop_reason', { enum: ['finished', 'retake', 'unsubscribed', 'premium', 'retargeted', 'plan'] }),
    createdAt: createdAt(),
  },
  (t) => [
    index('follow_up_enrolments_due_idx')
      .on(t.nextDueAt)
      .where(sql`stopped_at is null`),
    index('follow_up_enrolments_email_idx')
      .on(sql`lower(${t.email})`)
      .where(sql`stopped_at is null`),
    index('follow_up_enrolments_sequence_idx').on(t.sequenceId, t.stepsSent),
    // The admin's "stopped" figure per step, counted from this index alone.
    index('follow_up_enrolments_stopped_idx')
      .on(t.sequenceId, t.stepsSent)
      .where(sql`stop_reason <> 'finished'`),
    index('follow_up_enrolments_result_idx').on(t.resultId),
    index('follow_up_enrolments_user_idx').on(t.userId),
  ],
);

/**
 * How many Check-Ups of one day that is over (a UTC day) fall in each target ('pillar:FUEL',
 * 'grade:D'), and the day's total under ''. The admin's "recent attempts" add up these rows for the
 * whole days of their window and count only its two ends live, instead of reading half a million
 * results on every visit. A day is counted when the list first needs it; a trigger on
 * checkup_results deletes a day's rows whenever results of that day are added, deleted or changed,
 * so it is counted again (migration 0046).
 */
export const checkupTargetDays = pgTable(
  'checkup_target_days',
  {
    day: date('day').notNull(),
    target: text('target').notNull(),
    n: integer('n').notNull(),
  },
  (t) => [primaryKey({ columns: [t.day, t.target] })],
);
