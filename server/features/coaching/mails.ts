import { calendarEvent } from '../../mail/ics';
import type { Mail } from '../../mail/transport';
import { siteTime } from '#shared/site-time';

export type CoachingMailKind = 'confirmation' | 'moved' | 'reminder' | 'cancelled' | 'premium-ended' | 'slot-removed';

export interface CoachingMailInput {
  /** The member's calendar event (the first booking's id, kept by its moves). */
  eventId: string;
  startsAt: Date;
  /** A move: the time it replaces. */
  movedFrom?: Date;
  coachName: string;
  member: { email: string; name: string | null };
  sequence: number;
}

/** The emails about one booking; confirmation and cancellations carry the .ics that adds or removes it. */
export function coachingMail(kind: CoachingMailKind, booking: CoachingMailInput, settings: { publicUrl: string; timeZone: string; from: string }): Mail {
  const page = `${settings.publicUrl}/coaching`;
  const when = `${siteTime(booking.startsAt, settings.timeZone)} (60 minutes)`;
  const cancelled = kind !== 'confirmation' && kind !== 'moved' && kind !== 'reminder';
  const icalEvent =
    kind === 'reminder'
      ? undefined
      : {
          method: cancelled ? ('CANCEL' as const) : ('REQUEST' as const),
          filename: 'coaching.ics',
          content: calendarEvent({
            uid: `coaching-${booking.eventId}@${new URL(settings.publicUrl).hostname}`,
            title: `Coaching session with ${booking.coachName}`,
            description: `Your premium coaching session. The room link appears on ${page} 15 minutes before the start.`,
            url: page,
            startsAt: booking.startsAt,
            durationMinutes: 60,
            sequence: booking.sequence,
            organizer: /<([^>]+)>/.exec(settings.from)?.[1] ?? settings.from,
            attendee: booking.member.email,
            cancelled,
          }),
        };
  const texts: Record<CoachingMailKind, { subject: string; body: string }> = {
    confirmation: {
      subject: 'Your coaching session is booked',
      body: `Your session with ${booking.coachName} is booked.\n\nWhen: ${when}\n\nThe room link appears on ${page} 15 minutes before the start. You can cancel or move it there until 24 hours before. The invitation attached adds it to your calendar.`,
    },
    moved: {
      subject: 'Your coaching session is moved',
      body: `Your session with ${booking.coachName} is moved${booking.movedFrom ? ` from ${siteTime(booking.movedFrom, settings.timeZone)}` : ''}.\n\nNow: ${when}\n\nThe room link appears on ${page} 15 minutes before the start. You can cancel or move it there until 24 hours before. The invitation attached updates it in your calendar.`,
    },
    reminder: {
      subject: 'Reminder: your coaching session',
      body: `A reminder: your session with ${booking.coachName} is coming up.\n\nWhen: ${when}\n\nThe room link appears on ${page} 15 minutes before the start.`,
    },
    cancelled: {
      subject: 'Your coaching session is cancelled',
      body: `Your session of ${when} is cancelled, as you asked. This month's session is yours to book again: ${page}`,
    },
    'premium-ended': {
      subject: 'Your coaching session is cancelled',
      body: `Your premium membership has ended, so your session of ${when} is cancelled and the slot is free for others. You are welcome back any time: ${settings.publicUrl}/pricing`,
    },
    'slot-removed': {
      subject: 'Your coaching session is cancelled',
      body: `We're sorry: your coach can no longer make ${when}, so the session is cancelled. This month's session is yours to book again: ${page}`,
    },
  };
  const { subject, body } = texts[kind];
  return {
    to: booking.member.email,
    subject,
    text: `Hi ${booking.member.name || 'there'},\n\n${body}\n\nThe Nonprofit Leaders Hub team\n`,
    ...(icalEvent ? { icalEvent } : {}),
  };
}
