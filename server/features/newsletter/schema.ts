import { sql } from 'drizzle-orm';
import { type AnyPgColumn, check, index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { signupSources, storedSubscriberStatuses } from '#shared/newsletter/schemas';
import { createdAt, searchIndexes, outreach } from '../../db/columns';
import { users } from '../../db/schema';

export const newsletterSignups = pgTable(
  'newsletter_signups',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull().default(''),
    email: text('email').notNull(),
    organization: text('organization').notNull().default(''),
    /** The account that submitted it while signed in (null: submitted without an account). */
    userId: uuid('user_id').references((): AnyPgColumn => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    /**
     * 'pending' until the confirmation link is clicked (confirmed opt-in), 'bounced' once a mail
     * server refused it for good. Signups from before confirmed opt-in count as subscribed.
     * Leaving the newsletter is not here: it is the address's opt-out of the topic 'newsletter'
     * (mail_topic_opt_outs, decision 071), and the check below keeps it out.
     */
    status: text('status', { enum: storedSubscriberStatuses }).notNull().default('subscribed'),
    /** The form the address first signed up with (null: imported, or never signed up). Segments filter by it. */
    source: text('source', { enum: signupSources }),
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
    ...outreach(),
  },
  (t) => [
    check('newsletter_signups_stored_status', sql`${t.status} in ('pending', 'subscribed', 'bounced')`),
    index('newsletter_signups_status_idx').on(t.status, t.createdAt, t.id),
    uniqueIndex('newsletter_signups_email_lower_idx').on(sql`lower(${t.email})`),
    index('newsletter_signups_created_at_idx').on(t.createdAt, t.id),
    index('newsletter_signups_user_idx').on(t.userId),
    ...searchIndexes('newsletter_signups_email', t.email),
    ...searchIndexes('newsletter_signups_name', t.name),
    ...searchIndexes('newsletter_signups_organization', t.organization),
    index('newsletter_signups_email_idx').on(t.email, t.id),
    index('newsletter_signups_name_idx').on(t.name, t.id),
  ],
);

export const communitySignups = pgTable(
  'community_signups',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull().default(''),
    email: text('email').notNull(),
    organization: text('organization').notNull().default(''),
    signupType: text('signup_type', { enum: signupSources }).notNull(),
    /** The account that submitted it while signed in (null: submitted without an account). */
    userId: uuid('user_id').references((): AnyPgColumn => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    index('community_signups_created_at_idx').on(t.createdAt, t.id),
    index('community_signups_user_idx').on(t.userId),
    ...searchIndexes('community_signups_email', t.email),
    ...searchIndexes('community_signups_name', t.name),
    ...searchIndexes('community_signups_organization', t.organization),
  ],
);
