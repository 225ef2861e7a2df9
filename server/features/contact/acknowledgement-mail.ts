import { contactTypeLabels, type ContactType } from '#shared/contact/schemas';
import { priorityNote, replyTime } from '#shared/contact/reply-time';
import type { Mail } from '../../mail/transport';

/**
 * The acknowledgement promised to everyone who writes (docs/product.md (Decisions)). Anyone can type any
 * address into the form, so the mail repeats only the short subject line, never the message
 * body: the form cannot be used to send arbitrary text to a stranger.
 */
export function acknowledgementMail(
  message: { name: string; email: string; subject: string; contactType: ContactType },
  publicUrl: string,
  premium = false,
): Mail {
  const about = message.subject ? `"${message.subject}"` : `your message about ${contactTypeLabels[message.contactType].toLowerCase()}`;
  const text = `Hi ${message.name},

Thanks for getting in touch. We received ${about} and a member of our team will reply within ${replyTime(premium)}${premium ? `: ${priorityNote}` : ''}.

If you need to add anything, just reply to this email.

In the meantime, you may find what you need at ${publicUrl}/resources or ${publicUrl}/start-here.

The Nonprofit Leaders Hub team

You're receiving this because this address was entered in the contact form at ${publicUrl}/contact.
`;
  return { to: message.email, subject: 'We received your message', text };
}
