import { createContext, useContext } from 'react';
import type { SiteConfig } from '#shared/site-config';

const SiteConfigContext = createContext<SiteConfig | undefined>(undefined);

/** App provides the settings: the server from its own, the browser from the page data (main.tsx). */
export const SiteConfigProvider = SiteConfigContext.Provider;

/**
 * The settings the server shares with the browser (contact address, demo mode, public URL,
 * payment provider). Server-rendered pages carry them in their page data, so this never waits
 * (main.tsx loads them first where the server did not render the page).
 */
export function useSiteConfig(): SiteConfig | undefined {
  return useContext(SiteConfigContext);
}
