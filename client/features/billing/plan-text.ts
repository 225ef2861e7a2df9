import { formatDollars, plans, yearlyComparedToMonthly } from '#shared/pricing';

/** The plan texts of docs/product.md §2, built from the one price list (docs/product.md (Decisions), "Price"). */
export const planText = {
  monthlyPrice: formatDollars(plans.monthly.amountCents),
  yearlyPrice: formatDollars(plans.yearly.amountCents),
  was: formatDollars(yearlyComparedToMonthly.wasCents),
  save: `Save ${formatDollars(yearlyComparedToMonthly.savesCents)}`,
  /** '2 months free (16% savings)': whole months and whole percent, never rounded up. */
  monthsFree: `${Math.floor(yearlyComparedToMonthly.savesCents / plans.monthly.amountCents)} months free (${Math.floor((yearlyComparedToMonthly.savesCents / yearlyComparedToMonthly.wasCents) * 100)}% savings)`,
  perMonth: `Just ${formatDollars(yearlyComparedToMonthly.perMonthCents)}/month - Save ${yearlyComparedToMonthly.savesPercent}%`,
} as const;
