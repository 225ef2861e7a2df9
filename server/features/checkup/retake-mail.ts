import type { OneClickLinks } from '../../mail/links';
import type { Mail } from '../../mail/transport';
import { siteLongDate } from '#shared/site-time';

/** The one retake reminder: what changed since is what the retake shows; one link stops these reminders. */
export function retakeReminderMail(to: string, takenAt: Date, publicUrl: string, links: OneClickLinks, timeZone: string): Mail {
  const when = siteLongDate(takenAt, timeZone);
  const text = `Hi there,

You took the Nonprofit Check-Up on ${when}. A lot can change in a few months: take it again (about 10 minutes) and see how each pillar has moved.

Take the Check-Up again: ${publicUrl}/checkup

Signed in, your progress page shows every attempt side by side: ${publicUrl}/checkup/progress

The Nonprofit Leaders Hub team

You're receiving this once, because this address took the Check-Up at ${publicUrl}.
Stop Check-Up reminders: ${links.page}
`;
  return { to, subject: 'Time for another Check-Up?', text, headers: links.headers };
}
