import { apiPath, apiPaths } from '#shared/api/paths';
import { useQuery } from '../../lib/query-client';
import type { OrganisationAnswers } from '#shared/checkup/organisation';
import type { CheckupProgressPage } from '#shared/checkup/progress';
import type { CheckupResultView, CheckupSubmission } from '#shared/checkup/schemas';
import { checkupResultQueryKey } from '#shared/query-keys';
import { ApiError, apiRequest } from '../../lib/api';

export const saveCheckupResult = (submission: CheckupSubmission) => apiRequest<CheckupResultView>('POST', apiPaths.checkupResults, submission);

export const requestBreakdown = (id: string, body: { email: string; fax?: string }) =>
  apiRequest<{ ok: true }>('POST', apiPath(apiPaths.checkupBreakdown, { id }), body);

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

/** A member's answers about the organisation with their latest Check-Up, to fill in the questions again (signed in only). */
export function useLastOrganisation(enabled: boolean) {
  return useQuery({
    queryKey: [apiPaths.checkupOrganisation],
    queryFn: () => apiRequest<OrganisationAnswers>('GET', apiPaths.checkupOrganisation),
    enabled,
    staleTime: 0,
    retry: false,
  });
}

export const deleteCheckupAttempt = (id: string) => apiRequest<void>('DELETE', apiPath(apiPaths.checkupAttempt, { id }));
