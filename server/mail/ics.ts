/**
 * An event (a webinar, a coaching session) as iCalendar (RFC 5545) for the confirmation, update
 * and cancellation emails. Times are written in UTC ("Z"), which every calendar shows in its own time zone, so
 * no VTIMEZONE is needed and a daylight-saving change between now and the event cannot shift it.
 * The UID is the event's: an update (a higher SEQUENCE) or a cancellation replaces the event
 * already in the member's calendar instead of adding a second one.
 */
export interface CalendarEvent {
  /** Unique and stable for the event: `webinar-<id>@host`, `coaching-<id>@host`. */
  uid: string;
  title: string;
  description: string;
  url: string;
  startsAt: Date;
  durationMinutes: number;
  sequence: number;
  organizer: string;
  attendee: string;
  cancelled: boolean;
}

const stamp = (date: Date) =>
  date
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');

/** Text values escape backslash, semicolon, comma and line breaks (RFC 5545 3.3.11). */
const escapeText = (value: string) => value.replace(/\\/g, '\\\\').replace(/;/g, '\\;').replace(/,/g, '\\,').replace(/\r?\n/g, '\\n');

/** Lines longer than 75 octets are folded: CRLF and one space (RFC 5545 3.1). */
function fold(line: string): string {
  const bytes = Buffer.from(line, 'utf8');
  if (bytes.length <= 75) return line;
  const parts: string[] = [];
  let current = '';
  for (const char of line) {
    if (Buffer.byteLength(current + char, 'utf8') > (parts.length === 0 ? 75 : 74)) {
      parts.push(current);
      current = '';
    }
    current += char;
  }
  parts.push(current);
  return parts.join('\r\n ');
}

export function calendarEvent(event: CalendarEvent, now = new Date()): string {
  const ends = new Date(event.startsAt.getTime() + event.durationMinutes * 60_000);
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Nonprofit Leaders Hub//Events//EN',
    'CALSCALE:GREGORIAN',
    `METHOD:${event.cancelled ? 'CANCEL' : 'REQUEST'}`,
    'BEGIN:VEVENT',
    `UID:${event.uid}`,
    `SEQUENCE:${event.sequence}`,
    `DTSTAMP:${stamp(now)}`,
    `DTSTART:${stamp(event.startsAt)}`,
    `DTEND:${stamp(ends)}`,
    `SUMMARY:${escapeText(event.title)}`,
    `DESCRIPTION:${escapeText(event.description)}`,
    `URL:${event.url}`,
    `LOCATION:${escapeText(event.url)}`,
    `ORGANIZER;CN=Nonprofit Leaders Hub:mailto:${event.organizer}`,
    `ATTENDEE;ROLE=REQ-PARTICIPANT;PARTSTAT=ACCEPTED;RSVP=FALSE:mailto:${event.attendee}`,
    `STATUS:${event.cancelled ? 'CANCELLED' : 'CONFIRMED'}`,
    'END:VEVENT',
    'END:VCALENDAR',
  ];
  return lines.map(fold).join('\r\n') + '\r\n';
}

/** A day with no clock, for a calendar to show on that date wherever it is (a due date). */
export interface AllDayEvent {
  uid: string;
  title: string;
  description: string;
  url: string;
  /** YYYY-MM-DD. */
  day: string;
}

/**
 * All-day events as one calendar to import (a plan's due dates): DATE values with no zone, each
 * ending the next day (RFC 5545 3.6.1), and no METHOD, since it is a file added, not an invitation.
 */
export function allDayCalendar(name: string, events: AllDayEvent[], now = new Date()): string {
  const compact = (day: string) => day.replace(/-/g, '');
  const nextDay = (day: string) => {
    const [year, month, date] = day.split('-').map(Number) as [number, number, number];
    return new Date(Date.UTC(year, month - 1, date + 1)).toISOString().slice(0, 10);
  };
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Nonprofit Leaders Hub//Plans//EN',
    'CALSCALE:GREGORIAN',
    `X-WR-CALNAME:${escapeText(name)}`,
    ...events.flatMap((event) => [
      'BEGIN:VEVENT',
      `UID:${event.uid}`,
      `DTSTAMP:${stamp(now)}`,
      `DTSTART;VALUE=DATE:${compact(event.day)}`,
      `DTEND;VALUE=DATE:${compact(nextDay(event.day))}`,
      `SUMMARY:${escapeText(event.title)}`,
      `DESCRIPTION:${escapeText(event.description)}`,
      `URL:${event.url}`,
      'TRANSP:TRANSPARENT',
      'END:VEVENT',
    ]),
    'END:VCALENDAR',
  ];
  return lines.map(fold).join('\r\n') + '\r\n';
}
