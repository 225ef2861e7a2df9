import { Crown, Loader2, Search, UserPlus } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { Link } from '../../components/link';
import { allyCategories, type AllyCategory, SEARCH_MAX } from '#shared/allies/schemas';
import { apiPaths } from '#shared/api/paths';
import { useLoadingInSight } from '../../components/page-loading';
import { Button, buttonClasses } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { afterToastShown, toast } from '../../components/ui/use-toast';
import { errorText } from '../../lib/api';
import { storage, storageKeys } from '../../lib/storage';
import { track } from '../../lib/track';
import { useUser } from '../auth/use-user';
import { AllyCard } from './ally-card';
import { useAllies } from './api';
import { useDebouncedValue } from './use-debounced-value';

/** docs/product.md §9: visitors are sent to sign in 1 second after the toast. */
const SIGN_IN_REDIRECT_MS = 1000;
const SEARCH_DEBOUNCE_MS = 350;
const SKELETON_CARDS = 6;

/** /allies (docs/product.md §2): signed-in premium members only; the server enforces the same rule. */
export function AlliesDirectory() {
  const { user, isLoading } = useUser();
  const signedOut = !isLoading && !user;
  const notPremium = Boolean(user && !user.isPremium);

  useEffect(() => {
    if (!signedOut) return;
    toast({ title: 'Authentication Required', description: 'Please sign in to access The Allies directory.', variant: 'destructive' });
    // Back to the directory after signing in (docs/product.md (Decisions), "/api/login as a navigation").
    storage.set(storageKeys.redirectAfterAuth, '/allies');
    return afterToastShown(() => window.location.assign(apiPaths.login), SIGN_IN_REDIRECT_MS);
  }, [signedOut]);

  useEffect(() => {
    if (notPremium) toast({ title: 'Premium Required', description: 'The Allies directory is available to premium subscribers only.', variant: 'destructive' });
  }, [notPremium]);

  if (isLoading || !user) return <LoadingSpinner />;
  if (!user.isPremium) return <PremiumFeature />;
  return <Directory />;
}

function LoadingSpinner() {
  const box = useRef<HTMLDivElement>(null);
  useLoadingInSight(box);
  return (
    <div ref={box} className="flex min-h-[50vh] items-center justify-center" role="status">
      <Loader2 className="h-10 w-10 animate-spin text-brand-700" aria-hidden="true" />
      <span className="sr-only">Loading…</span>
    </div>
  );
}

function PremiumFeature() {
  return (
    <div className="mx-auto max-w-2xl px-4 py-16">
      <Card className="p-8 text-center">
        <Crown className="mx-auto h-12 w-12 text-accent-600" aria-hidden="true" />
        <h1 className="mt-4 font-serif text-3xl font-bold text-stone-900">Premium Feature</h1>
        <p className="mt-3 text-lg text-stone-700">
          The Allies Directory of vetted vendors for nonprofits is part of the premium membership: search by pillar, compare offers for members and read other
          leaders' reviews.
        </p>
        <div className="mt-6 flex flex-col justify-center gap-3 sm:flex-row">
          <Link to="/subscribe" className={buttonClasses('primary', 'lg')}>
            Upgrade to Premium
          </Link>
          <Link to="/premium" className={buttonClasses('outline', 'lg')}>
            Learn More About Premium
          </Link>
        </div>
      </Card>
    </div>
  );
}

function categoryNamed(value: string | null): AllyCategory | null {
  return allyCategories.find((c) => c.toLowerCase() === value?.toLowerCase()) ?? null;
}

function withParam(params: URLSearchParams, name: string, value: string): URLSearchParams {
  const next = new URLSearchParams(params);
  if (value) next.set(name, value);
  else next.delete(name);
  return next;
}

function Directory() {
  // The category and the search live in the URL (/allies?category=Fuel&search=grants), so reload,
  // Back and a shared link keep them; the Check-Up links to /allies?category=X.
  const [searchParams, setSearchParams] = useSearchParams();
  const category = categoryNamed(searchParams.get('category'));
  const urlSearch = searchParams.get('search') ?? '';
  const [text, setText] = useState(urlSearch);
  // Back or Forward changed the URL's search: the box shows it (React's "adjust state on a prop change").
  const [shownUrlSearch, setShownUrlSearch] = useState(urlSearch);
  if (urlSearch !== shownUrlSearch) {
    setShownUrlSearch(urlSearch);
    setText(urlSearch);
  }
  const search = useDebouncedValue(text.trim(), SEARCH_DEBOUNCE_MS);
  // A settled search is written to the URL in place (typing adds no history entries); only a new
  // settled value is, so the old one is not written back while Back's value settles.
  const written = useRef(search);
  useEffect(() => {
    if (search === written.current) return;
    written.current = search;
    if (search === urlSearch) return;
    setSearchParams((params) => withParam(params, 'search', search), { replace: true });
  }, [search, urlSearch, setSearchParams]);
  const setCategory = (value: AllyCategory | null) => setSearchParams((params) => withParam(params, 'category', value ?? ''));
  const searchId = useId();
  const query = useAllies(search, category);

  // One ally_search event per settled search or filter, with the number of results; never the words typed.
  const tracked = useRef<string>('');
  const settled = query.isSuccess && !query.isPlaceholderData;
  const total = query.data?.pages[0]?.total;
  useEffect(() => {
    if (!settled || total === undefined) return;
    const key = JSON.stringify([search, category]);
    if (key === tracked.current) return;
    const isFirstUnfiltered = tracked.current === '' && !search && !category;
    tracked.current = key;
    if (!isFirstUnfiltered) track('ally_search', { category: category ?? 'all', results: total, hasText: search !== '' });
  }, [settled, search, category, total]);

  const allies = query.data?.pages.flatMap((page) => page.allies) ?? [];
  const filtered = Boolean(search || category);

  return (
    <>
      <div className="border-b border-stone-200 bg-gradient-to-b from-brand-50 to-stone-50">
        <div className="mx-auto flex max-w-6xl flex-col gap-6 px-4 py-10 sm:py-14 md:flex-row md:items-end md:justify-between">
          <div>
            <p className="text-sm font-semibold uppercase tracking-wide text-brand-700">Premium</p>
            <h1 className="mt-2 font-serif text-3xl font-bold text-stone-900 sm:text-4xl">The Allies Directory</h1>
            <p className="mt-3 max-w-2xl text-lg text-stone-700">
              Vetted vendors who understand nonprofits, with offers for members and reviews from other leaders.
            </p>
          </div>
          <Link to="/allies/submit" className={buttonClasses('accent', 'md', 'self-start md:self-auto')}>
            <UserPlus className="h-4 w-4" aria-hidden="true" />
            Become an Ally
          </Link>
        </div>
      </div>

      <div className="mx-auto grid max-w-6xl gap-6 px-4 py-8">
        <div className="grid gap-4">
          <div className="relative max-w-xl">
            <label htmlFor={searchId} className="sr-only">
              Search allies
            </label>
            <Search className="pointer-events-none absolute left-3 top-1/2 h-5 w-5 -translate-y-1/2 text-stone-500" aria-hidden="true" />
            <input
              id={searchId}
              type="search"
              value={text}
              maxLength={SEARCH_MAX}
              onChange={(e) => setText(e.target.value)}
              placeholder="Search allies by name, service or need…"
              className="block w-full rounded-md border border-stone-300 bg-white py-2.5 pl-10 pr-3 text-base text-stone-900 placeholder:text-stone-500 focus:border-brand-600 focus:outline-none focus:ring-2 focus:ring-brand-600/30"
            />
          </div>
          <div className="flex flex-wrap gap-2" role="group" aria-label="Filter by category">
            {[null, ...allyCategories].map((value) => (
              <Button
                key={value ?? 'all'}
                size="sm"
                variant={category === value ? 'primary' : 'outline'}
                aria-pressed={category === value}
                onClick={() => setCategory(value)}
              >
                {value ?? 'All Categories'}
              </Button>
            ))}
          </div>
        </div>

        <p className="sr-only" role="status">
          {settled && total !== undefined ? `${total} ${total === 1 ? 'ally' : 'allies'} found` : ''}
        </p>

        {query.isPending ? (
          <SkeletonGrid />
        ) : query.isError && allies.length === 0 ? (
          <p className="rounded-lg border border-red-200 bg-red-50 p-4 text-red-800" role="alert">
            {errorText(query.error, 'Failed to fetch allies')}
          </p>
        ) : allies.length === 0 ? (
          <Card className="p-10 text-center">
            <h2 className="font-serif text-2xl font-bold text-stone-900">No allies found</h2>
            <p className="mt-2 text-stone-700">{filtered ? 'Try adjusting your search or filters.' : 'Be the first to join our directory!'}</p>
            <Link to="/allies/submit" className={buttonClasses('accent', 'md', 'mt-6')}>
              Become an Ally
            </Link>
          </Card>
        ) : (
          <>
            <div className="grid items-start gap-6 md:grid-cols-2 lg:grid-cols-3" aria-busy={query.isFetching && !query.isFetchingNextPage}>
              {allies.map((ally) => (
                <AllyCard key={ally.id} ally={ally} />
              ))}
            </div>
            <div className="flex flex-col items-center gap-3 text-sm text-stone-700">
              <p>
                Showing {allies.length} of {total}
              </p>
              {query.hasNextPage && (
                <Button variant="outline" onClick={() => void query.fetchNextPage()} disabled={query.isFetchingNextPage}>
                  {query.isFetchingNextPage ? 'Loading...' : 'Load more allies'}
                </Button>
              )}
            </div>
          </>
        )}
      </div>
    </>
  );
}

function SkeletonGrid() {
  return (
    <div className="grid gap-6 md:grid-cols-2 lg:grid-cols-3" aria-hidden="true" data-testid="allies-skeleton">
      {Array.from({ length: SKELETON_CARDS }, (_, i) => (
        <div key={i} className="h-56 animate-pulse rounded-xl border border-stone-200 bg-white p-5 shadow-sm">
          <div className="h-6 w-2/3 rounded bg-stone-200" />
          <div className="mt-4 h-4 w-full rounded bg-stone-200" />
          <div className="mt-2 h-4 w-5/6 rounded bg-stone-200" />
          <div className="mt-6 h-4 w-1/2 rounded bg-stone-200" />
        </div>
      ))}
    </div>
  );
}
