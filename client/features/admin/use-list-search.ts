import { useEffect, useState } from 'react';

/**
 * The search box and page of an admin list the server searches and pages: what the admin types,
 * the search asked of the server (the same text, trimmed, 300 ms after the last key, back on the
 * first page), and whether the two differ yet (the rows shown are not that search's).
 */
export function useListSearch() {
  const [typed, setTyped] = useState('');
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  useEffect(() => {
    // Only a new search goes back to the first page: on opening, a page turned within 300 ms stays.
    const next = typed.trim();
    if (next === search) return;
    const timer = setTimeout(() => {
      setSearch(next);
      setPage(1);
    }, 300);
    return () => clearTimeout(timer);
  }, [typed, search]);
  return { typed, setTyped, search, page, setPage, settling: typed.trim() !== search };
}
