import { useSyncExternalStore } from 'react';
import { SIGNED_IN_HINT_COOKIE } from '#shared/auth/session-hint';
import { shellApiPaths } from '#shared/api/shell-paths';
import type { PublicUser } from '#shared/auth/user';
import { ApiError, apiRequest } from '../../lib/api';

/**
 * The signed-in user, for the whole app, in a store of its own rather than TanStack Query's
 * cache: the shell reads it on every page, and a visitor's first page then loads no query
 * library at all (decision 021). `data` is undefined until the first answer, null when signed
 * out. A failed load keeps what was known and is retried, as TanStack Query's default would.
 * This module owns the store and imports nothing of the auth feature; useUser (use-user.ts) reads it.
 */
export interface UserState {
  data: PublicUser | null | undefined;
  status: 'pending' | 'success' | 'error';
  fetching: boolean;
}

/** Whether the server's signed-in hint cookie is there; call it outside rendering (it reads document.cookie). */
export const hasSignedInHint = () => document.cookie.split('; ').some((c) => c.startsWith(`${SIGNED_IN_HINT_COOKIE}=`));

/**
 * Loads the current user; null when signed out. Without the server's signed-in hint cookie there
 * is no session to ask about. Only a 401 means signed out: any other failure (the server down, a
 * network blip) is thrown, so the load is retried and the member stays signed in (a session that
 * is still valid must not be forgotten because of one failed request).
 */
async function fetchCurrentUser(): Promise<PublicUser | null> {
  if (!hasSignedInHint()) return null;
  try {
    return await apiRequest<PublicUser>('GET', shellApiPaths.user);
  } catch (error) {
    if (!(error instanceof ApiError && error.status === 401)) throw error;
    // The session is gone: drop the stale hint so the next pages do not ask again.
    document.cookie = `${SIGNED_IN_HINT_COOKIE}=; path=/; max-age=0; samesite=lax`;
    return null;
  }
}

/** Two more tries after a failure, 2 s then 4 s later; never for an answer about the session itself. */
const RETRY_DELAYS_MS = [2000, 4000];
const isAuthError = (error: unknown) => error instanceof ApiError && (error.status === 401 || error.status === 403);

let state: UserState = { data: undefined, status: 'pending', fetching: false };
const listeners = new Set<() => void>();
// Bumped by setUser, so an answer asked for before a sign-in or sign-out never overwrites it.
let version = 0;
let loading: { version: number; done: Promise<void> } | undefined;

function update(next: Partial<UserState>) {
  state = { ...state, ...next };
  for (const listener of listeners) listener();
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};
const read = () => state;

/** The store's state, re-rendering on change (the server and hydration never read it: see useUser). */
export function useUserState(): UserState {
  return useSyncExternalStore(subscribe, read, read);
}

/** The user as an action just learned it (signed in, signed out, made admin). */
export function setUser(user: PublicUser | null): void {
  version += 1;
  update({ data: user, status: 'success' });
}

/**
 * Asks the server for the user (again), with the retries above; callers may await the
 * answer. A load already under way since the last setUser is shared, not repeated.
 */
export function loadUser(): Promise<void> {
  if (loading?.version === version) return loading.done;
  const asked = version;
  const done = (async () => {
    update({ fetching: true });
    for (let attempt = 0; ; attempt += 1) {
      try {
        const user = await fetchCurrentUser();
        if (asked === version) update({ data: user, status: 'success' });
        return;
      } catch (error) {
        const delay = RETRY_DELAYS_MS[attempt];
        if (delay === undefined || isAuthError(error)) {
          if (asked === version) update({ status: 'error' });
          return;
        }
        await new Promise((resolve) => setTimeout(resolve, delay));
      }
    }
  })().finally(() => {
    if (loading?.done === done) {
      loading = undefined;
      update({ fetching: false });
    }
  });
  loading = { version: asked, done };
  return done;
}
