/**
 * Site search (decision 042): what can be found, how a query is limited, and what an
 * answer holds. No Zod here: the header's search box is on every page's first screen.
 */

/** What a result can be, as the documents table stores it. */
export const searchKinds = ['guide', 'page', 'resource', 'library', 'edition', 'webinar', 'ally'] as const;
export type SearchKind = (typeof searchKinds)[number];

/** The filter a result list offers, in this order ("All" first). */
export const searchKindLabels: Record<SearchKind, { one: string; many: string }> = {
  guide: { one: 'Field guide', many: 'Field guides' },
  resource: { one: 'Resource', many: 'Resources' },
  edition: { one: 'Weekly Dish', many: 'Weekly Dish' },
  webinar: { one: 'Webinar', many: 'Webinars' },
  ally: { one: 'Ally', many: 'Allies' },
  library: { one: 'Premium library', many: 'Premium library' },
  page: { one: 'Page', many: 'Pages' },
};
export const searchKindOrder: readonly SearchKind[] = ['guide', 'resource', 'edition', 'webinar', 'ally', 'library', 'page'];

/** The field of the /search page, which "/" focuses when the header's box is hidden. */
export const SEARCH_PAGE_INPUT = 'search-page-input';

export const SEARCH_LIMITS = { query: 200, perPage: 10, pages: 50 } as const;

/**
 * Where the database marks a matched word in a snippet: two characters of Unicode's private use
 * area, which the indexed text never holds (the index removes them), so a snippet is drawn as
 * text with <mark> around the words, never as HTML.
 */
export const MARK_START = '\uE000';
export const MARK_END = '\uE001';

/** A result as the searcher may see it. A locked one has no summary and no snippet. */
export interface SearchResult {
  kind: SearchKind;
  title: string;
  url: string;
  /** ISO date of publication (sent, started, approved), when it has one. */
  date: string | null;
  locked: boolean;
  summary: string;
  /** The text around the matched words, the words between MARK_START and MARK_END. */
  snippet: string;
}

export interface SearchAnswer {
  /** The query as searched (trimmed), '' for none. */
  query: string;
  kind: SearchKind | null;
  page: number;
  results: SearchResult[];
  /** How many results each kind has for the query (every kind, also with a filter). */
  counts: Partial<Record<SearchKind, number>>;
  total: number;
  /** A query with each unknown word replaced by the nearest known one, when that finds something. */
  suggestion: string | null;
  /** Why nothing could be searched (only stop words, only punctuation), when that is the case. */
  message: string | null;
  /**
   * Drawn for a premium member (premium items whole, matched on all their text) or for anyone
   * else (locked, matched on their title): a page whose reader is the other asks again.
   */
  forPremium: boolean;
}

export const emptyAnswer: SearchAnswer = {
  query: '',
  kind: null,
  page: 1,
  results: [],
  counts: {},
  total: 0,
  suggestion: null,
  message: null,
  forPremium: false,
};

/** The same query counted once however it is typed: trimmed, spaces collapsed, lower case. */
export const normaliseQuery = (query: string) => query.trim().replace(/\s+/g, ' ').toLowerCase();

/**
 * The search an address asks for, read the same way by the server's page and the browser (the
 * key of the answer the page carries). Not validated here: the server answers a bad one with its
 * message.
 */
export function searchOf(params: URLSearchParams): { q: string; kind: string | null; page: string | null } {
  return { q: (params.get('q') ?? '').trim(), kind: params.get('kind'), page: params.get('page') };
}

/** The address of a search, as the form in the header sends it. */
export function searchPath(query: string, kind?: SearchKind | null, page = 1): string {
  const params = new URLSearchParams({ q: query });
  if (kind) params.set('kind', kind);
  if (page > 1) params.set('page', String(page));
  return `/search?${params}`;
}

/** The admin's weekly view of what people searched for (no user, no address is kept). */
export interface WeeklySearches {
  /** The Monday the week starts on (YYYY-MM-DD). */
  week: string;
  searches: number;
  foundNothing: number;
  top: { query: string; searches: number; empty: number }[];
  /** The searches that found nothing, most frequent first (`searches` counts those times). */
  empty: { query: string; searches: number }[];
}
