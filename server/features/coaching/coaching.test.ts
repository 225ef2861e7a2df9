import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../db/rows';
import { instantToSiteLocal } from '#shared/site-time';
import { startTestAppWithMail, type TestAppWithMail } from '../../test/app';
import { premiumMember, signInEveryone } from '../../test/identities';
import type { SmtpCapture } from '../../test/smtp';
import { coachingHousekeeping } from './service';
import { callApp } from '../../test/call-app';

const zone = 'America/New_York';
let t: TestAppWithMail;
let smtp: SmtpCapture;
let cookies: Awaited<ReturnType<typeof signInEveryone>>;

beforeAll(async () => {
  t = await startTestAppWithMail({ PUBLIC_URL: 'https://hub.example.org', SITE_TIMEZONE: zone });
  smtp = t.smtp;
  cookies = await signInEveryone(t);
});
afterAll(async () => {
  await t.close();
});

const call = (method: string, path: string, body?: unknown, cookie = cookies.admin) => callApp(`${t.url}${path}`, method, { body, cookie });

/** `day` of the month `monthsAhead` from now, at `hour`:00 on the site clock (a test's own hour keeps its slots apart). */
const siteSlot = (monthsAhead: number, day: number, hour: number) => {
  const [year, month] = instantToSiteLocal(new Date(), zone).split('-').map(Number) as [number, number];
  const date = new Date(Date.UTC(year, month - 1 + monthsAhead, day));
  return `${date.getUTCFullYear()}-${String(date.getUTCMonth() + 1).padStart(2, '0')}-${String(day).padStart(2, '0')}T${String(hour).padStart(2, '0')}:00`;
};

/** Publishes slots and returns their ids, in the order given. */
async function publish(starts: string[]): Promise<string[]> {
  const res = await call('POST', '/api/admin/coaching', { startsAt: starts, roomUrl: 'https://meet.example.org/coach' });
  expect(res.status).toBe(201);
  const { json } = await call('GET', '/api/admin/coaching');
  const slots = json.slots as { id: string; startsAt: string }[];
  return starts.map((local) => slots.find((slot) => instantToSiteLocal(new Date(slot.startsAt), zone) === local)!.id);
}

const bookedMonths = async (email: string) =>
  rowsOf<{ month: string }>(
    await t.ctx.db.execute(
      sql`select b.month from coaching_bookings b join users u on u.id = b.user_id where lower(u.email) = lower(${email}) and b.status = 'booked' order by 1`,
    ),
  ).map((r) => r.month);

describe('publishing slots', () => {
  it('takes starts on the site clock from admins only, and refuses the past, skipped times and bad links', async () => {
    expect((await call('POST', '/api/admin/coaching', { nonsense: 1 }, '')).status).toBe(401);
    expect((await call('POST', '/api/admin/coaching', { nonsense: 1 }, cookies.premium)).status).toBe(403);
    expect((await call('POST', '/api/admin/coaching', { startsAt: ['2020-01-01T10:00'], roomUrl: 'https://meet.example.org/x' })).status).toBe(400);
    expect((await call('POST', '/api/admin/coaching', { startsAt: ['2031-03-09T02:30'], roomUrl: 'https://meet.example.org/x' })).json.message).toMatch(
      /does not exist/,
    );
    expect((await call('POST', '/api/admin/coaching', { startsAt: [siteSlot(1, 3, 9)], roomUrl: 'javascript:alert(1)' })).json.errors).toHaveProperty(
      'roomUrl',
    );
    expect((await call('POST', '/api/admin/coaching', { startsAt: [], roomUrl: 'https://meet.example.org/x' })).json.errors).toHaveProperty('startsAt');
  });
});

describe('booking', () => {
  it('books one session a month with a calendar invitation; a second in the same month is refused, another month is fine', async () => {
    const [a, b, c] = await publish([siteSlot(1, 5, 9), siteSlot(1, 6, 9), siteSlot(2, 5, 9)]);
    expect((await call('POST', '/api/coaching/bookings', { slotId: a }, '')).status).toBe(401);
    expect((await call('POST', '/api/coaching/bookings', { slotId: a }, cookies.free)).status).toBe(403);
    const member = await premiumMember(t, 'coach-month');
    expect((await call('POST', '/api/coaching/bookings', { slotId: a }, member.cookie)).status).toBe(201);
    const confirmation = await smtp.waitFor(member.email, /^Your coaching session is booked$/);
    expect(confirmation.text).toContain('METHOD:REQUEST');
    const second = await call('POST', '/api/coaching/bookings', { slotId: b }, member.cookie);
    expect(second.status).toBe(409);
    expect(second.json.message).toMatch(/^You already have a coaching session in \w+ \d{4}: one session a month is included/);
    expect((await call('POST', '/api/coaching/bookings', { slotId: c }, member.cookie)).status).toBe(201);
    expect(await bookedMonths(member.email)).toHaveLength(2);
    const page = await call('GET', '/api/coaching', undefined, member.cookie);
    expect(page.json.bookings).toHaveLength(2);
    expect((page.json.slots as { id: string; monthTaken: boolean }[]).find((slot) => slot.id === b)).toMatchObject({ monthTaken: true });
    expect((await call('POST', '/api/coaching/bookings', { slotId: 'nope' }, member.cookie)).json.errors).toHaveProperty('slotId');
  });

  it('gives a slot to one of two members clicking at once, and one session to a member clicking two slots at once', async () => {
    const [a, b, c] = await publish([siteSlot(1, 7, 10), siteSlot(1, 8, 10), siteSlot(1, 9, 10)]);
    const [first, second] = await Promise.all([premiumMember(t, 'race-1'), premiumMember(t, 'race-2')]);
    const answers = await Promise.all([first, second].map((member) => call('POST', '/api/coaching/bookings', { slotId: a }, member.cookie)));
    expect(answers.map((answer) => answer.status).sort()).toEqual([201, 409]);
    expect(answers.find((answer) => answer.status === 409)!.json.message).toBe('This slot was just taken. Please choose another.');
    const greedy = await premiumMember(t, 'race-greedy');
    const both = await Promise.all([b, c].map((slotId) => call('POST', '/api/coaching/bookings', { slotId }, greedy.cookie)));
    expect(both.map((answer) => answer.status).sort()).toEqual([201, 409]);
    expect(await bookedMonths(greedy.email)).toHaveLength(1);
    const [live] = rowsOf<{ n: number }>(
      await t.ctx.db.execute(sql`select count(*)::int as n from coaching_bookings where slot_id = ${a} and status = 'booked'`),
    );
    expect(live!.n).toBe(1);
  });

  it('cancels and moves up to 24 hours before, freeing the slot and the month; later, and in the past, it is refused', async () => {
    const [a, b] = await publish([siteSlot(1, 12, 11), siteSlot(1, 13, 11)]);
    const member = await premiumMember(t, 'coach-cancel');
    const booked = await call('POST', '/api/coaching/bookings', { slotId: a }, member.cookie);
    const moved = await call('POST', `/api/coaching/bookings/${booked.json.id}/move`, { slotId: b }, member.cookie);
    expect(moved.status).toBe(200);
    expect(await bookedMonths(member.email)).toHaveLength(1);
    // The first slot is free again for someone else.
    const other = await premiumMember(t, 'coach-cancel-other');
    expect((await call('POST', '/api/coaching/bookings', { slotId: a }, other.cookie)).status).toBe(201);
    expect((await call('DELETE', `/api/coaching/bookings/${moved.json.id}`, undefined, member.cookie)).status).toBe(200);
    await smtp.waitFor(member.email, /^Your coaching session is cancelled$/);
    expect(await bookedMonths(member.email)).toEqual([]);
    expect((await call('DELETE', `/api/coaching/bookings/${moved.json.id}`, undefined, member.cookie)).status).toBe(404);

    // Within 24 hours: refused, nothing changed.
    const soon = await publish([instantToSiteLocal(new Date(Date.now() + 5 * 3_600_000 + 30 * 60_000), zone).replace(/:\d\d$/, ':00')]);
    const late = await premiumMember(t, 'coach-late');
    const lateBooking = await call('POST', '/api/coaching/bookings', { slotId: soon[0] }, late.cookie);
    expect(lateBooking.status).toBe(201);
    const refused = await call('DELETE', `/api/coaching/bookings/${lateBooking.json.id}`, undefined, late.cookie);
    expect(refused.status).toBe(409);
    expect(refused.json.message).toMatch(/up to 24 hours before/);
    expect(await bookedMonths(late.email)).toHaveLength(1);
    // Someone else's booking is not yours to cancel.
    expect((await call('DELETE', `/api/coaching/bookings/${lateBooking.json.id}`, undefined, member.cookie)).status).toBe(404);

    const [past] = rowsOf<{ id: string }>(
      await t.ctx.db.execute(
        sql`insert into coaching_slots (coach_name, starts_at, room_url) values ('Coach', now() - interval '2 days', 'https://meet.example.org/p') returning id`,
      ),
    );
    expect((await call('POST', '/api/coaching/bookings', { slotId: past!.id }, member.cookie)).json.message).toBe(
      'This slot is in the past: choose one to come.',
    );
  });
});

describe('moving and the booking window', () => {
  const uidOf = (text: string) => /^UID:(.+)$/m.exec(text)?.[1];

  it('tells a move in one email whose invitation moves the same calendar event', async () => {
    const [a, b] = await publish([siteSlot(1, 14, 16), siteSlot(1, 15, 16)]);
    const member = await premiumMember(t, 'coach-move');
    const booked = await call('POST', '/api/coaching/bookings', { slotId: a }, member.cookie);
    const confirmation = await smtp.waitFor(member.email, /^Your coaching session is booked$/);
    expect((await call('POST', `/api/coaching/bookings/${booked.json.id}/move`, { slotId: b }, member.cookie)).status).toBe(200);

    const moved = await smtp.waitFor(member.email, /^Your coaching session is moved$/);
    expect(moved.text).toContain('METHOD:REQUEST');
    expect(moved.text).toContain('SEQUENCE:1');
    expect(uidOf(moved.text)).toBe(uidOf(confirmation.text));
    expect(moved.text).toMatch(/is moved from \w+day, .+\.\s+Now: \w+day, /);
    expect(moved.text).not.toContain('yours to book again');
    // Cancelling it afterwards removes that same event, one step later.
    const { json } = await call('GET', '/api/coaching', undefined, member.cookie);
    expect((await call('DELETE', `/api/coaching/bookings/${json.bookings[0].id}`, undefined, member.cookie)).status).toBe(200);
    const cancelled = await smtp.waitFor(member.email, /^Your coaching session is cancelled$/);
    expect(cancelled.text).toContain('METHOD:CANCEL');
    expect(cancelled.text).toContain('SEQUENCE:2');
    expect(uidOf(cancelled.text)).toBe(uidOf(confirmation.text));
    // The move itself sent no cancellation and no second confirmation.
    expect(smtp.find(member.email, /^Your coaching session is cancelled$/)).toHaveLength(1);
    expect(smtp.find(member.email, /^Your coaching session is booked$/)).toHaveLength(1);
  });

  it('books and moves only within the 60 days the page offers', async () => {
    const [near, far] = await publish([siteSlot(1, 16, 16), siteSlot(4, 16, 16)]);
    const member = await premiumMember(t, 'coach-window');
    const offered = (await call('GET', '/api/coaching', undefined, member.cookie)).json.slots.map((slot: { id: string }) => slot.id);
    expect(offered).not.toContain(far);
    const refused = await call('POST', '/api/coaching/bookings', { slotId: far }, member.cookie);
    expect(refused.status).toBe(409);
    expect(refused.json.message).toBe('Sessions can be booked up to 60 days ahead: choose one of the times on the coaching page.');
    const booked = await call('POST', '/api/coaching/bookings', { slotId: near }, member.cookie);
    expect((await call('POST', `/api/coaching/bookings/${booked.json.id}/move`, { slotId: far }, member.cookie)).status).toBe(409);
    expect(await bookedMonths(member.email)).toHaveLength(1);
  });

  it('answers a booking made while the coach removes the slot without a 500: the booking is cancelled and its member told, or the slot is gone', async () => {
    const [slot] = await publish([siteSlot(1, 17, 16)]);
    const member = await premiumMember(t, 'coach-race');
    // The booking's insert waits a moment: the removal runs in between, as it did on PostgreSQL.
    await t.ctx.database.executeSql(`create function slow_booking() returns trigger language plpgsql as $$ begin perform pg_sleep(0.4); return new; end $$`);
    await t.ctx.database.executeSql(
      `create trigger slow_booking before insert on coaching_bookings for each row when (new.slot_id = '${slot}') execute function slow_booking()`,
    );
    try {
      const booking = call('POST', '/api/coaching/bookings', { slotId: slot }, member.cookie);
      await new Promise((resolve) => setTimeout(resolve, 150));
      const removal = call('DELETE', `/api/admin/coaching/${slot}`);
      const [booked, removed] = await Promise.all([booking, removal]);
      expect(removed.status).toBe(200);
      expect([201, 404]).toContain(booked.status);
      if (booked.status === 201)
        expect((await smtp.waitFor(member.email, /^Your coaching session is cancelled$/)).text).toContain('your coach can no longer make');
    } finally {
      await t.ctx.database.executeSql('drop trigger if exists slow_booking on coaching_bookings; drop function if exists slow_booking()');
    }
    expect(await bookedMonths(member.email)).toEqual([]);
  });
});

describe('what runs on its own', () => {
  it('reminds once, and cancels the future bookings of a member whose premium ended, freeing the slot', async () => {
    const [a, b] = await publish([siteSlot(1, 20, 14), siteSlot(2, 20, 14)]);
    const member = await premiumMember(t, 'coach-ends');
    await call('POST', '/api/coaching/bookings', { slotId: a }, member.cookie);
    await call('POST', '/api/coaching/bookings', { slotId: b }, member.cookie);
    const { json } = await call('GET', '/api/admin/coaching');
    const slotA = (json.slots as { id: string; startsAt: string; booking: { email: string } | null }[]).find((slot) => slot.id === a)!;
    expect(slotA.booking).toMatchObject({ email: member.email.toLowerCase() });

    const start = new Date(slotA.startsAt).getTime();
    expect((await coachingHousekeeping(t.ctx, new Date(start - 30 * 3_600_000))).reminded).toBe(0);
    expect((await coachingHousekeeping(t.ctx, new Date(start - 23 * 3_600_000))).reminded).toBeGreaterThanOrEqual(1);
    await smtp.waitFor(member.email, /^Reminder: your coaching session$/);
    await coachingHousekeeping(t.ctx, new Date(start - 22 * 3_600_000));
    expect(smtp.find(member.email, /^Reminder: your coaching session$/)).toHaveLength(1);

    await t.ctx.db.execute(sql`update users set is_premium = false where lower(email) = lower(${member.email})`);
    expect((await coachingHousekeeping(t.ctx)).cancelled).toBeGreaterThanOrEqual(2);
    const told = await smtp.waitFor(member.email, /^Your coaching session is cancelled$/);
    expect(told.text).toContain('Your premium membership has ended');
    expect(told.text).toContain('METHOD:CANCEL');
    expect(await bookedMonths(member.email)).toEqual([]);
    const other = await premiumMember(t, 'coach-ends-other');
    expect((await call('GET', '/api/coaching', undefined, other.cookie)).json.slots.map((slot: { id: string }) => slot.id)).toContain(a);
  });

  it('removing a booked slot tells the member, who keeps the month to book again', async () => {
    const [a, b] = await publish([siteSlot(1, 22, 15), siteSlot(1, 23, 15)]);
    const member = await premiumMember(t, 'coach-removed');
    await call('POST', '/api/coaching/bookings', { slotId: a }, member.cookie);
    expect((await call('DELETE', `/api/admin/coaching/${a}`, undefined, cookies.premium)).status).toBe(403);
    expect((await call('DELETE', `/api/admin/coaching/${a}`)).status).toBe(200);
    const told = await smtp.waitFor(member.email, /^Your coaching session is cancelled$/);
    expect(told.text).toContain('your coach can no longer make');
    expect((await call('POST', '/api/coaching/bookings', { slotId: b }, member.cookie)).status).toBe(201);
    expect((await call('DELETE', `/api/admin/coaching/${a}`)).status).toBe(404);
  });
});
