import { z } from '../zod';
import { optionalText, requiredText } from '../text-fields';
import { type GradedResult, gradeScores, lowestPillars } from './grading';
import type { CategoryScores } from './grading';
import { type Pillar, pillarInfo, pillars } from './questions';

/**
 * The overall bands follow-up sequences can target, on the total score scale (20-80, higher means
 * more dysfunction): the admin's four status bands (docs/product.md §9), so a band means the same
 * in the Check-ups list and here. They cover 20-80 without gaps or overlaps (follow-ups.test.ts).
 */
export const scoreBands = [
  { id: 'consultant-energy', label: 'Consultant Energy', min: 20, max: 34 },
  { id: 'mostly-functional', label: 'Mostly Functional', min: 35, max: 49 },
  { id: 'hope-and-coffee', label: 'Hope & Coffee', min: 50, max: 64 },
  { id: 'send-snacks', label: 'Send Snacks', min: 65, max: 80 },
] as const;
export type ScoreBand = (typeof scoreBands)[number]['id'];
export const scoreBandIds = scoreBands.map((band) => band.id) as [ScoreBand, ...ScoreBand[]];

/** The band of a total score (any number: below 20 is the first band, above 80 the last). */
export function bandOf(totalScore: number): (typeof scoreBands)[number] {
  return scoreBands.find((band) => totalScore <= band.max) ?? scoreBands[scoreBands.length - 1]!;
}

/**
 * The weakest pillar: the lowest percent; when several tie, the first in the pillars' order
 * (Impact, Humans, Fuel, Gears, Future), the order the results page lists them in.
 */
export function weakestPillar(result: GradedResult | Pick<{ totalScore: number; categoryScores: CategoryScores }, 'totalScore' | 'categoryScores'>): Pillar {
  const graded = 'overall' in result ? result : gradeScores(result);
  return lowestPillars(graded)[0]!;
}

export const followUpTargetKinds = ['pillar', 'band'] as const;
export type FollowUpTargetKind = (typeof followUpTargetKinds)[number];

export const FOLLOW_UP_LIMITS = { name: 120, subject: 150, body: 20_000, steps: 10, maxDelayDays: 365 } as const;

/** How a target reads in the admin: "Weakest pillar: Fuel", "Overall band: Hope & Coffee (50-64)". */
export function targetLabel(kind: FollowUpTargetKind, target: string): string {
  if (kind === 'pillar') return `Weakest pillar: ${pillarInfo[target as Pillar]?.name ?? target}`;
  const band = scoreBands.find((b) => b.id === target);
  return band ? `Overall band: ${band.label} (${band.min}-${band.max})` : target;
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
    targetKind: z.enum(followUpTargetKinds, { error: 'Target must be pillar or band' }),
    target: z.string({ error: 'Target must be text' }),
    stopOnPremium: z.boolean({ error: 'Stop on premium must be true or false' }).default(false),
    steps: z
      .array(followUpStepSchema, { error: 'Steps must be a list' })
      .min(1, 'A sequence needs at least one step')
      .max(FOLLOW_UP_LIMITS.steps, `A sequence has at most ${FOLLOW_UP_LIMITS.steps} steps`),
  })
  .strict()
  .superRefine((value, ctx) => {
    const known: readonly string[] = value.targetKind === 'pillar' ? pillars : scoreBandIds;
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
    targetKind: z.enum(followUpTargetKinds, { error: 'Target must be pillar or band' }),
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
  steps: (FollowUpStep & { stats: FollowUpStepStats })[];
  enrolled: number;
  updatedAt: string;
}

export interface FollowUpList {
  sequences: FollowUpSequence[];
  /** Attempts of the last 90 days per target: `pillar:FUEL`, `band:send-snacks`. */
  recentAttempts: Record<string, number>;
  recentDays: number;
}
