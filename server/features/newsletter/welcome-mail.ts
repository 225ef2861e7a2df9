import type { unsubscribeLinks } from '../../mail/links';
import type { Mail } from '../../mail/transport';

export interface WelcomeLinks {
  /** The confirmation link while the signup waits for it (confirmed opt-in), else null. */
  confirm: string | null;
  unsubscribe: ReturnType<typeof unsubscribeLinks>;
}

/**
 * The welcome email promised to every new Weekly Dish subscriber (docs/product.md (Decisions),
 * "Emails the product promises"). While the signup waits for confirmation its subject says so:
 * people who never open it must still see that one step is left. It carries the same
 * unsubscribe link and one-click headers as every edition.
 */
export function welcomeMail(to: { email: string; name: string }, publicUrl: string, links: WelcomeLinks): Mail {
  const confirmUrl = links.confirm;
  const greeting = to.name ? `Hi ${to.name},` : 'Hi there,';
  const text = `${greeting}

Welcome to The Weekly Dish! ${
    confirmUrl
      ? `One step left: confirm your subscription, so the editions reach you:

${confirmUrl}

The free resources are already open to you.`
      : "You're now subscribed."
  }

What you get:
- The Weekly Dish in your inbox every Tuesday morning: global trends, org spotlights and practical tips, about 5 minutes to read.
- Free access to all five field guides: Impact, Humans, Fuel, Gears and Future.
- The Check-Up, a 10-minute health assessment for your organisation.
- The resources library of checklists, templates and worksheets.

Start here:
- Take the Check-Up: ${publicUrl}/checkup
- Read the field guides: ${publicUrl}/field-guides
- Browse the resources: ${publicUrl}/resources

See you on Tuesday,
The Weekly Dish team

You're receiving this because this address was signed up for The Weekly Dish at ${publicUrl}.
Not you, or changed your mind? Unsubscribe: ${links.unsubscribe.page}
`;
  const subject = confirmUrl ? 'Welcome to The Weekly Dish: please confirm your subscription' : 'Welcome to The Weekly Dish';
  return { to: to.email, subject, text, headers: links.unsubscribe.headers };
}

/** The confirmation link again: a signup still pending, or an address back after unsubscribing. */
export function confirmationMail(to: { email: string; name: string }, confirmUrl: string): Mail {
  const greeting = to.name ? `Hi ${to.name},` : 'Hi there,';
  const text = `${greeting}

Please confirm that you want The Weekly Dish at this address:

${confirmUrl}

If you did not ask for it, ignore this email: nothing will be sent.

The Weekly Dish team
`;
  return { to: to.email, subject: 'Confirm your subscription to The Weekly Dish', text };
}
