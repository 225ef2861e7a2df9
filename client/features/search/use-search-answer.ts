import type { SearchAnswer, searchOf } from '#shared/search/search';
import { useHydrated } from '../../lib/hydrated';
import { useUser } from '../auth/use-user';
import { useSearch, useSearchAgain } from './api';

/**
 * The answer to show for the reader: the one the server drew (or the browser fetched), or, when
 * that was drawn for another access than the reader's (they signed in, or became premium, since),
 * the same search asked again for them. `failed` when there is no answer and the search failed.
 */
export function useSearchAnswer(search: ReturnType<typeof searchOf>): { answer: SearchAnswer | undefined; failed: boolean } {
  const hydrated = useHydrated();
  const { user, isLoading } = useUser();
  const drawn = useSearch(search);
  const premium = Boolean(user?.isPremium);
  const forOtherReader = hydrated && !isLoading && Boolean(drawn.data?.query) && drawn.data?.forPremium !== premium;
  const again = useSearchAgain(search, premium, forOtherReader);
  const answer = (forOtherReader ? again.data : undefined) ?? drawn.data;
  return { answer, failed: drawn.isError };
}
