import { useQuery } from '@tanstack/react-query';

export interface SiteConfig {
  contactEmail: string;
  demoMode: boolean;
}

/** The settings the server shares with the browser (contact address, demo mode). */
export function useSiteConfig(): SiteConfig | undefined {
  return useQuery<SiteConfig>({ queryKey: ['/api/config'], staleTime: Infinity }).data;
}
