import { type AnyColumn, asc, desc, type SQL, sql } from 'drizzle-orm';

/** Escapes LIKE's wildcards and its escape character: a search for `50%_off` means those characters. */
export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/** From this many characters a search matches inside values; a shorter one matches their start. */
export const CONTAINS_FROM = 3;

/**
 * Case-insensitive search over a few columns (decision 027): "@bigorg.org" or a word in a name
 * is found anywhere in a value, `lower(col) LIKE '%text%'`, through the trigram GIN indexes,
 * so it stays fast on a million rows. One or two characters give a trigram index nothing to
 * narrow on: they match the start of a value (`'te%'`, the text_pattern_ops btrees), as the
 * first letters of a name or an address do. Empty search: no condition.
 */
export function searchCondition(search: string, columns: AnyColumn[]): SQL | undefined {
  if (!search) return undefined;
  const escaped = escapeLike(search.toLowerCase());
  const pattern = [...search].length >= CONTAINS_FROM ? `%${escaped}%` : `${escaped}%`;
  return sql.join(
    columns.map((column) => sql`lower(${column}) like ${pattern}`),
    sql` or `,
  );
}

/** `-createdAt` → createdAt descending; the key was whitelisted by the query schema. Ties broken by id. */
export function orderBy(sort: string, columns: Record<string, AnyColumn>, id: AnyColumn): SQL[] {
  const descending = sort.startsWith('-');
  const column = columns[descending ? sort.slice(1) : sort];
  if (!column) throw new Error(`Unknown sort key ${sort}`);
  return descending ? [desc(column), desc(id)] : [asc(column), asc(id)];
}

/** Above this many rows, an unfiltered total is PostgreSQL's estimate (decision 017). */
export const ESTIMATE_ABOVE = 100_000;

/**
 * The row count of a whole table as one SQL expression: exact while the table is small, the
 * planner's estimate (pg_class.reltuples, kept fresh by ANALYZE and autovacuum) once it is
 * large, because counting a million rows exactly costs more than the whole page budget. CASE
 * runs the exact count only when it is needed.
 */
export function tableCount(table: string): SQL<number> {
  return sql<number>`(select case when c.reltuples >= ${ESTIMATE_ABOVE} then c.reltuples::bigint else (select count(*) from ${sql.identifier(table)}) end
    from pg_class c where c.oid = ${table}::regclass)`;
}

export function offsetOf(page: number, pageSize: number): number {
  return (page - 1) * pageSize;
}
