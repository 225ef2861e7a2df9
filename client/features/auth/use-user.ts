import { useQuery } from '@tanstack/react-query';
import { SIGNED_IN_HINT_COOKIE } from '#shared/auth/session-hint';
import type { PublicUser } from '#shared/auth/user';
import { apiRequest } from '../../lib/api';
import { useHydrated } from '../../lib/hydrated';
import { useRenderFacts } from '../../lib/render-facts';

/** The signed-in user as the API returns it (spec point 3). */
export type User = PublicUser;

export const userQueryKey = ['/api/user'] as const;

/** Whether the server's signed-in hint cookie is there; call it outside rendering (it reads document.cookie). */
export const hasSignedInHint = () => document.cookie.split('; ').some((c) => c.startsWith(`${SIGNED_IN_HINT_COOKIE}=`));

/**
 * Loads the current user; a 401 or any failure means signed out (spec point 4), answered as
 * null. Without the server's signed-in hint cookie there is no session to ask about.
 */
export async function fetchCurrentUser(): Promise<User | null> {
  if (!hasSignedInHint()) return null;
  try {
    return await apiRequest<User>('GET', '/api/user');
  } catch {
    // The session is gone: drop the stale hint so the next pages do not ask again.
    document.cookie = `${SIGNED_IN_HINT_COOKIE}=; path=/; max-age=0; samesite=lax`;
    return null;
  }
}

/**
 * The current user. On the server and while hydrating it is what the server drew: no user,
 * loading or not as the page says (see PageData.userPending), so the first client render
 * matches the HTML; the real answer takes over right after.
 */
export function useUser() {
  const hydrated = useHydrated();
  const { userPending } = useRenderFacts();
  const query = useQuery({ queryKey: userQueryKey, queryFn: fetchCurrentUser, retry: false });
  if (!hydrated) return { user: null, isLoading: userPending };
  return { user: query.data ?? null, isLoading: query.isLoading };
}
