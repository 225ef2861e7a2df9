import { type DehydratedState, hydrate, MutationCache, QueryClient, type QueryFunction } from '@tanstack/react-query';
import { dismissFailureToasts } from '../components/ui/use-toast';
import { ApiError, apiRequest } from './api';
import { provideQueryClient } from './query-provider';

/** Default loading: a GET to the query key joined as a path (docs/product.md §7). */
const defaultQueryFn: QueryFunction = ({ queryKey }) => apiRequest('GET', queryKey.join('/'));

const isAuthError = (error: unknown) => error instanceof ApiError && (error.status === 401 || error.status === 403);

/**
 * docs/product.md §9's client defaults. On the server (a render's own client) nothing is retried:
 * a query the server did not fill in cannot be fetched there, and waiting out the browser's
 * retry delays would hold the page for seconds before its first byte.
 */
export function createQueryClient({ server = false }: { server?: boolean } = {}): QueryClient {
  return new QueryClient({
    // A form that succeeds after a failed try closes the failure's toast.
    mutationCache: new MutationCache({ onSuccess: () => dismissFailureToasts() }),
    defaultOptions: {
      queries: {
        queryFn: defaultQueryFn,
        refetchOnWindowFocus: false,
        refetchInterval: false,
        staleTime: 5 * 60_000,
        gcTime: 10 * 60_000,
        retry: (failureCount, error) => !server && !isAuthError(error) && failureCount < 2,
        retryDelay: (attempt) => Math.min(1000 * 2 ** attempt, 5000),
      },
      mutations: {
        // One retry after 1 s, but never for an answer the server gave on purpose (a 4xx would only repeat).
        retry: (failureCount, error) => failureCount < 1 && !(error instanceof ApiError && error.status < 500),
        retryDelay: 1000,
      },
    },
  });
}

let browserClient: QueryClient | undefined;

/**
 * The browser's one query client, made the first time a module that uses queries loads: a
 * visitor's page that needs none never loads TanStack Query (decision 021). The server makes
 * one per render instead (entry-server.tsx).
 */
export function browserQueryClient(): QueryClient {
  if (!browserClient) {
    browserClient = createQueryClient();
    browserClient.mount();
    provideQueryClient(browserClient);
  }
  return browserClient;
}

/**
 * Puts the data the server looked up for this page (its page data's `queries`) in the browser's
 * client, as fetched now: it is as current as the page it came in. The server keeps a page until
 * its content changes (server/rendering/routes.ts), so when it was rendered says nothing about how
 * old its data is; counted from then, every visit to a page kept for over a minute would ask the
 * API for the data again, a round trip the page has to wait for on a slow network.
 */
export function hydrateQueries(state: DehydratedState): void {
  const now = Date.now();
  hydrate(browserQueryClient(), { ...state, queries: state.queries.map((query) => ({ ...query, state: { ...query.state, dataUpdatedAt: now } })) });
}

if (!import.meta.env.SSR) browserQueryClient();

// Every other module reaches TanStack Query through here (ESLint's no-restricted-imports), so
// whatever calls these hooks has loaded this module, and with it the client they read.
export { keepPreviousData, MutationObserver, useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
