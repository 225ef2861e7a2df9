import { and, desc, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { AdminList, ListQuery } from '#shared/admin/schemas';
import type { Database } from '../../db/client';
import { listSpecs, listWhere } from './lists';

/**
 * A spreadsheet runs a cell starting with = + - @ (or a tab or CR before one) as a formula: such
 * a cell gets a leading apostrophe so it stays text (OWASP "CSV injection").
 */
export function csvCell(value: unknown): string {
  let text = value == null ? '' : value instanceof Date ? value.toISOString() : typeof value === 'object' ? JSON.stringify(value) : String(value);
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  // RFC 4180: a field with a quote, comma or line break is quoted, its quotes doubled.
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function csvLine(values: unknown[]): string {
  return `${values.map(csvCell).join(',')}\r\n`;
}

export const EXPORT_BATCH = 2000;

/**
 * The whole list with the current search, newest first, as CSV lines: read in batches by keyset
 * on (createdAt, id), so a million rows never sit in memory and every batch is one index range,
 * on PostgreSQL and PGlite alike (decision 017).
 */
export async function* exportCsv(db: Database, list: AdminList, query: Pick<ListQuery, 'search' | 'status'>): AsyncGenerator<string> {
  const spec = listSpecs[list];
  const createdAt = spec.sort.createdAt as PgColumn;
  const columns = Object.keys(spec.fields);
  yield csvLine(columns);
  const where = listWhere(spec, query);
  // The cursor's time as PostgreSQL's own text: a JS Date would drop the microseconds and skip rows.
  let cursor: { createdAt: string; id: unknown } | undefined;
  for (;;) {
    const after = cursor ? sql`(${createdAt}, ${spec.id}) < (${cursor.createdAt}::timestamptz, ${cursor.id})` : undefined;
    const rows = (await db
      .select({ ...spec.fields, _cursorAt: sql<string>`${createdAt}::text`, _cursorId: spec.id })
      .from(spec.table)
      .where(and(where, after))
      .orderBy(desc(createdAt), desc(spec.id))
      .limit(EXPORT_BATCH)) as Record<string, unknown>[];
    if (rows.length === 0) return;
    let chunk = '';
    for (const row of rows) chunk += csvLine(columns.map((c) => row[c]));
    yield chunk;
    const last = rows[rows.length - 1]!;
    cursor = { createdAt: last._cursorAt as string, id: last._cursorId };
    if (rows.length < EXPORT_BATCH) return;
  }
}
