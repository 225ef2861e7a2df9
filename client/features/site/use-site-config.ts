import { useQuery } from '@tanstack/react-query';

export interface SiteConfig {
  contactEmail: string;
  demoMode: boolean;
  billing: { provider: 'local' } | { provider: 'stripe'; publishableKey: string };
}

/** The settings the server shares with the browser (contact address, demo mode, payment provider). */
export function useSiteConfig(): SiteConfig | undefined {
  return useQuery<SiteConfig>({ queryKey: ['/api/config'], staleTime: Infinity }).data;
}
