import { and, eq, gt, or, sql } from 'drizzle-orm';
import type { PublicUser } from '#shared/auth/user';
import { type AdminCoachingSlot, BOOKING_WINDOW_DAYS, CANCEL_HOURS, type CoachingPage, type CoachingSlot, SESSION_MINUTES } from '#shared/coaching/coaching';
import { ROOM_OPENS_MINUTES } from '#shared/webinars/webinars';
import type { AppContext } from '../../context';
import type { Executor } from '../../db/client';
import { rowsOf } from '../../db/rows';
import { coachingBookings, coachingSlots } from '../../db/schema';
import { HttpError } from '../../http/errors';
import { markTold } from '../../mail/told-once';
import { siteDate } from '#shared/site-time';
import { coachingMail, type CoachingMailKind } from './mails';

interface SlotRow {
  id: string;
  starts_at: string | Date;
  coach_name: string;
  room_url: string;
}

const toSlot = (row: SlotRow): CoachingSlot => {
  const startsAt = new Date(row.starts_at);
  return {
    id: row.id,
    startsAt: startsAt.toISOString(),
    endsAt: new Date(startsAt.getTime() + SESSION_MINUTES * 60_000).toISOString(),
    coachName: row.coach_name,
  };
};

/** The session's calendar month on the site's clock: '2026-12'. */
export const monthOf = (instant: Date, timeZone: string) => {
  const { year, month } = siteDate(instant, timeZone);
  return `${year}-${String(month).padStart(2, '0')}`;
};

const settingsOf = (ctx: AppContext) => ({ publicUrl: ctx.env.PUBLIC_URL, timeZone: ctx.env.SITE_TIMEZONE, from: ctx.env.MAIL_FROM });

/** Stores the email about a booking in the caller's transaction (it exists only if the change commits); a move names the time it replaces. */
async function mailAbout(tx: Executor, ctx: AppContext, kind: CoachingMailKind, bookingId: string, movedFrom?: Date): Promise<string> {
  const [row] = rowsOf<{
    starts_at: string;
    coach_name: string;
    email: string;
    first_name: string | null;
    name: string | null;
    status: string;
    event_id: string;
    sequence: number;
  }>(
    await tx.execute(sql`select s.starts_at, s.coach_name, u.email, u.first_name, u.name, b.status, coalesce(b.invitation_id, b.id) as event_id, b.sequence
      from coaching_bookings b join coaching_slots s on s.id = b.slot_id join users u on u.id = b.user_id where b.id = ${bookingId}`),
  );
  const booking = {
    eventId: row!.event_id,
    startsAt: new Date(row!.starts_at),
    ...(movedFrom ? { movedFrom } : {}),
    coachName: row!.coach_name,
    member: { email: row!.email, name: row!.first_name ?? row!.name },
    // A cancellation outranks the invitation it cancels.
    sequence: row!.sequence + (row!.status === 'booked' ? 0 : 1),
  };
  return ctx.mailer.store(tx, coachingMail(kind, booking, settingsOf(ctx)));
}

export async function coachingPage(ctx: AppContext, user: PublicUser | null, now = new Date()): Promise<CoachingPage> {
  const premium = Boolean(user?.isPremium);
  const zone = ctx.env.SITE_TIMEZONE;
  const bookings = premium
    ? rowsOf<SlotRow & { booking_id: string }>(
        await ctx.db.execute(sql`select s.*, b.id as booking_id from coaching_bookings b join coaching_slots s on s.id = b.slot_id
          where b.user_id = ${user!.id} and b.status = 'booked' and s.starts_at + interval '60 minutes' > ${now.toISOString()} order by s.starts_at`),
      )
    : [];
  const slots = rowsOf<SlotRow>(
    await ctx.db.execute(sql`select s.* from coaching_slots s
      where s.starts_at > ${now.toISOString()} and s.starts_at <= ${new Date(now.getTime() + BOOKING_WINDOW_DAYS * 86_400_000).toISOString()}
        and not exists (select 1 from coaching_bookings b where b.slot_id = s.id and b.status = 'booked')
      order by s.starts_at limit 200`),
  );
  const bookedMonths = new Set(bookings.map((row) => monthOf(new Date(row.starts_at), zone)));
  return {
    premium,
    timeZone: zone,
    bookings: bookings.map((row) => {
      const slot = toSlot(row);
      const opens = new Date(slot.startsAt).getTime() - ROOM_OPENS_MINUTES * 60_000;
      return {
        id: row.booking_id,
        slot,
        changeableUntil: new Date(new Date(slot.startsAt).getTime() - CANCEL_HOURS * 3_600_000).toISOString(),
        ...(now.getTime() >= opens ? { roomUrl: row.room_url } : {}),
      };
    }),
    slots: slots.map((row) => ({ ...toSlot(row), monthTaken: bookedMonths.has(monthOf(new Date(row.starts_at), zone)) })),
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
    const [slot] = rowsOf<SlotRow>(await tx.execute(sql`select * from coaching_slots where id = ${slotId} for key share`));
    if (!slot) throw new HttpError(404, 'This slot does not exist.');
    const startsAt = new Date(slot.starts_at);
    if (startsAt.getTime() <= now.getTime()) throw new HttpError(409, 'This slot is in the past: choose one to come.');
    if (startsAt.getTime() > now.getTime() + BOOKING_WINDOW_DAYS * 86_400_000) {
      throw new HttpError(409, `Sessions can be booked up to ${BOOKING_WINDOW_DAYS} days ahead: choose one of the times on the coaching page.`);
    }
    const replaced = replacing ? await cancelOwn(tx, user, replacing, now, 'moved') : null;
    const month = monthOf(startsAt, zone);
    const [inserted] = rowsOf<{ id: string }>(
      await tx.execute(sql`insert into coaching_bookings (slot_id, user_id, month, invitation_id, sequence)
        values (${slotId}, ${user.id}, ${month}, ${replaced?.eventId ?? null}, ${replaced ? replaced.sequence + 1 : 0}) on conflict do nothing returning id`),
    );
    if (!inserted) {
      const [taken] = rowsOf(await tx.execute(sql`select 1 from coaching_bookings where slot_id = ${slotId} and status = 'booked'`));
      if (taken) throw new HttpError(409, 'This slot was just taken. Please choose another.');
      throw new HttpError(
        409,
        `You already have a coaching session in ${monthName(month)}: one session a month is included. Cancel or move it to book another.`,
      );
    }
    return {
      id: inserted.id,
      mailIds: [replaced ? await mailAbout(tx, ctx, 'moved', inserted.id, replaced.startsAt) : await mailAbout(tx, ctx, 'confirmation', inserted.id)],
    };
  });
  ctx.mailer.deliverNow(mailIds);
  return id;
}

const monthName = (month: string) => new Date(`${month}-15T12:00:00Z`).toLocaleDateString('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' });

/** Cancels the member's own booking (up to 24 hours before), and answers what a move carries over to the booking that replaces it. */
async function cancelOwn(
  tx: Executor,
  user: PublicUser,
  bookingId: string,
  now: Date,
  reason: 'member' | 'moved',
): Promise<{ startsAt: Date; eventId: string; sequence: number }> {
  const [booking] = rowsOf<{ starts_at: string; event_id: string; sequence: number }>(
    await tx.execute(sql`select s.starts_at, coalesce(b.invitation_id, b.id) as event_id, b.sequence from coaching_bookings b join coaching_slots s on s.id = b.slot_id
      where b.id = ${bookingId} and b.user_id = ${user.id} and b.status = 'booked' for update of b`),
  );
  if (!booking) throw new HttpError(404, 'You have no such booking.');
  if (new Date(booking.starts_at).getTime() - now.getTime() < CANCEL_HOURS * 3_600_000) {
    throw new HttpError(409, `Sessions can be cancelled or moved up to ${CANCEL_HOURS} hours before they start. Please write to us if something came up.`);
  }
  await tx.execute(sql`update coaching_bookings set status = 'cancelled', cancelled_reason = ${reason}, cancelled_at = now() where id = ${bookingId}`);
  return { startsAt: new Date(booking.starts_at), eventId: booking.event_id, sequence: booking.sequence };
}

/** The member cancels (up to 24 hours before): the slot and the month's session are free again. */
export async function cancel(ctx: AppContext, user: PublicUser, bookingId: string, now = new Date()): Promise<void> {
  const mailIds = await ctx.db.transaction(async (tx) => {
    await cancelOwn(tx, user, bookingId, now, 'member');
    return [await mailAbout(tx, ctx, 'cancelled', bookingId)];
  });
  ctx.mailer.deliverNow(mailIds);
}

/** The mark that a booking's reminder was sent (decision 034). */
const reminderTopic = (bookingId: string) => `coaching:${bookingId}:reminder`;

/**
 * Scheduled every minute ('coaching' job): future bookings of members who are no longer premium
 * are cancelled with an email (the slot freed), and each booking gets one reminder, a day before
 * (or an hour before when it was booked later than that). Each change and its email commit together.
 */
export async function coachingHousekeeping(ctx: AppContext, now = new Date()): Promise<{ cancelled: number; reminded: number }> {
  const at = now.toISOString();
  const mailIds = await ctx.db.transaction(async (tx) => {
    const ended = rowsOf<{ id: string }>(
      await tx.execute(sql`update coaching_bookings b set status = 'cancelled', cancelled_reason = 'premium ended', cancelled_at = now()
        from coaching_slots s, users u
        where s.id = b.slot_id and u.id = b.user_id and b.status = 'booked' and not u.is_premium and s.starts_at > ${at}
        returning b.id`),
    );
    // Due a reminder: a day before, or an hour before when booked later than that; told once (decision 034).
    const due = await tx
      .select({ id: coachingBookings.id, userId: coachingBookings.userId })
      .from(coachingBookings)
      .innerJoin(coachingSlots, eq(coachingSlots.id, coachingBookings.slotId))
      .where(
        and(
          eq(coachingBookings.status, 'booked'),
          gt(coachingSlots.startsAt, now),
          or(
            sql`${coachingSlots.startsAt} <= ${at}::timestamptz + interval '24 hours' and ${coachingBookings.createdAt} <= ${coachingSlots.startsAt} - interval '24 hours'`,
            sql`${coachingSlots.startsAt} <= ${at}::timestamptz + interval '1 hour' and ${coachingBookings.createdAt} <= ${coachingSlots.startsAt} - interval '1 hour'`,
          ),
        ),
      );
    const reminded: { id: string }[] = [];
    for (const booking of due) if ((await markTold(tx, reminderTopic(booking.id), [booking.userId])).length > 0) reminded.push(booking);
    const ids: string[] = [];
    for (const row of ended) ids.push(await mailAbout(tx, ctx, 'premium-ended', row.id));
    for (const row of reminded) ids.push(await mailAbout(tx, ctx, 'reminder', row.id));
    return { ids, cancelled: ended.length, reminded: reminded.length };
  });
  ctx.mailer.deliverNow(mailIds.ids);
  return { cancelled: mailIds.cancelled, reminded: mailIds.reminded };
}

export async function adminCalendar(db: Executor, from: Date): Promise<AdminCoachingSlot[]> {
  return rowsOf<SlotRow & { booking_id: string | null; email: string | null; first_name: string | null; last_name: string | null }>(
    await db.execute(sql`select s.*, b.id as booking_id, u.email, u.first_name, u.last_name from coaching_slots s
      left join coaching_bookings b on b.slot_id = s.id and b.status = 'booked' left join users u on u.id = b.user_id
      where s.starts_at >= ${from.toISOString()} order by s.starts_at limit 500`),
  ).map((row) => ({
    ...toSlot(row),
    roomUrl: row.room_url,
    booking: row.booking_id ? { id: row.booking_id, email: row.email!, name: [row.first_name, row.last_name].filter(Boolean).join(' ') } : null,
  }));
}

/** The coach removes a slot; a member booked on it is told, and keeps the month's session to book again. */
export async function removeSlot(ctx: AppContext, slotId: string): Promise<void> {
  const mailIds = await ctx.db.transaction(async (tx) => {
    const [slot] = rowsOf(await tx.execute(sql`select id from coaching_slots where id = ${slotId} for update`));
    if (!slot) throw new HttpError(404, 'Slot not found');
    const booked = rowsOf<{ id: string }>(
      await tx.execute(
        sql`update coaching_bookings set status = 'cancelled', cancelled_reason = 'slot removed', cancelled_at = now() where slot_id = ${slotId} and status = 'booked' returning id`,
      ),
    );
    const ids = [];
    for (const row of booked) ids.push(await mailAbout(tx, ctx, 'slot-removed', row.id));
    // The emails are stored with what they say; the slot and its bookings go.
    await tx.execute(sql`delete from coaching_slots where id = ${slotId}`);
    return ids;
  });
  ctx.mailer.deliverNow(mailIds);
}
