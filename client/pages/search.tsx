import { Lock, Search as SearchIcon } from 'lucide-react';
import { Fragment, type FormEvent } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useSiteDates } from '../features/site/use-site-dates';
import {
  MARK_END,
  MARK_START,
  SEARCH_LIMITS,
  type SearchAnswer,
  type SearchKind,
  type SearchResult,
  searchKindLabels,
  searchKindOrder,
  SEARCH_PAGE_INPUT,
  searchOf,
  searchPath,
} from '#shared/search/search';
import { PageLoading } from '../app/layout';
import { PageHeader } from '../components/page-header';
import { buttonClasses } from '../components/ui/button-classes';
import { useUser } from '../features/auth/use-user';
import { useSearch, useSearchAgain } from '../features/search/api';
import { useHydrated } from '../lib/hydrated';

/**
 * /search?q=…: one search across the guides, pages, resources, editions, webinars, the premium
 * library and the Allies, drawn by the server for the person who asked (it works before and
 * without JavaScript; the address can be shared, Back returns to it). Premium items are whole
 * for a premium member and locked for anyone else; an answer kept from before the reader signed
 * in, or became premium, is asked for again.
 */
export default function SearchPage() {
  const [params] = useSearchParams();
  const search = searchOf(params);
  const navigate = useNavigate();
  const hydrated = useHydrated();
  const { user, isLoading } = useUser();
  const drawn = useSearch(search);
  const premium = Boolean(user?.isPremium);
  const forOtherReader = hydrated && !isLoading && Boolean(drawn.data?.query) && drawn.data?.forPremium !== premium;
  const again = useSearchAgain(search, premium, forOtherReader);
  const answer = (forOtherReader ? again.data : undefined) ?? drawn.data;

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const q = String(new FormData(event.currentTarget).get('q') ?? '');
    void navigate(searchPath(q));
  };

  return (
    <>
      <PageHeader wide eyebrow="Search" title={answer?.query ? `Results for “${answer.query}”` : 'Search the site'}>
        <form role="search" aria-label="Search this site again" action="/search" method="get" onSubmit={submit} className="max-w-2xl">
          <label htmlFor={SEARCH_PAGE_INPUT} className="block text-base font-semibold text-stone-900">
            Search field guides, resources, editions, webinars and Allies
          </label>
          <div className="mt-2 flex gap-2">
            <div className="relative min-w-0 flex-1">
              <SearchIcon className="pointer-events-none absolute left-3 top-1/2 h-5 w-5 -translate-y-1/2 text-stone-500" aria-hidden="true" />
              <input
                key={search.q}
                id={SEARCH_PAGE_INPUT}
                name="q"
                type="search"
                defaultValue={search.q}
                // A search page without a query is there to be typed in ("/" from a narrow screen lands here).
                autoFocus={!search.q}
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
      </PageHeader>
      <div className="mx-auto max-w-6xl px-4 py-8">
        {!answer ? (
          drawn.isError ? (
            <p role="alert" className="text-stone-800">
              The search could not be made just now. Please try again.
            </p>
          ) : (
            <PageLoading />
          )
        ) : (
          <Answer answer={answer} />
        )}
      </div>
    </>
  );
}

function Answer({ answer }: { answer: SearchAnswer }) {
  if (answer.message) {
    return (
      <p role="status" className="max-w-2xl rounded-md border border-amber-300 bg-amber-50 p-4 text-stone-900">
        {answer.message}
      </p>
    );
  }
  if (!answer.query) {
    return <p className="max-w-2xl text-stone-700">Type a word or two above: everything the site publishes is searched, newest editions included.</p>;
  }
  const shown = answer.kind ? (answer.counts[answer.kind] ?? 0) : answer.total;
  const first = (answer.page - 1) * SEARCH_LIMITS.perPage;
  return (
    <div className="grid gap-6">
      {answer.suggestion && (
        <p className="text-lg text-stone-900">
          Did you mean{' '}
          <Link to={searchPath(answer.suggestion)} className="font-semibold text-brand-800 underline">
            {answer.suggestion}
          </Link>
          ?
        </p>
      )}
      {answer.total > 0 && <KindFilter answer={answer} />}
      <p role="status" className="text-sm font-semibold text-stone-700">
        {shown === 0
          ? `Nothing found for “${answer.query}”${answer.kind ? ` among ${searchKindLabels[answer.kind].many.toLowerCase()}` : ''}.`
          : `${shown} ${shown === 1 ? 'result' : 'results'}${shown > SEARCH_LIMITS.perPage ? `, ${first + 1}-${Math.min(first + SEARCH_LIMITS.perPage, shown)} shown` : ''}`}
      </p>
      {shown === 0 && !answer.suggestion && (
        <p className="max-w-2xl text-stone-700">
          Try fewer or other words, or browse the{' '}
          <Link to="/resources" className="font-semibold text-brand-800 underline">
            resources library
          </Link>{' '}
          and the{' '}
          <Link to="/field-guides" className="font-semibold text-brand-800 underline">
            field guides
          </Link>
          .
        </p>
      )}
      {answer.results.length > 0 && (
        <ol className="grid gap-4">
          {answer.results.map((result) => (
            <li key={`${result.kind} ${result.url} ${result.title}`}>
              <ResultCard result={result} />
            </li>
          ))}
        </ol>
      )}
      <Pages answer={answer} shown={shown} />
    </div>
  );
}

function KindFilter({ answer }: { answer: SearchAnswer }) {
  const kinds = searchKindOrder.filter((kind) => answer.counts[kind]);
  const chip = (active: boolean) =>
    `inline-flex min-h-11 items-center rounded-full border px-4 text-sm font-semibold ${
      active ? 'border-brand-700 bg-brand-700 text-white' : 'border-stone-300 bg-white text-stone-800 hover:border-brand-600'
    }`;
  return (
    <nav aria-label="Filter results by kind">
      <ul className="flex flex-wrap gap-2">
        <li>
          <Link to={searchPath(answer.query)} aria-current={answer.kind === null ? 'page' : undefined} className={chip(answer.kind === null)}>
            All ({answer.total})
          </Link>
        </li>
        {kinds.map((kind: SearchKind) => (
          <li key={kind}>
            <Link to={searchPath(answer.query, kind)} aria-current={answer.kind === kind ? 'page' : undefined} className={chip(answer.kind === kind)}>
              {searchKindLabels[kind].many} ({answer.counts[kind]})
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/** The snippet's matched words in <mark>, everything else as text: never HTML from the index. */
function Highlighted({ text }: { text: string }) {
  const parts = text.split(MARK_START);
  return (
    <>
      {parts.map((part, i) => {
        if (i === 0) return <Fragment key={i}>{part}</Fragment>;
        const [marked = '', rest = ''] = part.split(MARK_END);
        return (
          <Fragment key={i}>
            <mark className="rounded bg-amber-100 px-0.5 text-stone-900">{marked}</mark>
            {rest}
          </Fragment>
        );
      })}
    </>
  );
}

function ResultCard({ result }: { result: SearchResult }) {
  const dates = useSiteDates();
  const label = searchKindLabels[result.kind].one;
  return (
    <article className="rounded-xl border border-stone-200 bg-white p-4 shadow-sm sm:p-5">
      <p className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm font-semibold text-brand-700">
        <span>{label}</span>
        {result.date && <time dateTime={result.date}>{dates.long(result.date)}</time>}
        {result.locked && (
          <span className="inline-flex items-center gap-1 text-stone-700">
            <Lock className="h-4 w-4" aria-hidden="true" /> Premium
          </span>
        )}
      </p>
      <h2 className="mt-1 break-words font-serif text-xl font-bold text-stone-900">
        <Link to={result.locked ? '/pricing' : result.url} className="hover:underline">
          {result.title}
        </Link>
      </h2>
      {result.locked ? (
        <p className="mt-2 text-stone-700">
          For premium members.{' '}
          <Link to="/pricing" className="font-semibold text-brand-800 underline">
            See the plans
          </Link>{' '}
          to read it.
        </p>
      ) : (
        <>
          {result.summary && <p className="mt-2 break-words text-stone-800">{result.summary}</p>}
          {result.snippet && (
            <p className="mt-2 break-words text-sm text-stone-700">
              <Highlighted text={result.snippet} />
            </p>
          )}
        </>
      )}
    </article>
  );
}

function Pages({ answer, shown }: { answer: SearchAnswer; shown: number }) {
  const last = Math.min(Math.ceil(shown / SEARCH_LIMITS.perPage), SEARCH_LIMITS.pages);
  if (last <= 1) return null;
  return (
    <nav aria-label="Result pages" className="flex flex-wrap items-center gap-3">
      {answer.page > 1 && (
        <Link to={searchPath(answer.query, answer.kind, answer.page - 1)} className={buttonClasses('outline', 'md')}>
          Previous results
        </Link>
      )}
      <span className="text-sm text-stone-700">
        Page {answer.page} of {last}
      </span>
      {answer.page < last && (
        <Link to={searchPath(answer.query, answer.kind, answer.page + 1)} className={buttonClasses('outline', 'md')}>
          More results
        </Link>
      )}
    </nav>
  );
}
