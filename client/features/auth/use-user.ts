import type { PublicUser } from '#shared/auth/user';
import { useHydrated } from '../../lib/hydrated';
import { useRenderFacts } from '../../lib/render-facts';
import { useUserState } from './user-store';

/** The signed-in user as the API returns it (docs/product.md §3). */
export type User = PublicUser;

/**
 * The current user, loading until the user store has answered. On the server and while
 * hydrating it is what the server drew: no user, loading or not as the page says (see
 * RenderFacts.userPending), so the first client render matches the HTML; the real answer takes
 * over right after. A visitor without the signed-in hint is known at once (main.tsx).
 */
export function useUser() {
  const hydrated = useHydrated();
  const { userPending } = useRenderFacts();
  const state = useUserState();
  if (!hydrated) return { user: null, isLoading: userPending };
  // A failed load is still loading for the pages (never the visitor's view of a member): the store retries, and UserLoadAlert offers to try again.
  return { user: state.data ?? null, isLoading: state.data === undefined };
}
