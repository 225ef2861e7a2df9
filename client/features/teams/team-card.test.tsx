import type { ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { createQueryClient } from '../../lib/query-client';
import { QueryProvider } from '../../lib/query-provider';
import { teamMessages, type TeamAnswer, type TeamJoinView, type TeamView } from '#shared/teams/schemas';
import { TeamCard } from './team-card';
import { TeamJoinPanel } from './team-join-panel';
import { perSeatText, seatsTimesText, totalText } from './team-price';
import { teamQueryKey } from './use-team';

/** The text a reader sees: no tags, entities decoded, spaces collapsed. */
const text = (html: string) =>
  html
    .replace(/<!-- -->/g, '')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ');

function draw(node: ReactNode, answer?: TeamAnswer): string {
  const client = createQueryClient({ server: true });
  if (answer) client.setQueryData(teamQueryKey, answer);
  return text(
    renderToString(
      <QueryProvider client={client}>
        <MemoryRouter>{node}</MemoryRouter>
      </QueryProvider>,
    ),
  );
}

const team: TeamView = {
  id: 't1',
  plan: 'monthly',
  seats: 3,
  seatsUsed: 3,
  perSeatCents: 1500,
  amountCents: 4500,
  status: 'active',
  currentPeriodEnd: '2026-04-04T12:00:00.000Z',
  cancelAtPeriodEnd: false,
  ownerHoldsSeat: false,
  ownerPaysForSelf: false,
  members: [{ userId: 'u1', name: 'Iris Invited', email: 'iris@example.org', joinedAt: '2026-03-05T12:00:00.000Z', isOwner: false }],
  invitations: [
    { id: 'i1', email: 'bo@example.org', sentAt: '2026-03-04T12:00:00.000Z', expiresAt: '2026-03-11T12:00:00.000Z' },
    { id: 'i2', email: 'cy@example.org', sentAt: '2026-03-04T12:00:00.000Z', expiresAt: '2026-03-11T12:00:00.000Z' },
  ],
};

describe('team prices in words', () => {
  it('says the seat price, the seats and the total from the shared prices', () => {
    expect(perSeatText('monthly')).toBe('$15 per seat a month');
    expect(perSeatText('yearly')).toBe('$150 per seat a year');
    expect(seatsTimesText('monthly', 3)).toBe('3 seats × $15/month');
    expect(totalText('monthly', 3)).toBe('$45 a month');
    expect(totalText('yearly', 4)).toBe('$600 a year');
  });
});

describe('the team card', () => {
  it('shows the plan, seats, renewal, members, invitations and, when full, a way to add seats', () => {
    const page = draw(<TeamCard />, { team, seatIn: null });
    expect(page).toContain('Your team plan');
    expect(page).toContain('Team, Monthly: 3 seats × $15/month');
    expect(page).toContain('3 of 3 seats used');
    expect(page).toContain('$45/month');
    expect(page).toContain('Next renewal April 4, 2026');
    expect(page).toContain('Iris Invited iris@example.org Joined March 5, 2026');
    expect(page).toContain('bo@example.org Sent March 4, 2026 · expires March 11, 2026');
    expect(page).toContain(teamMessages.full(3));
    expect(page).toContain('Add seats to invite more');
    expect(page).toContain('Cancel team plan');
    expect(page).toContain('Every seat is taken: add a seat first, then take it.');
  });

  it('says a cancelled plan’s end and offers to resume it; an ended one says so', () => {
    expect(draw(<TeamCard />, { team: { ...team, cancelAtPeriodEnd: true }, seatIn: null })).toContain('Team plan ends on April 4, 2026');
    expect(draw(<TeamCard />, { team: { ...team, cancelAtPeriodEnd: true }, seatIn: null })).toContain('Resume team plan');
    const ended = draw(<TeamCard />, { team: { ...team, status: 'canceled' }, seatIn: null });
    expect(ended).toContain(teamMessages.notLive);
    expect(ended).not.toContain('Send invitation');
  });

  it('tells a seat holder whose team gives them premium, and shows nothing to someone with no team', () => {
    const seat = draw(<TeamCard />, { team: null, seatIn: { ownerName: 'Tess Tester', since: '2026-03-05T12:00:00.000Z' } });
    expect(seat).toContain("You have premium through Tess Tester's team plan since March 5, 2026.");
    expect(seat).not.toContain('Your team plan');
    expect(draw(<TeamCard />, { team: null, seatIn: null }).trim()).toBe('');
  });
});

describe('the invitation page', () => {
  const view: TeamJoinView = {
    status: 'open',
    ownerName: 'Tess Tester',
    email: 'iris@example.org',
    expiresAt: '2026-03-11T12:00:00.000Z',
    alreadyMember: false,
    paysForSelf: false,
    refundCents: 0,
  };
  const panel = (over: Partial<TeamJoinView>, signedIn = true) => draw(<TeamJoinPanel token="t" view={{ ...view, ...over }} signedIn={signedIn} />);

  it('asks a visitor to sign in or create an account, and a member to join', () => {
    expect(panel({}, false)).toContain('Create an account');
    expect(panel({}, false)).toContain('iris@example.org');
    expect(panel({})).toContain('Join the team');
  });

  it('explains the move, with its refund, to someone who pays for themselves', () => {
    const page = panel({ paysForSelf: true, refundCents: 1234 });
    expect(page).toContain(teamMessages.paysForSelf);
    expect(page).toContain('You get $12.34 back.');
    expect(page).toContain('Move to the team seat');
  });

  it('says why a link no longer works, and that a member is on the team already', () => {
    expect(panel({ status: 'used' })).toContain(teamMessages.invitationUsed);
    expect(panel({ status: 'expired' })).toContain(teamMessages.invitationExpired);
    expect(panel({ status: 'withdrawn' })).toContain(teamMessages.invitationWithdrawn);
    expect(panel({ status: 'ended' })).toContain(teamMessages.notLive);
    expect(panel({ status: 'used', alreadyMember: true })).toContain('You’re already on this team');
  });
});
