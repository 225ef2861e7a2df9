import { formatDollars, plans } from '../pricing';

/** Content quotes prices as {{MONTHLY_PRICE}} / {{YEARLY_PRICE}}, filled from the one price list (docs/product.md (Decisions), "Price"). */
export function fillPrices(text: string): string {
  return text
    .replaceAll('{{MONTHLY_PRICE}}', formatDollars(plans.monthly.amountCents))
    .replaceAll('{{YEARLY_PRICE}}', formatDollars(plans.yearly.amountCents));
}
