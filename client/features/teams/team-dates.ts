import { useSiteDates } from '../site/use-site-dates';

/** "March 4, 2026" on the site's clock: the dates of the team card and the join page, as the admin's Teams tab shows them. */
export const useLongDate = () => useSiteDates().long;

/** A confirmation's heading takes focus when it opens, so it is read out and scrolled into view on a phone. */
export const focusOnOpen = (heading: HTMLHeadingElement | null) => heading?.focus();
