import { useQuery } from '../../lib/query-client';
import { ArrowRight, Search, X } from 'lucide-react';
import { useMemo, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { Link } from '../../components/link';
import { pillars } from '#shared/content/pillars';
import { PageLoading } from '../../components/page-loading';
import { Button } from '../../components/ui/button';
import { PillarIcon } from '../../components/pillar-icon';
import { resourcesQuery } from '../content/use-published';
import { countLabel, filterResources, groupByPillar, type PillarFilter, parsePillar } from './library';
import { ResourceCard } from './resource-card';

const filters: readonly PillarFilter[] = ['All', ...pillars.map((pillar) => pillar.name)];

/**
 * The resources library: a search over title, summary and body, a pillar filter, a count read
 * out politely as it changes, and the matching resources grouped by pillar. The search and the
 * pillar live in the address (?q=…&pillar=…) so a filtered view can be shared or linked to.
 */
export function ResourceLibrary() {
  const { data: resources, isError, refetch } = useQuery(resourcesQuery);
  const [params, setParams] = useSearchParams();
  const [query, setQuery] = useState(params.get('q') ?? '');
  const pillar = parsePillar(params.get('pillar'));
  const searchRef = useRef<HTMLInputElement>(null);

  const update = (next: { q?: string; pillar?: PillarFilter }) => {
    const q = next.q ?? query;
    const p = next.pillar ?? pillar;
    setParams(
      (current) => {
        const out = new URLSearchParams(current);
        if (q.trim()) out.set('q', q);
        else out.delete('q');
        if (p !== 'All') out.set('pillar', p.toLowerCase());
        else out.delete('pillar');
        return out;
      },
      { replace: true, preventScrollReset: true },
    );
  };

  const matches = useMemo(() => (resources ? filterResources(resources, query, pillar) : []), [resources, query, pillar]);
  const groups = useMemo(() => groupByPillar(matches), [matches]);

  const clear = () => {
    setQuery('');
    update({ q: '', pillar: 'All' });
    searchRef.current?.focus();
  };

  return (
    <div className="mx-auto max-w-6xl px-4 py-10">
      <div className="rounded-xl border border-stone-200 bg-white p-4 shadow-sm sm:p-5">
        <label htmlFor="resource-search" className="block text-sm font-semibold text-stone-900">
          Search resources
        </label>
        <div className="relative mt-2">
          <Search className="pointer-events-none absolute left-3 top-1/2 h-5 w-5 -translate-y-1/2 text-stone-500" aria-hidden="true" />
          <input
            ref={searchRef}
            id="resource-search"
            type="search"
            value={query}
            onChange={(event) => {
              setQuery(event.currentTarget.value);
              update({ q: event.currentTarget.value });
            }}
            placeholder="Try “board” or “cash flow”"
            autoComplete="off"
            className="h-11 w-full rounded-md border border-stone-300 bg-white pl-10 pr-3 text-base text-stone-900 placeholder:text-stone-500 focus:border-brand-600"
          />
        </div>
        <div role="group" aria-label="Filter by pillar" className="mt-4 flex flex-wrap gap-2">
          {filters.map((name) => (
            <button
              key={name}
              type="button"
              aria-pressed={pillar === name}
              onClick={() => update({ pillar: name })}
              className={
                pillar === name
                  ? 'h-9 rounded-full bg-brand-700 px-4 text-sm font-semibold text-white'
                  : 'h-9 rounded-full border border-stone-300 bg-white px-4 text-sm font-medium text-stone-800 hover:border-brand-600 hover:text-brand-800'
              }
            >
              {name}
            </button>
          ))}
        </div>
      </div>

      <p role="status" className="mt-6 text-sm font-medium text-stone-700">
        {resources ? `Showing ${countLabel(matches.length)}` : ''}
      </p>

      {!resources ? (
        isError ? (
          <div role="alert" className="mt-4 rounded-lg border border-red-200 bg-red-50 p-4 text-red-900">
            <p>We could not load the resources library. Check your connection and try again.</p>
            <Button variant="outline" size="sm" className="mt-3" onClick={() => void refetch()}>
              Try again
            </Button>
          </div>
        ) : (
          <PageLoading />
        )
      ) : groups.length === 0 ? (
        <div className="mt-4 rounded-xl border border-dashed border-stone-300 bg-white p-8 text-center">
          <p className="font-serif text-xl font-semibold text-stone-900 [overflow-wrap:anywhere]">
            No resources match {query.trim() ? `“${query.trim()}”` : 'your filters'}
            {pillar !== 'All' ? ` in ${pillar}` : ''}.
          </p>
          <p className="mt-2 text-stone-700">Try fewer or different words, or look across all five pillars.</p>
          <Button variant="outline" className="mt-5" onClick={clear}>
            <X className="h-4 w-4" aria-hidden="true" />
            Clear filters
          </Button>
        </div>
      ) : (
        groups.map((group) => {
          const info = pillars.find((p) => p.name === group.pillar)!;
          return (
            <section key={group.pillar} aria-labelledby={`pillar-${info.slug}`} className="mt-8">
              <div className="flex flex-wrap items-end justify-between gap-2 border-b border-stone-200 pb-3">
                <div>
                  <h2 id={`pillar-${info.slug}`} className="flex items-center gap-2 font-serif text-2xl font-semibold text-stone-900">
                    <PillarIcon slug={info.slug} className="h-6 w-6 text-brand-700" />
                    {group.pillar}
                  </h2>
                  <p className="mt-1 text-stone-700">{capitalize(info.about)}</p>
                </div>
                <Link
                  to={`/field-guide/${info.slug}`}
                  className="inline-flex items-center gap-1 text-sm font-semibold text-brand-700 hover:text-brand-800 hover:underline"
                >
                  The {group.pillar} Field Guide <ArrowRight className="h-4 w-4" aria-hidden="true" />
                </Link>
              </div>
              <ul className="mt-4 grid items-start gap-4 md:grid-cols-2">
                {group.resources.map((resource) => (
                  <ResourceCard key={resource.id} resource={resource} startOpen={resource.id === params.get('open')} />
                ))}
              </ul>
            </section>
          );
        })
      )}
    </div>
  );
}

function capitalize(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}
