import { apiPath, apiPaths } from '#shared/api/paths';
import { type CoachingPage, coachingQueryKey } from '#shared/coaching/coaching';
import { toast } from '../../components/ui/use-toast';
import { apiRequest, errorText } from '../../lib/api';
import { useMutation, useQuery, useQueryClient } from '../../lib/query-client';

export function useCoaching() {
  // The room link appears 15 minutes before: a page left open finds it.
  return useQuery({ queryKey: coachingQueryKey, queryFn: () => apiRequest<CoachingPage>('GET', apiPaths.coaching), refetchInterval: 60_000 });
}

type Change = { kind: 'book'; slotId: string } | { kind: 'move'; bookingId: string; slotId: string } | { kind: 'cancel'; bookingId: string };

/** Booking, moving and cancelling, each told with a toast; a refusal (slot taken, month used, too late) in the server's words. */
export function useCoachingChange() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (change: Change) =>
      change.kind === 'book'
        ? apiRequest<{ message: string }>('POST', apiPaths.coachingBookings, { slotId: change.slotId })
        : change.kind === 'move'
          ? apiRequest<{ message: string }>('POST', apiPath(apiPaths.coachingBookingMove, { id: change.bookingId }), { slotId: change.slotId })
          : apiRequest<{ message: string }>('DELETE', apiPath(apiPaths.coachingBooking, { id: change.bookingId })),
    onSuccess: async (result) => {
      await queryClient.invalidateQueries({ queryKey: coachingQueryKey });
      toast({ title: 'Done', description: result.message });
    },
    onError: async (error) => {
      await queryClient.invalidateQueries({ queryKey: coachingQueryKey });
      toast({ title: 'Not changed', description: errorText(error, 'Please try again.'), variant: 'destructive' });
    },
  });
}
