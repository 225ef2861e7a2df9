import { useQuery } from '@tanstack/react-query';
import { type SiteConfig, siteConfigQueryKey } from '#shared/site-config';

/**
 * The settings the server shares with the browser (contact address, demo mode, public URL).
 * Server-rendered pages carry them in their dehydrated query cache, so this never waits.
 */
export function useSiteConfig(): SiteConfig | undefined {
  return useQuery<SiteConfig>({ queryKey: siteConfigQueryKey, staleTime: Infinity }).data;
}
