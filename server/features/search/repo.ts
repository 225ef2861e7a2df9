import { type SQL, sql } from 'drizzle-orm';
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
import { CONTACT_EMAIL_PLACEHOLDER } from '#shared/content/prices-in-text';
import type { Database, Executor } from '../../db/client';
import { preparedPerDatabase } from '../../db/prepared';
import { type searchDocuments, searchGeneration, type searchQueriesWeekly } from './schema';

/**
 * What a page fills into its text as it shows it, so a snippet reads as the page does: the
 * contact address of this server's CONTACT_EMAIL setting. (Prices are in the kept HTML already:
 * the index has them too. The address is a setting of the server, so the index keeps the
 * placeholder's words, "contact" and "email".)
 */
export interface PageFill {
  contactEmail: string;
}

export interface Searcher {
  /** Premium members see premium items whole; anyone else finds them by title, locked. */
  premium: boolean;
}

/** How many of a search's best matches by their head are ranked again by their whole text (decision 083). */
const RANK_DEPTH = 100;

const nothingToSearch = 'There are no words to search for in that: try a word or two from what you are looking for, such as “board” or “cash flow”.';

// The snippet: up to two stretches around the matched words of the body's passage that best
// matches the query (search_passages, drizzle/0052). ts_headline parses what it is given, per
// result: given whole bodies it was about half of a search's cost (decision 095).
const headlineOptions = `StartSel=${MARK_START}, StopSel=${MARK_END}, MaxWords=28, MinWords=12, ShortWord=3, MaxFragments=2, FragmentDelimiter=" … "`;

/**
 * The query as websearch_to_tsquery is given it. Where a word may start, a "-" is a NOT, and the
 * parser stacks a run of them, 32 at most: beyond that every search of it failed ("tsquery stack
 * too small", a 500). A run of minus signs, with nothing between them but spaces and the
 * operator characters the parser skips (! & | ( ) <), is read as PostgreSQL reads it: one minus
 * when odd, none when even (two NOTs cancel). A dash inside a word ("cash-flow") is the word's.
 */
const minusRun = /(?<=^|[\s!&|()<"])-(?:[\s!&|()<]*-)+/gu;
export const foldMinusRuns = (query: string) => query.replace(minusRun, (run) => (run.split('-').length % 2 === 0 ? '-' : ''));

const tsquery = (query: string) => sql`websearch_to_tsquery('search_english', ${foldMinusRuns(query)})`;

/** Any of the query's words (`query` a tsquery column): its positive part with every AND and phrase made an OR. */
const anyWord = sql.raw(`case when querytree(query) in ('T', '') then query else regexp_replace(querytree(query), '<[0-9-]+>|&', '|', 'g')::tsquery end`);

/**
 * What a query finds for this searcher: rows of (source_id, kind, published_at, locked, head: how
 * well what the document is about matches). The database's function search_found (drizzle/0045)
 * says who matches what (a premium item, for anyone but a premium member, by its title alone) and
 * always through the index. Empty when the query holds no word to search for.
 */
const found = (query: SQL, searcher: Searcher) =>
  sql`select f.* from ${query} as q(query), search_found(q.query, ${searcher.premium}) f where numnode(q.query) > 0`;

async function countMatches(db: Executor, query: string, searcher: Searcher): Promise<Partial<Record<SearchKind, number>>> {
  // Raw, as every search statement: a text-search function's rows.
  const { rows } = await db.execute<{ kind: string; n: number }>(
    sql`select f.kind, count(*)::int as n from (${found(tsquery(query), searcher)}) f group by f.kind`,
  );
  return countsOf(Object.fromEntries(rows.map((row) => [row.kind, Number(row.n)])));
}

const countsOf = (byKind: Record<string, number>): Partial<Record<SearchKind, number>> =>
  Object.fromEntries(searchKinds.filter((k) => byKind[k]).map((k) => [k, Number(byKind[k])]));

/** A row of the search statement: the query's words and the counts on every row, and a result where the page has one. */
type FoundRow = {
  nodes: number;
  counts: Record<string, number>;
} & (
  | { url: null }
  | (Pick<typeof searchDocuments.$inferSelect, 'kind' | 'url' | 'title' | 'summary'> & { published_at: string | Date | null; locked: boolean; snippet: string })
);

/**
 * One search in one statement: how many words the query holds, the count per kind, and one page
 * of results (of `kind`, when given). Ranked by what each document is about (its head, kept in
 * the row), then, for the first RANK_DEPTH only, by its whole text: the whole text's vector is
 * large and stored apart (TOAST), and reading it for every match was most of a search's time
 * (decision 083). A locked document is ranked on its title alone, never on the text it hides.
 * Cut to the page before the snippets, made for the page's results only, each from its best passage.
 */
async function searchOnce(db: Executor, query: string, searcher: Searcher, fill: PageFill, kind: SearchKind | null, page: number) {
  const offset = (page - 1) * SEARCH_LIMITS.perPage;
  // Raw: ts_headline, a text-search function's rows and JSON aggregates, which the builder cannot say.
  const { rows } = await db.execute<FoundRow>(
    sql`
      with q0 as (select ${tsquery(query)} as query),
      q as (select query, ${anyWord} as any_word from q0),
      f as materialized (${found(sql`(select query from q)`, searcher)}),
      counts as (select coalesce(json_object_agg(c.kind, c.n), '{}') as counts from (select kind, count(*)::int as n from f group by kind) c),
      shown as (select * from f ${kind ? sql`where f.kind = ${kind}` : sql``}),
      top as (select * from shown order by head desc, published_at desc nulls last, source_id limit ${RANK_DEPTH}),
      deep as (
        select top.*, case when top.locked then top.head else ts_rank(d.vector, q.query) end as rank
        from top join search_documents d on d.source_id = top.source_id, q
      ),
      page as (
        select * from deep
        ${
          // A page past the first RANK_DEPTH also reads the rest, unranked by their whole text,
          // which follows the ranked ones: their head is no higher.
          offset + SEARCH_LIMITS.perPage > RANK_DEPTH
            ? sql`union all select shown.*, null::real from shown where shown.source_id not in (select source_id from top)`
            : sql``
        }
        order by head desc, rank desc nulls last, published_at desc nulls last, source_id
        limit ${SEARCH_LIMITS.perPage} offset ${offset}
      )
      select numnode(q.query) as nodes, counts.counts, d.kind, d.url, d.title, d.published_at, p.locked,
        case when p.locked then '' else d.summary end as summary,
        case when p.locked then '' else ts_headline('search_english', replace(sp.passage, ${CONTACT_EMAIL_PLACEHOLDER}, ${fill.contactEmail}), case when sp.whole then q.query else q.any_word end, ${headlineOptions}) end as snippet
      from q cross join counts
      left join (page p join search_documents d on d.source_id = p.source_id) on true
      -- The passage that holds the query, the most densely; else the one that holds the most of its
      -- words (two words far apart in the body, each in its own passage), marked as words: ranked or
      -- marked by the query itself, a passage without all of them is 0 and its start; else the
      -- body's start (a title's match). None for a locked result: its text is neither shown nor read.
      left join lateral (
        select s.passage, s.vector @@ q.query as whole from search_passages s where s.source_id = p.source_id and not p.locked
        order by s.vector @@ q.query desc, ts_rank_cd(s.vector, q.query) desc, ts_rank(s.vector, q.any_word) desc, s.n limit 1
      ) sp on true
      order by p.head desc, p.rank desc nulls last, p.published_at desc nulls last, p.source_id`,
  );
  const first = rows[0]!;
  const results: SearchResult[] = rows.flatMap((row) =>
    row.url === null
      ? []
      : [
          {
            kind: row.kind,
            title: row.title,
            // An Ally is shown in the directory, searched for by its name.
            url: row.kind === 'ally' ? `/allies?search=${encodeURIComponent(row.title)}` : row.url,
            date: row.published_at === null ? null : new Date(row.published_at).toISOString(),
            locked: row.locked,
            summary: row.summary,
            snippet: row.snippet,
          },
        ],
  );
  return { nodes: Number(first.nodes), counts: countsOf(first.counts), results };
}

/** The words of a query as the word list keeps them: lower case, without accents. */
const plainWords = (query: string) =>
  query
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .split(/[^\p{L}]+/u)
    .filter((word) => word.length >= 3 && word.length <= 40);

/** Whether something this searcher may see holds the word (for anyone else, a premium item's title). */
const seenWord = (searcher: Searcher, word: SQL) => sql`exists (
  select 1 from search_documents d, plainto_tsquery('search_english', ${word}) as w(query)
  where d.vector @@ w.query${searcher.premium ? sql`` : sql` and (not d.premium or d.title_vector @@ w.query)`})`;

/**
 * "Did you mean": each word of the query that nothing this searcher may see contains, replaced
 * by the most similar word (trigrams) that something they may see does; offered only when the
 * whole suggestion finds something. The word list holds every word ever published, premium
 * bodies too: a word is taken from it only once a document this searcher may see is found to
 * hold it, so what is offered, or not, is the same whatever the premium items say.
 */
async function suggest(db: Executor, query: string, searcher: Searcher): Promise<string | null> {
  const words = [...new Set(plainWords(query))].slice(0, 8);
  if (!words.length) return null;
  // Raw: a select from a JSON array's elements, with trigram similarity, which the builder cannot say.
  const { rows } = await db.execute<{ typed: string; nearest: string | null }>(
    sql`
      select t.word as typed, (
        select s.word from (
          -- Most similar first; "offset 0" keeps the check below from running on every candidate.
          select s.word from search_words s where s.word % t.word order by similarity(s.word, t.word) desc, s.word offset 0
        ) s
        where ${seenWord(searcher, sql`s.word`)}
        limit 1
      ) as nearest
      from json_array_elements_text(${JSON.stringify(words)}::json) as t(word)
      where numnode(plainto_tsquery('search_english', t.word)) > 0 and not ${seenWord(searcher, sql`t.word`)}`,
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
  return Object.keys(await countMatches(db, suggestion, searcher)).length > 0 ? suggestion : null;
}

/** A search as the searcher may see it: one page of results, the count per kind, and help when nothing is found. */
export async function search(
  db: Executor,
  params: { q: string; kind?: SearchKind | undefined; page: number },
  searcher: Searcher,
  fill: PageFill,
): Promise<SearchAnswer> {
  const query = params.q.trim();
  const kind = params.kind ?? null;
  const answer: SearchAnswer = { ...emptyAnswer, query, kind, page: params.page, forPremium: searcher.premium };
  if (!query) return answer;
  const { nodes, counts, results } = await searchOnce(db, query, searcher, fill, kind, params.page);
  if (nodes === 0) return { ...answer, message: nothingToSearch };
  const total = Object.values(counts).reduce((sum, n) => sum + n, 0);
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
  // Raw: window functions over the weeks, filtered by their ranks.
  const { rows } = await db.execute<
    Pick<typeof searchQueriesWeekly.$inferSelect, 'week' | 'query' | 'searches' | 'empty'> & {
      rank_all: number;
      rank_empty: number;
      week_searches: number;
      week_empty: number;
    }
  >(
    sql`
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
      order by week desc, searches desc, query`,
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
