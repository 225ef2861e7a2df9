import { useHydrated } from './hydrated';
import { useRenderFacts } from './render-facts';

/**
 * Today: the instant the server rendered the page while hydrating, the visitor's clock after.
 * Written with the site's dates (`useSiteDates`), it is the same day on both sides.
 */
export function useToday(): Date {
  const hydrated = useHydrated();
  const { renderedAt } = useRenderFacts();
  return hydrated ? new Date() : new Date(renderedAt);
}
