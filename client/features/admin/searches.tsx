import { Link } from '../../components/link';
import { adminApiPaths } from '#shared/api/admin-paths';
import { searchPath, type WeeklySearches } from '#shared/search/search';
import { FiguresTable } from './figures-table';
import { adminKey, useAdminQuery } from './use-admin';

/**
 * What people searched for, per week (Monday to Sunday, newest first): the most frequent searches
 * and those that found nothing, which say what the site is missing. Counted without who searched.
 */
export function SearchesPanel() {
  const { data, isError } = useAdminQuery<{ weeks: WeeklySearches[] }>(adminKey('searches'), `${adminApiPaths.adminSearches}?weeks=8`);
  if (isError) return <p role="alert">The searches could not be loaded. Please try again.</p>;
  if (!data) return <p>Loading…</p>;
  if (!data.weeks.length) return <p>No searches in the last 8 weeks yet. They are counted from the search box in the header of every page.</p>;
  return (
    <div className="grid grid-cols-[minmax(0,1fr)] gap-8">
      <p className="text-sm text-stone-700">
        Counted per week, without who searched: the words as typed (in lower case), how often, and how often they found nothing.
      </p>
      {data.weeks.map((week) => (
        <section key={week.week} aria-labelledby={`searches-${week.week}`} className="grid gap-3">
          <h2 id={`searches-${week.week}`} className="font-serif text-xl font-bold text-stone-900">
            Week of {week.week}: {week.searches} {week.searches === 1 ? 'search' : 'searches'}, {week.foundNothing} found nothing
          </h2>
          <div className="grid gap-6 lg:grid-cols-2">
            <FiguresTable
              captionShown
              first={searchLink}
              caption={`Most frequent searches, week of ${week.week}`}
              rows={week.top.map((row) => [row.query, row.searches, row.empty])}
              headers={['Search', 'Times', 'Found nothing']}
            />
            {week.empty.length > 0 ? (
              <FiguresTable
                captionShown
                first={searchLink}
                caption={`Searches that found nothing, week of ${week.week}`}
                rows={week.empty.map((row) => [row.query, row.searches])}
                headers={['Search', 'Times']}
              />
            ) : (
              <p className="text-sm text-stone-700">Every search found something this week.</p>
            )}
          </div>
        </section>
      ))}
    </div>
  );
}

const searchLink = (query: string) => (
  <Link to={searchPath(query)} className="text-brand-800 underline">
    {query}
  </Link>
);
