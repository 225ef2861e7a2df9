import { apiPath, apiPaths } from '#shared/api/paths';
import { type WebinarsPage, webinarsQueryKey } from '#shared/webinars/webinars';
import { toast } from '../../components/ui/use-toast';
import { apiRequest, errorText } from '../../lib/api';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '../../lib/query-client';

/** The upcoming webinars (a teaser unless premium) and, for premium members, the recordings matching `search`. */
export function useWebinars(search = '') {
  return useQuery({
    queryKey: [...webinarsQueryKey, search],
    queryFn: () => apiRequest<WebinarsPage>('GET', search ? `${apiPaths.webinars}?q=${encodeURIComponent(search)}` : apiPaths.webinars),
    placeholderData: keepPreviousData,
    // The room link appears 15 minutes before the start: a page left open finds it.
    refetchInterval: 60_000,
  });
}

/** Signing up (or withdrawing) in one click, told with a toast either way. */
export function useWebinarSignup() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, signUp }: { id: string; signUp: boolean }) =>
      apiRequest<{ message: string }>(signUp ? 'POST' : 'DELETE', apiPath(apiPaths.webinarSignup, { id })),
    onSuccess: async (result) => {
      await queryClient.invalidateQueries({ queryKey: webinarsQueryKey });
      toast({ title: 'Done', description: result.message });
    },
    onError: (error) => toast({ title: 'Not signed up', description: errorText(error, 'Please try again.'), variant: 'destructive' }),
  });
}
