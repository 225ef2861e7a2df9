import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { userQueryKey } from '../auth/use-user';

/** The spec's premium-success reload, as decided: the signed-in user's data is refreshed once after 2 seconds, never in a loop. */
export const REFRESH_AFTER_MS = 2000;

export function useRefreshUserOnce(): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    const timer = setTimeout(() => void queryClient.invalidateQueries({ queryKey: userQueryKey }), REFRESH_AFTER_MS);
    return () => clearTimeout(timer);
  }, [queryClient]);
}
