import { index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt } from '../../db/columns';
import { users } from '../../db/schema';

/** Premium's webinars: scheduled by admins; `sequence` rises with every change members are told of (the .ics SEQUENCE). */
export const webinars = pgTable(
  'webinars',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    /** The description and the recording's summary as the site shows them, rendered when saved; null until rendered. */
    descriptionHtml: text('description_html'),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    durationMinutes: integer('duration_minutes').notNull(),
    roomUrl: text('room_url').notNull(),
    capacity: integer('capacity'),
    status: text('status', { enum: ['scheduled', 'cancelled'] })
      .notNull()
      .default('scheduled'),
    sequence: integer('sequence').notNull().default(0),
    recordingUrl: text('recording_url'),
    recordingSummary: text('recording_summary').notNull().default(''),
    recordingSummaryHtml: text('recording_summary_html'),
    slidesUrl: text('slides_url'),
    recordingAddedAt: timestamp('recording_added_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('webinars_starts_at_idx').on(t.startsAt)],
);

export const webinarSignups = pgTable(
  'webinar_signups',
  {
    webinarId: uuid('webinar_id')
      .notNull()
      .references(() => webinars.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('webinar_signups_pk').on(t.webinarId, t.userId)],
);
