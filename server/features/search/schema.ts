import { sql } from 'drizzle-orm';
import { bigint, customType, boolean, check, date, index, integer, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { searchKinds } from '#shared/search/search';

/** A text-search vector; written only by the database's own functions (drizzle/0028_search.sql). */
const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

/**
 * What search finds (decision 042): one row per published item (a page, guide, resource, library
 * item, sent edition, webinar or approved Ally), kept by triggers on the tables that publish them,
 * in the same transaction as the publish, unpublish or restore. Never a draft or an older version.
 */
export const searchDocuments = pgTable(
  'search_documents',
  {
    sourceId: uuid('source_id').primaryKey(),
    kind: text('kind', { enum: searchKinds }).notNull(),
    url: text('url').notNull(),
    title: text('title').notNull(),
    summary: text('summary').notNull(),
    /** The text a reader sees (tags removed), for the snippet. */
    body: text('body').notNull(),
    /** Shown to premium members only; anyone else gets a locked result (title and kind). */
    premium: boolean('premium').notNull(),
    publishedAt: timestamp('published_at', { withTimezone: true }),
    /** Title (weight A), summary (B) and body (C) in the 'search_english' configuration (unaccented, stemmed). */
    vector: tsvector('vector').notNull(),
    /** The title alone: a locked result is found by its title, never by the text it hides. */
    titleVector: tsvector('title_vector').notNull(),
    /**
     * What a document is about, compact enough to stay in the row (never TOASTed): its title and
     * the line above it (a guide's pillar) at weight A, its summary and headings at B. Ranking reads
     * this first (drizzle/0044): a word in the title outranks the same word said three times in passing.
     */
    headVector: tsvector('head_vector')
      .notNull()
      .default(sql`''::tsvector`),
  },
  (t) => [
    // Without GIN's pending list (fastupdate off): a publish writes its words into the index at
    // once (about 0.25 ms more per document), so no search scans a list of recent publishes
    // until a vacuum merges it (1,300 documents pending made searches 38% slower; decision 098).
    index('search_documents_vector_idx').using('gin', t.vector).with({ fastupdate: false }),
    // A visitor finds a premium item by its title alone: these few titles, without a pass over every row (drizzle/0045).
    index('search_documents_premium_title_idx')
      .using('gin', t.titleVector)
      .with({ fastupdate: false })
      .where(sql`${t.premium}`),
  ],
);

/**
 * A document's body in passages of about 650 characters, each starting 500 after the last (so a
 * phrase of up to 150 characters is whole in one of them), cut between words, with their own
 * vectors; written with the document by search_put (drizzle/0052). The snippet is drawn from the
 * passage that best matches the query: parsing a whole body for every result shown was most of a
 * search's cost (decision 095).
 */
export const searchPassages = pgTable(
  'search_passages',
  {
    sourceId: uuid('source_id')
      .notNull()
      .references(() => searchDocuments.sourceId, { onDelete: 'cascade' }),
    /** 1 for the body's start, in order. */
    n: integer('n').notNull(),
    passage: text('passage').notNull(),
    vector: tsvector('vector').notNull(),
  },
  (t) => [primaryKey({ columns: [t.sourceId, t.n] })],
);

/** The words of everything ever published (lower case, unaccented), for "Did you mean" (trigrams). */
export const searchWords = pgTable('search_words', { word: text('word').primaryKey() }, (t) => [
  index('search_words_trgm_idx').using('gin', sql`${t.word} gin_trgm_ops`),
]);

/** What people searched for, per week (Monday), and how often it found nothing: no user, no address. */
export const searchQueriesWeekly = pgTable(
  'search_queries_weekly',
  {
    week: date('week').notNull(),
    query: text('query').notNull(),
    searches: integer('searches').notNull().default(0),
    empty: integer('empty').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.week, t.query] })],
);

/**
 * One number, raised by the database in every transaction that changes `search_documents`
 * (drizzle/0028): a server keeps search answers only while it is the number they were found under.
 */
export const searchGeneration = pgTable(
  'search_generation',
  {
    id: boolean('id').primaryKey().default(true),
    n: bigint('n', { mode: 'number' }).notNull(),
  },
  (t) => [check('search_generation_one_row', sql`${t.id}`)],
);
