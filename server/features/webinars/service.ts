import { and, eq, inArray, not } from 'drizzle-orm';
import type { PublicUser } from '#shared/auth/user';
import { markdownToHtml } from '#shared/markdown/render';
import { type AdminWebinar, type PublicRecording, type PublicWebinar, ROOM_OPENS_MINUTES, type WebinarsPage } from '#shared/webinars/webinars';
import type { AppContext } from '../../context';
import type { Executor } from '../../db/client';
import { users } from '../../db/schema';
import { webinarSignups } from './schema';
import { HttpError } from '../../http/errors';
import { markTold } from '../../mail/told-once';
import { loadLinkKey, preferencesLink } from '../../mail/links';
import { optedOut } from '../../mail/topic-opt-outs';
import { instantToSiteLocal } from '#shared/site-time';
import { userIsPremium } from '../../users-repo';
import { type NoticeKind, webinarMail, type WebinarForMail } from './mails';
import {
  addSignup,
  lockWebinar,
  recordings as recordingRows,
  removeSignup,
  scheduledStartingIn,
  setWebinarHtml,
  signedUpBy,
  signedUpTo,
  signupsFor,
  signupsWithoutPremium,
  upcomingWebinars,
  type Webinar,
  type WebinarWithSignups,
  webinarsWithoutHtml,
  webinarsWithSignups,
} from './repo';

export const forMail = (webinar: Webinar): WebinarForMail => ({
  id: webinar.id,
  title: webinar.title,
  startsAt: webinar.startsAt,
  durationMinutes: webinar.durationMinutes,
  sequence: webinar.sequence,
  status: webinar.status,
  recordingUrl: webinar.recordingUrl,
  slidesUrl: webinar.slidesUrl,
});

/** What only a premium member is told: a member whose premium ended is told that their place is released, and a cancellation. */
const forPremium = (kind: NoticeKind) => kind !== 'released' && kind !== 'cancellation';

/**
 * Which webinar emails are "Webinar and event news" (decision 046), which a member can leave on
 * the preferences page: the recording being ready. The others are about the member's own place
 * (the confirmation, changes, the cancellation, the released place, the reminders they signed up
 * for) and always go.
 */
const isNews = (kind: NoticeKind) => kind === 'recording';

/** What a webinar email is the one of: the mark that it was sent to a member (decision 034). */
export const webinarTopic = (webinarId: string, kind: NoticeKind, key: string) => `webinar:${webinarId}:${kind}${key ? `:${key}` : ''}`;

/**
 * Stores one email of `kind` for each of `userIds` (or every member signed up) who has not had
 * it for `key` yet, in the caller's transaction: the "told once" mark and the queued mail commit
 * together, and the mark is unique, so each person is told once whatever runs twice.
 * Returns the queued mail ids to deliver once committed.
 */
export async function notify(tx: Executor, ctx: AppContext, webinar: Webinar, kind: NoticeKind, key: string, userIds?: string[]): Promise<string[]> {
  const signedUp = await tx
    .select({ id: users.id, email: users.email, firstName: users.firstName, name: users.name })
    .from(webinarSignups)
    .innerJoin(users, eq(users.id, webinarSignups.userId))
    .where(
      and(
        eq(webinarSignups.webinarId, webinar.id),
        userIds ? inArray(webinarSignups.userId, userIds) : undefined,
        forPremium(kind) ? eq(users.isPremium, true) : undefined,
        isNews(kind) ? not(optedOut('events', users.email)) : undefined,
      ),
    );
  const told = new Set(
    await markTold(
      tx,
      webinarTopic(webinar.id, kind, key),
      signedUp.map((member) => member.id),
    ),
  );
  const settings = { publicUrl: ctx.env.PUBLIC_URL, timeZone: ctx.env.SITE_TIMEZONE, from: ctx.env.MAIL_FROM };
  // News can be left: it links to the member's preferences (decision 046).
  const linkKey = isNews(kind) ? await loadLinkKey(tx) : undefined;
  const ids: string[] = [];
  for (const member of signedUp.filter((member) => told.has(member.id))) {
    const preferencesUrl = linkKey ? preferencesLink(linkKey, ctx.env.PUBLIC_URL, member.email) : undefined;
    ids.push(
      await ctx.mailQueue.store(
        tx,
        webinarMail(kind, forMail(webinar), { email: member.email, name: member.firstName ?? member.name, preferencesUrl }, settings),
      ),
    );
  }
  return ids;
}

/** What /webinars shows this person: everything for premium members, a teaser for everyone else. */
export async function webinarsPage(ctx: AppContext, user: PublicUser | null, search: string, now = new Date()): Promise<WebinarsPage> {
  const premium = Boolean(user?.isPremium);
  const upcomingRows = await upcomingWebinars(ctx.db, now);
  const mine = user
    ? await signedUpTo(
        ctx.db,
        user.id,
        upcomingRows.map((row) => row.id),
      )
    : new Set<string>();
  const upcoming = upcomingRows.map((row): PublicWebinar => {
    const startsAt = row.startsAt;
    const endsAt = new Date(startsAt.getTime() + row.durationMinutes * 60_000);
    const roomOpensAt = new Date(startsAt.getTime() - ROOM_OPENS_MINUTES * 60_000);
    const signedUp = mine.has(row.id);
    const roomOpen = premium && signedUp && now >= roomOpensAt && now < endsAt;
    return {
      id: row.id,
      title: row.title,
      descriptionHtml: row.descriptionHtml ?? '',
      startsAt: startsAt.toISOString(),
      endsAt: endsAt.toISOString(),
      durationMinutes: row.durationMinutes,
      status: row.status,
      capacity: row.capacity,
      spotsLeft: row.capacity === null ? null : Math.max(0, row.capacity - row.signups),
      roomOpensAt: roomOpensAt.toISOString(),
      ...(premium ? { signedUp } : {}),
      ...(roomOpen ? { roomUrl: row.roomUrl } : {}),
    };
  });
  const recordings: PublicRecording[] = premium
    ? (await recordingRows(ctx.db, search)).map((row) => ({
        id: row.id,
        title: row.title,
        startsAt: row.startsAt.toISOString(),
        recordingUrl: row.recordingUrl!,
        slidesUrl: row.slidesUrl,
        summaryHtml: row.recordingSummaryHtml ?? '',
      }))
    : [];
  return { premium, timeZone: ctx.env.SITE_TIMEZONE, upcoming, recordings };
}

/** One click: signed up and told (with the invitation), once; a full, past or cancelled event, or a second click, is refused. */
export async function signUp(ctx: AppContext, user: PublicUser, id: string, now = new Date()): Promise<void> {
  const mailIds = await ctx.db.transaction(async (tx) => {
    // The event's row is locked: two members taking the last place at once take turns.
    const webinar = await lockWebinar(tx, id);
    if (!webinar) throw new HttpError(404, 'Webinar not found');
    // Premium read again, its row shared-locked: a removal from a team (or any end of premium)
    // committing meanwhile is seen here, and one still running waits for this sign-up to finish
    // (the release job then frees the place within a minute).
    if (!(await userIsPremium(tx, user.id, 'share'))) throw new HttpError(403, 'Webinars are part of premium membership.');
    if (webinar.status === 'cancelled') throw new HttpError(409, 'This webinar is cancelled.');
    if (webinar.startsAt.getTime() + webinar.durationMinutes * 60_000 <= now.getTime())
      throw new HttpError(409, 'This webinar is over: its recording will be in the library.');
    const { taken, mine } = await signupsFor(tx, id, user.id);
    if (mine) throw new HttpError(409, "You're already signed up for this webinar.");
    if (webinar.capacity !== null && taken >= webinar.capacity) throw new HttpError(409, 'This webinar is full.');
    await addSignup(tx, id, user.id);
    return notify(tx, ctx, webinar, 'confirmation', '', [user.id]);
  });
  ctx.mailQueue.deliverNow(mailIds);
}

/**
 * Run by the 'webinar-reminders' job every minute: the places of members whose premium has
 * ended are released from webinars still to come (as coaching's bookings are), each with one
 * email whose invitation removes the event from their calendar. Signed up again later and ended
 * again, they are told again (the notice is keyed by the sign-up).
 */
export async function releaseEndedPlaces(ctx: AppContext, now = new Date()): Promise<number> {
  const ended = await signupsWithoutPremium(ctx.db, now);
  for (const place of ended) {
    const mailIds = await ctx.db.transaction(async (tx) => {
      const webinar = await lockWebinar(tx, place.webinarId);
      const premium = await userIsPremium(tx, place.userId);
      // Premium again since the list was read: the place stays, and nothing is said.
      if (!webinar || premium !== false) return [];
      const ids = await notify(tx, ctx, webinar, 'released', place.signedUpAt.toISOString(), [place.userId]);
      await removeSignup(tx, place.webinarId, place.userId);
      return ids;
    });
    ctx.mailQueue.deliverNow(mailIds);
  }
  return ended.length;
}

export async function withdraw(ctx: AppContext, user: PublicUser, id: string): Promise<void> {
  if (!(await removeSignup(ctx.db, id, user.id))) throw new HttpError(404, "You're not signed up for this webinar.");
}

export const toAdmin = (row: WebinarWithSignups, timeZone: string): AdminWebinar => ({
  id: row.id,
  title: row.title,
  description: row.description,
  startsAt: row.startsAt.toISOString(),
  startsAtLocal: instantToSiteLocal(row.startsAt, timeZone),
  durationMinutes: row.durationMinutes,
  roomUrl: row.roomUrl,
  capacity: row.capacity,
  status: row.status,
  signups: row.signups,
  recordingUrl: row.recordingUrl,
  recordingSummary: row.recordingSummary,
  slidesUrl: row.slidesUrl,
});

export async function listWebinars(db: Executor, timeZone: string): Promise<AdminWebinar[]> {
  return (await webinarsWithSignups(db)).map((row) => toAdmin(row, timeZone));
}

/**
 * The reminders a day and an hour before, run by the 'webinar-reminders' job every
 * minute with `now`. Each is a notice keyed by the start time: sent once per person, and again
 * only if the event moves. A member who signed up inside the window does not get that reminder
 * (their confirmation has just told them).
 */
export async function sendReminders(ctx: AppContext, now = new Date()): Promise<number> {
  const windows: { kind: NoticeKind; lead: number }[] = [
    { kind: 'reminder-day', lead: 24 * 60 },
    { kind: 'reminder-hour', lead: 60 },
  ];
  let sent = 0;
  for (const { kind, lead } of windows) {
    // The day's reminder is not for an event within the hour: that one has the hour's.
    const after = new Date(now.getTime() + (kind === 'reminder-day' ? 60 * 60_000 : 0));
    const due = await scheduledStartingIn(ctx.db, after, new Date(now.getTime() + lead * 60_000));
    for (const webinar of due) {
      const key = webinar.startsAt.toISOString();
      const mailIds = await ctx.db.transaction(async (tx) => {
        const early = await signedUpBy(tx, webinar.id, new Date(webinar.startsAt.getTime() - lead * 60_000));
        return early.length > 0 ? notify(tx, ctx, webinar, kind, key, early) : [];
      });
      sent += mailIds.length;
      ctx.mailQueue.deliverNow(mailIds);
    }
  }
  return sent;
}

/**
 * Webinars kept without their description's or summary's HTML (saved before it was kept, or
 * cleared by a migration when the renderer changes) get it: at every start and by the
 * housekeeping job. One that cannot be rendered is logged and left for the next run.
 */
export async function renderMissingHtml(db: Executor, log: { error(details: object, message: string): void }): Promise<number> {
  let rendered = 0;
  for (const webinar of await webinarsWithoutHtml(db)) {
    try {
      await setWebinarHtml(db, webinar.id, {
        descriptionHtml: markdownToHtml(webinar.description),
        recordingSummaryHtml: markdownToHtml(webinar.recordingSummary),
      });
      rendered += 1;
    } catch (error) {
      log.error({ err: error, webinarId: webinar.id }, 'could not render a webinar description; it is tried again at the next start');
    }
  }
  return rendered;
}
