import { budgetBandValues } from '../checkup/organisation';
import { instant } from '../date-fields';
import { plans } from '../pricing';
import { z } from '../zod';
import type { OfferTerms } from './offer-price';

/**
 * Offers (decision 054): what an admin creates and a link applies on /subscribe.
 * One schema for the admin's form and the route.
 */
export const offerKinds = ['percent', 'amount', 'trial'] as const;
export const offerDurations = ['once', 'repeating', 'forever'] as const;
export const offerPlans = ['monthly', 'yearly', 'both'] as const;
export type OfferPlans = (typeof offerPlans)[number];

/** A code is the end of the offer's link: lower-case letters, digits and dashes. */
export const offerCodeSchema = z
  .string({ error: 'Code must be text' })
  .trim()
  .toLowerCase()
  .regex(/^[a-z0-9](?:[a-z0-9-]{1,38}[a-z0-9])$/, 'Code must be 3 to 40 lower-case letters, digits or dashes, starting and ending with a letter or digit');

const whole = (label: string, min: number, max: number) =>
  z
    .number({ error: `${label} must be a number` })
    .int(`${label} must be a whole number`)
    .min(min, `${label} must be at least ${min}`)
    .max(max, `${label} must be at most ${max}`);

export const createOfferSchema = z
  .object({
    code: offerCodeSchema,
    label: z.string({ error: 'Label must be text' }).trim().min(1, 'Label is required').max(80, 'Label must be at most 80 characters'),
    kind: z.enum(offerKinds, { error: 'Kind must be percent, amount or trial' }),
    percentOff: whole('Percent off', 1, 100).optional(),
    amountOffCents: whole('Amount off', 1, plans.yearly.amountCents).optional(),
    trialDays: whole('Trial days', 1, 90).optional(),
    duration: z.enum(offerDurations, { error: 'Duration must be once, repeating or forever' }).optional(),
    durationMonths: whole('Months', 1, 36).optional(),
    appliesTo: z.enum(offerPlans, { error: 'Plans must be monthly, yearly or both' }),
    endsAt: instant('End date').optional(),
    maxRedemptions: whole('Redemption cap', 1, 100_000).optional(),
    requiresApproval: z.boolean({ error: 'Approval must be true or false' }).default(false),
  })
  .strict()
  .superRefine((offer, ctx) => {
    const need = (field: 'percentOff' | 'amountOffCents' | 'trialDays' | 'duration' | 'durationMonths', message: string) => {
      if (offer[field] === undefined) ctx.addIssue({ code: 'custom', path: [field], message });
    };
    const refuse = (field: 'percentOff' | 'amountOffCents' | 'trialDays' | 'duration' | 'durationMonths', message: string) => {
      if (offer[field] !== undefined) ctx.addIssue({ code: 'custom', path: [field], message });
    };
    if (offer.kind === 'percent') need('percentOff', 'Percent off is required for a percent offer');
    else refuse('percentOff', 'Percent off is only for a percent offer');
    if (offer.kind === 'amount') need('amountOffCents', 'Amount off is required for an amount offer');
    else refuse('amountOffCents', 'Amount off is only for an amount offer');
    if (offer.kind === 'trial') {
      need('trialDays', 'Trial days are required for a trial');
      refuse('duration', 'A trial has no duration: it ends after its days');
      refuse('durationMonths', 'A trial has no duration: it ends after its days');
    } else {
      refuse('trialDays', 'Trial days are only for a trial');
      need('duration', 'Duration is required: once, repeating or forever');
      if (offer.duration === 'repeating') need('durationMonths', 'Months are required for a repeating offer');
      else refuse('durationMonths', 'Months are only for a repeating offer');
    }
    // An amount off larger than a plan it applies to would make that plan free: say so instead.
    if (offer.kind === 'amount' && offer.amountOffCents !== undefined) {
      const smallest = offer.appliesTo === 'yearly' ? plans.yearly.amountCents : plans.monthly.amountCents;
      if (offer.amountOffCents > smallest)
        ctx.addIssue({
          code: 'custom',
          path: ['amountOffCents'],
          message: `Amount off must be at most the price of the plan it applies to (${smallest} cents)`,
        });
    }
    if (offer.endsAt !== undefined && new Date(offer.endsAt).getTime() <= Date.now())
      ctx.addIssue({ code: 'custom', path: ['endsAt'], message: 'End date must be in the future' });
  });
export type CreateOffer = z.infer<typeof createOfferSchema>;

/** The terms of a stored or new offer, as offer-price.ts reads them. */
export function termsOf(offer: Pick<CreateOffer, 'kind' | 'percentOff' | 'amountOffCents' | 'trialDays' | 'duration' | 'durationMonths'>): OfferTerms {
  if (offer.kind === 'trial') return { kind: 'trial', trialDays: offer.trialDays! };
  const base =
    offer.duration === 'repeating'
      ? { duration: 'repeating' as const, durationMonths: offer.durationMonths! }
      : { duration: offer.duration === 'forever' ? ('forever' as const) : ('once' as const) };
  return offer.kind === 'percent'
    ? { kind: 'percent', percentOff: offer.percentOff!, ...base }
    : { kind: 'amount', amountOffCents: offer.amountOffCents!, ...base };
}

/** A "small nonprofit" offer asks the applicant's annual budget before an admin approves it. */
export const offerApplicationSchema = z.object({ budgetBand: z.enum(budgetBandValues, { error: 'Choose your annual budget' }) }).strict();

/** What /subscribe shows of an offer a link names. */
export interface PublicOffer {
  code: string;
  label: string;
  appliesTo: OfferPlans;
  requiresApproval: boolean;
  /** Per plan it applies to: the schedule in words ("$9.50 today, then $19/month"). */
  prices: Partial<Record<'monthly' | 'yearly', string>>;
  /** Why it cannot be used now (ended, archived, full), or null. */
  unavailable: string | null;
  /** For a signed-in member of an approval offer: where their application stands. */
  application: 'none' | 'requested' | 'approved' | 'refused' | 'redeemed';
}

/** An admin's decision on an application. */
export const offerDecisionSchema = z.object({ status: z.enum(['approved', 'refused'], { error: 'status must be approved or refused' }) }).strict();
