import { useSyncExternalStore } from 'react';

const subscribeToNothing = () => () => {};

/**
 * False while React renders on the server and while the browser hydrates the server's HTML,
 * true on every render after that (and at once for components first mounted later). Whatever
 * depends on the browser (storage, the signed-in user) is shown only once this is true, so the
 * first client render draws exactly what the server sent and hydration never mismatches.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribeToNothing,
    () => true,
    () => false,
  );
}
