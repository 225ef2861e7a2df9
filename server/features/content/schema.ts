import { type AnyPgColumn, customType, boolean, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { type ContentFields, contentSections, type ImageType } from '#shared/content/pages';
import { createdAt } from '../../db/columns';

/** Binary data: node-postgres reads a Buffer, PGlite a Uint8Array; both take either. */
const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});

/**
 * The site's pages and resources: the draft being written lives on the row; each
 * publish adds a content_versions row and points the item at it. Nothing is ever deleted from
 * the versions, so every published text can be looked at and restored.
 */
export const contentItems = pgTable(
  'content_items',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    section: text('section', { enum: contentSections }).notNull(),
    slug: text('slug').notNull(),
    position: integer('position').notNull().default(0),
    title: text('title').notNull(),
    summary: text('summary').notNull().default(''),
    body: text('body').notNull().default(''),
    fields: jsonb('fields').$type<ContentFields>().notNull().default({}),
    /** Raised by every save: a save from an older version is refused, so a second tab loses nothing. */
    version: integer('version').notNull().default(1),
    /** The live version; null when never published or unpublished. */
    publishedVersionId: uuid('published_version_id').references((): AnyPgColumn => contentVersions.id),
    /** When the draft is to be published (the 'content-publish' job does it). */
    publishAt: timestamp('publish_at', { withTimezone: true }),
    updatedBy: text('updated_by'),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('content_items_section_slug_idx').on(t.section, t.slug), index('content_items_publish_at_idx').on(t.publishAt)],
);

export const contentVersions = pgTable(
  'content_versions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    itemId: uuid('item_id')
      .notNull()
      .references((): AnyPgColumn => contentItems.id, { onDelete: 'cascade' }),
    number: integer('number').notNull(),
    title: text('title').notNull(),
    summary: text('summary').notNull(),
    body: text('body').notNull(),
    fields: jsonb('fields').$type<ContentFields>().notNull(),
    /** The body as the site shows it, rendered once when published; null until rendered (see renderMissingHtml). */
    html: text('html'),
    publishedBy: text('published_by'),
    publishedAt: timestamp('published_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('content_versions_item_number_idx').on(t.itemId, t.number)],
);

/**
 * Images uploaded into pages and editions, in the database so that every server
 * serves them: the stored size (at most 1600 px wide) and a 640 px WebP for phones.
 */
export const images = pgTable('images', {
  id: uuid('id').primaryKey().defaultRandom(),
  contentType: text('content_type').$type<ImageType>().notNull(),
  data: bytea('data').notNull(),
  phoneData: bytea('phone_data').notNull(),
  width: integer('width').notNull(),
  height: integer('height').notNull(),
  alt: text('alt').notNull(),
  uploadedBy: text('uploaded_by'),
  /** Whether its stored copies are known to carry no metadata (EXIF, GPS, XMP): images stored before that was done are cleaned by the 'images' job. */
  metadataStripped: boolean('metadata_stripped').notNull().default(false),
  createdAt: createdAt(),
});
