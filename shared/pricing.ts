/**
 * The one source of prices (docs/product.md (Decisions), "Price"): every page, button, analytics value and
 * payment reads these. Amounts are in US cents so payments never round.
 */
export const plans = {
  monthly: { id: 'monthly', label: 'Monthly', amountCents: 1900, interval: 'month' },
  yearly: { id: 'yearly', label: 'Yearly', amountCents: 19000, interval: 'year' },
} as const;

export type PlanType = keyof typeof plans;

/**
 * Team plans (decision 055): one payer, a number of seats, each seat premium for one
 * person. A seat costs the individual price with a volume step ($15 a month or $150 a year); the
 * provider bills the seat price times the seats, and prorates a change of seats.
 */
export const teamPlans = {
  monthly: { perSeatCents: 1500 },
  yearly: { perSeatCents: 15000 },
} as const satisfies Record<PlanType, { perSeatCents: number }>;
export const TEAM_MIN_SEATS = 2;
export const TEAM_MAX_SEATS = 50;

/** What a plan costs a period: the individual price, or the seats of a team plan. */
export function periodPrice(plan: PlanType, seats: number | null): number {
  return seats === null ? plans[plan].amountCents : teamPlans[plan].perSeatCents * seats;
}

/** What a year of monthly payments would cost, and what the yearly plan saves against it. */
export const yearlyComparedToMonthly = {
  wasCents: plans.monthly.amountCents * 12,
  savesCents: plans.monthly.amountCents * 12 - plans.yearly.amountCents,
  perMonthCents: Math.round(plans.yearly.amountCents / 12),
  savesPercent: Math.round(((plans.monthly.amountCents * 12 - plans.yearly.amountCents) / (plans.monthly.amountCents * 12)) * 100),
} as const;

/** `$19`, `$190`, `$15.83`: whole dollars without cents, otherwise two decimals. */
export function formatDollars(cents: number): string {
  return cents % 100 === 0 ? `$${cents / 100}` : `$${(cents / 100).toFixed(2)}`;
}

/** `annual` is accepted as an alias of `yearly` (docs/product.md (Decisions), "Plan names"); anything else is monthly. */
export function parsePlan(value: string | null | undefined): PlanType {
  return value === 'yearly' || value === 'annual' ? 'yearly' : 'monthly';
}
