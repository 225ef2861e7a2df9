import { z } from '../zod';
import { clockTime } from '../date-fields';

/** One-on-one coaching: one 60-minute session per member per calendar month. */
export const SESSION_MINUTES = 60;
/** A booking can be cancelled or moved up to this many hours before it starts. */
export const CANCEL_HOURS = 24;
/** How far ahead members see free slots. */
export const BOOKING_WINDOW_DAYS = 60;

const link = z
  .string({ error: 'Room link must be text' })
  .trim()
  .max(500, 'Room link must be at most 500 characters')
  .regex(/^https?:\/\/[^/\s\\]+\S*$/i, 'Room link must be an address starting with https:// or http://');

/** Slots an admin publishes: one or more starts on the site's clock, with the video room. */
export const slotsInputSchema = z
  .object({
    startsAt: z
      .array(clockTime('Start'), { error: 'Starts must be a list of dates and times' })
      .min(1, 'Add at least one start')
      .max(50, 'At most 50 slots at a time'),
    roomUrl: link,
  })
  .strict();

export const bookingInputSchema = z.object({ slotId: z.uuid('slotId must be a slot id') }).strict();

export interface CoachingSlot {
  id: string;
  startsAt: string;
  endsAt: string;
  coachName: string;
}

export interface CoachingBooking {
  id: string;
  slot: CoachingSlot;
  /** The video room: shown from 15 minutes before, like a webinar's. */
  roomUrl?: string;
  /** Until when it can still be cancelled or moved. */
  changeableUntil: string;
}

export interface CoachingPage {
  premium: boolean;
  timeZone: string;
  /** The member's sessions to come (at most one a month). */
  bookings: CoachingBooking[];
  /** Free slots in the coming weeks; a slot in a month already booked is marked so. */
  slots: (CoachingSlot & { monthTaken: boolean })[];
}

export interface AdminCoachingSlot extends CoachingSlot {
  roomUrl: string;
  booking: { id: string; email: string; name: string } | null;
}

export const coachingQueryKey = ['/api/coaching'] as const;
