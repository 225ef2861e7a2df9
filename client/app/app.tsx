import type { QueryClient } from '@tanstack/react-query';
import { StrictMode } from 'react';
import type { SiteConfig } from '#shared/site-config';
import { SiteConfigProvider } from '../features/site/use-site-config';
import { QueryProvider } from '../lib/query-provider';
import { type RenderFacts, RenderFactsProvider } from '../lib/render-facts';
import { AppRoutes } from './routes';

/**
 * The whole app inside a router: the server wraps it in a StaticRouter (entry-server.tsx), the
 * browser in a BrowserRouter (main.tsx), and everything else is the same on both sides. The
 * server passes its render's query client; the browser's comes with the first page that needs one.
 */
export function App({ queryClient, siteConfig, facts }: { queryClient?: QueryClient; siteConfig: SiteConfig; facts: RenderFacts }) {
  return (
    <StrictMode>
      <QueryProvider client={queryClient}>
        <SiteConfigProvider value={siteConfig}>
          <RenderFactsProvider value={facts}>
            <AppRoutes />
          </RenderFactsProvider>
        </SiteConfigProvider>
      </QueryProvider>
    </StrictMode>
  );
}
