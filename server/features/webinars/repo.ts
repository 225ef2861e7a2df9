import { and, asc, desc, eq, gt, ilike, inArray, isNotNull, isNull, lte, or, sql } from 'drizzle-orm';
import type { Executor, Transaction } from '../../db/client';
import { users } from '../../db/schema';
import { webinarSignups, webinars } from './schema';
import { type PersonalData } from '../../personal-data';

export type Webinar = typeof webinars.$inferSelect;
export type WebinarWithSignups = Webinar & { signups: number };

/** What an admin writes of a webinar, with its description's HTML rendered by the caller. */
type WebinarFields = Pick<typeof webinars.$inferInsert, 'title' | 'description' | 'descriptionHtml' | 'startsAt' | 'durationMinutes' | 'roomUrl' | 'capacity'>;

/** How many have signed up for the webinar of the row being read. */
const signupsOf = (db: Executor) => db.$count(webinarSignups, eq(webinarSignups.webinarId, webinars.id));

export async function webinarWithSignups(db: Executor, id: string): Promise<WebinarWithSignups | null> {
  const [row] = await db
    .select({ webinar: webinars, signups: signupsOf(db) })
    .from(webinars)
    .where(eq(webinars.id, id));
  return row ? { ...row.webinar, signups: row.signups } : null;
}

/** Every webinar, the latest start first: the admin's list. */
export async function webinarsWithSignups(db: Executor): Promise<WebinarWithSignups[]> {
  const rows = await db
    .select({ webinar: webinars, signups: signupsOf(db) })
    .from(webinars)
    .orderBy(desc(webinars.startsAt));
  return rows.map((row) => ({ ...row.webinar, signups: row.signups }));
}

/** The webinar, its row locked until the caller's transaction ends: sign-ups and changes to one event take turns. */
export async function lockWebinar(tx: Transaction, id: string): Promise<Webinar | null> {
  const [row] = await tx.select().from(webinars).where(eq(webinars.id, id)).for('update');
  return row ?? null;
}

/** The next 20 scheduled webinars not over at `now`, the soonest first. */
export async function upcomingWebinars(db: Executor, now: Date): Promise<WebinarWithSignups[]> {
  const rows = await db
    .select({ webinar: webinars, signups: signupsOf(db) })
    .from(webinars)
    // The end is the start plus the length: interval arithmetic has no builder form.
    .where(and(eq(webinars.status, 'scheduled'), sql`${webinars.startsAt} + make_interval(mins => ${webinars.durationMinutes}) > ${now.toISOString()}`))
    .orderBy(asc(webinars.startsAt))
    .limit(20);
  return rows.map((row) => ({ ...row.webinar, signups: row.signups }));
}

/** Which of `webinarIds` the member signed up for. */
export async function signedUpTo(db: Executor, userId: string, webinarIds: string[]): Promise<Set<string>> {
  if (webinarIds.length === 0) return new Set();
  const rows = await db
    .select({ webinarId: webinarSignups.webinarId })
    .from(webinarSignups)
    .where(and(eq(webinarSignups.userId, userId), inArray(webinarSignups.webinarId, webinarIds)));
  return new Set(rows.map((row) => row.webinarId));
}

/** The recordings library, the latest first: all 100 of them, or those whose title, summary or description contains `search`. */
export async function recordings(db: Executor, search: string): Promise<Webinar[]> {
  const pattern = `%${search.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
  return db
    .select()
    .from(webinars)
    .where(
      and(
        isNotNull(webinars.recordingUrl),
        search ? or(ilike(webinars.title, pattern), ilike(webinars.recordingSummary, pattern), ilike(webinars.description, pattern)) : undefined,
      ),
    )
    .orderBy(desc(webinars.startsAt))
    .limit(100);
}

/** How many have signed up for the webinar, and whether `userId` is one of them. */
export async function signupsFor(tx: Executor, webinarId: string, userId: string): Promise<{ taken: number; mine: boolean }> {
  const taken = await tx.$count(webinarSignups, eq(webinarSignups.webinarId, webinarId));
  const mine = await tx.$count(webinarSignups, and(eq(webinarSignups.webinarId, webinarId), eq(webinarSignups.userId, userId)));
  return { taken, mine: mine > 0 };
}

export async function addSignup(tx: Executor, webinarId: string, userId: string): Promise<void> {
  await tx.insert(webinarSignups).values({ webinarId, userId });
}

/** False when the member was not signed up. */
export async function removeSignup(db: Executor, webinarId: string, userId: string): Promise<boolean> {
  const rows = await db
    .delete(webinarSignups)
    .where(and(eq(webinarSignups.webinarId, webinarId), eq(webinarSignups.userId, userId)))
    .returning({ webinarId: webinarSignups.webinarId });
  return rows.length > 0;
}

/** Scheduled webinars starting after `after` and at `until` at the latest: those whose reminder is due. */
export async function scheduledStartingIn(db: Executor, after: Date, until: Date): Promise<Webinar[]> {
  return db
    .select()
    .from(webinars)
    .where(and(eq(webinars.status, 'scheduled'), gt(webinars.startsAt, after), lte(webinars.startsAt, until)));
}

/** The members who had signed up for the webinar by `at`. */
export async function signedUpBy(tx: Executor, webinarId: string, at: Date): Promise<string[]> {
  const rows = await tx
    .select({ userId: webinarSignups.userId })
    .from(webinarSignups)
    .where(and(eq(webinarSignups.webinarId, webinarId), lte(webinarSignups.createdAt, at)));
  return rows.map((row) => row.userId);
}

/** Places at scheduled webinars still to come, held by members who are not premium (any more). */
export async function signupsWithoutPremium(db: Executor, now: Date) {
  return db
    .select({ webinarId: webinarSignups.webinarId, userId: webinarSignups.userId, signedUpAt: webinarSignups.createdAt })
    .from(webinarSignups)
    .innerJoin(webinars, eq(webinars.id, webinarSignups.webinarId))
    .innerJoin(users, eq(users.id, webinarSignups.userId))
    .where(and(eq(users.isPremium, false), eq(webinars.status, 'scheduled'), gt(webinars.startsAt, now)));
}

/** Who signed up, the first first, for the admin's list and export. */
export async function signupList(db: Executor, webinarId: string) {
  return db
    .select({ email: users.email, firstName: users.firstName, lastName: users.lastName, signedUpAt: webinarSignups.createdAt })
    .from(webinarSignups)
    .innerJoin(users, eq(users.id, webinarSignups.userId))
    .where(eq(webinarSignups.webinarId, webinarId))
    .orderBy(asc(webinarSignups.createdAt));
}

export async function insertWebinar(tx: Executor, fields: WebinarFields): Promise<string> {
  const [row] = await tx.insert(webinars).values(fields).returning({ id: webinars.id });
  return row!.id;
}

/** Saves an admin's change; a change to what calendars hold raises the invitation's sequence. */
export async function updateWebinar(tx: Executor, id: string, fields: WebinarFields, calendarChanged: boolean): Promise<Webinar> {
  const [row] = await tx
    .update(webinars)
    .set({ ...fields, ...(calendarChanged ? { sequence: sql`${webinars.sequence} + 1` } : {}), updatedAt: sql`now()` })
    .where(eq(webinars.id, id))
    .returning();
  return row!;
}

/** Cancels the webinar; the invitation's sequence rises, so the cancellation replaces it in calendars. */
export async function cancelWebinar(tx: Executor, id: string): Promise<Webinar> {
  const [row] = await tx
    .update(webinars)
    .set({ status: 'cancelled', sequence: sql`${webinars.sequence} + 1`, updatedAt: sql`now()` })
    .where(eq(webinars.id, id))
    .returning();
  return row!;
}

/** Sets the recording; when it was first added stays as it was on a corrected link. */
export async function setRecording(
  tx: Executor,
  id: string,
  fields: Pick<typeof webinars.$inferInsert, 'recordingUrl' | 'recordingSummary' | 'recordingSummaryHtml' | 'slidesUrl'>,
): Promise<Webinar> {
  const [row] = await tx
    .update(webinars)
    .set({ ...fields, recordingAddedAt: sql`coalesce(${webinars.recordingAddedAt}, now())`, updatedAt: sql`now()` })
    .where(eq(webinars.id, id))
    .returning();
  return row!;
}

/** Webinars kept without their description's or summary's HTML. */
export async function webinarsWithoutHtml(db: Executor) {
  return db
    .select({ id: webinars.id, description: webinars.description, recordingSummary: webinars.recordingSummary })
    .from(webinars)
    .where(or(isNull(webinars.descriptionHtml), isNull(webinars.recordingSummaryHtml)));
}

export async function setWebinarHtml(db: Executor, id: string, html: Pick<Webinar, 'descriptionHtml' | 'recordingSummaryHtml'>): Promise<void> {
  await db.update(webinars).set(html).where(eq(webinars.id, id));
}

/** Webinars' part of "Download my data" (server/personal-data.ts): the places go with the account by foreign key. */
export const webinarsPersonalData: PersonalData = {
  tables: { webinar_signups: { exported: 'webinarSignups', erased: true, how: 'deleted with the account' } },
  collect: async (db, member) => ({
    webinarSignups: await db
      .select({ webinar: webinars.title, startsAt: webinars.startsAt, signedUpAt: webinarSignups.createdAt })
      .from(webinarSignups)
      .innerJoin(webinars, eq(webinars.id, webinarSignups.webinarId))
      .where(eq(webinarSignups.userId, member.id)),
  }),
};
