import { clsx } from 'clsx';
import { Download } from 'lucide-react';
import { type ReactNode, useId, useState } from 'react';
import { DEFAULT_PAGE_SIZE } from '#shared/admin/page-query';
import type { AdminList, Page } from '#shared/admin/schemas';
import { adminListPaths } from '#shared/api/paths';
import { Button } from '../../components/ui/button';
import { adminKey, useAdminQuery } from './use-admin';
import { ListSearchBox } from './list-search-box';
import { useListSearch } from './use-list-search';
import { useSiteDates } from '../site/use-site-dates';

export interface Column<T> {
  header: string;
  cell: (row: T) => ReactNode;
  /** Left out on a phone, where the row's actions must fit beside what identifies it. */
  wideOnly?: boolean;
}

interface ListTableProps<T> {
  list: AdminList;
  /** The region's name, the search label and the empty message use it. */
  title: string;
  columns: Column<T>[];
  sorts: { value: string; label: string }[];
  status?: string;
}

/**
 * One admin list, searched, sorted and paged by the server: the table scrolls sideways
 * inside a labelled, focusable region, so it stays usable at 375 px.
 */
export function ListTable<T extends { id: string | number }>({ list, title, columns, sorts, status }: ListTableProps<T>) {
  const { typed, setTyped, search, page, setPage, settling } = useListSearch();
  const [sort, setSort] = useState(sorts[0]?.value ?? '-createdAt');
  const id = useId();

  const params = new URLSearchParams({ search, sort, page: String(page), pageSize: String(DEFAULT_PAGE_SIZE), ...(status ? { status } : {}) });
  const query = useAdminQuery<Page<T>>(adminKey(list, params.toString()), `${adminListPaths[list]}?${params}`);
  const data = query.data;
  const pages = data ? Math.max(1, Math.ceil(data.total / data.pageSize)) : 1;
  const exportParams = new URLSearchParams({ search, ...(status ? { status } : {}) });

  return (
    <section aria-labelledby={`${id}-title`} className="grid grid-cols-[minmax(0,1fr)] gap-3">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <h2 id={`${id}-title`} className="font-serif text-xl font-bold text-stone-900">
          {title}{' '}
          {data && (
            <span className="text-base font-normal text-stone-600">
              ({data.estimated ? 'about ' : ''}
              {data.total.toLocaleString()})
            </span>
          )}
        </h2>
        <a
          href={`${adminListPaths[list]}.csv?${exportParams}`}
          download
          className="inline-flex items-center gap-1 text-sm font-semibold text-brand-700 underline underline-offset-2"
        >
          <Download className="h-4 w-4" aria-hidden="true" /> Export CSV
        </a>
      </div>
      <div className="flex flex-wrap gap-3">
        <ListSearchBox
          label={`Search ${title.toLowerCase()}`}
          value={typed}
          onChange={setTyped}
          placeholder="Any part of a name, email…"
          className="flex-1"
          style={{ minWidth: '12rem' }}
        />
        <label className="grid gap-1 text-sm font-medium text-stone-800">
          Sort by
          <select
            value={sort}
            onChange={(event) => {
              setSort(event.target.value);
              setPage(1);
            }}
            className="rounded-md border border-stone-300 bg-white px-3 py-2 text-base"
          >
            {sorts.map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </select>
        </label>
      </div>
      {query.isError && <p className="text-red-700">Could not load {title.toLowerCase()}.</p>}
      {/* Busy from the first key press until the rows of that search are in: they are not the ones to act on yet. */}
      <div
        role="region"
        aria-label={`${title} table`}
        aria-busy={settling || query.isFetching}
        tabIndex={0}
        className="relative overflow-x-auto rounded-lg border border-stone-200 bg-white"
      >
        <table className="min-w-full text-left text-sm">
          <thead className="bg-stone-50 text-stone-700">
            <tr>
              {columns.map((column) => (
                <th key={column.header} scope="col" className={clsx('whitespace-nowrap px-3 py-2 font-semibold', column.wideOnly && 'hidden sm:table-cell')}>
                  {column.header}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {data?.items.map((row) => (
              <tr key={row.id} className="border-t border-stone-200 align-top">
                {columns.map((column) => (
                  <td key={column.header} className={clsx('px-3 py-2 text-stone-800', column.wideOnly && 'hidden sm:table-cell')}>
                    {column.cell(row)}
                  </td>
                ))}
              </tr>
            ))}
            {data && data.items.length === 0 && (
              <tr>
                <td colSpan={columns.length} className="px-3 py-6 text-center text-stone-600">
                  No {title.toLowerCase()} found.
                </td>
              </tr>
            )}
            {!data && (
              <tr>
                <td colSpan={columns.length} className="px-3 py-6 text-center text-stone-600">
                  Loading…
                </td>
              </tr>
            )}
          </tbody>
        </table>
      </div>
      <nav aria-label={`${title} pages`} className="flex items-center justify-between gap-2 text-sm text-stone-700">
        <Button variant="outline" size="sm" disabled={page <= 1} onClick={() => setPage((p) => p - 1)}>
          Previous page
        </Button>
        <span>
          Page {page} of {pages}
        </span>
        <Button variant="outline" size="sm" disabled={page >= pages} onClick={() => setPage((p) => p + 1)}>
          Next page
        </Button>
      </nav>
    </section>
  );
}

/** A list's dates, "Nov 28, 2026" on the site's clock (empty for none), for every admin alike. */
export function useListDate(): (iso: string | null) => string {
  const dates = useSiteDates();
  return (iso) => (iso ? dates.short(iso) : '');
}

export function fullName(user: { firstName: string | null; lastName: string | null; name: string | null }): string {
  return [user.firstName, user.lastName].filter(Boolean).join(' ') || user.name || '';
}
