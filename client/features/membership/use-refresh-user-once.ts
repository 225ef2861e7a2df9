import { useEffect, useState } from 'react';
import { loadUser } from '../auth/user-store';

/** The spec's premium-success reload, as decided: the signed-in user's data is refreshed once after 2 seconds, never in a loop. */
export const REFRESH_AFTER_MS = 2000;

/** Refreshes the user once; true once that refresh has answered. */
export function useRefreshUserOnce(): boolean {
  const [refreshed, setRefreshed] = useState(false);
  useEffect(() => {
    let live = true;
    const timer = setTimeout(() => {
      void loadUser().finally(() => live && setRefreshed(true));
    }, REFRESH_AFTER_MS);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, []);
  return refreshed;
}
