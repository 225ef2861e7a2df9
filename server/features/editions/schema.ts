import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigserial,
  boolean,
  date,
  foreignKey,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { editionAudiences, editionStatuses, feedbackAnswers } from '#shared/newsletter/editions';
import type { SegmentFilter } from '#shared/newsletter/segments';
import { createdAt } from '../../db/columns';

/** A saved segment of The Weekly Dish's subscribers (decision 046): a name and a filter. */
export const newsletterSegments = pgTable(
  'newsletter_segments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    filter: jsonb('filter').$type<SegmentFilter>().notNull(),
    updatedBy: text('updated_by'),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('newsletter_segments_name_idx').on(sql`lower(${t.name})`)],
);

/** An edition of The Weekly Dish: a draft until it is scheduled or sent, then archived on the site. */
export const newsletterEditions = pgTable(
  'newsletter_editions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    slug: text('slug').notNull(),
    title: text('title').notNull(),
    summary: text('summary').notNull().default(''),
    body: text('body').notNull(),
    audience: text('audience', { enum: editionAudiences }).notNull().default('subscribers'),
    /**
     * The segment of an edition for one (audience 'segment'). A segment an unsent edition uses
     * cannot be deleted (409); a sent edition's recipients were fixed when it started, so it lets go.
     */
    segmentId: uuid('segment_id').references((): AnyPgColumn => newsletterSegments.id, { onDelete: 'set null' }),
    status: text('status', { enum: editionStatuses }).notNull().default('draft'),
    /** Raised by every save: a save from an older version is refused, so a second tab loses nothing. */
    version: integer('version').notNull().default(1),
    issueNumber: integer('issue_number'),
    scheduledAt: timestamp('scheduled_at', { withTimezone: true }),
    /** When sending started: the recipients were fixed then, and unsubscribes are counted from then. */
    startedAt: timestamp('started_at', { withTimezone: true }),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    /** The body as the site shows it and its reading time, worked out when saved; null until then (see renderMissingHtml). */
    bodyHtml: text('body_html'),
    readingMinutes: integer('reading_minutes'),
    /** Rendered once when sending starts; each recipient's copy only fills in its own unsubscribe link. */
    html: text('html'),
    text: text('text'),
    /** Its email ends with "Was this useful? Yes / No" (decision 045): counted per answer and day, never per person. */
    askFeedback: boolean('ask_feedback').notNull().default(false),
    updatedBy: text('updated_by'),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('newsletter_editions_slug_idx').on(t.slug),
    uniqueIndex('newsletter_editions_issue_idx').on(t.issueNumber),
    index('newsletter_editions_status_idx').on(t.status, t.scheduledAt),
    index('newsletter_editions_segment_idx').on(t.segmentId),
  ],
);

/**
 * One row per edition and recipient (unique): the edition goes to an address at most once.
 * Claimed in batches with FOR UPDATE SKIP LOCKED and marked sent right after the mail server
 * accepts it (decision 028).
 */
export const editionDeliveries = pgTable(
  'edition_deliveries',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    editionId: uuid('edition_id')
      .notNull()
      .references(() => newsletterEditions.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    status: text('status', { enum: ['pending', 'sent', 'failed', 'skipped'] })
      .notNull()
      .default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    lastError: text('last_error'),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('edition_deliveries_recipient_idx').on(t.editionId, sql`lower(${t.email})`),
    // What is left to send, in claiming order: only the pending rows, so a half-sent edition's claims never walk the sent ones.
    index('edition_deliveries_pending_idx')
      .on(t.editionId, t.id)
      .where(sql`status = 'pending'`),
  ],
);

/**
 * The addresses an edition goes to, fixed in one row when it starts sending (decision 099), until
 * the sender writes a delivery for each and deletes the row, both in one transaction. A row per
 * recipient written in the request took 1.6 s for 92,000 subscribers; this one row, 0.3 s.
 */
export const editionRecipientLists = pgTable('edition_recipient_lists', {
  editionId: uuid('edition_id')
    .primaryKey()
    .references(() => newsletterEditions.id, { onDelete: 'cascade' }),
  emails: text('emails').array().notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * The links of an edition's email as its copy was rendered (decision 045): its /r/<edition>/<number>
 * redirect leads only to these, so it is never an open redirect.
 */
export const editionLinks = pgTable(
  'edition_links',
  {
    editionId: uuid('edition_id')
      .notNull()
      .references(() => newsletterEditions.id, { onDelete: 'cascade' }),
    number: integer('number').notNull(),
    url: text('url').notNull(),
  },
  (t) => [primaryKey({ columns: [t.editionId, t.number] })],
);

/**
 * How often each link of an edition was followed, per day in the site's time zone: a count, nobody's
 * click. A link's day is counted on several rows (`shard`, drawn at random per click) and read as
 * their sum: every click of an edition's favourite link updated one row, and clicks queued on its
 * lock (decision 089).
 */
export const editionLinkClicks = pgTable(
  'edition_link_clicks',
  {
    editionId: uuid('edition_id').notNull(),
    number: integer('number').notNull(),
    day: date('day').notNull(),
    shard: smallint('shard').notNull().default(0),
    count: integer('count').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.editionId, t.number, t.day, t.shard] }),
    foreignKey({
      name: 'edition_link_clicks_link_fk',
      columns: [t.editionId, t.number],
      foreignColumns: [editionLinks.editionId, editionLinks.number],
    }).onDelete('cascade'),
  ],
);

/** The answers to "Was this useful?" per edition, answer and day: counts only. */
export const editionFeedback = pgTable(
  'edition_feedback',
  {
    editionId: uuid('edition_id')
      .notNull()
      .references(() => newsletterEditions.id, { onDelete: 'cascade' }),
    answer: text('answer', { enum: feedbackAnswers }).notNull(),
    day: date('day').notNull(),
    count: integer('count').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.editionId, t.answer, t.day] })],
);

/** Unsubscribes from an edition's own links (or its List-Unsubscribe header) by someone it was sent to: a count per edition, not who. */
export const editionUnsubscribes = pgTable('edition_unsubscribes', {
  editionId: uuid('edition_id')
    .primaryKey()
    .references(() => newsletterEditions.id, { onDelete: 'cascade' }),
  count: integer('count').notNull().default(0),
});
