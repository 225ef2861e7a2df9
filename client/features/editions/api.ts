import { apiPath, apiPaths } from '#shared/api/paths';
import type { LockedEdition, PublicEdition, PublicEditions } from '#shared/newsletter/editions';
import { editionQueryKey, editionsQueryKey, memberEditionQueryKey } from '#shared/query-keys';
import { ApiError, apiRequest } from '../../lib/api';
import { useQuery } from '../../lib/query-client';

/** The archive: the latest sent edition and the ones before it (the server renders the page with them). */
export function useEditions() {
  return useQuery({ queryKey: editionsQueryKey, queryFn: () => apiRequest<PublicEditions>('GET', apiPaths.editions) });
}

const noRetryBelow500 = (failureCount: number, error: Error) => !(error instanceof ApiError && error.status < 500) && failureCount < 2;

/**
 * One sent edition by its web address; an unknown one is a plain "not found", never retried. A
 * premium announcement comes locked (as the server drew its page): whoever asks without a premium
 * session (401, 403) gets it locked too, and the page says how to read it.
 */
export function useEdition(slug: string) {
  return useQuery({
    queryKey: editionQueryKey(slug),
    queryFn: async (): Promise<PublicEdition | LockedEdition | null> => {
      try {
        return await apiRequest<PublicEdition>('GET', apiPath(apiPaths.edition, { slug }));
      } catch (error) {
        if (error instanceof ApiError && error.status === 404) return null;
        if (error instanceof ApiError && (error.status === 401 || error.status === 403)) return { slug, audience: 'premium', locked: true };
        throw error;
      }
    },
    retry: noRetryBelow500,
  });
}

/** A premium announcement, read by a signed-in premium member (asked for only then). */
export function useMemberEdition(slug: string, enabled: boolean) {
  return useQuery({
    queryKey: memberEditionQueryKey(slug),
    queryFn: () => apiRequest<PublicEdition>('GET', apiPath(apiPaths.edition, { slug })),
    enabled,
    retry: noRetryBelow500,
  });
}
