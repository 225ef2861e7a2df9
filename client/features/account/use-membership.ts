import type { PlanType } from '#shared/pricing';
import { apiRequest } from '../../lib/api';
import { useMutation, useQuery, useQueryClient } from '../../lib/query-client';
import { loadUser } from '../auth/user-store';

export interface MembershipStatus {
  provider: 'local' | 'stripe';
  isPremium: boolean;
  subscription: {
    plan: PlanType;
    status: string;
    amountCents: number;
    interval: string;
    currentPeriodEnd: string | null;
    cancelAtPeriodEnd: boolean;
    provider: string;
  } | null;
}

export const membershipQueryKey = ['/api/billing/subscription'] as const;

export function useMembership(enabled: boolean) {
  return useQuery({ queryKey: membershipQueryKey, queryFn: () => apiRequest<MembershipStatus>('GET', '/api/billing/subscription'), enabled, staleTime: 0 });
}

/** Cancel at period end, resume, or update the card: then the membership and the user are read again. */
export function useMembershipAction(path: '/api/billing/cancel' | '/api/billing/resume') {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest('POST', path),
    onSettled: async () => {
      await queryClient.invalidateQueries({ queryKey: membershipQueryKey });
      await loadUser();
    },
  });
}

export function useOpenPortal() {
  return useMutation({
    mutationFn: () => apiRequest<{ url: string }>('POST', '/api/billing/portal'),
    onSuccess: ({ url }) => window.location.assign(url),
  });
}
