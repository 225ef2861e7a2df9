import { and, desc, SQL, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { AdminList, ListQuery } from '#shared/admin/schemas';
import type { Database } from '../../db/client';
import { csvLine } from '../../csv-writing';
import { listSpecs, listWhere } from './lists';

export const EXPORT_BATCH = 5000;
/**
 * Rows per string a batch comes back in. A batch as one string (about 1.3 MB for Check-Ups) went to
 * V8's large-object space and its reply to ever larger buffers in the driver, both freed only by a
 * full collection: the server grew by about 60 MB through a 1,000,000-row export. Strings of 100
 * rows (10-40 KB) die young, and so do the driver's buffers (decision 057).
 */
export const EXPORT_PIECE = 100;

/** Column types whose text can neither start a formula nor need quotes: a uuid, a boolean, a timestamp's ISO text. */
const PLAIN_TYPES = new Set(['PgUUID', 'PgBoolean', 'PgTimestamp']);

/**
 * The SQL twin of csvCell (server/csv-writing.ts): PostgreSQL writes each cell, so a batch reaches Node as one string
 * instead of thousands of row objects (decision 017: throughput and memory). Only what can start a
 * formula or need quotes is checked, and each check runs once: typed columns skip both, an integer
 * needs only its sign, a JSON object (it starts with "{" and, unless empty, holds quotes) is
 * quoted outright. PostgreSQL's work on a Check-Up export fell by about two thirds.
 */
export function sqlCell(column: PgColumn | SQL): SQL {
  const type = column instanceof SQL ? undefined : column.columnType;
  // A timestamp as JavaScript's toISOString writes it, whatever the session's time zone.
  const value = type === 'PgTimestamp' ? sql`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')` : sql`((${column})::text)`;
  if (type && PLAIN_TYPES.has(type)) return sql`coalesce(${value}, '')`;
  if (type === 'PgInteger') return sql`coalesce(case when ${column} < 0 then '''' || ${value} else ${value} end, '')`;
  // The template's \t and \r become a real tab and carriage return inside the SQL string.
  const safe = sql`(case when ${value} ~ '^[-=+@\t\r]' then '''' || ${value} else ${value} end)`;
  // The quote check on the value itself: the apostrophe a formula gets adds none of these characters.
  const text = sql`coalesce(case when ${value} ~ '[",\r\n]' then '"' || replace(${safe}, '"', '""') || '"' else ${safe} end, '')`;
  if (type === 'PgJsonb') {
    return sql`(case when jsonb_typeof(${column}) = 'object' and ${column} <> '{}'::jsonb then '"' || replace(${value}, '"', '""') || '"' else ${text} end)`;
  }
  return text;
}

/**
 * The whole list with the current search, newest first, as CSV: read in batches by keyset on
 * (createdAt, id), so a million rows never sit in memory and every batch is one index range,
 * on PostgreSQL and PGlite alike (decision 017).
 */
export async function* exportCsv(db: Database, list: AdminList, query: Pick<ListQuery, 'search' | 'status'>): AsyncGenerator<string> {
  const spec = listSpecs[list];
  const createdAt = spec.sort.createdAt as PgColumn;
  const columns = [...Object.entries(spec.fields), ...Object.entries(spec.exportExtras ?? {})] as [string, PgColumn | SQL][];
  yield csvLine(columns.map(([name]) => name));
  const where = listWhere(spec, query);
  const line = sql.join(
    columns.map(([, column]) => sqlCell(column)),
    sql` || ',' || `,
  );
  // The cursor's time as PostgreSQL's own text: a JS Date would drop the microseconds and skip rows.
  type Cursor = { at: string; id: string | null };
  const fetchBatch = async (cursor: Cursor | undefined) => {
    const after = cursor ? sql`(${createdAt}, ${spec.id}) < (${cursor.at}::timestamptz, ${cursor.id})` : undefined;
    const rows = db
      .select({ line: sql<string>`${line} || E'\\r\\n'`.as('line'), at: sql`${createdAt}`.as('at'), id: sql`${spec.id}`.as('row_id') })
      .from(spec.table)
      .$dynamic();
    const batch = (spec.exportJoin ? rows.leftJoin(spec.exportJoin.table, spec.exportJoin.on) : rows)
      .where(and(where, after))
      .orderBy(desc(createdAt), desc(spec.id))
      .limit(EXPORT_BATCH)
      .as('batch');
    // Numbered in the order the subquery gives: numbering it again in order would sort each batch twice.
    const numbered = db
      .select({ line: batch.line, at: batch.at, id: batch.id, n: sql<number>`row_number() over () - 1`.as('n') })
      .from(batch)
      .as('numbered');
    const piece = sql`${numbered.n} / ${sql.raw(String(EXPORT_PIECE))}`;
    return db
      .select({
        csv: sql<string>`string_agg(${numbered.line}, '' order by ${numbered.n})`,
        lastAt: sql<string>`(array_agg(${numbered.at}::text order by ${numbered.n} desc))[1]`,
        lastId: sql<string>`(array_agg(${numbered.id}::text order by ${numbered.n} desc))[1]`,
        rows: sql<number>`count(*)::int`,
      })
      .from(numbered)
      .groupBy(piece)
      .orderBy(piece);
  };
  let next = fetchBatch(undefined);
  for (;;) {
    const pieces = await next;
    const last = pieces.at(-1);
    if (!last) return;
    const more = pieces.reduce((rows, piece) => rows + piece.rows, 0) === EXPORT_BATCH;
    if (more) {
      // The next batch is read while this one is sent: PostgreSQL and Node work at the same time.
      next = fetchBatch({ at: last.lastAt, id: last.lastId });
      // A download stopped mid-way abandons this read: its failure then has nobody to report to.
      next.catch(() => undefined);
    }
    for (const piece of pieces) yield piece.csv;
    if (!more) return;
  }
}
