import { useHydrated } from './hydrated';
import { useRenderFacts } from './render-facts';
import { formatDate } from '#shared/date-format';

/** "November 23, 2026"; in `timeZone` when given, else in the visitor's own. */
export function longDate(date: Date, timeZone?: string): string {
  return formatDate(date, { year: 'numeric', month: 'long', day: 'numeric', ...(timeZone ? { timeZone } : {}) });
}

/**
 * A date in words as the visitor reads it. The server and the hydrating browser write it in
 * UTC (they may sit in different time zones, and must write the same text); right after
 * hydration it switches to the visitor's time zone.
 */
export function useLongDate(date: Date): string {
  return longDate(date, useHydrated() ? undefined : 'UTC');
}

/** Today: the day the server rendered the page while hydrating, the visitor's clock after. */
export function useToday(): Date {
  const hydrated = useHydrated();
  const { renderedAt } = useRenderFacts();
  return hydrated ? new Date() : new Date(renderedAt);
}
