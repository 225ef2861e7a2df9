import { sql } from 'drizzle-orm';
import { bigserial, check, date, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { Pillar } from '#shared/checkup/questions';
import { actionStatuses, type PlanPriority } from '#shared/plans/schemas';
import { users } from '../../db/schema';
import { teams } from '../teams/schema';

/**
 * A plan (decision 080): a result made into priorities and owned, dated actions. A personal plan
 * is one account's (deleted with it); a team plan is its team's (deleted with the team, as the
 * team's rounds are), shared by the team's seat holders and buyer.
 */
export const plans = pgTable(
  'plans',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    kind: text('kind', { enum: ['personal', 'team'] }).notNull(),
    /** The person of a personal plan; null for a team plan. */
    userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
    /** The team of a team plan; null for a personal plan. */
    teamId: uuid('team_id').references(() => teams.id, { onDelete: 'cascade' }),
    /**
     * What it was made from: a Check-Up result (personal) or a round (team), by id with no foreign
     * key: the plan outlives it (its label says what it was), and a key set null would meet the
     * plan's own deletion in one statement when an account's deletion takes its team with it.
     */
    sourceResultId: uuid('source_result_id'),
    sourceRoundId: uuid('source_round_id'),
    /** "Your Check-Up of 3 March 2026", or the round's name, as it was when the plan was made. */
    sourceLabel: text('source_label').notNull(),
    /** Each pillar's health percent in that result: what "did it work" compares with (decision 082). */
    baseline: jsonb('baseline').$type<Record<Pillar, number>>().notNull(),
    priorities: jsonb('priorities').$type<PlanPriority[]>().notNull(),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
    reassessOn: date('reassess_on', { mode: 'string' }).notNull(),
    /** When the reassessment reminder was dealt with (sent, or passed over for good); null until then (decision 081). */
    reassessHandledAt: timestamp('reassess_handled_at', { withTimezone: true }),
    status: text('status', { enum: ['active', 'closed'] })
      .notNull()
      .default('active'),
    closedAt: timestamp('closed_at', { withTimezone: true }),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [
    check(
      'plans_belongs',
      sql`(${t.kind} = 'personal' and ${t.userId} is not null and ${t.teamId} is null) or (${t.kind} = 'team' and ${t.teamId} is not null and ${t.userId} is null)`,
    ),
    // One active plan per person and per team: a second, from any server, cannot be stored.
    uniqueIndex('plans_one_active_personal_idx')
      .on(t.userId)
      .where(sql`status = 'active' and kind = 'personal'`),
    uniqueIndex('plans_one_active_team_idx')
      .on(t.teamId)
      .where(sql`status = 'active' and kind = 'team'`),
    index('plans_user_idx').on(t.userId, t.startedAt),
    index('plans_team_idx').on(t.teamId, t.startedAt),
    index('plans_created_by_idx').on(t.createdBy),
    // The reassessment job reads only active plans not reminded yet.
    index('plans_reassess_due_idx')
      .on(t.reassessOn)
      .where(sql`status = 'active' and reassess_handled_at is null`),
  ],
);

/** One action of a plan, with its owner, due date and status; changed by version (a stale change is refused). */
export const planActions = pgTable(
  'plan_actions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    planId: uuid('plan_id')
      .notNull()
      .references(() => plans.id, { onDelete: 'cascade' }),
    /** The library action it came from (a content item's slug); null when written by the person. */
    librarySlug: text('library_slug'),
    title: text('title').notNull(),
    pillar: text('pillar').$type<Pillar>().notNull(),
    questionId: integer('question_id'),
    /** Who does it; null: nobody yet, or their account was deleted (a team's action becomes unassigned). */
    ownerId: uuid('owner_id').references(() => users.id, { onDelete: 'set null' }),
    dueOn: date('due_on', { mode: 'string' }),
    status: text('status', { enum: actionStatuses }).notNull().default('planned'),
    note: text('note').notNull().default(''),
    version: integer('version').notNull().default(1),
    position: integer('position').notNull(),
    /** Each reminder once (decision 081), set in the transaction that stores its mail; cleared when the due date moves. */
    dueSoonHandledAt: timestamp('due_soon_handled_at', { withTimezone: true }),
    overdueHandledAt: timestamp('overdue_handled_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    updatedBy: uuid('updated_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [
    index('plan_actions_plan_idx').on(t.planId, t.position),
    index('plan_actions_owner_idx').on(t.ownerId),
    index('plan_actions_updated_by_idx').on(t.updatedBy),
    index('plan_actions_library_idx').on(t.librarySlug),
    // The reminder job reads only actions with a reminder still to deal with: small at any table size.
    index('plan_actions_reminder_due_idx')
      .on(t.dueOn)
      .where(sql`overdue_handled_at is null and due_on is not null and owner_id is not null and status in ('planned', 'in-progress')`),
  ],
);

/** What changed in a plan and who did it: its history, rendered in words when read. */
export const planChanges = pgTable(
  'plan_changes',
  {
    /** In the order they were made: one request's several changes share their time. */
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    planId: uuid('plan_id')
      .notNull()
      .references(() => plans.id, { onDelete: 'cascade' }),
    /** Who made it; null once their account is deleted ("A former member"). */
    actorId: uuid('actor_id').references(() => users.id, { onDelete: 'set null' }),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    kind: text('kind', { enum: ['created', 'added', 'status', 'owner', 'due', 'title', 'note', 'reassess', 'closed', 'unassigned'] }).notNull(),
    /** The action's title when it changed, and the new value (an owner's id, a date, a status). */
    details: jsonb('details')
      .$type<{ title?: string; to?: string; ownerId?: string | null; dueOn?: string | null; status?: string; reassessOn?: string }>()
      .notNull(),
  },
  (t) => [index('plan_changes_plan_idx').on(t.planId, t.at), index('plan_changes_actor_idx').on(t.actorId)],
);

/**
 * The admin's figures over every plan (decision 082), computed by a job every 15 minutes and read
 * as stored: over 100,000 plans they take seconds to compute, as the peer figures do (decision 040).
 * One row.
 */
export const planFigures = pgTable('plan_figures', {
  name: text('name').primaryKey(),
  plans: integer('plans').notNull(),
  /** Per library action: plans that chose it, finished it, dropped it (the most chosen). */
  actions: jsonb('actions').$type<Array<{ slug: string; title: string; pillar: Pillar; chosen: number; done: number; dropped: number }>>().notNull(),
  /** Per pillar: plans that planned it and have a result since, and their average change (unrounded). */
  pillars: jsonb('pillars').$type<Array<{ pillar: Pillar; plans: number; averageChange: number | null }>>().notNull(),
  computedAt: timestamp('computed_at', { withTimezone: true }).notNull(),
});

export type PlanRow = typeof plans.$inferSelect;
export type PlanActionRow = typeof planActions.$inferSelect;
export type PlanChangeRow = typeof planChanges.$inferSelect;
