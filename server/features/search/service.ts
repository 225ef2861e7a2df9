import { normaliseQuery, type SearchAnswer, type SearchKind } from '#shared/search/search';
import type { Database } from '../../db/client';
import { addSearchCounts, currentSearchGeneration, type PageFill, search, type Searcher } from './repo';

/** Answers kept per server: the common searches of a week fit, a flood of distinct ones cannot grow it. */
const KEPT_ANSWERS = 1_000;
/** How long counts wait in memory before they are written together (decision 042: what a crash may lose). */
const COUNT_FLUSH_MS = 5_000;

type SearchParams = { q: string; kind?: SearchKind | undefined; page: number };

export interface SearchService {
  search(params: SearchParams, searcher: Searcher): Promise<SearchAnswer>;
  /** The same, with the generation it holds for: what a kept page of it is keyed by. */
  searchAt(params: SearchParams, searcher: Searcher): Promise<{ answer: SearchAnswer; generation: number }>;
  /** Counts a search typed by someone (not another page of it). */
  count(query: string, foundNothing: boolean): void;
  /** Writes the counts waiting in memory (the admin's view asks first; the server's close too). */
  flush(): Promise<void>;
  close(): Promise<void>;
}

/**
 * The search of one server. An answer is kept until what search finds changes: every search first
 * reads the database's search generation (raised in the transaction of any publish, unpublish or
 * restore, on any server), so a kept answer is never older than the last change that committed
 * before the search began. Counts are added up in memory and written every few seconds in one
 * statement: a search never waits for a count, and many searches of one query are one row lock.
 */
export function createSearchService(db: Database, log: { warn(obj: unknown, msg: string): void }, fill: PageFill): SearchService {
  let keptFor = -1;
  const kept = new Map<string, SearchAnswer>();
  let pending = new Map<string, { searches: number; empty: number }>();
  let flushing: Promise<void> = Promise.resolve();

  const flush = () => {
    flushing = flushing.then(async () => {
      if (!pending.size) return;
      const counts = [...pending].map(([query, c]) => ({ query, ...c }));
      pending = new Map();
      await addSearchCounts(db, counts).catch((error: unknown) => log.warn({ err: error, searches: counts.length }, 'searches were not counted'));
    });
    return flushing;
  };
  const timer = setInterval(() => void flush(), COUNT_FLUSH_MS);
  timer.unref();

  const searchAt = async (params: SearchParams, searcher: Searcher) => {
    const generation = await currentSearchGeneration(db);
    if (generation !== keptFor) {
      kept.clear();
      keptFor = generation;
    }
    const key = JSON.stringify([searcher.premium, params.q.trim(), params.kind ?? null, params.page]);
    const known = kept.get(key);
    if (known) {
      // Most recently used last: the oldest is the first to go.
      kept.delete(key);
      kept.set(key, known);
      return { answer: known, generation };
    }
    const answer = await search(db, params, searcher, fill);
    if (keptFor === generation) {
      kept.set(key, answer);
      if (kept.size > KEPT_ANSWERS) kept.delete(kept.keys().next().value!);
    }
    return { answer, generation };
  };

  return {
    searchAt,
    search: async (params, searcher) => (await searchAt(params, searcher)).answer,
    count(query, foundNothing) {
      const normalised = normaliseQuery(query);
      if (!normalised) return;
      const entry = pending.get(normalised) ?? { searches: 0, empty: 0 };
      entry.searches += 1;
      if (foundNothing) entry.empty += 1;
      pending.set(normalised, entry);
    },
    flush,
    async close() {
      clearInterval(timer);
      await flush();
    },
  };
}
