import { sql } from 'drizzle-orm';
import {
  emptyAnswer,
  MARK_END,
  MARK_START,
  SEARCH_LIMITS,
  type SearchAnswer,
  type SearchKind,
  type SearchResult,
  searchKinds,
  type WeeklySearches,
} from '#shared/search/search';
import type { Database, Executor } from '../../db/client';
import { preparedPerDatabase } from '../../db/prepared';
import { searchGeneration } from '../../db/schema';
import { rowsOf } from '../../db/rows';

export interface Searcher {
  /** Premium members see premium items whole; anyone else finds them by title, locked. */
  premium: boolean;
}

const nothingToSearch = 'There are no words to search for in that: try a word or two from what you are looking for, such as “board” or “cash flow”.';

// The snippet: up to two passages of the body around the matched words, from its first 8,000
// characters (ts_headline parses what it is given, per result: the costly part of most searches,
// about 2 ms a result on bodies of 7 KB, docs/benchmarks.md).
const headlineOptions = `StartSel=${MARK_START}, StopSel=${MARK_END}, MaxWords=28, MinWords=12, ShortWord=3, MaxFragments=2, FragmentDelimiter=" … "`;

/** Whether a document may be shown whole to the searcher, as SQL. */
const visibleWhole = (searcher: Searcher) => (searcher.premium ? sql`true` : sql`not d.premium`);

/** Matches the query; a document the searcher may not read is matched on its title alone. */
const matches = (searcher: Searcher) =>
  searcher.premium ? sql`d.vector @@ q.query` : sql`d.vector @@ q.query and (not d.premium or d.title_vector @@ q.query)`;

interface Counts {
  nodes: number;
  counts: Partial<Record<SearchKind, number>>;
}

async function countMatches(db: Executor, query: string, searcher: Searcher): Promise<Counts> {
  const [row] = rowsOf<{ nodes: number; counts: Record<string, number> | string }>(
    await db.execute(sql`
      select numnode(q.query) as nodes,
        (select coalesce(json_object_agg(kind, n), '{}') from (
          select d.kind, count(*)::int as n from search_documents d where ${matches(searcher)} group by d.kind
        ) c) as counts
      from websearch_to_tsquery('search_english', ${query}) as q(query)`),
  );
  const counts = typeof row!.counts === 'string' ? (JSON.parse(row!.counts) as Record<string, number>) : row!.counts;
  return { nodes: Number(row!.nodes), counts: Object.fromEntries(searchKinds.filter((k) => counts[k]).map((k) => [k, Number(counts[k])])) };
}

interface ResultRow {
  kind: SearchKind;
  url: string;
  title: string;
  published_at: string | Date | null;
  locked: boolean;
  summary: string;
  snippet: string;
}

async function pageOfResults(db: Executor, query: string, searcher: Searcher, kind: SearchKind | null, page: number): Promise<SearchResult[]> {
  const whole = visibleWhole(searcher);
  const rows = rowsOf<ResultRow>(
    await db.execute(sql`
      select d.kind, d.url, d.title, d.published_at, not (${whole}) as locked,
        case when ${whole} then d.summary else '' end as summary,
        case when ${whole} then ts_headline('search_english', left(d.body, 8000), q.query, ${headlineOptions}) else '' end as snippet
      from (
        select d.*, case when ${whole} then ts_rank(d.vector, q.query) else ts_rank('{1,1,1,1}', d.title_vector, q.query) end as rank
        from search_documents d, websearch_to_tsquery('search_english', ${query}) as q(query)
        where ${matches(searcher)} ${kind ? sql`and d.kind = ${kind}` : sql``}
        order by rank desc, d.published_at desc nulls last, d.source_id
        limit ${SEARCH_LIMITS.perPage} offset ${(page - 1) * SEARCH_LIMITS.perPage}
      ) d, websearch_to_tsquery('search_english', ${query}) as q(query)
      order by d.rank desc, d.published_at desc nulls last, d.source_id`),
  );
  return rows.map((row) => ({
    kind: row.kind,
    title: row.title,
    // An Ally is shown in the directory, searched for by its name.
    url: row.kind === 'ally' ? `/allies?search=${encodeURIComponent(row.title)}` : row.url,
    date: row.published_at === null ? null : new Date(row.published_at).toISOString(),
    locked: row.locked,
    summary: row.summary,
    snippet: row.snippet,
  }));
}

/** The words of a query as the word list keeps them: lower case, without accents. */
const plainWords = (query: string) =>
  query
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .split(/[^\p{L}]+/u)
    .filter((word) => word.length >= 3 && word.length <= 40);

/**
 * "Did you mean": each word of the query that nothing published contains, replaced by the most
 * similar word that something does (trigrams); offered only when it finds something this
 * searcher may see.
 */
async function suggest(db: Executor, query: string, searcher: Searcher): Promise<string | null> {
  const words = [...new Set(plainWords(query))].slice(0, 8);
  if (!words.length) return null;
  const rows = rowsOf<{ typed: string; nearest: string | null }>(
    await db.execute(sql`
      select w.word as typed, (
        select s.word from search_words s where s.word % w.word order by similarity(s.word, w.word) desc, s.word limit 1
      ) as nearest
      from json_array_elements_text(${JSON.stringify(words)}::json) as w(word)
      where not exists (select 1 from search_words s where s.word = w.word)`),
  );
  const replacements = new Map(rows.filter((row) => row.nearest && row.nearest !== row.typed).map((row) => [row.typed, row.nearest!]));
  if (!replacements.size) return null;
  const suggestion = query
    .split(/(\s+)/)
    .map((part) => {
      const plain = plainWords(part)[0];
      return plain && plainWords(part).length === 1 && replacements.has(plain) ? part.replace(/[\p{L}\p{M}]+/u, replacements.get(plain)!) : part;
    })
    .join('');
  if (suggestion === query) return null;
  const { counts } = await countMatches(db, suggestion, searcher);
  return Object.values(counts).some((n) => n > 0) ? suggestion : null;
}

/** A search as the searcher may see it: one page of results, the count per kind, and help when nothing is found. */
export async function search(db: Executor, params: { q: string; kind?: SearchKind | undefined; page: number }, searcher: Searcher): Promise<SearchAnswer> {
  const query = params.q.trim();
  const kind = params.kind ?? null;
  const answer: SearchAnswer = { ...emptyAnswer, query, kind, page: params.page };
  if (!query) return answer;
  const { nodes, counts } = await countMatches(db, query, searcher);
  if (nodes === 0) return { ...answer, message: nothingToSearch };
  const total = Object.values(counts).reduce((sum, n) => sum + n, 0);
  const shown = kind ? (counts[kind] ?? 0) : total;
  const results = shown > (params.page - 1) * SEARCH_LIMITS.perPage ? await pageOfResults(db, query, searcher, kind, params.page) : [];
  const suggestion = total === 0 ? await suggest(db, query, searcher) : null;
  return { ...answer, counts, total, results, suggestion };
}

// Read before every search, kept or not: a prepared statement (docs/benchmarks.md, "Search").
const generationStatement = preparedPerDatabase((db) => db.select({ n: searchGeneration.n }).from(searchGeneration).prepare('search_generation'));

/** Raised by every change to what search finds, in the changing transaction (drizzle/0028). */
export async function currentSearchGeneration(db: Database): Promise<number> {
  const [row] = await generationStatement(db).execute();
  return row!.n;
}

/**
 * Adds searches to their week (Monday, on the database's clock): each query as typed, normalised,
 * how often, and how often it found nothing. Nothing about who searched.
 */
export async function addSearchCounts(db: Executor, counts: { query: string; searches: number; empty: number }[]): Promise<void> {
  if (!counts.length) return;
  await db.execute(sql`
    insert into search_queries_weekly (week, query, searches, empty)
    select date_trunc('week', now())::date, c.query, c.searches, c.empty
    from json_to_recordset(${JSON.stringify(counts)}::json) as c(query text, searches int, empty int)
    order by c.query
    on conflict (week, query) do update set searches = search_queries_weekly.searches + excluded.searches, empty = search_queries_weekly.empty + excluded.empty`);
}

/** The admin's view: per week, newest first, the most frequent searches and those that found nothing. */
export async function weeklySearches(db: Executor, weeks: number, perWeek = 20): Promise<WeeklySearches[]> {
  const rows = rowsOf<{
    week: string;
    query: string;
    searches: number;
    empty: number;
    rank_all: number;
    rank_empty: number;
    week_searches: number;
    week_empty: number;
  }>(
    await db.execute(sql`
      select * from (
        select week::text as week, query, searches, empty,
          row_number() over (partition by week order by searches desc, query) as rank_all,
          row_number() over (partition by week order by empty desc, searches desc, query) as rank_empty,
          sum(searches) over (partition by week)::int as week_searches,
          sum(empty) over (partition by week)::int as week_empty
        from search_queries_weekly
        where week > (date_trunc('week', now()) - make_interval(weeks => ${weeks}))::date
      ) r
      where rank_all <= ${perWeek} or (rank_empty <= ${perWeek} and empty > 0)
      order by week desc, searches desc, query`),
  );
  const byWeek = new Map<string, WeeklySearches>();
  for (const row of rows) {
    const week = row.week;
    let entry = byWeek.get(week);
    if (!entry) {
      entry = { week, searches: Number(row.week_searches), foundNothing: Number(row.week_empty), top: [], empty: [] };
      byWeek.set(week, entry);
    }
    if (Number(row.rank_all) <= perWeek) entry.top.push({ query: row.query, searches: Number(row.searches), empty: Number(row.empty) });
    if (Number(row.rank_empty) <= perWeek && Number(row.empty) > 0) entry.empty.push({ query: row.query, searches: Number(row.empty) });
  }
  for (const entry of byWeek.values()) entry.empty.sort((a, b) => b.searches - a.searches || a.query.localeCompare(b.query));
  return [...byWeek.values()];
}
