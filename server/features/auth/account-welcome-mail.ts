import { site } from '#shared/site';
import type { Mail } from '../../mail/transport';

/** Sent once, when an account is created: what the free account opens and how to get back in. */
export function accountWelcomeMail(to: { email: string; firstName: string }, publicUrl: string, verifyUrl: string): Mail {
  const text = `Hi ${to.firstName},

Welcome to ${site.name}! Your free account is ready.

Please confirm this is your address (the link works once, for a week):
${verifyUrl}

What your free account opens:
- All five field guides: Impact, Humans, Fuel, Gears and Future.
- The Check-Up, a 10-minute health assessment for your organisation, with your results kept.
- The resources library of checklists, templates and worksheets.

Start here: ${publicUrl}/

Forgot your password? On the sign-in page (${publicUrl}/auth) choose "Forgot password?" and enter
this address: we will email you a link to choose a new one.

The ${site.name} team

You're receiving this because an account was created with this address at ${publicUrl}.
Not you? Reply to this email and we will remove it.
`;
  return { to: to.email, subject: `Welcome to ${site.name}`, text };
}
