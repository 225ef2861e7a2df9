import { expect, it } from 'vitest';
import { calendarEvent } from './ics';

const event = {
  uid: 'webinar-7f1c2a9e-0000-4000-8000-000000000001@hub.example.org',
  title: 'Budgets, reserves; and a long title that goes on well past the seventy-five octets a line may hold',
  description: 'Line one\nLine two, with a comma',
  url: 'https://hub.example.org/webinars',
  startsAt: new Date('2030-03-10T17:30:00Z'),
  durationMinutes: 90,
  sequence: 2,
  organizer: 'team@hub.example.org',
  attendee: 'member@example.org',
  cancelled: false,
};

it('writes the event in UTC with its sequence, escaped and folded as RFC 5545 says', () => {
  const ics = calendarEvent(event, new Date('2030-01-01T00:00:00Z'));
  const lines = ics.split('\r\n');
  expect(lines).toContain('DTSTART:20300310T173000Z');
  expect(lines).toContain('DTEND:20300310T190000Z');
  expect(lines).toContain('SEQUENCE:2');
  expect(lines).toContain('METHOD:REQUEST');
  expect(lines).toContain('UID:webinar-7f1c2a9e-0000-4000-8000-000000000001@hub.example.org');
  expect(lines).toContain('DESCRIPTION:Line one\\nLine two\\, with a comma');
  expect(lines.every((line) => Buffer.byteLength(line, 'utf8') <= 75)).toBe(true);
  // Unfolded, the title is whole again.
  expect(ics.replace(/\r\n /g, '')).toContain('SUMMARY:Budgets\\, reserves\\; and a long title that goes on well past the seventy-five octets a line may hold');
  expect(ics.endsWith('END:VCALENDAR\r\n')).toBe(true);
});

it('cancels the same event', () => {
  const ics = calendarEvent({ ...event, cancelled: true, sequence: 3 });
  expect(ics).toContain('METHOD:CANCEL');
  expect(ics).toContain('STATUS:CANCELLED');
  expect(ics).toContain('SEQUENCE:3');
});
