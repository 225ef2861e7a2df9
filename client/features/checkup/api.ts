import { apiPath, apiPaths } from '#shared/api/paths';
import type { OrganisationAnswers } from '#shared/checkup/organisation';
import type { CheckupResultView, CheckupSubmission } from '#shared/checkup/schemas';
import { apiRequest } from '../../lib/api';
import { useEffect, useState } from 'react';

export const saveCheckupResult = (submission: CheckupSubmission) => apiRequest<CheckupResultView>('POST', apiPaths.checkupResults, submission);

export const requestBreakdown = (id: string, body: { email: string; fax?: string }) =>
  apiRequest<{ ok: true }>('POST', apiPath(apiPaths.checkupBreakdown, { id }), body);

/**
 * A member's answers about the organisation with their latest Check-Up, to fill in the questions
 * again (signed in only): asked once each time the page asks, never kept nor retried, so a plain
 * request, and the Check-Up's first screen loads no query library (decision 093).
 */
export function useLastOrganisation(enabled: boolean): { isPending: boolean; data?: OrganisationAnswers } {
  const [answer, setAnswer] = useState<{ isPending: boolean; data?: OrganisationAnswers }>({ isPending: true });
  useEffect(() => {
    if (!enabled) return;
    let wanted = true;
    apiRequest<OrganisationAnswers>('GET', apiPaths.checkupOrganisation).then(
      (data) => wanted && setAnswer({ isPending: false, data }),
      () => wanted && setAnswer({ isPending: false }),
    );
    return () => {
      wanted = false;
    };
  }, [enabled]);
  return answer;
}

export const deleteCheckupAttempt = (id: string) => apiRequest<void>('DELETE', apiPath(apiPaths.checkupAttempt, { id }));
