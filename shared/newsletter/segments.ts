import { z } from '../zod';
import { clockTime } from '../date-fields';
import { requiredText } from '../text-fields';
import { type Grade, gradeLabels, grades } from '../checkup/grading';
import { type Pillar, pillarInfo, pillars } from '../checkup/questions';
import { type SignupSource, signupSources } from './schemas';

/**
 * Saved segments of The Weekly Dish (decision 046): a named filter on the subscribers, chosen as
 * an edition's audience. Each list left empty means "any"; within a list any value matches, and
 * the criteria all apply together.
 */
export const segmentPlans = ['premium', 'free', 'none'] as const;
export type SegmentPlan = (typeof segmentPlans)[number];
export const segmentPlanLabels: Record<SegmentPlan, string> = {
  premium: 'Premium member',
  free: 'Free account',
  none: 'No account',
};

export const signupSourceLabels: Record<SignupSource, string> = {
  newsletter: 'The Weekly Dish page',
  'free-resources': 'Free resources page',
  'create-profile': 'Create profile page',
  checkup: 'The Check-Up',
  home: 'Member home',
};

export const pillarLabel = (pillar: Pillar): string => pillarInfo[pillar]?.name ?? pillar;
/** A grade as the member's results show it: "D, Please Send Snacks". */
export const gradeLabel = (grade: Grade): string => `${grade}, ${gradeLabels[grade]}`;

export const SEGMENT_LIMITS = { name: 80 } as const;

/** A calendar day (`2026-03-01`), read in the site's time zone by the server. */
const day = (label: string) =>
  z
    .string({ error: `${label} must be a date` })
    .superRefine((value, ctx) => {
      if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) {
        ctx.addIssue({ code: 'custom', message: `${label} must be a date (YYYY-MM-DD)` });
        return;
      }
      const checked = clockTime(label).safeParse(`${value}T00:00`);
      if (!checked.success) ctx.addIssue({ code: 'custom', message: checked.error.issues[0]!.message.replace('T00:00', '').replace(' and time', '') });
    })
    .nullable()
    .default(null);

const choices = <T extends readonly [string, ...string[]]>(values: T, label: string) =>
  z
    .array(z.enum(values, { error: `${label} must be among: ${values.join(', ')}` }), { error: `${label} must be a list` })
    .max(values.length, `${label} has too many values`)
    .default([]);

export const segmentFilterSchema = z
  .object({
    plans: choices(segmentPlans, 'Plan'),
    sources: choices(signupSources, 'Signup source'),
    weakestPillars: choices(pillars as unknown as [Pillar, ...Pillar[]], 'Weakest pillar'),
    /** The overall grade of the latest Check-Up, as its results showed it (never the admin's status band). */
    grades: choices(grades, 'Grade'),
    signedUpFrom: day('Signed up from'),
    signedUpTo: day('Signed up to'),
  })
  .strict()
  .refine((filter) => !filter.signedUpFrom || !filter.signedUpTo || filter.signedUpFrom <= filter.signedUpTo, {
    message: '"Signed up from" must be on or before "Signed up to"',
    path: ['signedUpTo'],
  });
export type SegmentFilter = z.output<typeof segmentFilterSchema>;

export const segmentSchema = z.object({ name: requiredText('Name', SEGMENT_LIMITS.name), filter: segmentFilterSchema }).strict();
export type SegmentInput = z.input<typeof segmentSchema>;

export interface Segment {
  id: string;
  name: string;
  filter: SegmentFilter;
  updatedAt: string;
}

/** A filter in words, for the admin's list: "Plan: Premium member · Weakest pillar: Fuel". */
export function describeFilter(filter: SegmentFilter): string {
  const parts = [
    filter.plans.length ? `Plan: ${filter.plans.map((plan) => segmentPlanLabels[plan]).join(' or ')}` : '',
    filter.sources.length ? `Signed up from: ${filter.sources.map((source) => signupSourceLabels[source]).join(' or ')}` : '',
    filter.weakestPillars.length ? `Weakest pillar: ${filter.weakestPillars.map(pillarLabel).join(' or ')}` : '',
    filter.grades.length ? `Grade: ${filter.grades.map(gradeLabel).join(' or ')}` : '',
    filter.signedUpFrom || filter.signedUpTo
      ? `Signed up ${filter.signedUpFrom ? `from ${filter.signedUpFrom}` : ''}${filter.signedUpFrom && filter.signedUpTo ? ' ' : ''}${filter.signedUpTo ? `to ${filter.signedUpTo}` : ''}`
      : '',
  ].filter(Boolean);
  return parts.length ? parts.join(' · ') : 'Every subscriber';
}
