import { sql } from 'drizzle-orm';
import { type AnyPgColumn, boolean, index, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { contactTypes } from '#shared/contact/schemas';
import { createdAt, searchIndexes, outreach } from '../../db/columns';
import { users } from '../../db/schema';

export const contactMessages = pgTable(
  'contact_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    organization: text('organization').notNull().default(''),
    contactType: text('contact_type', { enum: contactTypes }).notNull(),
    subject: text('subject').notNull().default(''),
    message: text('message').notNull(),
    status: text('status', { enum: ['new', 'contacted', 'resolved'] })
      .notNull()
      .default('new'),
    /** The account that submitted it while signed in (null: submitted without an account). */
    userId: uuid('user_id').references((): AnyPgColumn => users.id, { onDelete: 'set null' }),
    /** Sent by a signed-in premium member: priority support, a reply within 1 business day. */
    premium: boolean('premium').notNull().default(false),
    createdAt: createdAt(),
    ...outreach(),
  },
  (t) => [
    // The admin's default order: new premium messages first, then newest first.
    index('contact_messages_priority_idx').on(sql`(${t.status} = 'new' and ${t.premium}) desc`, sql`${t.createdAt} desc`, sql`${t.id} desc`),
    index('contact_messages_created_at_idx').on(t.createdAt, t.id),
    index('contact_messages_user_idx').on(t.userId),
    ...searchIndexes('contact_messages_email', t.email),
    ...searchIndexes('contact_messages_name', t.name),
    ...searchIndexes('contact_messages_subject', t.subject),
    ...searchIndexes('contact_messages_organization', t.organization),
    index('contact_messages_email_idx').on(t.email, t.id),
    index('contact_messages_status_idx').on(t.status, t.createdAt, t.id),
  ],
);
