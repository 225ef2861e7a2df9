import { type SiteConfig, siteConfigQueryKey } from '#shared/site-config';
import { useQueryState } from '../../lib/query-client';

/**
 * The settings the server shares with the browser (contact address, demo mode, public URL, payment provider).
 * Server-rendered pages carry them in their dehydrated query cache, so this never waits
 * (main.tsx loads them where the server did not render the page).
 */
export function useSiteConfig(): SiteConfig | undefined {
  return useQueryState<SiteConfig>(siteConfigQueryKey)?.data;
}
