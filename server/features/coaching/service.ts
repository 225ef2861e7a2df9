import type { PublicUser } from '#shared/auth/user';
import { type AdminCoachingSlot, BOOKING_WINDOW_DAYS, CANCEL_HOURS, type CoachingPage, type CoachingSlot, SESSION_MINUTES } from '#shared/coaching/coaching';
import { ROOM_OPENS_MINUTES } from '#shared/webinars/webinars';
import type { AppContext } from '../../context';
import type { Executor, Transaction } from '../../db/client';
import { HttpError } from '../../http/errors';
import { markTold } from '../../mail/told-once';
import { calendarMonth } from '#shared/site-time';
import { siteDate } from '#shared/site-year';
import { coachingMail, type CoachingMailKind } from './mails';
import {
  bookingForMail,
  calendar,
  cancelBooking,
  bookingsDueReminder,
  cancelBookingsOfEndedPremium,
  cancelBookingsOn,
  deleteSlot,
  holdSlot,
  insertBooking,
  lockOwnBooking,
  lockSlot,
  memberBookings,
  openSlots,
  type Slot,
  slotIsBooked,
} from './repo';

const toSlot = (slot: Slot): CoachingSlot => ({
  id: slot.id,
  startsAt: slot.startsAt.toISOString(),
  endsAt: new Date(slot.startsAt.getTime() + SESSION_MINUTES * 60_000).toISOString(),
  coachName: slot.coachName,
});

/** The session's calendar month on the site's clock: '2026-12'. */
export const monthOf = (instant: Date, timeZone: string) => {
  const { year, month } = siteDate(instant, timeZone);
  return `${year}-${String(month).padStart(2, '0')}`;
};

const settingsOf = (ctx: AppContext) => ({ publicUrl: ctx.env.PUBLIC_URL, timeZone: ctx.env.SITE_TIMEZONE, from: ctx.env.MAIL_FROM });

/** Stores the email about a booking in the caller's transaction (it exists only if the change commits); a move names the time it replaces. */
async function mailAbout(tx: Executor, ctx: AppContext, kind: CoachingMailKind, bookingId: string, movedFrom?: Date): Promise<string> {
  const row = (await bookingForMail(tx, bookingId))!;
  const booking = {
    eventId: row.invitationId ?? row.id,
    startsAt: row.startsAt,
    ...(movedFrom ? { movedFrom } : {}),
    coachName: row.coachName,
    member: { email: row.email, name: row.firstName ?? row.name },
    // A cancellation outranks the invitation it cancels.
    sequence: row.sequence + (row.status === 'booked' ? 0 : 1),
  };
  return ctx.mailQueue.store(tx, coachingMail(kind, booking, settingsOf(ctx)));
}

export async function coachingPage(ctx: AppContext, user: PublicUser | null, now = new Date()): Promise<CoachingPage> {
  const premium = Boolean(user?.isPremium);
  const zone = ctx.env.SITE_TIMEZONE;
  // Until the session has ended.
  const bookings = premium ? await memberBookings(ctx.db, user!.id, new Date(now.getTime() - SESSION_MINUTES * 60_000)) : [];
  const slots = await openSlots(ctx.db, now, new Date(now.getTime() + BOOKING_WINDOW_DAYS * 86_400_000));
  const bookedMonths = new Set(bookings.map(({ slot }) => monthOf(slot.startsAt, zone)));
  return {
    premium,
    timeZone: zone,
    bookings: bookings.map(({ bookingId, slot }) => {
      const opens = slot.startsAt.getTime() - ROOM_OPENS_MINUTES * 60_000;
      return {
        id: bookingId,
        slot: toSlot(slot),
        changeableUntil: new Date(slot.startsAt.getTime() - CANCEL_HOURS * 3_600_000).toISOString(),
        ...(now.getTime() >= opens ? { roomUrl: slot.roomUrl } : {}),
      };
    }),
    slots: slots.map((slot) => ({ ...toSlot(slot), monthTaken: bookedMonths.has(monthOf(slot.startsAt, zone)) })),
  };
}

/**
 * Books `slotId` for the member, optionally in place of `replacing` (a move), in one transaction.
 * The partial unique indexes decide, on any server: the insert does nothing when the slot or the
 * member's month is taken, and the answer says which. A move is told in one email: the new
 * booking keeps the replaced one's calendar event, one SEQUENCE higher, so the invitation
 * attached moves it in the member's calendar.
 */
export async function book(ctx: AppContext, user: PublicUser, slotId: string, replacing: string | null = null, now = new Date()): Promise<string> {
  const zone = ctx.env.SITE_TIMEZONE;
  const { id, mailIds } = await ctx.db.transaction(async (tx) => {
    // Held until the booking commits: a coach removing the slot meanwhile waits, then finds the booking and tells its member.
    const slot = await holdSlot(tx, slotId);
    if (!slot) throw new HttpError(404, 'This slot does not exist.');
    const startsAt = slot.startsAt;
    if (startsAt.getTime() <= now.getTime()) throw new HttpError(409, 'This slot is in the past: choose one to come.');
    if (startsAt.getTime() > now.getTime() + BOOKING_WINDOW_DAYS * 86_400_000) {
      throw new HttpError(409, `Sessions can be booked up to ${BOOKING_WINDOW_DAYS} days ahead: choose one of the times on the coaching page.`);
    }
    const replaced = replacing ? await cancelOwn(tx, user, replacing, now, 'moved') : null;
    const month = monthOf(startsAt, zone);
    const inserted = await insertBooking(tx, {
      slotId,
      userId: user.id,
      month,
      invitationId: replaced?.eventId ?? null,
      sequence: replaced ? replaced.sequence + 1 : 0,
    });
    if (!inserted) {
      if (await slotIsBooked(tx, slotId)) throw new HttpError(409, 'This slot was just taken. Please choose another.');
      throw new HttpError(
        409,
        `You already have a coaching session in ${monthName(month)}: one session a month is included. Cancel or move it to book another.`,
      );
    }
    return {
      id: inserted,
      mailIds: [replaced ? await mailAbout(tx, ctx, 'moved', inserted, replaced.startsAt) : await mailAbout(tx, ctx, 'confirmation', inserted)],
    };
  });
  ctx.mailQueue.deliverNow(mailIds);
  return id;
}

// The month key is already the site's calendar month (monthOf): written as it is.
const monthName = calendarMonth;

/** Cancels the member's own booking (up to 24 hours before), and answers what a move carries over to the booking that replaces it. */
async function cancelOwn(
  tx: Transaction,
  user: PublicUser,
  bookingId: string,
  now: Date,
  reason: 'member' | 'moved',
): Promise<{ startsAt: Date; eventId: string; sequence: number }> {
  const booking = await lockOwnBooking(tx, bookingId, user.id);
  if (!booking) throw new HttpError(404, 'You have no such booking.');
  if (booking.startsAt.getTime() - now.getTime() < CANCEL_HOURS * 3_600_000) {
    throw new HttpError(409, `Sessions can be cancelled or moved up to ${CANCEL_HOURS} hours before they start. Please write to us if something came up.`);
  }
  await cancelBooking(tx, bookingId, reason);
  return { startsAt: booking.startsAt, eventId: booking.invitationId ?? booking.id, sequence: booking.sequence };
}

/** The member cancels (up to 24 hours before): the slot and the month's session are free again. */
export async function cancel(ctx: AppContext, user: PublicUser, bookingId: string, now = new Date()): Promise<void> {
  const mailIds = await ctx.db.transaction(async (tx) => {
    await cancelOwn(tx, user, bookingId, now, 'member');
    return [await mailAbout(tx, ctx, 'cancelled', bookingId)];
  });
  ctx.mailQueue.deliverNow(mailIds);
}

/** The mark that a booking's reminder was sent (decision 034). */
const reminderTopic = (bookingId: string) => `coaching:${bookingId}:reminder`;

/**
 * Scheduled every minute ('coaching' job): future bookings of members who are no longer premium
 * are cancelled with an email (the slot freed), and each booking gets one reminder, a day before
 * (or an hour before when it was booked later than that). Each change and its email commit together.
 */
export async function coachingHousekeeping(ctx: AppContext, now = new Date()): Promise<{ cancelled: number; reminded: number }> {
  const mailIds = await ctx.db.transaction(async (tx) => {
    const ended = await cancelBookingsOfEndedPremium(tx, now);
    const reminded: { id: string }[] = [];
    for (const booking of await bookingsDueReminder(tx, now))
      if ((await markTold(tx, reminderTopic(booking.id), [booking.userId])).length > 0) reminded.push(booking);
    const ids: string[] = [];
    for (const row of ended) ids.push(await mailAbout(tx, ctx, 'premium-ended', row.id));
    for (const row of reminded) ids.push(await mailAbout(tx, ctx, 'reminder', row.id));
    return { ids, cancelled: ended.length, reminded: reminded.length };
  });
  ctx.mailQueue.deliverNow(mailIds.ids);
  return { cancelled: mailIds.cancelled, reminded: mailIds.reminded };
}

export async function adminCalendar(db: Executor, from: Date): Promise<AdminCoachingSlot[]> {
  return (await calendar(db, from)).map((row) => ({
    ...toSlot(row.slot),
    roomUrl: row.slot.roomUrl,
    booking: row.bookingId ? { id: row.bookingId, email: row.email!, name: [row.firstName, row.lastName].filter(Boolean).join(' ') } : null,
  }));
}

/** The coach removes a slot; a member booked on it is told, and keeps the month's session to book again. */
export async function removeSlot(ctx: AppContext, slotId: string): Promise<void> {
  const mailIds = await ctx.db.transaction(async (tx) => {
    if (!(await lockSlot(tx, slotId))) throw new HttpError(404, 'Slot not found');
    const ids = [];
    for (const id of await cancelBookingsOn(tx, slotId)) ids.push(await mailAbout(tx, ctx, 'slot-removed', id));
    // The emails are stored with what they say; the slot and its bookings go.
    await deleteSlot(tx, slotId);
    return ids;
  });
  ctx.mailQueue.deliverNow(mailIds);
}
