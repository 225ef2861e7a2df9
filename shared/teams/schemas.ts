import { pageQuerySchema } from '../admin/page-query';
import { emailAddress } from '../email';
import { type PlanType, TEAM_MAX_SEATS, TEAM_MIN_SEATS } from '../pricing';
import { z } from '../zod';

/**
 * Team plans (decision 055): one schema for each form and its route.
 */
export const seatsField = z
  .number({ error: 'Seats must be a number' })
  .int('Seats must be a whole number')
  .min(TEAM_MIN_SEATS, `A team plan has at least ${TEAM_MIN_SEATS} seats`)
  .max(TEAM_MAX_SEATS, `A team plan has at most ${TEAM_MAX_SEATS} seats; write to us from the contact page for more`);

export const teamCheckoutSchema = z
  .object({
    planType: z.enum(['monthly', 'yearly'], { error: 'Choose a plan: monthly or yearly' }),
    seats: seatsField,
  })
  .strict();
export type TeamCheckoutInput = z.infer<typeof teamCheckoutSchema>;

export const teamInviteSchema = z.object({ email: emailAddress }).strict();
export type TeamInviteInput = z.infer<typeof teamInviteSchema>;

export const teamSeatsSchema = z.object({ seats: seatsField }).strict();

/** Joining (or the buyer taking a seat) while paying for oneself needs this said: the own membership ends. */
export const moveFromOwnField = z.boolean({ error: 'moveFromOwn must be true or false' }).default(false);
export const teamJoinSchema = z.object({ moveFromOwn: moveFromOwnField }).strict();
export const teamOwnSeatSchema = z.object({ take: z.boolean({ error: 'take must be true or false' }), moveFromOwn: moveFromOwnField }).strict();

export const teamTokenSchema = z.object({ token: z.string().regex(/^[A-Za-z0-9_-]{43}$/, 'This invitation link is not valid.') });
export const teamIdParamsSchema = z.object({ id: z.uuid('This invitation does not exist.') });
export const teamMemberParamsSchema = z.object({ userId: z.uuid('This member does not exist.') });

/** The admin's Teams tab, as the other admin lists take it: `search` (the buyer's or a member's name or address), `page`, `pageSize`, `sort`. */
export const adminTeamsQuerySchema = pageQuerySchema(['createdAt'], '-createdAt');

/** One team plan on the admin's Teams tab. */
export interface AdminTeam {
  id: string;
  ownerEmail: string;
  ownerName: string | null;
  plan: PlanType;
  seats: number;
  seatsUsed: number;
  status: string;
  currentPeriodEnd: string | null;
  cancelAtPeriodEnd: boolean;
  members: Array<{ email: string; name: string | null; joinedAt: string }>;
  openInvitations: number;
}

export interface TeamMemberView {
  userId: string;
  name: string | null;
  email: string;
  joinedAt: string;
  /** The buyer's own seat. */
  isOwner: boolean;
}

export interface TeamInvitationView {
  id: string;
  email: string;
  sentAt: string;
  expiresAt: string;
}

/** GET /api/team for the buyer: the plan, its seats and who holds them. */
export interface TeamView {
  id: string;
  plan: 'monthly' | 'yearly';
  seats: number;
  /** Members plus open invitations: a seat is held from the moment it is offered. */
  seatsUsed: number;
  perSeatCents: number;
  amountCents: number;
  status: string;
  currentPeriodEnd: string | null;
  cancelAtPeriodEnd: boolean;
  ownerHoldsSeat: boolean;
  /** The buyer pays for a membership of their own (taking a seat moves them, decision 055). */
  ownerPaysForSelf: boolean;
  members: TeamMemberView[];
  invitations: TeamInvitationView[];
}

/** GET /api/team: the team the person buys, and the team whose seat they hold (if another's). */
export interface TeamAnswer {
  team: TeamView | null;
  seatIn: { ownerName: string; since: string } | null;
}

export interface TeamSeatsPreview {
  seats: number;
  /** Charged now for the added seats' part of the current period (0 when removing). */
  amountDueCents: number;
  /** Taken off the next charges for the removed seats' unused part (0 when adding). */
  creditCents: number;
  /** What each period costs from the next renewal. */
  renewalAmountCents: number;
  renewsAt: string | null;
}

/** GET /api/team/join/:token: what the link offers the person who opened it. */
export interface TeamJoinView {
  status: 'open' | 'used' | 'expired' | 'withdrawn' | 'ended';
  ownerName: string;
  email: string;
  expiresAt: string;
  /** Signed in: the person already holds this team's seat / pays for a membership of their own. */
  alreadyMember: boolean;
  paysForSelf: boolean;
  /** The part of their own period they would get back when moving (cents). */
  refundCents: number;
}

export const teamMessages = {
  full: (seats: number) => `All ${seats} seats are taken. Add a seat to invite someone else, or withdraw an invitation.`,
  /** To the person invited, when the team has fewer seats than it offered: the buyer is told too (the team-seats job). */
  fullForInvitee: (seats: number) => `All ${seats} seats of this team are taken. Ask the person who invited you to add a seat.`,
  alreadyInvited: 'This person already has an open invitation.',
  alreadyMember: 'This person already holds a seat on your team.',
  noTeam: 'You have no team plan.',
  hasTeam: 'You already have a team plan: change its seats on your account page.',
  seatsInUse: (used: number) =>
    `${used} seats are in use (members and open invitations): remove a member or withdraw an invitation before going below ${used}.`,
  sameSeats: 'Your team already has this number of seats.',
  paysForSelf:
    'You already pay for your own membership. Move to the team seat: your own subscription ends now and the unused part of it is refunded, so you are never billed twice.',
  notLive: 'This team plan has ended: its seats no longer give premium.',
  invitationUsed: 'This invitation has been used already. Ask the person who invited you for a new one.',
  invitationExpired: 'This invitation has expired (they last 7 days). Ask the person who invited you for a new one.',
  invitationWithdrawn: 'This invitation was withdrawn. Ask the person who invited you for a new one.',
  seatElsewhere: 'You already hold a seat on another team. Leave it first (ask its buyer to remove you).',
  pastDue: 'Fix the failed payment first: update the card, then change the seats.',
} as const;
