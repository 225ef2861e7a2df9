import { formatDate } from '#shared/date-format';

/** "March 4, 2026": the dates of the team card and the join page (shown only after hydration, in the visitor's time zone). */
export const longDate = (iso: string) => formatDate(iso, { day: 'numeric', month: 'long', year: 'numeric' });

/** A confirmation's heading takes focus when it opens, so it is read out and scrolled into view on a phone. */
export const focusOnOpen = (heading: HTMLHeadingElement | null) => heading?.focus();
