import { and, asc, eq, gt, gte, inArray, lte, notExists, or, sql } from 'drizzle-orm';
import type { Executor, Transaction } from '../../db/client';
import { users } from '../../db/schema';
import { coachingBookings, coachingSlots } from './schema';
import { type PersonalData } from '../../personal-data';

export type Slot = typeof coachingSlots.$inferSelect;
type Booking = typeof coachingBookings.$inferSelect;

/** A live booking of the slot being read. */
const bookedOn = (slotId: typeof coachingSlots.id | string) => and(eq(coachingBookings.slotId, slotId), eq(coachingBookings.status, 'booked'));

/** What the email about a booking says: its time, coach, member, and the calendar event it updates. */
export async function bookingForMail(tx: Executor, bookingId: string) {
  const [row] = await tx
    .select({
      startsAt: coachingSlots.startsAt,
      coachName: coachingSlots.coachName,
      email: users.email,
      firstName: users.firstName,
      name: users.name,
      status: coachingBookings.status,
      id: coachingBookings.id,
      invitationId: coachingBookings.invitationId,
      sequence: coachingBookings.sequence,
    })
    .from(coachingBookings)
    .innerJoin(coachingSlots, eq(coachingSlots.id, coachingBookings.slotId))
    .innerJoin(users, eq(users.id, coachingBookings.userId))
    .where(eq(coachingBookings.id, bookingId));
  return row ?? null;
}

/** The member's live bookings of slots that started after `since`, the soonest first. */
export async function memberBookings(db: Executor, userId: string, since: Date): Promise<{ bookingId: string; slot: Slot }[]> {
  return db
    .select({ bookingId: coachingBookings.id, slot: coachingSlots })
    .from(coachingBookings)
    .innerJoin(coachingSlots, eq(coachingSlots.id, coachingBookings.slotId))
    .where(and(eq(coachingBookings.userId, userId), eq(coachingBookings.status, 'booked'), gt(coachingSlots.startsAt, since)))
    .orderBy(asc(coachingSlots.startsAt));
}

/** Slots nobody booked that start after `from` and by `until`, the soonest first (at most 200). */
export async function openSlots(db: Executor, from: Date, until: Date): Promise<Slot[]> {
  return db
    .select()
    .from(coachingSlots)
    .where(
      and(
        gt(coachingSlots.startsAt, from),
        lte(coachingSlots.startsAt, until),
        notExists(db.select({ id: coachingBookings.id }).from(coachingBookings).where(bookedOn(coachingSlots.id))),
      ),
    )
    .orderBy(asc(coachingSlots.startsAt))
    .limit(200);
}

/** The slot, held until the caller's transaction ends: a coach removing it meanwhile waits for the booking to commit. */
export async function holdSlot(tx: Transaction, slotId: string): Promise<Slot | null> {
  const [row] = await tx.select().from(coachingSlots).where(eq(coachingSlots.id, slotId)).for('key share');
  return row ?? null;
}

/**
 * A new booking; null when a partial unique index refused it (the slot, or the member's month, is
 * taken): conflicting with any of them does nothing.
 */
export async function insertBooking(
  tx: Executor,
  values: Pick<typeof coachingBookings.$inferInsert, 'slotId' | 'userId' | 'month' | 'invitationId' | 'sequence'>,
): Promise<string | null> {
  const [row] = await tx.insert(coachingBookings).values(values).onConflictDoNothing().returning({ id: coachingBookings.id });
  return row?.id ?? null;
}

export async function slotIsBooked(tx: Executor, slotId: string): Promise<boolean> {
  return (await tx.$count(coachingBookings, bookedOn(slotId))) > 0;
}

/** The member's own live booking, its row locked until the caller's transaction ends. */
export async function lockOwnBooking(
  tx: Transaction,
  bookingId: string,
  userId: string,
): Promise<(Pick<Booking, 'id' | 'invitationId' | 'sequence'> & { startsAt: Date }) | null> {
  const [row] = await tx
    .select({ id: coachingBookings.id, invitationId: coachingBookings.invitationId, sequence: coachingBookings.sequence, startsAt: coachingSlots.startsAt })
    .from(coachingBookings)
    .innerJoin(coachingSlots, eq(coachingSlots.id, coachingBookings.slotId))
    .where(and(eq(coachingBookings.id, bookingId), eq(coachingBookings.userId, userId), eq(coachingBookings.status, 'booked')))
    .for('update', { of: coachingBookings });
  return row ?? null;
}

const cancelled = (reason: string) => ({ status: 'cancelled' as const, cancelledReason: reason, cancelledAt: sql`now()` });

export async function cancelBooking(tx: Executor, bookingId: string, reason: string): Promise<void> {
  await tx.update(coachingBookings).set(cancelled(reason)).where(eq(coachingBookings.id, bookingId));
}

/** Cancels the live bookings, of slots after `now`, of members who are no longer premium; answers their ids. */
export async function cancelBookingsOfEndedPremium(tx: Executor, now: Date): Promise<{ id: string }[]> {
  return tx
    .update(coachingBookings)
    .set(cancelled('premium ended'))
    .where(
      and(
        eq(coachingBookings.status, 'booked'),
        inArray(coachingBookings.slotId, tx.select({ id: coachingSlots.id }).from(coachingSlots).where(gt(coachingSlots.startsAt, now))),
        inArray(coachingBookings.userId, tx.select({ id: users.id }).from(users).where(eq(users.isPremium, false))),
      ),
    )
    .returning({ id: coachingBookings.id });
}

/** Slots from `from` on, each with its live booking and member, for the coach's calendar (at most 500). */
export async function calendar(db: Executor, from: Date) {
  return db
    .select({ slot: coachingSlots, bookingId: coachingBookings.id, email: users.email, firstName: users.firstName, lastName: users.lastName })
    .from(coachingSlots)
    .leftJoin(coachingBookings, bookedOn(coachingSlots.id))
    .leftJoin(users, eq(users.id, coachingBookings.userId))
    .where(gte(coachingSlots.startsAt, from))
    .orderBy(asc(coachingSlots.startsAt))
    .limit(500);
}

/** Publishes a slot; false when the coach has one at that time already. */
export async function addSlot(tx: Executor, slot: Pick<typeof coachingSlots.$inferInsert, 'coachId' | 'coachName' | 'startsAt' | 'roomUrl'>): Promise<boolean> {
  const rows = await tx.insert(coachingSlots).values(slot).onConflictDoNothing().returning({ id: coachingSlots.id });
  return rows.length > 0;
}

/** Locks the slot until the caller's transaction ends; false when it does not exist. */
export async function lockSlot(tx: Transaction, slotId: string): Promise<boolean> {
  const rows = await tx.select({ id: coachingSlots.id }).from(coachingSlots).where(eq(coachingSlots.id, slotId)).for('update');
  return rows.length > 0;
}

/** Cancels the slot's live booking, if any; answers its id. */
export async function cancelBookingsOn(tx: Executor, slotId: string): Promise<string[]> {
  const rows = await tx.update(coachingBookings).set(cancelled('slot removed')).where(bookedOn(slotId)).returning({ id: coachingBookings.id });
  return rows.map((row) => row.id);
}

/** Deletes the slot and, with it, its bookings. */
export async function deleteSlot(tx: Executor, slotId: string): Promise<void> {
  await tx.delete(coachingSlots).where(eq(coachingSlots.id, slotId));
}

/** Bookings due a reminder: a day before, or an hour before when booked later than that (each told once by the caller). */
export async function bookingsDueReminder(tx: Executor, now: Date): Promise<{ id: string; userId: string }[]> {
  const at = now.toISOString();
  return tx
    .select({ id: coachingBookings.id, userId: coachingBookings.userId })
    .from(coachingBookings)
    .innerJoin(coachingSlots, eq(coachingSlots.id, coachingBookings.slotId))
    .where(
      and(
        eq(coachingBookings.status, 'booked'),
        gt(coachingSlots.startsAt, now),
        // Interval arithmetic between two columns: the builder has no word for it.
        or(
          sql`${coachingSlots.startsAt} <= ${at}::timestamptz + interval '24 hours' and ${coachingBookings.createdAt} <= ${coachingSlots.startsAt} - interval '24 hours'`,
          sql`${coachingSlots.startsAt} <= ${at}::timestamptz + interval '1 hour' and ${coachingBookings.createdAt} <= ${coachingSlots.startsAt} - interval '1 hour'`,
        ),
      ),
    );
}

/** Coaching's part of "Download my data" (server/personal-data.ts): the bookings go with the account by foreign key. */
export const coachingPersonalData: PersonalData = {
  tables: {
    coaching_bookings: { exported: 'coachingBookings', erased: true, how: 'deleted with the account' },
    coaching_slots: {
      exported: 'coachingSlotsOffered',
      kept: "a coach's slots stay, with the coach's name, for the members who booked them; the link to the deleted account is cleared",
    },
  },
  collect: async (db, member) => {
    const [bookings, slots] = await Promise.all([
      db
        .select({
          startsAt: coachingSlots.startsAt,
          coach: coachingSlots.coachName,
          status: coachingBookings.status,
          cancelledReason: coachingBookings.cancelledReason,
          bookedAt: coachingBookings.createdAt,
          cancelledAt: coachingBookings.cancelledAt,
        })
        .from(coachingBookings)
        .innerJoin(coachingSlots, eq(coachingSlots.id, coachingBookings.slotId))
        .where(eq(coachingBookings.userId, member.id)),
      db
        .select({ startsAt: coachingSlots.startsAt, coachName: coachingSlots.coachName, createdAt: coachingSlots.createdAt })
        .from(coachingSlots)
        .where(eq(coachingSlots.coachId, member.id)),
    ]);
    return { coachingBookings: bookings, coachingSlotsOffered: slots };
  },
};
