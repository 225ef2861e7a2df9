import { apiPaths } from '#shared/api/paths';
import { searchQueryKey } from '#shared/query-keys';
import { emptyAnswer, type SearchAnswer } from '#shared/search/search';
import { ApiError, apiRequest } from '../../lib/api';
import { useQuery } from '../../lib/query-client';

type SearchOf = { q: string; kind: string | null; page: string | null };

const url = (search: SearchOf, again: boolean) => {
  const params = new URLSearchParams({ q: search.q });
  if (search.kind) params.set('kind', search.kind);
  if (search.page) params.set('page', search.page);
  if (again) params.set('again', '1');
  return `${apiPaths.search}?${params}`;
};

const noRetryBelow500 = (failureCount: number, error: Error) => !(error instanceof ApiError && error.status < 500) && failureCount < 2;

/**
 * The search as the server drew it for the person who asked (the page carries it: no request on
 * a first visit), or as the browser asks for it with the reader's session after a navigation.
 * A refused query (400) is an answer with its message, as the server's page shows it.
 */
export function useSearch(search: SearchOf) {
  return useQuery({
    queryKey: searchQueryKey(search),
    queryFn: async (): Promise<SearchAnswer> => {
      try {
        return await apiRequest<SearchAnswer>('GET', url(search, false));
      } catch (error) {
        if (error instanceof ApiError && error.status === 400) {
          return { ...emptyAnswer, message: error.serverMessage };
        }
        throw error;
      }
    },
    retry: noRetryBelow500,
  });
}

/**
 * The same search asked again, when the answer at hand was drawn for another access than the
 * reader's (they signed in, or became premium, since it was fetched): not counted again.
 */
export function useSearchAgain(search: SearchOf, premium: boolean, enabled: boolean) {
  return useQuery({
    queryKey: [...searchQueryKey(search), premium ? 'premium' : 'everyone'],
    queryFn: () => apiRequest<SearchAnswer>('GET', url(search, true)),
    enabled,
    retry: noRetryBelow500,
  });
}
