import type { Mail } from '../../mail/transport';

/**
 * The confirmation promised to a vendor (docs/product.md §9: 3-5 business days). Anyone can type any
 * address into the form, so it repeats only the organisation name, never the submitted text.
 */
export function submissionReceivedMail(submission: { name: string; submitterName: string; submitterEmail: string }, publicUrl: string): Mail {
  const greeting = submission.submitterName ? `Hi ${submission.submitterName},` : 'Hello,';
  const text = `${greeting}

Thank you for applying to join the Allies Directory with ${submission.name}.

Your profile will be reviewed within 3-5 business days. Someone from our team will get in touch with you at this address once we have looked at it.

What we look for in an ally: nonprofit experience, proven results, a focus on quality, and a community-minded approach.

While you wait, you can browse a preview of the directory at ${publicUrl}/allies/preview.

The Nonprofit Leaders Hub team

You're receiving this because this address was entered in the ally submission form at ${publicUrl}/allies/submit.
`;
  return { to: submission.submitterEmail, subject: 'We received your Allies Directory submission', text };
}

/** Tells each admin a submission waits in the pending list of the admin panel. */
export function submissionForAdminsMail(admin: string, submission: { name: string; category: string }, publicUrl: string): Mail {
  const text = `A new ally submission is waiting for review.

Organization: ${submission.name}
Category: ${submission.category}

Review it in the Allies tab of the admin panel: ${publicUrl}/admin

It stays out of the public directory until it is approved.
`;
  return { to: admin, subject: `New ally submission: ${submission.name.replace(/\s+/g, ' ').slice(0, 120)}`, text };
}
