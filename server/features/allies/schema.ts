import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, searchIndexes } from '../../db/columns';
import { users } from '../../db/schema';

export const allies = pgTable(
  'allies',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    tagline: text('tagline').notNull().default(''),
    category: text('category').notNull(),
    description: text('description').notNull().default(''),
    services: text('services').notNull().default(''),
    howTheyHelp: text('how_they_help').notNull().default(''),
    whatMakesDifferent: text('what_makes_different').notNull().default(''),
    traction: text('traction').notNull().default(''),
    offerForMembers: text('offer_for_members').notNull().default(''),
    vibeCheck: text('vibe_check').notNull().default(''),
    website: text('website').notNull().default(''),
    email: text('email').notNull().default(''),
    phone: text('phone').notNull().default(''),
    submitterName: text('submitter_name').notNull().default(''),
    submitterEmail: text('submitter_email').notNull(),
    approved: boolean('approved').notNull().default(false),
    /** Set when an admin approves the ally or marks it re-verified: members see how fresh a listing is. */
    lastVerifiedAt: timestamp('last_verified_at', { withTimezone: true }),
    /** When it was first approved: the week's Allies news names the allies new to the directory (decision 053). */
    listedAt: timestamp('listed_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('allies_approved_category_idx').on(t.approved, t.category),
    index('allies_created_at_idx').on(t.createdAt, t.id),
    index('allies_approved_created_at_idx').on(t.approved, t.createdAt, t.id),
    ...searchIndexes('allies_name', t.name),
    ...searchIndexes('allies_email', t.email),
    ...searchIndexes('allies_submitter_email', t.submitterEmail),
    ...searchIndexes('allies_category', t.category),
    // The directory lists approved allies by name: this index serves the order and the page limit.
    index('allies_approved_name_idx').on(t.approved, sql`lower(${t.name})`),
  ],
);

/** A premium member's rating of an ally: one per member and ally; an admin can hide it. */
export const allyReviews = pgTable(
  'ally_reviews',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    allyId: uuid('ally_id')
      .notNull()
      .references(() => allies.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    rating: integer('rating').notNull(),
    comment: text('comment').notNull().default(''),
    hidden: boolean('hidden').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('ally_reviews_ally_user_idx').on(t.allyId, t.userId), index('ally_reviews_user_idx').on(t.userId)],
);
