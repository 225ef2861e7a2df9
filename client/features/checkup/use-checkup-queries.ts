import { apiPath, apiPaths } from '#shared/api/paths';
import type { CheckupProgressPage } from '#shared/checkup/progress';
import type { CheckupResultView } from '#shared/checkup/schemas';
import { checkupResultQueryKey } from '#shared/query-keys';
import { ApiError, apiRequest } from '../../lib/api';
import { useQuery } from '../../lib/query-client';

// The Check-Up's kept data, read through TanStack Query by the pages after the Check-Up; the
// Check-Up's own page loads no query library (api.ts, decision 093).

/** A saved result by its id; an unknown id is a plain "not found", never retried. A server-rendered page carries it already (null when unknown). */
export function useCheckupResult(id: string) {
  return useQuery({
    queryKey: checkupResultQueryKey(id),
    queryFn: () => apiRequest<CheckupResultView>('GET', apiPath(apiPaths.checkupResult, { id })),
    retry: (failureCount, error) => !(error instanceof ApiError && error.status < 500) && failureCount < 2,
  });
}

export const checkupProgressQueryKey = [apiPaths.checkupProgress] as const;

/** The member's attempts and progress (signed in only; the page asks once it knows who is there). */
export function useCheckupProgress(enabled: boolean) {
  return useQuery({
    queryKey: checkupProgressQueryKey,
    queryFn: () => apiRequest<CheckupProgressPage>('GET', apiPaths.checkupProgress),
    enabled,
    staleTime: 0,
  });
}
