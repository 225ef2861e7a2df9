import { apiPath, apiPaths } from '#shared/api/paths';
import type { PlanType } from '#shared/pricing';
import type { TeamAnswer, TeamJoinView, TeamSeatsPreview, TeamView } from '#shared/teams/schemas';
import { ApiError, apiRequest, errorText } from '../../lib/api';
import { useMutation, useQuery, useQueryClient } from '../../lib/query-client';
import { membershipQueryKey } from '../membership/use-membership';
import { loadUser } from '../auth/user-store';

/** GET /api/team: the team the signed-in person buys, and the team whose seat they hold. */
export const teamQueryKey = [apiPaths.team] as const;

export function useTeam(enabled: boolean) {
  return useQuery({ queryKey: teamQueryKey, queryFn: () => apiRequest<TeamAnswer>('GET', apiPaths.team), enabled, staleTime: 0 });
}

/** The server's words for the seats field when it gave them (a 400), else its message. */
export function seatsErrorText(error: unknown, fallback: string): string {
  return error instanceof ApiError && error.errors?.seats ? error.errors.seats : errorText(error, fallback);
}

/** The server's sentence when a change needs the "you pay for yourself" confirmation (409 with errors.moveFromOwn). */
export function moveFromOwnMessage(error: unknown): string | null {
  return error instanceof ApiError && error.status === 409 && error.errors?.moveFromOwn ? error.errors.moveFromOwn : null;
}

/**
 * One change to the buyer's team: the answer's team replaces the cached one. A change that can
 * change the buyer's own premium (their own seat) reads the user and the membership again.
 */
export function useTeamChange<V>(request: (vars: V) => Promise<{ team: TeamView }>, { ownPremium = false } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: request,
    retry: false,
    onSuccess: ({ team }) => queryClient.setQueryData<TeamAnswer>(teamQueryKey, (answer) => ({ seatIn: answer?.seatIn ?? null, team })),
    // A refusal may come from a team that changed meanwhile; a failure after the seat was taken (the
    // provider down while ending their own membership) has changed it too: both are read again.
    onError: () => queryClient.invalidateQueries({ queryKey: teamQueryKey }),
    onSettled: async () => {
      if (ownPremium) await Promise.all([loadUser(), queryClient.invalidateQueries({ queryKey: membershipQueryKey })]);
    },
  });
}

export const teamRequests = {
  invite: (email: string) => apiRequest<{ team: TeamView }>('POST', apiPaths.teamInvitations, { email }),
  withdraw: (id: string) => apiRequest<{ team: TeamView }>('DELETE', apiPath(apiPaths.teamInvitation, { id })),
  removeMember: (userId: string) => apiRequest<{ team: TeamView }>('DELETE', apiPath(apiPaths.teamMember, { userId })),
  changeSeats: (seats: number) => apiRequest<{ team: TeamView }>('POST', apiPaths.teamSeats, { seats }),
  ownSeat: (body: { take: boolean; moveFromOwn?: boolean }) => apiRequest<{ team: TeamView }>('POST', apiPaths.teamOwnSeat, body),
  cancel: () => apiRequest<{ team: TeamView }>('POST', apiPaths.teamCancel),
  resume: () => apiRequest<{ team: TeamView }>('POST', apiPaths.teamResume),
};

/** What a change of seats costs now (or gives back) and what the plan then renews at: nothing is changed. */
export function useSeatsPreview() {
  return useMutation({
    mutationFn: (seats: number) => apiRequest<TeamSeatsPreview>('POST', apiPaths.teamSeatsPreview, { seats }),
    retry: false,
  });
}

/** POST /api/team/checkout, then the browser goes to the provider's checkout page (the local test checkout, or Stripe). */
export function useTeamCheckout() {
  return useMutation({
    mutationFn: (input: { planType: PlanType; seats: number }) => apiRequest<{ url: string }>('POST', apiPaths.teamCheckout, input),
    onSuccess: ({ url }) => window.location.assign(url),
    retry: false,
  });
}

/** What an invitation link offers the person who opened it; asked again when who is signed in changes. */
export function useTeamInvitation(token: string, viewer: string | null, enabled: boolean) {
  return useQuery({
    queryKey: [apiPaths.teamJoin, token, viewer ?? 'visitor'],
    queryFn: () => apiRequest<TeamJoinView>('GET', apiPath(apiPaths.teamJoin, { token })),
    enabled,
    retry: false,
    staleTime: 0,
  });
}

/** Joining with the link: the joiner's premium changes, so the user and the membership are read again. */
export function useJoinTeam(token: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (moveFromOwn: boolean) => apiRequest<{ ok: true }>('POST', apiPath(apiPaths.teamJoin, { token }), moveFromOwn ? { moveFromOwn } : {}),
    retry: false,
    // Also after a failure: the seat may be theirs even when ending their own membership failed.
    onSettled: async () => {
      await Promise.all([
        loadUser(),
        queryClient.invalidateQueries({ queryKey: membershipQueryKey }),
        queryClient.invalidateQueries({ queryKey: teamQueryKey }),
      ]);
    },
  });
}
