import { apiPath, apiPaths } from '#shared/api/paths';
import { editionQueryKey, editionsQueryKey, type PublicEdition, type PublicEditions } from '#shared/newsletter/editions';
import { ApiError, apiRequest } from '../../lib/api';
import { useQuery } from '../../lib/query-client';

/** The archive: the latest sent edition and the ones before it (the server renders the page with them). */
export function useEditions() {
  return useQuery({ queryKey: editionsQueryKey, queryFn: () => apiRequest<PublicEditions>('GET', apiPaths.editions) });
}

/** One sent edition by its web address; an unknown one is a plain "not found", never retried. */
export function useEdition(slug: string) {
  return useQuery({
    queryKey: editionQueryKey(slug),
    queryFn: async () => {
      try {
        return await apiRequest<PublicEdition>('GET', apiPath(apiPaths.edition, { slug }));
      } catch (error) {
        if (error instanceof ApiError && error.status === 404) return null;
        throw error;
      }
    },
    retry: (failureCount, error) => !(error instanceof ApiError && error.status < 500) && failureCount < 2,
  });
}
