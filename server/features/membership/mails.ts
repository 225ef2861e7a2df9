import { formatDollars, plans, type PlanType, teamPlans } from '#shared/pricing';
import { premiumBenefits } from '#shared/premium/benefits';
import { site } from '#shared/site';
import type { Mail } from '../../mail/transport';
import { siteLongDate } from '#shared/site-time';

/**
 * The four membership emails the product promises. Each is caused by one
 * applied event or one state change, which happens once, so each is sent once.
 */
interface Member {
  email: string;
  firstName: string | null;
}

const hello = (m: Member) => `Hi ${m.firstName?.trim() || 'there'},`;

/**
 * "December 14, 2026": dates in emails are written out, never a locale-dependent 12/14/26, on the
 * site's clock (SITE_TIMEZONE), as the member's pages write them.
 */
const longDate = siteLongDate;

const planLine = (plan: PlanType, seats: number | null = null) =>
  seats === null
    ? `${plans[plan].label} (${formatDollars(plans[plan].amountCents)}/${plans[plan].interval})`
    : `${plans[plan].label} team plan, ${seats} seats (${formatDollars(teamPlans[plan].perSeatCents)} a seat/${plans[plan].interval})`;

/** The buyer of a team plan, once it is paid (decision 055): the seats are theirs to give. */
export function teamReadyMail(m: Member, input: { plan: PlanType; seats: number; publicUrl: string }): Mail {
  const text = `${hello(m)}

Your ${planLine(input.plan, input.seats)} is active.

Invite your team from your account page: each person you invite gets an email with a link to join (valid for 7 days). A seat gives one person everything premium has:
${premiumBenefits.map((benefit) => `- ${benefit}`).join('\n')}

Want a seat yourself? Take one on the same page.
${input.publicUrl}/account

A receipt for your payment comes in a separate email.

The ${site.name} team
`;
  return { to: m.email, subject: `Your ${site.name} team plan is ready: invite your team`, text };
}

export function premiumWelcomeMail(m: Member, input: { plan: PlanType; slackInviteUrl: string; publicUrl: string }): Mail {
  const text = `${hello(m)}

Welcome to ${site.name} Premium! Your ${planLine(input.plan)} membership is active.

Your membership includes:
${premiumBenefits.map((benefit) => `- ${benefit}`).join('\n')}

Join the private Slack community (${site.communityMembers} nonprofit leaders):
${input.slackInviteUrl}

What happens next:
- Slack: use the invitation above. If it does not work for you, reply to this email and we will send a personal invitation within 24 hours.
- Coaching: book your first 60-minute one-on-one session from your premium resources page.
- The Allies Directory: ${site.vettedAllies} vetted vendors, with member offers: ${input.publicUrl}/allies
- Premium resources: the expanded field guides, the toolkits and the webinar recordings: ${input.publicUrl}/premium-resources
- Your account: see your plan, your next renewal, or cancel anytime: ${input.publicUrl}/account

A receipt for your payment comes in a separate email.

Glad you are here,
The ${site.name} team
`;
  return { to: m.email, subject: `Welcome to ${site.name} Premium: your Slack invitation`, text };
}

export function receiptMail(
  m: Member,
  input: {
    plan: PlanType;
    amountCents: number;
    invoiceId: string;
    paidAt: Date;
    nextRenewal: Date | null;
    publicUrl: string;
    timeZone: string;
    seats?: number | null;
    /** The offer whose discount this payment carried (decision 054), and when charges go back to the plan's price. */
    offer?: { label: string; discountCents: number; terms: string; endsAt: Date | null } | null;
  },
): Mail {
  const offer = input.offer
    ? `- Offer: ${input.offer.label}, ${formatDollars(input.offer.discountCents)} off this payment (${input.offer.terms}${input.offer.endsAt ? `, until ${longDate(input.offer.endsAt, input.timeZone)}` : ''})\n`
    : '';
  const text = `${hello(m)}

Thank you: we received your payment.

Receipt
- Amount paid: ${formatDollars(input.amountCents)} USD
- Plan: ${planLine(input.plan, input.seats ?? null)}
${offer}- Date: ${longDate(input.paidAt, input.timeZone)}
- Reference: ${input.invoiceId}
${input.nextRenewal ? `- Next renewal: ${longDate(input.nextRenewal, input.timeZone)}\n` : ''}
Manage or cancel your membership anytime: ${input.publicUrl}/account
Cancellation takes effect at the end of the period you paid for. Fees are non-refundable unless required by law.

The ${site.name} team
`;
  return { to: m.email, subject: `Your ${site.name} receipt: ${formatDollars(input.amountCents)}`, text };
}

export function paymentFailedMail(m: Member, input: { plan: PlanType; amountCents: number; fixUrl: string }): Mail {
  const text = `${hello(m)}

We could not take the ${formatDollars(input.amountCents)} payment for your ${planLine(input.plan)} membership: your card was declined.

Your premium access continues while we retry over the next few days. To keep it, update your card here:
${input.fixUrl}

If the payment keeps failing, the membership ends and your account goes back to free. You can rejoin anytime.

The ${site.name} team
`;
  return { to: m.email, subject: 'Action needed: your premium payment failed', text };
}

export function cancellationMail(m: Member, input: { plan: PlanType; endsAt: Date | null; publicUrl: string; timeZone: string }): Mail {
  const end = input.endsAt ? longDate(input.endsAt, input.timeZone) : 'the end of your current period';
  const text = `${hello(m)}

Your premium membership is cancelled, as you asked. Nothing more will be charged.

You keep everything premium until ${end}. After that your account goes back to free: the field guides, the Check-Up and the resources stay yours.

Changed your mind? Resume before ${end} from your account page and nothing changes:
${input.publicUrl}/account

Thank you for being part of the community,
The ${site.name} team
`;
  return { to: m.email, subject: `Your premium membership ends on ${end}`, text };
}

/** An admin ended a paid membership (now, or at the end of the paid period): said once, in the team's words. */
export function endedByTeamMail(m: Member, input: { plan: PlanType; endsAt: Date | null; now: boolean; publicUrl: string; timeZone: string }): Mail {
  const end = input.endsAt ? longDate(input.endsAt, input.timeZone) : 'the end of your current period';
  const text = `${hello(m)}

Our team has ended your ${plans[input.plan].label.toLowerCase()} premium membership. Nothing more will be charged.

${input.now ? 'Premium access ended today' : `You keep everything premium until ${end}`}. After that your account stays a free account: the field guides, the Check-Up and the resources stay yours.

If you think this is a mistake, write to us and we will look into it:
${input.publicUrl}/contact

The ${site.name} team
`;
  return { to: m.email, subject: input.now ? 'Your premium membership has ended' : `Your premium membership ends on ${end}`, text };
}

export function resumedMail(m: Member, input: { plan: PlanType; renewsAt: Date | null; amountCents: number; publicUrl: string; timeZone: string }): Mail {
  const renews = input.renewsAt ? longDate(input.renewsAt, input.timeZone) : 'the end of your current period';
  const text = `${hello(m)}

Your premium membership is back on: it renews on ${renews} at ${formatDollars(input.amountCents)} (${plans[input.plan].label}), and nothing changes until then.

You can cancel again at any time from your account page:
${input.publicUrl}/account

Thank you for staying,
The ${site.name} team
`;
  return { to: m.email, subject: 'Your premium membership will continue', text };
}

/** A second paid subscription for a member who already had one: cancelled and refunded at once (decision 025). */
export function duplicateRefundedMail(m: Member, input: { plan: PlanType; refundedCents: number; publicUrl: string }): Mail {
  const text = `${hello(m)}

You were charged twice for one premium membership: a second ${plans[input.plan].label.toLowerCase()} subscription was started while your membership was already active (two checkouts paid at once, for example).

We cancelled that second subscription straight away and refunded ${formatDollars(input.refundedCents)} to your card: refunds usually show within 5-10 business days. Your membership itself is unchanged:
${input.publicUrl}/account

Sorry for the trouble,
The ${site.name} team
`;
  return { to: m.email, subject: 'We refunded a duplicate charge', text };
}

export function duplicateAdminMail(to: string, input: { memberEmail: string; subscriptionId: string; refundedCents: number; provider: string }): Mail {
  const text = `A duplicate premium subscription was cancelled and refunded automatically.

Member: ${input.memberEmail}
Subscription: ${input.subscriptionId} (${input.provider})
Refunded: ${formatDollars(input.refundedCents)}

The member was told by email. Nothing else needs doing; this is for your records.
`;
  return { to, subject: `Duplicate subscription refunded: ${input.memberEmail}`, text };
}

/** A week before an admin's time-limited grant ends (decision 052): once per grant and end date. */
export function grantEndingMail(m: Member, input: { endsAt: Date; publicUrl: string; timeZone: string }): Mail {
  const end = longDate(input.endsAt, input.timeZone);
  const text = `${hello(m)}

The complimentary premium membership our team gave you ends on ${end}. Nothing is charged, before or after.

Until then everything premium stays open to you: the Allies Directory, the webinars and their recordings, coaching and the Slack community.

After ${end} your account becomes a free account: the field guides, the Check-Up and the resources stay yours. To keep premium, choose a plan whenever you like:
${input.publicUrl}/pricing

Your account shows the date too:
${input.publicUrl}/account

The ${site.name} team
`;
  return { to: m.email, subject: `Your complimentary premium ends on ${end}`, text };
}

/** The day an admin's time-limited grant ended (decision 052): once per grant. */
export function grantEndedMail(m: Member, input: { endsAt: Date; publicUrl: string; timeZone: string }): Mail {
  const text = `${hello(m)}

The complimentary premium membership our team gave you ended on ${longDate(input.endsAt, input.timeZone)}, as planned. Nothing was charged.

Your account is now a free account: the field guides, the Check-Up and the resources stay yours. To come back to premium, choose a plan:
${input.publicUrl}/pricing

Thank you for being part of the community,
The ${site.name} team
`;
  return { to: m.email, subject: 'Your complimentary premium has ended', text };
}
