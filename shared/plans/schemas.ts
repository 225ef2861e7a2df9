import type { Pillar } from '../checkup/questions';
import { pillars } from '../checkup/questions';
import { calendarDay } from '../date-fields';
import { versionSchema } from '../number-fields';
import { optionalText, requiredText } from '../text-fields';
import { z } from '../zod';
import type { LibraryAction } from './library';

/**
 * Plans: a result (a personal Check-Up, or a team round's figures) becomes priorities and owned,
 * dated actions, followed up by mail and measured at the next Check-Up. A personal plan belongs to
 * one account and is private; a team plan belongs to a team and is shared by its seat holders and
 * its buyer. One plan is active per person and per team; earlier ones are kept.
 * One schema for each form and its route.
 */

export const actionStatuses = ['planned', 'in-progress', 'done', 'dropped'] as const;
export type ActionStatus = (typeof actionStatuses)[number];
export const actionStatusLabels: Record<ActionStatus, string> = { planned: 'Planned', 'in-progress': 'In progress', done: 'Done', dropped: 'Dropped' };

/** The reassessment date's default: this many days after the plan starts. */
export const PLAN_REASSESS_DAYS = 90;
/** The reminder before a due date goes this many days ahead. */
export const PLAN_DUE_SOON_DAYS = 3;
/** Pillars proposed as priorities: the weakest two, or three when the third is as weak as the second. */
export const PLAN_PROPOSED_PILLARS = 3;
/** A team plan also proposes the statements its people disagree on most, at most this many. */
export const PLAN_PROPOSED_STATEMENTS = 3;
export const PLAN_MAX_ACTIONS = 30;
export const PLAN_LIMITS = { title: 200, note: 2000 } as const;
/** The admin's figures about plans are counted over at least this many plans, never fewer. */
export const PLAN_ADMIN_MINIMUM = 10;

export type PlanKind = 'personal' | 'team';
export type PlanStatus = 'active' | 'closed';

const uuid = (message: string) => z.uuid(message);

/** Where a plan starts from: one's own Check-Up result, or a team round with figures. */
export const planSourceSchema = z.discriminatedUnion(
  'kind',
  [
    z.object({ kind: z.literal('checkup'), resultId: uuid('This Check-Up result does not exist.') }).strict(),
    z.object({ kind: z.literal('round'), roundId: uuid('This round does not exist.') }).strict(),
  ],
  { error: 'Say which result the plan is made from' },
);
export type PlanSource = z.infer<typeof planSourceSchema>;

/** GET the proposal for a result: `?resultId=` or `?roundId=`, exactly one. */
export const planProposalQuerySchema = z
  .object({ resultId: uuid('This Check-Up result does not exist.').optional(), roundId: uuid('This round does not exist.').optional() })
  .strict()
  .refine((query) => (query.resultId === undefined) !== (query.roundId === undefined), 'Say which result the plan is made from: resultId or roundId');

const pillarSchema = z.enum(pillars as [Pillar, ...Pillar[]], { error: `Pillar must be one of: ${pillars.join(', ')}` });
const statementSchema = z
  .number({ error: 'Statement must be a number from 1 to 20' })
  .int('Statement must be a number from 1 to 20')
  .min(1, 'Statement must be a number from 1 to 20')
  .max(20, 'Statement must be a number from 1 to 20');

/** One action as it is added: from the library (its slug) or written by the person (no slug). */
export const planActionInputSchema = z
  .object({
    librarySlug: z.string({ error: 'librarySlug must be text' }).max(80, 'This action is not in the library').nullable().default(null),
    title: requiredText('Action', PLAN_LIMITS.title),
    pillar: pillarSchema,
    questionId: statementSchema.nullable().default(null),
    /** Who does it: the person themselves for a personal plan; any seat holder or the buyer for a team plan; null: nobody yet. */
    ownerId: uuid('Choose the owner from your team').nullable().default(null),
    dueOn: calendarDay('Due date').nullable().default(null),
    status: z.enum(actionStatuses, { error: 'Status must be planned, in progress, done or dropped' }).default('planned'),
    note: optionalText('Note', PLAN_LIMITS.note),
  })
  .strict();
export type PlanActionInput = z.input<typeof planActionInputSchema>;

/** POST a plan. `replaceActive` must be true when one is active already (it is then closed and kept). */
export const planCreateSchema = z
  .object({
    source: planSourceSchema,
    reassessOn: calendarDay('Reassessment date').optional(),
    actions: z
      .array(planActionInputSchema, { error: 'Actions must be a list' })
      .min(1, 'Choose at least one action')
      .max(PLAN_MAX_ACTIONS, `A plan has at most ${PLAN_MAX_ACTIONS} actions`),
    replaceActive: z.boolean({ error: 'replaceActive must be true or false' }).default(false),
  })
  .strict();
export type PlanCreateInput = z.input<typeof planCreateSchema>;

/** PATCH an action: any of its fields, with the version it was edited from (a stale one is refused with 409). */
export const planActionUpdateSchema = z
  .object({
    version: versionSchema,
    title: requiredText('Action', PLAN_LIMITS.title).optional(),
    ownerId: uuid('Choose the owner from your team').nullable().optional(),
    dueOn: calendarDay('Due date').nullable().optional(),
    status: z.enum(actionStatuses, { error: 'Status must be planned, in progress, done or dropped' }).optional(),
    // Without optionalText's default: a change that leaves the note out keeps it.
    note: optionalText('Note', PLAN_LIMITS.note).unwrap().optional(),
  })
  .strict()
  .refine((update) => Object.keys(update).length > 1, 'Change at least one thing');
export type PlanActionUpdate = z.input<typeof planActionUpdateSchema>;

/** PATCH a plan: its reassessment date. */
export const planUpdateSchema = z.object({ reassessOn: calendarDay('Reassessment date') }).strict();

export const planParamsSchema = z.object({ id: uuid('This plan does not exist.') });
export const planActionParamsSchema = z.object({ id: uuid('This plan does not exist.'), actionId: uuid('This action does not exist.') });

/** A priority: a weak pillar, or (team plans) a statement the team disagrees on. */
export type PlanPriority =
  | { kind: 'pillar'; pillar: Pillar; /** The pillar's health percent at the start. */ percent: number }
  | { kind: 'statement'; questionId: number; pillar: Pillar; /** Standard deviation of the answers (1-4 scale). */ spread: number };

/** GET the proposal: what "Make a plan" starts from. */
export interface PlanProposal {
  kind: PlanKind;
  source: PlanSource;
  /** "Your Check-Up of 3 March 2026", or the round's name. */
  sourceLabel: string;
  /** Each pillar's health percent in the result: what the change is measured from. */
  baseline: Record<Pillar, number>;
  /** The priorities proposed, weakest first, each with the library's suggestions for it. */
  priorities: Array<{ priority: PlanPriority; suggestions: LibraryAction[] }>;
  /** Who may own an action: the person alone, or the team's seat holders and buyer. */
  owners: Array<{ userId: string; name: string }>;
  /** The plan a new one would replace (closed and kept), if any. */
  activePlan: { id: string; startedAt: string } | null;
  defaultReassessOn: string;
}

export interface PlanActionView {
  id: string;
  version: number;
  librarySlug: string | null;
  title: string;
  /** The library's "why it matters" and links, when the action came from it and is still published. */
  why: string | null;
  links: Array<{ label: string; href: string }>;
  pillar: Pillar;
  questionId: number | null;
  ownerId: string | null;
  /** The owner's name; null: nobody (not chosen yet, or their account was deleted). */
  ownerName: string | null;
  dueOn: string | null;
  status: ActionStatus;
  note: string;
  /** Due before today (site's calendar) and neither done nor dropped. */
  overdue: boolean;
  updatedAt: string;
}

/** One line of a plan's history: who changed what, in words ("Dana marked “Write down payroll” done"). */
export interface PlanChangeView {
  id: string;
  at: string;
  /** The person's name; "A former member" when their account is gone. */
  by: string;
  text: string;
}

/** Per planned pillar: its health percent when the plan began and at the next result, beside what was done. */
export interface PillarOutcome {
  pillar: Pillar;
  before: number;
  after: number;
  /** Actions of the pillar done, of those not dropped. */
  done: number;
  total: number;
}

/** "Did it work": the first result after the plan began, compared with the one it was made from. */
export interface PlanOutcome {
  planId: string;
  /** "Your Check-Up of 2 June 2027", or the round's name. */
  resultLabel: string;
  resultPath: string;
  at: string;
  pillars: PillarOutcome[];
}

export interface PlanView {
  id: string;
  kind: PlanKind;
  status: PlanStatus;
  /** The team's name for a team plan. */
  teamName: string | null;
  source: PlanSource;
  sourceLabel: string;
  /** The result's page. */
  sourcePath: string;
  startedAt: string;
  reassessOn: string;
  closedAt: string | null;
  createdBy: string;
  /** Active, and the person asking may change it (the owner; a team plan's seat holders and buyer). */
  canEdit: boolean;
  baseline: Record<Pillar, number>;
  priorities: PlanPriority[];
  actions: PlanActionView[];
  owners: Array<{ userId: string; name: string }>;
  /** Newest first, the latest 50. */
  changes: PlanChangeView[];
  outcome: PlanOutcome | null;
  /** The .ics of the actions' due dates. */
  calendarPath: string;
}

export interface PlanSummary {
  id: string;
  kind: PlanKind;
  status: PlanStatus;
  teamName: string | null;
  sourceLabel: string;
  startedAt: string;
  reassessOn: string;
  closedAt: string | null;
  actions: number;
  done: number;
  /** The next actions to do (neither done nor dropped), soonest due first, at most three. */
  next: PlanActionView[];
}

/** GET plans: the active ones (the person's own, their team's) and the earlier ones, newest first. */
export interface PlansView {
  personal: PlanSummary | null;
  team: PlanSummary | null;
  earlier: PlanSummary[];
  /** Whether the person is in a team (a seat holder or its buyer): a team plan is theirs to see. */
  inTeam: boolean;
}

/** The admin's figures: counted over plans, never naming a person or an organisation, never over fewer than PLAN_ADMIN_MINIMUM. */
export interface AdminPlanStats {
  /** When the figures were computed (every 15 minutes); null: never yet. */
  asOf: string | null;
  plans: number;
  minimum: number;
  /** Library actions chosen, done and dropped, most chosen first; null while fewer than `minimum` plans exist. */
  actions: Array<{ slug: string; title: string; pillar: Pillar; chosen: number; done: number; dropped: number }> | null;
  /** The average change of a planned pillar from a plan's start to the next result; `averageChange` null under `minimum` plans with a result. */
  pillars: Array<{ pillar: Pillar; plans: number; averageChange: number | null }>;
}
