import { MutationCache, QueryClient, type QueryFunction, type QueryKey, type QueryState, useQueryClient } from '@tanstack/react-query';
import { useCallback, useSyncExternalStore } from 'react';
import { dismissFailureToasts } from '../components/ui/use-toast';
import { ApiError, apiRequest } from './api';

/** Default loading: a GET to the query key joined as a path (docs/product.md §7). */
const defaultQueryFn: QueryFunction = ({ queryKey }) => apiRequest('GET', queryKey.join('/'));

const isAuthError = (error: unknown) => error instanceof ApiError && (error.status === 401 || error.status === 403);

/** docs/product.md §9's client defaults. */
export function createQueryClient(): QueryClient {
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
        retry: (failureCount, error) => !isAuthError(error) && failureCount < 2,
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

/**
 * A query's state in the cache, re-rendering when it changes, without a query observer: for the
 * two queries every page reads (the site configuration, always in the page, and the user,
 * loaded by features/auth/user-query.tsx), so TanStack Query's observer code is not part of a
 * visitor's first page. Everything else uses useQuery.
 */
export function useQueryState<T>(queryKey: QueryKey): QueryState<T> | undefined {
  const queryClient = useQueryClient();
  const subscribe = useCallback((onChange: () => void) => queryClient.getQueryCache().subscribe(onChange), [queryClient]);
  const read = () => queryClient.getQueryState<T>(queryKey);
  return useSyncExternalStore(subscribe, read, read);
}
