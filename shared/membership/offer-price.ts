import { formatDollars, type PlanType, plans } from '../pricing';

/**
 * An offer's terms (decision 054), as the payment provider's coupon holds them, and the one
 * function that turns them into what a member is charged: the price /subscribe shows is computed
 * here, and so are the local provider's charges, so the two cannot disagree.
 */
export type OfferTerms =
  | { kind: 'percent'; percentOff: number; duration: 'once' | 'forever' }
  | { kind: 'percent'; percentOff: number; duration: 'repeating'; durationMonths: number }
  | { kind: 'amount'; amountOffCents: number; duration: 'once' | 'forever' }
  | { kind: 'amount'; amountOffCents: number; duration: 'repeating'; durationMonths: number }
  | { kind: 'trial'; trialDays: number };

export interface OfferSchedule {
  /** Days before the first charge: 0, or the trial's length. */
  firstChargeInDays: number;
  /** The discounted price of a period, and how many charges get it ('all': forever). */
  discountedCents: number;
  discountedCharges: number | 'all';
  /** The plan's own price, charged after the discounted ones. */
  regularCents: number;
}

/** A period's price less the offer's discount, never below zero (Stripe's coupons work so). */
function discounted(regularCents: number, terms: Exclude<OfferTerms, { kind: 'trial' }>): number {
  const off = terms.kind === 'percent' ? Math.round((regularCents * terms.percentOff) / 100) : terms.amountOffCents;
  return Math.max(0, regularCents - off);
}

/**
 * The charges of `plan` with `terms`. A repeating discount of N months covers the charges whose
 * period starts within N months: N monthly charges, or one yearly charge per started 12 months
 * (Stripe's `duration_in_months` on a yearly price).
 */
export function offerSchedule(plan: PlanType, terms: OfferTerms): OfferSchedule {
  const regularCents = plans[plan].amountCents;
  if (terms.kind === 'trial') return { firstChargeInDays: terms.trialDays, discountedCents: regularCents, discountedCharges: 0, regularCents };
  const months = 'durationMonths' in terms ? terms.durationMonths : 0;
  const charges = terms.duration === 'once' ? 1 : terms.duration === 'forever' ? 'all' : plan === 'monthly' ? months : Math.ceil(months / 12);
  return { firstChargeInDays: 0, discountedCents: discounted(regularCents, terms), discountedCharges: charges, regularCents };
}

/** The cents charged for the `index`-th period (0: the first), as the schedule says. */
export function chargeFor(schedule: OfferSchedule, index: number): number {
  const inDiscount = schedule.discountedCharges === 'all' || index < schedule.discountedCharges;
  return inDiscount ? schedule.discountedCents : schedule.regularCents;
}

/** The schedule in words, as /subscribe and the checkout say it: "$9.50 today, then $19/month from the 3rd month". */
export function describeSchedule(plan: PlanType, schedule: OfferSchedule): string {
  const unit = plans[plan].interval;
  const regular = `${formatDollars(schedule.regularCents)}/${unit}`;
  if (schedule.firstChargeInDays > 0) {
    const days = schedule.firstChargeInDays;
    return `Free for ${days} ${days === 1 ? 'day' : 'days'}, then ${regular}`;
  }
  const first = formatDollars(schedule.discountedCents);
  if (schedule.discountedCharges === 'all') return `${first}/${unit}`;
  if (schedule.discountedCharges === 1) return `${first} today, then ${regular}`;
  const periods = `${schedule.discountedCharges} ${unit}s`;
  return `${first}/${unit} for the first ${periods}, then ${regular}`;
}

/** An offer's discount in words, as /account and the receipts name it: "25% off for 3 months", "90% off every payment". */
export function describeTerms(terms: Exclude<OfferTerms, { kind: 'trial' }>): string {
  const off = terms.kind === 'percent' ? `${terms.percentOff}% off` : `${formatDollars(terms.amountOffCents)} off`;
  if (!('durationMonths' in terms)) return terms.duration === 'once' ? `${off} the first payment` : `${off} every payment`;
  return `${off} for ${terms.durationMonths} ${terms.durationMonths === 1 ? 'month' : 'months'}`;
}
