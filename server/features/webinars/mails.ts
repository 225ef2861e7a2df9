import type { Mail } from '../../mail/transport';
import { calendarEvent } from '../../mail/ics';
import { siteTime } from '#shared/site-time';

export interface WebinarForMail {
  id: string;
  title: string;
  startsAt: Date;
  durationMinutes: number;
  sequence: number;
  status: 'scheduled' | 'cancelled';
  recordingUrl: string | null;
  slidesUrl: string | null;
}

export interface MailSettings {
  publicUrl: string;
  timeZone: string;
  /** The address in MAIL_FROM, the invitation's organizer. */
  from: string;
}

export type NoticeKind = 'confirmation' | 'reminder-day' | 'reminder-hour' | 'update' | 'cancellation' | 'recording' | 'released';

const addressOf = (from: string) => /<([^>]+)>/.exec(from)?.[1] ?? from;

/** Each email about a webinar, to one member; the ones that change their calendar carry the .ics. */
export function webinarMail(
  kind: NoticeKind,
  webinar: WebinarForMail,
  /** `preferencesUrl`: the member's email preferences page, which news mail links to (decision 046). */
  member: { email: string; name: string | null; preferencesUrl?: string },
  settings: MailSettings,
): Mail {
  const page = `${settings.publicUrl}/webinars`;
  const when = `${siteTime(webinar.startsAt, settings.timeZone)} (${webinar.durationMinutes} minutes)`;
  const hello = `Hi ${member.name || 'there'},`;
  const sign = 'The Nonprofit Leaders Hub team';
  const invitation = (cancelled: boolean) => ({
    method: cancelled ? ('CANCEL' as const) : ('REQUEST' as const),
    filename: 'webinar.ics',
    content: calendarEvent({
      uid: `webinar-${webinar.id}@${new URL(settings.publicUrl).hostname}`,
      title: webinar.title,
      description: `Premium webinar. The room opens 15 minutes before the start on ${page}`,
      url: page,
      startsAt: webinar.startsAt,
      durationMinutes: webinar.durationMinutes,
      sequence: webinar.sequence,
      organizer: addressOf(settings.from),
      attendee: member.email,
      cancelled,
    }),
  });
  const texts: Record<NoticeKind, { subject: string; body: string; ical?: boolean }> = {
    confirmation: {
      subject: `You're signed up: ${webinar.title}`,
      body: `You're signed up for "${webinar.title}".\n\nWhen: ${when}\n\nThe room link appears on ${page} 15 minutes before the start. The invitation attached adds it to your calendar, in your own time zone.`,
      ical: true,
    },
    update: {
      subject: `Changed: ${webinar.title}`,
      body: `"${webinar.title}" has changed.\n\nNow: ${when}\n\nThe invitation attached updates the event in your calendar. The room link appears on ${page} 15 minutes before the start.`,
      ical: true,
    },
    cancellation: {
      subject: `Cancelled: ${webinar.title}`,
      body: `We're sorry: "${webinar.title}", planned for ${when}, is cancelled. The invitation attached removes it from your calendar.\n\nUpcoming webinars: ${page}`,
      ical: true,
    },
    released: {
      subject: `Your place is released: ${webinar.title}`,
      body: `Your premium membership has ended, so your place at "${webinar.title}" (${when}) is released for others. The invitation attached removes it from your calendar.\n\nYou are welcome back any time: ${settings.publicUrl}/pricing`,
      ical: true,
    },
    'reminder-day': {
      subject: `Tomorrow: ${webinar.title}`,
      body: `A reminder: "${webinar.title}" is tomorrow.\n\nWhen: ${when}\n\nThe room link appears on ${page} 15 minutes before the start.`,
    },
    'reminder-hour': {
      subject: `In one hour: ${webinar.title}`,
      body: `"${webinar.title}" starts in an hour.\n\nWhen: ${when}\n\nThe room link appears on ${page} 15 minutes before the start.`,
    },
    recording: {
      subject: `The recording is ready: ${webinar.title}`,
      body: `The recording of "${webinar.title}" is in the recordings library: ${page}#recordings${webinar.slidesUrl ? '\n\nThe slides are there too.' : ''}${
        member.preferencesUrl ? `\n\nYou get this as webinar and event news. To stop it, or to choose your other emails: ${member.preferencesUrl}` : ''
      }`,
    },
  };
  const { subject, body, ical } = texts[kind];
  return {
    to: member.email,
    subject,
    text: `${hello}\n\n${body}\n\n${sign}\n`,
    ...(ical ? { icalEvent: invitation(kind === 'cancellation' || kind === 'released') } : {}),
  };
}
