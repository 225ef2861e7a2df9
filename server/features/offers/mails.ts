import { site } from '#shared/site';
import type { Mail } from '../../mail/transport';

/** An applicant's answer for an offer that waits for approval (decision 054): each sent once, with the decision. */
export function offerDecisionMail(
  member: { email: string; firstName: string | null },
  input: { label: string; approved: boolean; link: string; publicUrl: string },
): Mail {
  const hello = `Hi ${member.firstName?.trim() || 'there'},`;
  const text = input.approved
    ? `${hello}

Good news: our team approved your application for "${input.label}".

Use the offer from its page, where the price you will be charged is shown before you pay:
${input.link}

The ${site.name} team
`
    : `${hello}

Thank you for applying for "${input.label}". Our team could not approve it this time.

The regular prices are on ${input.publicUrl}/pricing, and the free field guides, the Check-Up and the resources stay yours.

The ${site.name} team
`;
  return { to: member.email, subject: input.approved ? `Your offer is approved: ${input.label}` : `About your application: ${input.label}`, text };
}
