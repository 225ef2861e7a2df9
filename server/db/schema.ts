import { sql } from 'drizzle-orm';
import { bigserial, boolean, check, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { mailTopics } from '#shared/newsletter/preferences';
import { createdAt, searchIndexes } from './columns';

/**
 * The tables below the features: the accounts and their sessions and reset links, and what the
 * mail queue, the rate limits, the audit log and the shared secrets keep, which db/, http/, mail/
 * and jobs/ read and write. Each feature declares its own tables in its folder's schema.ts, and
 * the local payment provider its records in server/payment-providers/schema.ts; drizzle-kit
 * reads them all (drizzle.config.ts). Emails are stored trimmed and are unique
 * case-insensitively through an index on lower(email).
 */

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    email: text('email').notNull(),
    passwordHash: text('password_hash'),
    firstName: text('first_name'),
    lastName: text('last_name'),
    name: text('name'),
    profileImageUrl: text('profile_image_url'),
    isAdmin: boolean('is_admin').notNull().default(false),
    isPremium: boolean('is_premium').notNull().default(false),
    /**
     * When the account proved it owns its email (the link mailed at registration). Until then
     * the account reaches only what it did itself, never what was submitted under that address
     * without an account (docs/auth.md).
     */
    emailVerifiedAt: timestamp('email_verified_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('users_email_lower_idx').on(sql`lower(${t.email})`),
    index('users_created_at_idx').on(t.createdAt, t.id),
    // The admin's cards count premium members, all and since a day or month began: a scan of
    // the few premium rows, not of every user (docs/benchmarks.md).
    index('users_premium_created_at_idx')
      .on(t.createdAt)
      .where(sql`${t.isPremium}`),
    ...searchIndexes('users_email', t.email),
    ...searchIndexes('users_first_name', t.firstName),
    ...searchIndexes('users_last_name', t.lastName),
    ...searchIndexes('users_name', t.name),
    index('users_email_idx').on(t.email, t.id),
    index('users_last_name_idx').on(t.lastName, t.id),
  ],
);

export const sessions = pgTable(
  'sessions',
  {
    /** SHA-256 of the cookie's random token: a database leak gives no usable session. */
    tokenHash: text('token_hash').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('sessions_user_idx').on(t.userId), index('sessions_expires_idx').on(t.expiresAt)],
);

export const passwordResetTokens = pgTable(
  'password_reset_tokens',
  {
    tokenHash: text('token_hash').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [index('password_reset_tokens_user_idx').on(t.userId)],
);

/** Every admin action, append-only: who did what to which record, when. */
export const adminAuditLog = pgTable(
  'admin_audit_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    /** Kept as text, not a foreign key: the log outlives a deleted admin account. */
    adminId: uuid('admin_id').notNull(),
    adminEmail: text('admin_email').notNull(),
    action: text('action').notNull(),
    targetType: text('target_type').notNull(),
    targetId: text('target_id').notNull(),
    details: jsonb('details').$type<Record<string, string | number | boolean | null>>().notNull().default({}),
    createdAt: createdAt(),
  },
  (t) => [
    index('admin_audit_log_created_at_idx').on(t.createdAt, t.id),
    ...searchIndexes('admin_audit_log_admin_email', t.adminEmail),
    ...searchIndexes('admin_audit_log_action', t.action),
    ...searchIndexes('admin_audit_log_target_id', t.targetId),
  ],
);

/**
 * Rate-limit counters shared by every server on the database, so a limit holds across all of
 * them (server/http/rate-limit-store.ts). One row per key and window.
 */
export const rateLimits = pgTable(
  'rate_limits',
  {
    key: text('key').primaryKey(),
    count: integer('count').notNull(),
    resetAt: timestamp('reset_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('rate_limits_reset_at_idx').on(t.resetAt)],
);

/**
 * Every email, written before it is sent: a job delivers it and retries with backoff while the
 * mail server is down, so a promised email is never lost (server/mail/mail-queue.ts).
 */
export const queuedMails = pgTable(
  'mail_outbox',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    to: text('to').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    html: text('html'),
    /** A calendar invitation sent with the email (a webinar's .ics), as nodemailer's icalEvent. */
    icalEvent: jsonb('ical_event').$type<{ method: 'REQUEST' | 'CANCEL'; content: string; filename: string }>(),
    /** Extra headers sent with it (the welcome email's List-Unsubscribe). */
    headers: jsonb('headers').$type<Record<string, string>>(),
    status: text('status', { enum: ['pending', 'sent', 'failed'] })
      .notNull()
      .default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    /** While a server is sending it, no other one takes it; a crashed sender's claim runs out. */
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    lastError: text('last_error'),
    createdAt: createdAt(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    /**
     * What the mail is, when the site counts such mails by their verdict: a follow-up step's
     * "told once" topic. Null for every other mail.
     */
    topic: text('topic'),
  },
  (t) => [
    index('mail_outbox_due_idx').on(t.status, t.nextAttemptAt),
    // A follow-up step's figures (sent, failed, waiting) counted from this index alone.
    index('mail_outbox_topic_idx')
      .on(t.topic, t.status)
      .where(sql`topic is not null`),
  ],
);

/**
 * "This person was told this, once" (decision 034): one row per topic and person, unique, written
 * in the transaction that stores the email (or records a thing told another way, such as a Slack
 * invitation sent outside the site). Whatever runs twice, on whichever server, finds the row and
 * tells nobody again. The topic names what was told: `webinar:<id>:reminder-day:<start>`,
 * `coaching:<booking>:reminder`, `slack-invitation`.
 */
export const toldOnce = pgTable(
  'told_once',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    topic: text('topic').notNull(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
    /** For someone without an account. */
    email: text('email'),
    /** How, and by whom, when that matters (a Slack invitation: sent from here or marked sent elsewhere, by which admin). */
    details: jsonb('details').$type<Record<string, string>>(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('told_once_topic_person_idx').on(t.topic, sql`coalesce(${t.userId}::text, lower(${t.email}))`),
    index('told_once_user_idx').on(t.userId),
    check('told_once_has_person', sql`${t.userId} is not null or ${t.email} is not null`),
  ],
);

/** Secrets every server shares, made once on first start (the key that signs unsubscribe links). */
export const siteSecrets = pgTable('site_secrets', {
  name: text('name').primaryKey(),
  value: text('value').notNull(),
  createdAt: createdAt(),
});

/** Addresses a mail server refused for good (5xx at RCPT): never mailed an edition again. */
export const mailSuppressions = pgTable(
  'mail_suppressions',
  {
    email: text('email').notNull(),
    reason: text('reason').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('mail_suppressions_email_lower_idx').on(sql`lower(${t.email})`),
    // The admin's list of suppressed addresses: paged newest first, searched by address.
    index('mail_suppressions_created_at_idx').on(t.createdAt, t.email),
    ...searchIndexes('mail_suppressions_email', t.email),
  ],
);

/**
 * What each address has left, by topic (decision 071): the newsletter, the news topics, the
 * Check-Up's follow-ups and retake reminders. One row per address and topic, read by every
 * sender through server/mail/topic-opt-outs.ts; refused addresses are mail_suppressions.
 */
export const mailTopicOptOuts = pgTable(
  'mail_topic_opt_outs',
  {
    email: text('email').notNull(),
    topic: text('topic', { enum: mailTopics }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('mail_topic_opt_outs_email_topic_idx').on(sql`lower(${t.email})`, t.topic)],
);

/**
 * The next free start of a sending rate shared by every server (decision 049): one row per queue
 * ('weekly-dish'), moved on by each block of starts a sender reserves.
 */
export const sendRateSlots = pgTable('send_rate_slots', {
  name: text('name').primaryKey(),
  nextStart: timestamp('next_start', { withTimezone: true }).notNull(),
});
