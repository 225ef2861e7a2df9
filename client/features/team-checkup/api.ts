import { apiPath, apiPaths } from '#shared/api/paths';
import type { AnswerDraft, AnswerLinkView, AnswerSubmit, RoundResultView, RoundStartInput, RoundView, TeamRoundsView } from '#shared/team-checkup/schemas';
import { ApiError, apiRequest } from '../../lib/api';
import { useMutation, useQuery, useQueryClient } from '../../lib/query-client';

/** A refusal the server gave on purpose (a 4xx) would only repeat: never retried. */
const retryServerFailures = (failureCount: number, error: unknown) => !(error instanceof ApiError && error.status < 500) && failureCount < 2;

export const roundsQueryKey = [apiPaths.teamCheckupRounds] as const;
export const roundQueryKey = (id: string) => [apiPaths.teamCheckupRounds, id] as const;
export const linkQueryKey = (token: string) => [apiPaths.teamCheckupLink, token] as const;
const resultQueryKey = (by: ResultBy) => ['team-checkup-result', by.kind, by.key] as const;

/** GET the team's rounds (signed in; asked once the person is known). */
export function useTeamRounds(enabled: boolean) {
  return useQuery({
    queryKey: roundsQueryKey,
    queryFn: () => apiRequest<TeamRoundsView>('GET', apiPaths.teamCheckupRounds),
    enabled,
    staleTime: 0,
    retry: retryServerFailures,
  });
}

export function useStartRound() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: RoundStartInput) => apiRequest<RoundView>('POST', apiPaths.teamCheckupRounds, input),
    retry: false,
    onSettled: () => queryClient.invalidateQueries({ queryKey: roundsQueryKey }),
  });
}

/** GET one round: who has answered (never what), and what the organiser may do. */
export function useRound(id: string, enabled: boolean) {
  return useQuery({
    queryKey: roundQueryKey(id),
    queryFn: () => apiRequest<RoundView>('GET', apiPath(apiPaths.teamCheckupRound, { id })),
    enabled,
    staleTime: 0,
    retry: retryServerFailures,
  });
}

/** The organiser's changes to a round; the round (and the list of rounds) are read again after each, refused or not. */
export function useRoundChange<V>(id: string, request: (vars: V) => Promise<unknown>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: request,
    retry: false,
    onSettled: () => Promise.all([queryClient.invalidateQueries({ queryKey: roundQueryKey(id) }), queryClient.invalidateQueries({ queryKey: roundsQueryKey })]),
  });
}

export const roundRequests = {
  remind: (id: string) => apiRequest<unknown>('POST', apiPath(apiPaths.teamCheckupRemind, { id })),
  extend: (id: string, closesOn: string) => apiRequest<unknown>('POST', apiPath(apiPaths.teamCheckupExtend, { id }), { closesOn }),
  close: (id: string) => apiRequest<unknown>('POST', apiPath(apiPaths.teamCheckupClose, { id })),
  withdraw: (id: string, invitationId: string) => apiRequest<unknown>('DELETE', apiPath(apiPaths.teamCheckupInvitation, { id, invitationId })),
};

/** Whose result: a round's by the signed-in person, or by a respondent's personal link. */
export type ResultBy = { kind: 'round'; key: string } | { kind: 'link'; key: string };

export function useRoundResult(by: ResultBy, enabled: boolean) {
  return useQuery({
    queryKey: resultQueryKey(by),
    queryFn: () =>
      apiRequest<RoundResultView>(
        'GET',
        by.kind === 'round' ? apiPath(apiPaths.teamCheckupResult, { id: by.key }) : apiPath(apiPaths.teamCheckupLinkResult, { token: by.key }),
      ),
    enabled,
    staleTime: 0,
    retry: retryServerFailures,
  });
}

/** GET the personal link: what it is for, the progress kept so far and the answer once given. */
export function useAnswerLink(token: string) {
  return useQuery({
    queryKey: linkQueryKey(token),
    queryFn: () => apiRequest<AnswerLinkView>('GET', apiPath(apiPaths.teamCheckupLink, { token })),
    staleTime: 0,
    retry: retryServerFailures,
  });
}

export const saveDraft = (token: string, draft: AnswerDraft) => apiRequest<unknown>('PUT', apiPath(apiPaths.teamCheckupLink, { token }), draft);

/** POST the answer (or DELETE it): the link's view is read again, with the person's own result or without it. */
export function useLinkChange<V>(token: string, request: (vars: V) => Promise<unknown>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: request,
    retry: false,
    onSettled: () => queryClient.invalidateQueries({ queryKey: linkQueryKey(token) }),
  });
}

export const linkRequests = {
  submit: (token: string, answer: AnswerSubmit) => apiRequest<unknown>('POST', apiPath(apiPaths.teamCheckupLink, { token }), answer),
  remove: (token: string) => apiRequest<unknown>('DELETE', apiPath(apiPaths.teamCheckupLink, { token })),
};
