import { formatDollars, plans, yearlyComparedToMonthly } from '#shared/pricing';

/** The plan texts of docs/product.md §2, built from the one price list (docs/product.md (Decisions), "Price"). */
export const planText = {
  monthlyPrice: formatDollars(plans.monthly.amountCents),
  yearlyPrice: formatDollars(plans.yearly.amountCents),
  was: formatDollars(yearlyComparedToMonthly.wasCents),
  save: `Save ${formatDollars(yearlyComparedToMonthly.savesCents)}`,
  /**
   * '2 months free (17% savings)': whole months, never rounded up; the percent is the one every
   * text uses ($38 of $228 is 16.7%, "about 17%" in the product's decisions; the spec's 16% cut it off).
   */
  monthsFree: `${Math.floor(yearlyComparedToMonthly.savesCents / plans.monthly.amountCents)} months free (${yearlyComparedToMonthly.savesPercent}% savings)`,
  perMonth: `Just ${formatDollars(yearlyComparedToMonthly.perMonthCents)}/month - Save ${yearlyComparedToMonthly.savesPercent}%`,
} as const;
