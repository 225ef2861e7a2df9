import { apiPath, apiPaths } from '#shared/api/paths';
import type { LibraryAction } from '#shared/plans/library';
import type { PlanActionInput, PlanActionUpdate, PlanCreateInput, PlanOutcome, PlanProposal, PlansView, PlanView } from '#shared/plans/schemas';
import { ApiError, apiRequest } from '../../lib/api';
import { useMutation, useQuery, useQueryClient } from '../../lib/query-client';

/** A refusal the server gave on purpose (a 4xx) would only repeat: never retried. */
const retryServerFailures = (failureCount: number, error: unknown) => !(error instanceof ApiError && error.status < 500) && failureCount < 2;

/** Which result a plan starts from, or whose "did it work" is asked: a personal Check-Up result or a team round. */
export type PlanFrom = { kind: 'checkup'; id: string } | { kind: 'round'; id: string };
const fromQuery = (from: PlanFrom) => (from.kind === 'checkup' ? `resultId=${encodeURIComponent(from.id)}` : `roundId=${encodeURIComponent(from.id)}`);

export const plansQueryKey = [apiPaths.plans] as const;
export const planQueryKey = (id: string) => [apiPaths.plans, id] as const;
const proposalQueryKey = (from: PlanFrom) => [apiPaths.planProposal, from.kind, from.id] as const;
const outcomeQueryKey = (from: PlanFrom) => [apiPaths.planOutcome, from.kind, from.id] as const;
const libraryQueryKey = [apiPaths.planLibrary] as const;

/** GET the person's plans: the active ones (their own, their team's) and the earlier ones. Asked once the person is known. */
export function usePlans(enabled: boolean) {
  return useQuery({
    queryKey: plansQueryKey,
    queryFn: () => apiRequest<PlansView>('GET', apiPaths.plans),
    enabled,
    staleTime: 0,
    retry: retryServerFailures,
  });
}

/** GET what "Make a plan" proposes for a result. */
export function usePlanProposal(from: PlanFrom | null, enabled: boolean) {
  return useQuery({
    queryKey: from ? proposalQueryKey(from) : [apiPaths.planProposal, 'none'],
    queryFn: () => apiRequest<PlanProposal>('GET', `${apiPaths.planProposal}?${fromQuery(from!)}`),
    enabled: enabled && from !== null,
    staleTime: 0,
    retry: retryServerFailures,
  });
}

/**
 * GET "did it work" for a result: the plan it followed and the change per planned pillar, or null.
 * The server answers it only to the result's own person (a team round: the team's people), so an
 * answer also says the result is theirs to make a plan from.
 */
export function usePlanOutcome(from: PlanFrom, enabled: boolean) {
  return useQuery({
    queryKey: outcomeQueryKey(from),
    queryFn: () => apiRequest<PlanOutcome | null>('GET', `${apiPaths.planOutcome}?${fromQuery(from)}`),
    enabled,
    staleTime: 0,
    retry: false,
  });
}

/** GET one plan. */
export function usePlan(id: string, enabled: boolean) {
  return useQuery({
    queryKey: planQueryKey(id),
    queryFn: () => apiRequest<PlanView>('GET', apiPath(apiPaths.plan, { id })),
    enabled,
    staleTime: 0,
    retry: retryServerFailures,
  });
}

/** GET every published library action, for "add from the library" (asked when that part opens). */
export function usePlanLibrary(enabled: boolean) {
  return useQuery({
    queryKey: libraryQueryKey,
    queryFn: () => apiRequest<LibraryAction[]>('GET', apiPaths.planLibrary),
    enabled,
    retry: retryServerFailures,
  });
}

/** POST a plan; the list of plans is read again after it. */
export function useCreatePlan() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: PlanCreateInput) => apiRequest<{ id: string }>('POST', apiPaths.plans, input),
    retry: false,
    onSettled: () => queryClient.invalidateQueries({ queryKey: plansQueryKey }),
  });
}

/**
 * A change to a plan. The plan is read again after it, refused or not: its history has a new line,
 * and after a refusal (an action changed by someone else meanwhile) it shows what is there now.
 */
export function usePlanChange<V>(id: string, request: (vars: V) => Promise<unknown>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: request,
    retry: false,
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: planQueryKey(id) }),
        queryClient.invalidateQueries({ queryKey: plansQueryKey, refetchType: 'none' }),
      ]),
  });
}

export const planRequests = {
  update: (id: string, reassessOn: string) => apiRequest<unknown>('PATCH', apiPath(apiPaths.plan, { id }), { reassessOn }),
  close: (id: string) => apiRequest<unknown>('POST', apiPath(apiPaths.planClose, { id })),
  addAction: (id: string, action: PlanActionInput) => apiRequest<unknown>('POST', apiPath(apiPaths.planActions, { id }), action),
  updateAction: (id: string, actionId: string, update: PlanActionUpdate) =>
    apiRequest<unknown>('PATCH', apiPath(apiPaths.planAction, { id, actionId }), update),
};
