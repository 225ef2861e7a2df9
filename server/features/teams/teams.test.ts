import { and, asc, eq, inArray, isNotNull, isNull } from 'drizzle-orm';
import { teamMessages } from '#shared/teams/schemas';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { adminAuditLog, users } from '../../db/schema';
import { billingCharges, memberships } from '../membership/schema';
import { teamSeats } from './schema';
import { webinarSignups } from '../webinars/schema';
import { localBillingEvents, localBillingSubscriptions } from '../../payment-providers/schema';
import { registerAccount, type TestAccount } from '../../test/auth-client';
import { adminAccount } from '../../test/identities';
import { scratchPostgres, startTestAppWithMail, type TestAppWithMail } from '../../test/app';
import { callApp } from '../../test/call-app';
import { goodCard, isPremium, memberApi } from '../../test/payments';
import type { SmtpCapture } from '../../test/smtp';
import { MAIL_CAPS } from '../../mail/recipient-caps';
import { localProvider } from '../../payment-providers/choose-provider';
import { signPayload } from '../../payment-providers/local-provider';
import { releaseEndedPlaces } from '../webinars/service';
import { withdrawInvitationsBeyondSeats } from './over-seats';

vi.setConfig({ testTimeout: 60_000 });

let t: TestAppWithMail;
let smtp: SmtpCapture;
let admin: TestAccount;
// On PostgreSQL, a database of its own: the billing clock moves.
let scratch: Awaited<ReturnType<typeof scratchPostgres>> | undefined;

beforeAll(async () => {
  scratch = process.env.TEST_DB === 'postgres' ? await scratchPostgres() : undefined;
  t = await startTestAppWithMail({ PUBLIC_URL: 'https://hub.example.org' }, scratch ? { databaseUrl: scratch.url } : {});
  smtp = t.smtp;
  admin = await adminAccount(t, 'teams-admin');
});
afterAll(async () => {
  await t?.close();
  await scratch?.drop();
});

const idOf = (a: TestAccount) => a.user.id as string;
const api = (a: TestAccount) => memberApi(t, a.cookie);
const advance = (by: string) => callApp(`${t.url}/api/billing/local/clock`, 'POST', { body: { advance: by } });

/** A member who bought a team plan of `seats` through the local checkout. */
async function buyTeam(label: string, seats = 3, planType: 'monthly' | 'yearly' = 'monthly') {
  const owner = await registerAccount(t.url, label);
  const started = await api(owner).post('/api/team/checkout', { planType, seats });
  expect(started.status, JSON.stringify(started.json)).toBe(200);
  const checkoutId = (started.json.url as string).split('/').pop()!;
  const view = await api(owner).get(`/api/billing/local/checkouts/${checkoutId}`);
  expect(view.json).toMatchObject({ seats, amountCents: seats * (planType === 'monthly' ? 1500 : 15000) });
  const paid = await api(owner).post(`/api/billing/local/checkouts/${checkoutId}/pay`, goodCard);
  expect(paid.status, JSON.stringify(paid.json)).toBe(200);
  return owner;
}
/** Invites `email` and returns the token from the email the app sent. */
async function invite(owner: TestAccount, email: string) {
  const res = await api(owner).post('/api/team/invitations', { email });
  expect(res.status, JSON.stringify(res.json)).toBe(200);
  const mail = await smtp.waitFor(email, /invited you to/);
  return /\/team\/join\/([\w-]{43})/.exec(mail.text)![1]!;
}
const join = (member: TestAccount, token: string, body: Record<string, unknown> = {}) => api(member).post(`/api/team/join/${token}`, body);
const team = async (owner: TestAccount) => (await api(owner).get('/api/team')).json.team;

describe('team plans (decision 055)', () => {
  it('refuses bad input with a 4xx and its reason, and changes nothing', async () => {
    const member = await registerAccount(t.url, 'team-bad');
    const cases: [unknown, RegExp][] = [
      [{ planType: 'monthly', seats: 1 }, /seats: A team plan has at least 2 seats/],
      [{ planType: 'monthly', seats: 51 }, /seats: A team plan has at most 50 seats/],
      [{ planType: 'monthly', seats: 2.5 }, /seats: Seats must be a whole number/],
      [{ planType: 'monthly', seats: '3' }, /seats: Seats must be a number/],
      [{ planType: 'weekly', seats: 3 }, /planType: Choose a plan/],
      [{ planType: 'monthly', seats: 3, coupon: 'x' }, /Unknown field: coupon/],
    ];
    for (const [body, message] of cases) {
      const res = await api(member).post('/api/team/checkout', body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.json.message).toMatch(message);
    }
    expect((await callApp(`${t.url}/api/team/checkout`, 'POST', { body: { planType: 'monthly', seats: 3 } })).status).toBe(401);
    expect((await api(member).post('/api/team/invitations', { email: 'x@example.org' })).status).toBe(404);
    expect((await api(member).get('/api/team/join/short')).status).toBe(400);
    expect((await api(member).get(`/api/team/join/${'a'.repeat(43)}`)).status).toBe(404);
    expect((await api(member).call('DELETE', '/api/team/members/not-a-uuid')).status).toBe(400);
    expect((await api(member).get('/api/team')).json).toEqual({ team: null, seatIn: null });
  });

  it('sells seats: the buyer manages them; members have premium while they hold one; the last seat is given once', async () => {
    const owner = await buyTeam('team-owner');
    await smtp.waitFor(owner.email, /team plan is ready/);
    const receipt = await smtp.waitFor(owner.email, /receipt/);
    expect(receipt.text).toContain('Amount paid: $45 USD');
    expect(receipt.text).toContain('Monthly team plan, 3 seats ($15 a seat/month)');
    const receipts = (await api(owner).get('/api/billing/receipts')).json.receipts;
    expect(receipts).toMatchObject([{ description: 'Team plan, 3 seats, Monthly', amountCents: 4500, refundedAt: null, refundedCents: null }]);
    // Buying for others is not a membership: the buyer has no seat until they take one.
    expect(await isPremium(t, idOf(owner))).toBe(false);
    expect(await team(owner)).toMatchObject({ plan: 'monthly', seats: 3, seatsUsed: 0, amountCents: 4500, status: 'active', ownerHoldsSeat: false });
    expect((await api(owner).post('/api/team/checkout', { planType: 'yearly', seats: 2 })).status).toBe(409);

    const ada = await registerAccount(t.url, 'team-ada');
    const bo = await registerAccount(t.url, 'team-bo');
    const adaToken = await invite(owner, ada.email);
    expect((await api(owner).post('/api/team/invitations', { email: ada.email.toUpperCase() })).json.message).toBe(
      'This person already has an open invitation.',
    );
    const joinView = await callApp(`${t.url}/api/team/join/${adaToken}`, 'GET');
    expect(joinView.json).toMatchObject({ status: 'open', ownerName: 'Ada Lovelace', email: ada.email });

    expect((await join(ada, adaToken)).status).toBe(200);
    expect(await isPremium(t, idOf(ada))).toBe(true);
    await smtp.waitFor(ada.email, /through Ada Lovelace's team/);
    expect((await join(bo, adaToken)).json.message).toMatch(/has been used already/);
    expect((await api(ada).get('/api/team')).json.seatIn).toMatchObject({ ownerName: 'Ada Lovelace' });

    // Two invitations for the last two seats, then the plan is full: the answer says how to add one.
    await invite(owner, bo.email);
    const carol = await registerAccount(t.url, 'team-carol');
    const carolToken = await invite(owner, carol.email);
    const full = await api(owner).post('/api/team/invitations', { email: 'fourth@example.org' });
    expect(full.status).toBe(409);
    expect(full.json.message).toBe('All 3 seats are taken. Add a seat to invite someone else, or withdraw an invitation.');
    // The buyer's own seat needs a free one too.
    expect((await api(owner).post('/api/team/own-seat', { take: true })).status).toBe(409);

    // One link used by two accounts at once (a forwarded email): one seat is given.
    const dan = await registerAccount(t.url, 'team-dan');
    const both = await Promise.all([join(carol, carolToken), join(dan, carolToken)]);
    expect(both.map((r) => r.status).sort()).toEqual([200, 409]);
    expect([await isPremium(t, idOf(carol)), await isPremium(t, idOf(dan))].filter(Boolean)).toHaveLength(1);

    // Removal: premium ends at once; the member is told once.
    const removed = await api(owner).call('DELETE', `/api/team/members/${idOf(ada)}`);
    expect(removed.status).toBe(200);
    expect(await isPremium(t, idOf(ada))).toBe(false);
    expect((await callApp(`${t.url}/api/user`, 'GET', { cookie: ada.cookie })).json.isPremium).toBe(false);
    await smtp.waitFor(ada.email, /seat on Ada Lovelace's team has ended/);
    expect((await api(owner).call('DELETE', `/api/team/members/${idOf(ada)}`)).status).toBe(404);
    // Another member cannot manage the team.
    expect((await api(bo).call('DELETE', `/api/team/members/${idOf(carol)}`)).status).toBe(404);

    const audit = await t.ctx.db
      .select()
      .from(adminAuditLog)
      .where(eq(adminAuditLog.adminId, idOf(owner)));
    expect(audit.map((row) => row.action)).toEqual(expect.arrayContaining(['team.invite', 'team.remove_member']));
    // Found by the buyer's address, with its own members and open invitations.
    const list = await memberApi(t, admin.cookie).get(`/api/admin/teams?search=${encodeURIComponent(owner.email)}`);
    expect(list.json.items).toHaveLength(1);
    const listed = list.json.items[0];
    expect(listed).toMatchObject({ seats: 3, seatsUsed: 2, openInvitations: 1, status: 'active' });
    expect(listed.members.map((member: { email: string }) => member.email)).toEqual([both[0]!.status === 200 ? carol.email : dan.email]);
    expect((await api(owner).get('/api/admin/teams')).status).toBe(403);
  });

  it("the admin's Teams tab: a page at a time, newest first, found by the buyer's or a member's name or address; a bad query is a 400", async () => {
    const marker = `zq${Date.now().toString(36)}`;
    const older = await buyTeam(`${marker}-older`);
    const newer = await buyTeam(`${marker}-newer`);
    const member = await registerAccount(t.url, 'team-tab-m', { firstName: 'Wilhelmina', lastName: marker });
    expect((await join(member, await invite(older, member.email))).status).toBe(200);
    const tab = (query: string) => memberApi(t, admin.cookie).get(`/api/admin/teams?${query}`);

    // The buyer's address, in part: both teams, newest first, each with its own seats.
    const both = await tab(`search=${marker}`);
    expect(both.status).toBe(200);
    expect(both.json).toMatchObject({ total: 2, estimated: false, page: 1, pageSize: 25 });
    expect(both.json.items.map((row: { ownerEmail: string }) => row.ownerEmail)).toEqual([newer.email, older.email]);
    // A member's name finds the team whose seat they hold, listing them.
    const byMember = await tab(`search=${encodeURIComponent(`Wilhelmina ${marker}`)}`);
    expect(byMember.json.items.map((row: { ownerEmail: string }) => row.ownerEmail)).toEqual([older.email]);
    expect(byMember.json.items[0].members.map((m: { email: string }) => m.email)).toEqual([member.email]);
    expect((await tab(`search=${encodeURIComponent(member.email.toUpperCase())}`)).json.total).toBe(1);
    // One a page, oldest first: the second page holds the newer team.
    const second = await tab(`search=${marker}&pageSize=1&page=2&sort=createdAt`);
    expect(second.json).toMatchObject({ total: 2, page: 2, pageSize: 1 });
    expect(second.json.items.map((row: { ownerEmail: string }) => row.ownerEmail)).toEqual([newer.email]);
    expect((await tab(`search=${marker}&page=3&pageSize=1`)).json.items).toEqual([]);
    // A LIKE wildcard is a character searched for, not "anything".
    expect((await tab(`search=${encodeURIComponent(`${marker}%older`)}`)).json.total).toBe(0);

    for (const [query, message] of [
      ['page=0', 'page must be at least 1'],
      ['pageSize=101', 'pageSize must be at most 100'],
      ['page=two', 'page must be a whole number'],
      ['sort=owner', 'sort must be one of createdAt, -createdAt'],
      ['search=' + 'x'.repeat(201), 'search must be at most 200 characters'],
      ['limit=5', ''],
    ] as const) {
      const refused = await tab(query);
      expect(refused.status, query).toBe(400);
      if (message) expect(JSON.stringify(refused.json), query).toContain(message);
    }
  });

  it('the last seat claimed five times at once, by the buyer for themselves and by invitations: one wins', async () => {
    const owner = await buyTeam('team-last-seat', 2);
    const member = await registerAccount(t.url, 'team-last-m');
    expect((await join(member, await invite(owner, member.email))).status).toBe(200);
    const [own, ...invited] = await Promise.all([
      api(owner).post('/api/team/own-seat', { take: true }),
      ...[1, 2, 3, 4].map((n) => api(owner).post('/api/team/invitations', { email: `last-seat-${n}@example.org` })),
    ]);
    expect([own.status, ...invited.map((r) => r.status)].sort()).toEqual([200, 409, 409, 409, 409]);
    const after = await team(owner);
    expect(after.seatsUsed).toBe(2);
    expect(after.ownerHoldsSeat).toBe(own.status === 200);
    expect(await isPremium(t, idOf(owner))).toBe(own.status === 200);
  });

  it('adds and removes seats prorated, with the amount shown first; never below the seats in use', async () => {
    const owner = await buyTeam('team-seats', 2);
    const member = await registerAccount(t.url, 'team-seats-m');
    expect((await join(member, await invite(owner, member.email))).status).toBe(200);
    expect((await api(owner).post('/api/team/seats', { seats: 1 })).status).toBe(400);
    expect((await api(owner).post('/api/team/seats', { seats: 2 })).json.message).toBe('seats: Your team already has this number of seats.');
    await advance('15d');
    await invite(owner, 'held@example.org');
    const preview = await api(owner).post('/api/team/seats/preview', { seats: 4 });
    expect(preview.status, JSON.stringify(preview.json)).toBe(200);
    // Two seats for the second half of a month: about $15.
    expect(preview.json.amountDueCents).toBeGreaterThan(1200);
    expect(preview.json.amountDueCents).toBeLessThan(1700);
    expect(preview.json).toMatchObject({ seats: 4, creditCents: 0, renewalAmountCents: 6000 });
    const changed = await api(owner).post('/api/team/seats', { seats: 4 });
    expect(changed.status, JSON.stringify(changed.json)).toBe(200);
    expect(changed.json.team).toMatchObject({ seats: 4, amountCents: 6000 });
    const charges = await t.ctx.db
      .select()
      .from(billingCharges)
      .where(eq(billingCharges.userId, idOf(owner)));
    expect(charges.map((c) => c.amountCents).sort((a, b) => a - b)).toEqual([preview.json.amountDueCents, 3000]);
    // Going below what is held (a member and an invitation) is refused; to 2 leaves credit.
    await invite(owner, 'third@example.org');
    const refused = await api(owner).post('/api/team/seats', { seats: 2 });
    expect(refused.status, JSON.stringify(refused.json)).toBe(409);
    expect(refused.json.message).toMatch(/3 seats are in use/);
    const withdrawn = (await team(owner)).invitations.find((i: { email: string }) => i.email === 'third@example.org');
    expect((await api(owner).call('DELETE', `/api/team/invitations/${withdrawn.id}`)).status).toBe(200);
    const down = await api(owner).post('/api/team/seats/preview', { seats: 2 });
    expect(down.json.amountDueCents).toBe(0);
    expect(down.json.creditCents).toBeGreaterThan(1000);
    expect((await api(owner).post('/api/team/seats', { seats: 2 })).json.team.seats).toBe(2);
    const audit = await t.ctx.db
      .select()
      .from(adminAuditLog)
      .where(and(eq(adminAuditLog.adminId, idOf(owner)), eq(adminAuditLog.action, 'team.seats')))
      .orderBy(asc(adminAuditLog.id));
    expect(audit.map((row) => row.details)).toEqual([
      { from: 2, to: 4 },
      { from: 4, to: 2 },
    ]);
  });

  it('moves a member who pays for themselves to the seat: their own subscription ends, the unused part is refunded, never both', async () => {
    const owner = await buyTeam('team-move');
    const payer = await registerAccount(t.url, 'team-payer');
    const checkout = await api(payer).post('/api/create-checkout-session', { planType: 'monthly' });
    expect((await api(payer).post(`/api/billing/local/checkouts/${(checkout.json.url as string).split('/').pop()}/pay`, goodCard)).status).toBe(200);
    const token = await invite(owner, payer.email);
    const view = await api(payer).get(`/api/team/join/${token}`);
    expect(view.json).toMatchObject({ paysForSelf: true });
    expect(view.json.refundCents).toBeGreaterThan(1800);
    const told = await join(payer, token);
    expect(told.status).toBe(409);
    expect(told.json.errors.moveFromOwn).toMatch(/You already pay for your own membership/);
    expect(await seatsOf(payer)).toBe(0);
    expect((await join(payer, token, { moveFromOwn: true })).status).toBe(200);
    expect(await isPremium(t, idOf(payer))).toBe(true);
    const own = await t.ctx.db
      .select()
      .from(memberships)
      .where(and(eq(memberships.userId, idOf(payer)), isNull(memberships.seats)));
    expect(own.map((s) => s.status)).toEqual(['canceled']);
    const [charge] = await t.ctx.db
      .select()
      .from(billingCharges)
      .where(eq(billingCharges.userId, idOf(payer)));
    expect(charge!.refundedCents).toBeGreaterThan(1800);
    const [receipt] = (await api(payer).get('/api/billing/receipts')).json.receipts;
    expect(receipt).toMatchObject({ description: 'Premium membership, Monthly', amountCents: 1900, refundedCents: charge!.refundedCents });
    // A month on: the team renews, the member's own plan does not.
    await advance('32d');
    const charges = await t.ctx.db
      .select()
      .from(billingCharges)
      .where(eq(billingCharges.userId, idOf(payer)));
    expect(charges).toHaveLength(1);
    expect(await isPremium(t, idOf(payer))).toBe(true);
  });

  it('a removal during a webinar sign-up: the removed member keeps no place', async () => {
    const owner = await buyTeam('team-webinar');
    const member = await registerAccount(t.url, 'team-web-m');
    expect((await join(member, await invite(owner, member.email))).status).toBe(200);
    const startsAt = new Date(Date.now() + 72 * 3_600_000).toISOString().slice(0, 16);
    const created = await memberApi(t, admin.cookie).post('/api/admin/webinars', {
      title: `Team webinar ${Date.now()}`,
      description: 'x',
      startsAt,
      durationMinutes: 60,
      roomUrl: 'https://meet.example.org/team',
      capacity: null,
    });
    expect(created.status, JSON.stringify(created.json)).toBe(201);
    const [signup, removal] = await Promise.all([
      api(member).post(`/api/webinars/${created.json.id}/signup`),
      api(owner).call('DELETE', `/api/team/members/${idOf(member)}`),
    ]);
    expect(removal.status).toBe(200);
    expect([200, 201, 204, 403]).toContain(signup.status);
    // The minute's job frees a place taken just before the removal committed.
    await releaseEndedPlaces(t.ctx);
    const places = await t.ctx.db
      .select()
      .from(webinarSignups)
      .where(eq(webinarSignups.userId, idOf(member)));
    expect(places).toHaveLength(0);
    expect((await api(member).post(`/api/webinars/${created.json.id}/signup`)).status).toBe(403);
  });

  it('caps invitation mail to one address (decision 069): invite, withdraw and invite again stops at the cap with a 429, nothing left open', async () => {
    const owner = await buyTeam('team-caps', 2);
    const email = `capped-${idOf(owner)}@example.org`;
    const { hour } = MAIL_CAPS.teamInvitation.recipient;
    const openOnes = async () => ((await team(owner)).invitations as { id: string; email: string }[]).filter((i) => i.email === email);
    for (let i = 0; i < hour; i++) {
      await invite(owner, email);
      // A second invitation while one is open is refused and, refused, not counted.
      expect((await api(owner).post('/api/team/invitations', { email })).status).toBe(409);
      const [open] = await openOnes();
      expect((await api(owner).call('DELETE', `/api/team/invitations/${open!.id}`)).status).toBe(200);
    }
    const refused = await api(owner).post('/api/team/invitations', { email: email.toUpperCase() });
    expect(refused.status).toBe(429);
    expect(refused.json.message).toMatch(/^Too many invitations have been sent to .+ recently\. Please wait \d+ minutes and try again\.$/);
    expect(await openOnes()).toEqual([]);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(smtp.find(email, /invited you to/)).toHaveLength(hour);
    // Another address is invited as usual.
    await invite(owner, `other-${idOf(owner)}@example.org`);
  });

  it('webhook events twice and out of order leave the latest seats; the plan ending ends every seat', async () => {
    const owner = await buyTeam('team-events');
    const member = await registerAccount(t.url, 'team-ev-m');
    expect((await join(member, await invite(owner, member.email))).status).toBe(200);
    expect((await api(owner).post('/api/team/seats', { seats: 5 })).status).toBe(200);
    const [sub] = await t.ctx.db
      .select()
      .from(memberships)
      .where(and(eq(memberships.userId, idOf(owner))));
    const events = (await t.ctx.db.select().from(localBillingEvents)).filter((e) => e.payload.includes(sub!.providerSubscriptionId));
    expect(events.length).toBeGreaterThan(2);
    const local = localProvider(t.ctx)!;
    const chargesBefore = await t.ctx.db
      .select()
      .from(billingCharges)
      .where(eq(billingCharges.userId, idOf(owner)));
    // Every event again, newest first, each under a fresh id: the subscription is re-read, so the seats stay 5.
    for (const event of [...events].reverse()) {
      const payload = event.payload.replace(/"id":"evt_[^"]+"/, `"id":"evt_again_${Math.random().toString(36).slice(2)}"`);
      const res = await callApp(`${t.url}/api/webhooks/stripe`, 'POST', {
        raw: payload,
        headers: { 'content-type': 'application/json', 'stripe-signature': signPayload(payload, local.webhookSecret) },
      });
      expect(res.status).toBe(200);
    }
    // And the same events twice: recorded once.
    for (const event of events) {
      const res = await callApp(`${t.url}/api/webhooks/stripe`, 'POST', {
        raw: event.payload,
        headers: { 'content-type': 'application/json', 'stripe-signature': signPayload(event.payload, local.webhookSecret) },
      });
      expect(res.json.outcome).toBe('duplicate');
    }
    expect((await team(owner)).seats).toBe(5);
    const chargesAfter = await t.ctx.db
      .select()
      .from(billingCharges)
      .where(eq(billingCharges.userId, idOf(owner)));
    expect(chargesAfter).toHaveLength(chargesBefore.length);
    expect(await isPremium(t, idOf(member))).toBe(true);

    expect((await api(owner).post('/api/team/cancel')).json.team.cancelAtPeriodEnd).toBe(true);
    await advance('32d');
    expect(await isPremium(t, idOf(member))).toBe(false);
    expect((await api(owner).get('/api/team')).json.team).toBeNull();
  });
});

describe('invitations a team can no longer honour', () => {
  it('seats lowered at the provider below what is held: the newest invitations are withdrawn and the buyer told which, once', async () => {
    const owner = await buyTeam('team-over');
    const member = await registerAccount(t.url, 'team-over-m');
    expect((await join(member, await invite(owner, member.email))).status).toBe(200);
    const older = await invite(owner, 'over-older@example.org');
    const newer = await invite(owner, 'over-newer@example.org');
    // The quantity changed where the app is not asked (Stripe's dashboard): its event brings 2 seats.
    const [plan] = await t.ctx.db
      .select()
      .from(memberships)
      .where(and(eq(memberships.userId, idOf(owner)), isNotNull(memberships.seats)));
    await localProvider(t.ctx)!.changeSeats(plan!.providerSubscriptionId, 2);
    expect(await team(owner)).toMatchObject({ seats: 2, seatsUsed: 3 });
    // Until the job runs, the person invited is told what they can do.
    const guest = await registerAccount(t.url, 'team-over-g');
    expect((await join(guest, older)).json.message).toBe(teamMessages.fullForInvitee(2));

    await withdrawInvitationsBeyondSeats(t.ctx);
    const after = await team(owner);
    expect(after).toMatchObject({ seats: 2, seatsUsed: 2 });
    expect(after.invitations.map((i: { email: string }) => i.email)).toEqual(['over-older@example.org']);
    const told = await smtp.waitFor(owner.email, /invitation to your team was withdrawn/);
    expect(told.text).toContain('Your team plan now has 2 seats, and 1 is held by a member.');
    expect(told.text).toContain('- over-newer@example.org');
    expect(told.text).toContain('https://hub.example.org/account');
    expect((await callApp(`${t.url}/api/team/join/${newer}`, 'GET')).json.status).toBe('withdrawn');
    expect((await join(guest, newer)).json.message).toBe(teamMessages.invitationWithdrawn);
    // The one left open can be used.
    expect((await join(guest, older)).status).toBe(200);

    await withdrawInvitationsBeyondSeats(t.ctx);
    expect(smtp.find(owner.email, /to your team (was|were) withdrawn/)).toHaveLength(1);
  });
});

describe('one clock and one count of seats', () => {
  it('with the billing clock moved past the invitations, the admin and the buyer count the same seats', async () => {
    const owner = await buyTeam('team-clock', 3, 'yearly');
    const member = await registerAccount(t.url, 'team-clock-m');
    expect((await join(member, await invite(owner, member.email))).status).toBe(200);
    await invite(owner, 'clock-1@example.org');
    await invite(owner, 'clock-2@example.org');
    const listed = async () => (await memberApi(t, admin.cookie).get(`/api/admin/teams?search=${encodeURIComponent(owner.email)}`)).json.items[0];
    expect(await listed()).toMatchObject({ seatsUsed: 3, openInvitations: 2 });
    expect(await team(owner)).toMatchObject({ seatsUsed: 3 });
    // Invitations last 7 days on the billing clock: past them, both views free the two seats.
    await advance('8d');
    const buyer = await team(owner);
    expect(buyer).toMatchObject({ seatsUsed: 1, invitations: [] });
    expect(await listed()).toMatchObject({ seats: 3, seatsUsed: buyer.seatsUsed, openInvitations: 0 });
  });
});

describe("a team's seats, members and invitations take turns (one lock)", () => {
  /** A 3-seat team with two members who joined by invitation: one seat free. */
  async function teamOfTwo(label: string) {
    const owner = await buyTeam(label);
    const members: TestAccount[] = [];
    for (const n of [1, 2]) {
      const member = await registerAccount(t.url, `${label}-m${n}`);
      expect((await join(member, await invite(owner, member.email))).status).toBe(200);
      members.push(member);
    }
    return { owner, members };
  }
  /** What the race must leave: never more held than paid for, premium only through a held seat, credit only for a seat removed. */
  async function expectHeld(owner: TestAccount, seats: number) {
    const view = await team(owner);
    expect(view.seats).toBe(seats);
    expect(view.members.length + view.invitations.length).toBeLessThanOrEqual(view.seats);
    const ids = view.members.map((m: { userId: string }) => m.userId);
    const premium = await t.ctx.db
      .select({ id: users.id })
      .from(users)
      .where(and(inArray(users.id, ids), eq(users.isPremium, true)));
    expect(premium.length).toBeLessThanOrEqual(view.seats);
    const [own] = await t.ctx.db
      .select()
      .from(memberships)
      .where(and(eq(memberships.userId, idOf(owner)), eq(memberships.seats, seats)));
    const [billed] = await t.ctx.db.select().from(localBillingSubscriptions).where(eq(localBillingSubscriptions.id, own!.providerSubscriptionId));
    expect(billed!.seats).toBe(seats);
    // A seat removed leaves its unused part as credit; none when the seats stayed.
    if (seats === 3) expect(billed!.creditCents).toBe(0);
    else expect(billed!.creditCents).toBeGreaterThan(0);
    return view;
  }

  it('seats lowered while the buyer takes the last seat: one of the two, never 3 members on 2 seats', async () => {
    for (let round = 0; round < 6; round++) {
      const { owner } = await teamOfTwo(`race-own-${round}`);
      const [lowered, taken] = await Promise.all([api(owner).post('/api/team/seats', { seats: 2 }), api(owner).post('/api/team/own-seat', { take: true })]);
      expect([lowered.status, taken.status].sort(), JSON.stringify([lowered.json, taken.json])).toEqual([200, 409]);
      const view = await expectHeld(owner, lowered.status === 200 ? 2 : 3);
      expect(view.ownerHoldsSeat).toBe(taken.status === 200);
      expect(await isPremium(t, idOf(owner))).toBe(taken.status === 200);
      if (lowered.status === 409) expect(lowered.json.message).toBe(teamMessages.seatsInUse(3));
      else expect(taken.json.message).toBe(teamMessages.full(2));
    }
  });

  it('seats lowered while an invitation is sent: one of the two, and every invitation left open can be used', async () => {
    for (let round = 0; round < 8; round++) {
      const { owner } = await teamOfTwo(`race-inv-${round}`);
      const guest = await registerAccount(t.url, `race-inv-${round}-g`);
      const [lowered, invited] = await Promise.all([
        api(owner).post('/api/team/seats', { seats: 2 }),
        api(owner).post('/api/team/invitations', { email: guest.email }),
      ]);
      expect([lowered.status, invited.status].sort(), JSON.stringify([lowered.json, invited.json])).toEqual([200, 409]);
      const view = await expectHeld(owner, lowered.status === 200 ? 2 : 3);
      expect(view.invitations).toHaveLength(invited.status === 200 ? 1 : 0);
      if (invited.status === 200) {
        const mail = await smtp.waitFor(guest.email, /invited you to/);
        const token = /\/team\/join\/([\w-]{43})/.exec(mail.text)![1]!;
        expect((await join(guest, token)).status).toBe(200);
        expect(await isPremium(t, idOf(guest))).toBe(true);
      }
    }
  });
});

async function seatsOf(member: TestAccount) {
  return (
    await t.ctx.db
      .select()
      .from(teamSeats)
      .where(and(eq(teamSeats.userId, idOf(member)), isNull(teamSeats.removedAt)))
  ).length;
}
