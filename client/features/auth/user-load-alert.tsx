import { Button } from '../../components/ui/button';
import { loadUser, useUserState } from './user-store';

/**
 * Said when the user cannot be loaded after the retries (the server down, no network), with a
 * way to try again; the member stays signed in. The layout loads it, as its own chunk, only then.
 */
export function UserLoadAlert() {
  const { fetching } = useUserState();
  return (
    <div role="alert" className="fixed inset-x-0 bottom-0 z-50 border-t border-amber-300 bg-amber-50 px-4 py-3 shadow-lg">
      <div className="mx-auto flex max-w-5xl flex-wrap items-center justify-between gap-3 text-sm text-amber-950">
        <p>We could not load your account just now. You are still signed in.</p>
        <Button size="sm" variant="outline" onClick={() => void loadUser()} disabled={fetching}>
          {fetching ? 'Trying again…' : 'Try again'}
        </Button>
      </div>
    </div>
  );
}
