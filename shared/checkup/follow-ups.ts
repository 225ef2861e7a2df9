import { z } from '../zod';
import { optionalText, requiredText } from '../text-fields';
import { type Grade, type GradedResult, gradeLabels, gradePercents, grades, gradeScores, lowestPillars, totalsOfGrade } from './grading';
import type { CategoryScores } from './grading';
import { type Pillar, pillarInfo, pillars } from './questions';

/**
 * The weakest pillar: the lowest percent; when several tie, the first in the pillars' order
 * (Impact, Humans, Fuel, Gears, Future), the order the results page lists them in.
 */
export function weakestPillar(result: GradedResult | Pick<{ totalScore: number; categoryScores: CategoryScores }, 'totalScore' | 'categoryScores'>): Pillar {
  const graded = 'overall' in result ? result : gradeScores(result);
  return lowestPillars(graded)[0]!;
}

/**
 * A sequence targets the weakest pillar, or the overall grade the member was shown on their
 * results (A-D with its name): what speaks to a member uses the member's grade, never the admin's
 * status bands (docs/product.md (Decisions), "Grades and status bands").
 */
export const followUpTargetKinds = ['pillar', 'grade'] as const;
export type FollowUpTargetKind = (typeof followUpTargetKinds)[number];

/** A grade in words, as the results page shows it: "D, Please Send Snacks (health score below 60%)"; A adds that no Check-Up reaches it. */
export function gradeTargetLabel(grade: Grade): string {
  const reach = totalsOfGrade[grade] ? '' : '; no Check-Up reaches it, the best is 75%';
  return `${grade}, ${gradeLabels[grade]} (health score ${gradePercents[grade]}${reach})`;
}

export const FOLLOW_UP_LIMITS = { name: 120, subject: 150, body: 20_000, steps: 10, maxDelayDays: 365 } as const;

/** How a target reads in the admin: "Weakest pillar: Fuel", "Overall grade: D, Please Send Snacks (health score below 60%)". */
export function targetLabel(kind: FollowUpTargetKind, target: string): string {
  if (kind === 'pillar') return `Weakest pillar: ${pillarInfo[target as Pillar]?.name ?? target}`;
  return grades.includes(target as Grade) ? `Overall grade: ${gradeTargetLabel(target as Grade)}` : target;
}

const delayDays = z
  .number({ error: 'Delay must be a number of days' })
  .int('Delay must be a whole number of days')
  .min(0, 'Delay must be between 0 and 365 days')
  .max(FOLLOW_UP_LIMITS.maxDelayDays, 'Delay must be between 0 and 365 days');

/** One email of a sequence. Its links point to the person's weakest pillar: its field guide, its resources, its Allies category. */
export const followUpStepSchema = z
  .object({
    /** Kept across saves, so "sent once" and the per-step figures follow the step; new steps have none. */
    id: z.uuid('Step id must be a UUID').optional(),
    delayDays,
    subject: requiredText('Subject', FOLLOW_UP_LIMITS.subject),
    body: requiredText('Body', FOLLOW_UP_LIMITS.body),
    linkGuide: z.boolean({ error: 'Field guide link must be true or false' }).default(false),
    linkResources: z.boolean({ error: 'Resources link must be true or false' }).default(false),
    linkAllies: z.boolean({ error: 'Allies link must be true or false' }).default(false),
  })
  .strict();
export type FollowUpStepInput = z.input<typeof followUpStepSchema>;

export const followUpSequenceSchema = z
  .object({
    name: requiredText('Name', FOLLOW_UP_LIMITS.name),
    targetKind: z.enum(followUpTargetKinds, { error: 'Target must be pillar or grade' }),
    target: z.string({ error: 'Target must be text' }),
    stopOnPremium: z.boolean({ error: 'Stop on premium must be true or false' }).default(false),
    steps: z
      .array(followUpStepSchema, { error: 'Steps must be a list' })
      .min(1, 'A sequence needs at least one step')
      .max(FOLLOW_UP_LIMITS.steps, `A sequence has at most ${FOLLOW_UP_LIMITS.steps} steps`),
  })
  .strict()
  .superRefine((value, ctx) => {
    const known: readonly string[] = value.targetKind === 'pillar' ? pillars : grades;
    if (!known.includes(value.target)) {
      ctx.addIssue({ code: 'custom', path: ['target'], message: `Target must be one of: ${known.join(', ')}` });
    }
  });
export type FollowUpSequenceInput = z.input<typeof followUpSequenceSchema>;
export type FollowUpSequenceValues = z.output<typeof followUpSequenceSchema>;

export const followUpSwitchSchema = z.object({ active: z.boolean({ error: 'active must be true or false' }) }).strict();

/** The editor's preview of one step, as the email. */
export const followUpPreviewSchema = z
  .object({
    targetKind: z.enum(followUpTargetKinds, { error: 'Target must be pillar or grade' }),
    target: z.string({ error: 'Target must be text' }).max(40, 'Target is unknown'),
    step: followUpStepSchema.extend({ subject: optionalText('Subject', FOLLOW_UP_LIMITS.subject), body: optionalText('Body', FOLLOW_UP_LIMITS.body) }),
  })
  .strict();

export const followUpTokenSchema = z
  .object({ token: z.string({ error: 'token is required' }).min(1, 'token is required').max(2000, 'token is too long') })
  .strict();

export interface FollowUpStepStats {
  sent: number;
  failed: number;
  pending: number;
  stopped: number;
}

export interface FollowUpStep {
  id: string;
  delayDays: number;
  subject: string;
  body: string;
  linkGuide: boolean;
  linkResources: boolean;
  linkAllies: boolean;
}

export interface FollowUpSequence {
  id: string;
  name: string;
  targetKind: FollowUpTargetKind;
  target: string;
  active: boolean;
  stopOnPremium: boolean;
  /** Set when the target was changed for the admin (a status band became the grade it was named after): what it was, until the sequence is saved again. */
  targetNote: string | null;
  steps: (FollowUpStep & { stats: FollowUpStepStats })[];
  enrolled: number;
  updatedAt: string;
}

export interface FollowUpList {
  sequences: FollowUpSequence[];
  /** Attempts of the last 90 days per target: `pillar:FUEL`, `grade:D`. */
  recentAttempts: Record<string, number>;
  recentDays: number;
}
