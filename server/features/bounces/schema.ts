import { sql } from 'drizzle-orm';
import { bigint, bigserial, index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { bounceKinds, bounceSources } from '#shared/newsletter/bounces';
import { searchIndexes } from '../../db/columns';
import { newsletterEditions, editionDeliveries } from '../editions/schema';

/**
 * What came back about one copy of an edition (decision 043): a bounce or a complaint, read from
 * the bounce mailbox, a provider's webhook or the mail server's refusal while sending. One row per
 * copy and kind, so the same report read twice (two servers, a re-poll, a webhook retry, the
 * mailbox and the webhook both) counts once. `edition_id` is the edition the copy was of.
 */
export const editionBounces = pgTable(
  'edition_bounces',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    deliveryId: bigint('delivery_id', { mode: 'number' })
      .notNull()
      .references(() => editionDeliveries.id, { onDelete: 'cascade' }),
    editionId: uuid('edition_id')
      .notNull()
      .references(() => newsletterEditions.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    kind: text('kind', { enum: bounceKinds }).notNull(),
    /** The enhanced status code (RFC 3463, 5.1.1) or the SMTP reply code when no other was given; '' for complaints. */
    status: text('status').notNull().default(''),
    /** The mail server's own words (Diagnostic-Code, the provider's message), or the complaint's feedback type. */
    diagnostic: text('diagnostic').notNull().default(''),
    source: text('source', { enum: bounceSources }).notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('edition_bounces_delivery_kind_idx').on(t.deliveryId, t.kind),
    index('edition_bounces_edition_idx').on(t.editionId, t.kind),
    // Soft bounces of an address within the window.
    index('edition_bounces_email_idx').on(sql`lower(${t.email})`, t.receivedAt),
    index('edition_bounces_received_at_idx').on(t.receivedAt, t.id),
    ...searchIndexes('edition_bounces_email', t.email),
  ],
);
