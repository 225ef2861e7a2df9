import { Lock } from 'lucide-react';
import { Fragment } from 'react';
import { Link } from '../../components/link';
import {
  MARK_END,
  MARK_START,
  SEARCH_LIMITS,
  type SearchAnswer,
  type SearchKind,
  type SearchResult,
  searchKindLabels,
  searchKindOrder,
  searchPath,
} from '#shared/search/search';
import { buttonClasses } from '../../components/ui/button-classes';
import { useSiteDates } from '../site/use-site-dates';

/**
 * The answer to a search: the server's refusal or a prompt, else the suggestion, the kinds to
 * filter by, the count, the results of this page and the way to the others.
 */
export function SearchResults({ answer }: { answer: SearchAnswer }) {
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
