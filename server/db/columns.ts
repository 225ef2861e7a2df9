import { sql } from 'drizzle-orm';
import { type AnyPgColumn, boolean, index, timestamp } from 'drizzle-orm/pg-core';

// Columns and indexes several tables declare alike, in server/db/schema.ts and the features' schema.ts files.

/** When the row was made, by the database's clock. */
export const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

/**
 * The admin lists' case-insensitive search (decisions 017 and 027): a search of three characters
 * or more matches inside values, `lower(col) LIKE '%text%'`, through a trigram GIN index (pg_trgm);
 * a shorter one matches the start, `lower(col) LIKE 'te%'`, through a btree on lower(col) with
 * text_pattern_ops (whatever the database's collation), where trigrams would not narrow it.
 */
export const searchIndexes = (name: string, column: AnyPgColumn) => [
  index(`${name}_search_idx`).using('btree', sql`lower(${column}) text_pattern_ops`),
  index(`${name}_trgm_idx`).using('gin', sql`lower(${column}) gin_trgm_ops`),
];

/** Whether, and when, the team reached out to the person behind a signup, result or message (the admin's lists). */
export const outreach = () => ({
  outreachCompleted: boolean('outreach_completed').notNull().default(false),
  outreachDate: timestamp('outreach_date', { withTimezone: true }),
});
