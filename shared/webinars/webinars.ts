import { z } from '../zod';
import { clockTime } from '../date-fields';
import { optionalText, requiredText } from '../text-fields';

/**
 * Premium's monthly expert webinars: events an admin schedules, premium members sign
 * up for, join through the room link, and find recorded afterwards.
 */
export const WEBINAR_LIMITS = { title: 200, description: 20_000, summary: 20_000, link: 500, minMinutes: 15, maxMinutes: 480, maxCapacity: 10_000 } as const;
/** The room link is shown to signed-up members from this many minutes before the start. */
export const ROOM_OPENS_MINUTES = 15;

const link = (label: string) =>
  z
    .string({ error: `${label} must be text` })
    .trim()
    .max(WEBINAR_LIMITS.link, `${label} must be at most ${WEBINAR_LIMITS.link} characters`)
    .regex(/^https?:\/\/[^/\s\\]+\S*$/i, `${label} must be an address starting with https:// or http://`);

export const webinarInputSchema = z
  .object({
    title: requiredText('Title', WEBINAR_LIMITS.title),
    description: optionalText('Description', WEBINAR_LIMITS.description),
    /** The start as the site's clock shows it (`2026-12-10T13:00`). */
    startsAt: clockTime('Start'),
    durationMinutes: z
      .number({ error: 'Duration must be a number of minutes' })
      .int('Duration must be whole minutes')
      .min(WEBINAR_LIMITS.minMinutes, `Duration must be at least ${WEBINAR_LIMITS.minMinutes} minutes`)
      .max(WEBINAR_LIMITS.maxMinutes, `Duration must be at most ${WEBINAR_LIMITS.maxMinutes} minutes`),
    roomUrl: link('Room link'),
    capacity: z
      .number({ error: 'Capacity must be a number' })
      .int('Capacity must be a whole number')
      .min(1, 'Capacity must be at least 1')
      .max(WEBINAR_LIMITS.maxCapacity, `Capacity must be at most ${WEBINAR_LIMITS.maxCapacity}`)
      .nullable()
      .default(null),
  })
  .strict();
export type WebinarInput = z.input<typeof webinarInputSchema>;

export const recordingInputSchema = z
  .object({
    recordingUrl: link('Recording link'),
    summary: optionalText('Summary', WEBINAR_LIMITS.summary),
    slidesUrl: link('Slides link').or(z.literal('')).default(''),
  })
  .strict();

export const recordingSearchSchema = z
  .object({ q: z.string({ error: 'Search must be text' }).trim().max(200, 'Search must be at most 200 characters').default('') })
  .strict();

export type WebinarStatus = 'scheduled' | 'cancelled';

/** What the site shows of an event; the room link only to a signed-up premium member from 15 minutes before. */
export interface PublicWebinar {
  id: string;
  title: string;
  descriptionHtml: string;
  startsAt: string;
  endsAt: string;
  durationMinutes: number;
  status: WebinarStatus;
  capacity: number | null;
  spotsLeft: number | null;
  /** For premium members: whether they signed up, and the room once it opens. */
  signedUp?: boolean;
  roomUrl?: string;
  roomOpensAt: string;
}

export interface PublicRecording {
  id: string;
  title: string;
  startsAt: string;
  recordingUrl: string;
  slidesUrl: string | null;
  summaryHtml: string;
}

export interface WebinarsPage {
  /** Premium members see everything; others a teaser of the upcoming events. */
  premium: boolean;
  timeZone: string;
  upcoming: PublicWebinar[];
  recordings: PublicRecording[];
}

/** A row of the admin's Webinars tab. */
export interface AdminWebinar {
  id: string;
  title: string;
  description: string;
  startsAt: string;
  /** The start on the site's clock, for the edit form. */
  startsAtLocal: string;
  durationMinutes: number;
  roomUrl: string;
  capacity: number | null;
  status: WebinarStatus;
  signups: number;
  recordingUrl: string | null;
  recordingSummary: string;
  slidesUrl: string | null;
}

export const webinarsQueryKey = ['/api/webinars'] as const;
