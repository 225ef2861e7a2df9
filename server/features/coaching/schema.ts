import { sql } from 'drizzle-orm';
import { index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt } from '../../db/columns';
import { users } from '../../db/schema';

/** One-on-one coaching: 60-minute slots an admin (the coach) publishes. */
export const coachingSlots = pgTable(
  'coaching_slots',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    coachId: uuid('coach_id').references(() => users.id, { onDelete: 'set null' }),
    coachName: text('coach_name').notNull(),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    roomUrl: text('room_url').notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('coaching_slots_coach_start_idx').on(t.coachId, t.startsAt), index('coaching_slots_starts_idx').on(t.startsAt)],
);

/**
 * A member's booking of a slot. The database keeps the two promises, whatever server takes the
 * click: one live booking per slot, and one live booking per member and calendar month (the
 * slot's month in SITE_TIMEZONE). A cancelled booking frees both.
 */
export const coachingBookings = pgTable(
  'coaching_bookings',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    slotId: uuid('slot_id')
      .notNull()
      .references(() => coachingSlots.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The session's calendar month on the site's clock, '2026-12'. */
    month: text('month').notNull(),
    status: text('status', { enum: ['booked', 'cancelled'] })
      .notNull()
      .default('booked'),
    /**
     * The member's calendar event, when it is not this booking's own id: a move is a new booking
     * that keeps the event of the one it replaces, so the calendar updates it instead of adding one.
     */
    invitationId: uuid('invitation_id'),
    /** The event's SEQUENCE: raised by each move, so the updated invitation replaces the one before. */
    sequence: integer('sequence').notNull().default(0),
    cancelledReason: text('cancelled_reason'),
    createdAt: createdAt(),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('coaching_bookings_slot_live_idx')
      .on(t.slotId)
      .where(sql`status = 'booked'`),
    uniqueIndex('coaching_bookings_month_live_idx')
      .on(t.userId, t.month)
      .where(sql`status = 'booked'`),
  ],
);
