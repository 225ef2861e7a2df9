import { SIGNED_IN_HINT_COOKIE } from '#shared/auth/session-hint';
import type { PublicUser } from '#shared/auth/user';
import { ApiError, apiRequest } from '../../lib/api';
import { useHydrated } from '../../lib/hydrated';
import { useQueryState } from '../../lib/query-client';
import { useRenderFacts } from '../../lib/render-facts';

/** The signed-in user as the API returns it (docs/product.md §3). */
export type User = PublicUser;

export const userQueryKey = ['/api/user'] as const;

/** Whether the server's signed-in hint cookie is there; call it outside rendering (it reads document.cookie). */
export const hasSignedInHint = () => document.cookie.split('; ').some((c) => c.startsWith(`${SIGNED_IN_HINT_COOKIE}=`));

/**
 * Loads the current user; null when signed out. Without the server's signed-in hint cookie there
 * is no session to ask about. Only a 401 means signed out: any other failure (the server down, a
 * network blip) is thrown, so the query retries and the member stays signed in (a session that
 * is still valid must not be forgotten because of one failed request).
 */
export async function fetchCurrentUser(): Promise<User | null> {
  if (!hasSignedInHint()) return null;
  try {
    return await apiRequest<User>('GET', '/api/user');
  } catch (error) {
    if (!(error instanceof ApiError && error.status === 401)) throw error;
    // The session is gone: drop the stale hint so the next pages do not ask again.
    document.cookie = `${SIGNED_IN_HINT_COOKIE}=; path=/; max-age=0; samesite=lax`;
    return null;
  }
}

/** The user query: main.tsx starts it, UserQuery (user-query.tsx) keeps it fresh and retries it while there may be a session. */
export const userQuery = { queryKey: userQueryKey, queryFn: fetchCurrentUser } as const;

/**
 * The current user, loading until the user query has answered. On the server and while
 * hydrating it is what the server drew: no user, loading or not as the page says (see
 * RenderFacts.userPending), so the first client render matches the HTML; the real answer takes
 * over right after. Reads the cache only: a visitor without the signed-in hint is known at once
 * (main.tsx) and loads no query observer.
 */
export function useUser() {
  const hydrated = useHydrated();
  const { userPending } = useRenderFacts();
  const state = useQueryState<User | null>(userQueryKey);
  if (!hydrated) return { user: null, isLoading: userPending };
  // A failed load is still loading for the pages (never the visitor's view of a member): UserQuery retries and offers to try again.
  return { user: state?.data ?? null, isLoading: state?.data === undefined };
}
