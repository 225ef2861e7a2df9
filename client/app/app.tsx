import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { type RenderFacts, RenderFactsProvider } from '../lib/render-facts';
import { AppRoutes } from './routes';

/**
 * The whole app inside a router: the server wraps it in a StaticRouter (entry-server.tsx), the
 * browser in a BrowserRouter (main.tsx), and everything else is the same on both sides.
 */
export function App({ queryClient, facts }: { queryClient: QueryClient; facts: RenderFacts }) {
  return (
    <StrictMode>
      <QueryClientProvider client={queryClient}>
        <RenderFactsProvider value={facts}>
          <AppRoutes />
        </RenderFactsProvider>
      </QueryClientProvider>
    </StrictMode>
  );
}
