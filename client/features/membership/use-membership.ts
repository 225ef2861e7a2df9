import type { MembershipOffer, Receipt } from '#shared/membership/schemas';
import type { PlanType } from '#shared/pricing';
import { apiPath, apiPaths } from '#shared/api/paths';
import { apiRequest } from '../../lib/api';
import { useMutation, useQuery, useQueryClient } from '../../lib/query-client';
import { loadUser } from '../auth/user-store';

export interface MembershipStatus {
  provider: 'local' | 'stripe';
  isPremium: boolean;
  subscription: {
    /** Null for a grant: nothing is billed. */
    plan: PlanType | null;
    status: string;
    amountCents: number;
    interval: string | null;
    currentPeriodEnd: string | null;
    cancelAtPeriodEnd: boolean;
    provider: string;
    /** A grant (its stored provider's name is 'complimentary'). */
    complimentary: boolean;
    /** An admin ended it at the end of its period: no resume, no switch. */
    endedByTeam: boolean;
  } | null;
  /** The card renewals are charged to (local provider only; under Stripe the portal shows it). */
  cardLast4: string | null;
  /** The offer the membership is charged under while its discount lasts (decision 054). */
  offer: MembershipOffer | null;
}

export const membershipQueryKey = [apiPaths.membership] as const;

export function useMembership(enabled: boolean) {
  return useQuery({ queryKey: membershipQueryKey, queryFn: () => apiRequest<MembershipStatus>('GET', apiPaths.membership), enabled, staleTime: 0 });
}

/** Cancel at period end, resume, or update the card: then the membership and the user are read again. */
export function useMembershipAction(path: typeof apiPaths.cancel | typeof apiPaths.resume) {
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
    mutationFn: () => apiRequest<{ url: string }>('POST', apiPaths.portal),
    onSuccess: ({ url }) => window.location.assign(url),
  });
}

export const receiptsQueryKey = [apiPaths.receipts] as const;

/** Every charge of the member, newest first. */
export function useReceipts() {
  return useQuery({ queryKey: receiptsQueryKey, queryFn: () => apiRequest<{ receipts: Receipt[] }>('GET', apiPaths.receipts), staleTime: 0 });
}

/** One receipt, to print. */
export function useReceipt(id: string) {
  return useQuery({
    queryKey: [apiPaths.receipts, id],
    queryFn: () =>
      apiRequest<{ receipt: Receipt; member: { email: string; name: string | null }; seller: { name: string; email: string } }>(
        'GET',
        apiPath(apiPaths.receipt, { id }),
      ),
    retry: false,
  });
}

export interface PlanChangePreview {
  plan: PlanType;
  amountDueCents: number;
  creditCents: number;
  renewsAt: string | null;
  renewalAmountCents: number;
}

/** Monthly <-> Yearly: priced first (`preview`), then made (`change`); the membership and receipts are read again. */
export function usePlanChange() {
  const queryClient = useQueryClient();
  const preview = useMutation({ mutationFn: (planType: PlanType) => apiRequest<PlanChangePreview>('POST', apiPaths.changePlanPreview, { planType }) });
  const change = useMutation({
    mutationFn: (planType: PlanType) => apiRequest('POST', apiPaths.changePlan, { planType }),
    onSettled: async () => {
      await Promise.all([queryClient.invalidateQueries({ queryKey: membershipQueryKey }), queryClient.invalidateQueries({ queryKey: receiptsQueryKey })]);
    },
  });
  return { preview, change };
}
