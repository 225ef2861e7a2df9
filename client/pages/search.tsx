import { useSearchParams } from 'react-router';
import { searchOf } from '#shared/search/search';
import { PageHeader } from '../components/page-header';
import { PageLoading } from '../components/page-loading';
import { SearchForm } from '../features/search/search-form';
import { SearchResults } from '../features/search/search-results';
import { useSearchAnswer } from '../features/search/use-search-answer';

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
  const { answer, failed } = useSearchAnswer(search);

  return (
    <>
      <PageHeader wide eyebrow="Search" title={answer?.query ? `Results for “${answer.query}”` : 'Search the site'}>
        <SearchForm q={search.q} />
      </PageHeader>
      <div className="mx-auto max-w-6xl px-4 py-8">
        {!answer ? (
          failed ? (
            <p role="alert" className="text-stone-800">
              The search could not be made just now. Please try again.
            </p>
          ) : (
            <PageLoading />
          )
        ) : (
          <SearchResults answer={answer} />
        )}
      </div>
    </>
  );
}
