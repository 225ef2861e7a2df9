import { formatDollars, plans } from '../pricing';

/**
 * The contact address in the legal pages' text: filled in where the text is shown, from the
 * showing server's CONTACT_EMAIL setting (the page in the browser, a search snippet on the server).
 */
export const CONTACT_EMAIL_PLACEHOLDER = '{{CONTACT_EMAIL}}';

/** How content quotes a price (docs/product.md (Decisions), "Price"): filled in when the HTML is rendered and kept. */
export const pricePlaceholders = ['{{MONTHLY_PRICE}}', '{{YEARLY_PRICE}}'] as const;

/** Content quotes prices as {{MONTHLY_PRICE}} / {{YEARLY_PRICE}}, filled from the one price list (docs/product.md (Decisions), "Price"). */
export function fillPrices(text: string): string {
  return text
    .replaceAll('{{MONTHLY_PRICE}}', formatDollars(plans.monthly.amountCents))
    .replaceAll('{{YEARLY_PRICE}}', formatDollars(plans.yearly.amountCents));
}
