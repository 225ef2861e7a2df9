import { useQuery } from '@tanstack/react-query';
import { userQuery } from './use-user';

/**
 * Keeps the user query observed, so it gets TanStack Query's full behaviour (retries, refetch
 * when invalidated or stale). The layout renders it, as its own chunk, only while there may be
 * a session: a plain visitor's pages never load it.
 */
export function UserQuery(): null {
  useQuery(userQuery);
  return null;
}
