import { premiumBenefits } from '#shared/premium/benefits';
import { site } from '#shared/site';
import type { Mail } from '../../mail/transport';
import { siteLongDate } from '#shared/site-time';

/** Team plans' emails (decision 055): each caused by one change made once (an invitation, a join, a removal). */

export function teamInvitationMail(input: { to: string; ownerName: string; link: string; expiresAt: Date; timeZone: string }): Mail {
  const text = `Hello,

${input.ownerName} invited you to their team plan on ${site.name}: a premium seat, paid by them.

A seat gives you:
${premiumBenefits.map((benefit) => `- ${benefit}`).join('\n')}

Join with this link (it works once, until ${siteLongDate(input.expiresAt, input.timeZone)}):
${input.link}

If you already pay for your own membership, the page tells you how moving to the seat works: your own subscription ends and its unused part is refunded, so you are never billed twice.

If you did not expect this email, ignore it: nothing happens unless you use the link.

The ${site.name} team
`;
  return { to: input.to, subject: `${input.ownerName} invited you to ${site.name} Premium`, text };
}

export function teamJoinedMail(
  m: { email: string; firstName: string | null },
  input: { ownerName: string; moved: boolean; slackInviteUrl: string; publicUrl: string },
): Mail {
  const text = `Hi ${m.firstName?.trim() || 'there'},

You're in: you have premium through ${input.ownerName}'s team plan.
${input.moved ? '\nYour own subscription has ended and the unused part of it is refunded to your card: you are not billed twice.\n' : ''}
Join the private Slack community: ${input.slackInviteUrl}
Premium resources: ${input.publicUrl}/premium-resources
The Allies Directory: ${input.publicUrl}/allies
Your account: ${input.publicUrl}/account

The ${site.name} team
`;
  return { to: m.email, subject: `Welcome to ${site.name} Premium, through ${input.ownerName}'s team`, text };
}

export function teamRemovedMail(m: { email: string; firstName: string | null }, input: { ownerName: string; publicUrl: string }): Mail {
  const text = `Hi ${m.firstName?.trim() || 'there'},

${input.ownerName} removed you from their team plan, so your premium access through it has ended.

Your account, your Check-Up results and the free resources stay yours. To keep premium, you can become a member yourself: ${input.publicUrl}/pricing

The ${site.name} team
`;
  return { to: m.email, subject: `Your seat on ${input.ownerName}'s team has ended`, text };
}

/** Invitations withdrawn because the team has no seat left for them: the buyer hears which, once. */
export function invitationsWithdrawnMail(
  m: { email: string; firstName: string | null },
  input: { seats: number; members: number; emails: string[]; publicUrl: string },
): Mail {
  const n = input.emails.length;
  const seats = `${input.seats} ${input.seats === 1 ? 'seat' : 'seats'}`;
  const members = `${input.members} ${input.members === 1 ? 'is' : 'are'} held by ${input.members === 1 ? 'a member' : 'members'}`;
  const text = `Hi ${m.firstName?.trim() || 'there'},

Your team plan now has ${seats}, and ${members}. ${n === 1 ? 'This open invitation no longer had a seat' : `These ${n} open invitations no longer had a seat`}, so we withdrew ${n === 1 ? 'it' : 'them'}:
${input.emails.map((email) => `- ${email}`).join('\n')}

${n === 1 ? 'Its link now says' : 'Their links now say'} the invitation was withdrawn. To invite ${n === 1 ? 'this person' : 'them'} again, add seats on your account page:
${input.publicUrl}/account

The ${site.name} team
`;
  return { to: m.email, subject: n === 1 ? 'An invitation to your team was withdrawn' : `${n} invitations to your team were withdrawn`, text };
}
