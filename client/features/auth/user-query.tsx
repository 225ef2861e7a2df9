import { useQuery } from '@tanstack/react-query';
import { Button } from '../../components/ui/button';
import { userQuery } from './use-user';

/**
 * Keeps the user query observed, so it gets TanStack Query's full behaviour (retries, refetch
 * when invalidated or stale). The layout renders it, as its own chunk, only while there may be
 * a session: a plain visitor's pages never load it. When the user cannot be loaded after the
 * retries (the server down, no network), it says so and offers to try again; the member stays
 * signed in.
 */
export function UserQuery() {
  const { data, status, isFetching, refetch } = useQuery(userQuery);
  if (status !== 'error' || data !== undefined) return null;
  return (
    <div role="alert" className="fixed inset-x-0 bottom-0 z-50 border-t border-amber-300 bg-amber-50 px-4 py-3 shadow-lg">
      <div className="mx-auto flex max-w-5xl flex-wrap items-center justify-between gap-3 text-sm text-amber-950">
        <p>We could not load your account just now. You are still signed in.</p>
        <Button size="sm" variant="outline" onClick={() => void refetch()} disabled={isFetching}>
          {isFetching ? 'Trying again…' : 'Try again'}
        </Button>
      </div>
    </div>
  );
}
