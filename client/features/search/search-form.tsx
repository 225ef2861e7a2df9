import { Search as SearchIcon } from 'lucide-react';
import type { FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { SEARCH_LIMITS, SEARCH_PAGE_INPUT, searchPath } from '#shared/search/search';
import { buttonClasses } from '../../components/ui/button-classes';

/**
 * The search page's own field, holding the query asked (`q`). Without JavaScript it is a GET to
 * /search; with it, a navigation to the same address.
 */
export function SearchForm({ q }: { q: string }) {
  const navigate = useNavigate();
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const asked = String(new FormData(event.currentTarget).get('q') ?? '');
    void navigate(searchPath(asked));
  };
  return (
    <form role="search" aria-label="Search this site again" action="/search" method="get" onSubmit={submit} className="max-w-2xl">
      <label htmlFor={SEARCH_PAGE_INPUT} className="block text-base font-semibold text-stone-900">
        Search field guides, resources, editions, webinars and Allies
      </label>
      <div className="mt-2 flex gap-2">
        <div className="relative min-w-0 flex-1">
          <SearchIcon className="pointer-events-none absolute left-3 top-1/2 h-5 w-5 -translate-y-1/2 text-stone-500" aria-hidden="true" />
          <input
            key={q}
            id={SEARCH_PAGE_INPUT}
            name="q"
            type="search"
            defaultValue={q}
            // A search page without a query is there to be typed in ("/" from a narrow screen lands here).
            autoFocus={!q}
            maxLength={SEARCH_LIMITS.query}
            autoComplete="off"
            placeholder="Try “board” or “cash flow”"
            className="h-11 w-full rounded-md border border-stone-300 bg-white pl-10 pr-3 text-base text-stone-900 placeholder:text-stone-500 focus:border-brand-600"
          />
        </div>
        <button type="submit" className={buttonClasses('primary', 'md')}>
          Search
        </button>
      </div>
    </form>
  );
}
