import { siteTime } from '#shared/site-time';
import type { Mail } from '../../mail/transport';

/**
 * To the owner of a verified address under which someone took the Check-Up signed out: the
 * attempt joins their progress only if they confirm it from the link (anyone can type any address).
 */
export function attemptConfirmationMail(input: { to: string; takenAt: Date; link: string; publicUrl: string; timeZone: string }): Mail {
  const when = siteTime(input.takenAt, input.timeZone);
  const text = `Hi there,

Someone took the Nonprofit Check-Up with your email address, ${input.to}, on ${when}, without signing in.

If it was you, add it to your Check-Up progress here (the page lists every Check-Up taken with your address that is not in your progress yet):
${input.link}

If it was not you, there is nothing to do: it stays out of your account unless you add it.

The Nonprofit Leaders Hub team

You're receiving this because this address has an account at ${input.publicUrl}. We send at most one of these a day.
`;
  return { to: input.to, subject: 'Was this Check-Up yours?', text };
}
