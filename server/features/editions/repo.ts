import { and, asc, count, desc, eq, inArray, isNull, lte, max, ne, notExists, type SQL, sql } from 'drizzle-orm';
import {
  type Edition,
  type EditionAudience,
  type EditionDraft,
  type EditionStatus,
  type EditionSummary,
  type PublicEdition,
  type PublicEditions,
  type PublicEditionSummary,
  readingMinutes,
  readingTime,
  RECENT_EDITIONS,
} from '#shared/newsletter/editions';
import { markdownToHtml } from '#shared/markdown/render';
import { siteIsoDate } from '#shared/site-time';
import type { Executor, Transaction } from '../../db/client';
import { editionDeliveries, editionRecipientLists, newsletterEditions, newsletterSegments } from './schema';
import { isUniqueViolation } from '../../db/unique-violation';
import { optOutsSince } from '../../mail/topic-opt-outs';
import { byAddress, type PersonalData, underVerifiedAddress } from '../../personal-data';
import { eligible } from './recipients-repo';

type DeliveryStatus = (typeof editionDeliveries.$inferSelect)['status'];

/**
 * Each edition's deliveries counted by status, in one pass: every edition's, or one's. The
 * recipients of a list the sender has not written yet are pending (decision 099).
 */
async function deliveryFigures(db: Executor, editionId?: string): Promise<Map<string, Record<DeliveryStatus, number>>> {
  const [rows, lists] = await Promise.all([
    db
      .select({ editionId: editionDeliveries.editionId, status: editionDeliveries.status, count: count() })
      .from(editionDeliveries)
      .where(editionId ? eq(editionDeliveries.editionId, editionId) : undefined)
      .groupBy(editionDeliveries.editionId, editionDeliveries.status),
    db
      // cardinality() has no builder form.
      .select({ editionId: editionRecipientLists.editionId, count: sql<number>`cardinality(${editionRecipientLists.emails})::int` })
      .from(editionRecipientLists)
      .where(editionId ? eq(editionRecipientLists.editionId, editionId) : undefined),
  ]);
  const figures = new Map<string, Record<DeliveryStatus, number>>();
  for (const row of [...rows, ...lists.map((list) => ({ ...list, status: 'pending' as const }))]) {
    const counts = figures.get(row.editionId) ?? { pending: 0, sent: 0, failed: 0, skipped: 0 };
    counts[row.status] += Number(row.count);
    figures.set(row.editionId, counts);
  }
  return figures;
}

/**
 * The admin's list (or its line for one edition), with each edition's sending figures and the
 * subscribers who unsubscribed since it started: drafts (last edited first), then what is
 * scheduled (soonest first), then what is sending or paused, then what was sent (latest first).
 */
export async function listEditions(db: Executor, id?: string): Promise<EditionSummary[]> {
  const rows = await db
    .select({
      id: newsletterEditions.id,
      slug: newsletterEditions.slug,
      title: newsletterEditions.title,
      summary: newsletterEditions.summary,
      audience: newsletterEditions.audience,
      segmentId: newsletterEditions.segmentId,
      segmentName: newsletterSegments.name,
      status: newsletterEditions.status,
      issueNumber: newsletterEditions.issueNumber,
      scheduledAt: newsletterEditions.scheduledAt,
      sentAt: newsletterEditions.sentAt,
      updatedAt: newsletterEditions.updatedAt,
      // None before it started: nothing is at or after a null start.
      unsubscribesSince: optOutsSince('newsletter', newsletterEditions.startedAt),
    })
    .from(newsletterEditions)
    .leftJoin(newsletterSegments, eq(newsletterSegments.id, newsletterEditions.segmentId))
    .where(id ? eq(newsletterEditions.id, id) : undefined)
    // CASE has no builder form.
    .orderBy(
      sql`case ${newsletterEditions.status} when 'draft' then 0 when 'scheduled' then 1 when 'sent' then 3 else 2 end`,
      sql`case when ${newsletterEditions.status} = 'scheduled' then ${newsletterEditions.scheduledAt} end asc`,
      sql`coalesce(${newsletterEditions.sentAt}, ${newsletterEditions.updatedAt}) desc`,
    );
  const figures = await deliveryFigures(db, id);
  return rows.map((row) => {
    const { pending, sent, failed, skipped } = figures.get(row.id) ?? { pending: 0, sent: 0, failed: 0, skipped: 0 };
    return {
      ...row,
      scheduledAt: row.scheduledAt?.toISOString() ?? null,
      sentAt: row.sentAt?.toISOString() ?? null,
      updatedAt: row.updatedAt.toISOString(),
      progress: { total: pending + sent + failed + skipped, sent, failed, skipped, remaining: pending },
    };
  });
}

export async function findEdition(db: Executor, id: string): Promise<Edition | null> {
  const [summary] = await listEditions(db, id);
  if (!summary) return null;
  const [content] = await db
    .select({ body: newsletterEditions.body, version: newsletterEditions.version, askFeedback: newsletterEditions.askFeedback })
    .from(newsletterEditions)
    .where(eq(newsletterEditions.id, id));
  if (!content) return null;
  // COALESCE has no builder form; grouped by what is shown, so a missing reason and 'Unknown' are one line.
  const reason = sql<string>`coalesce(${editionDeliveries.lastError}, 'Unknown')`;
  const failures = await db
    .select({ reason, count: count() })
    .from(editionDeliveries)
    .where(and(eq(editionDeliveries.editionId, id), eq(editionDeliveries.status, 'failed')))
    .groupBy(reason)
    .orderBy(desc(count()))
    .limit(20);
  return { ...summary, body: content.body, version: content.version, askFeedback: content.askFeedback, failures };
}

const publicColumns = {
  slug: newsletterEditions.slug,
  title: newsletterEditions.title,
  summary: newsletterEditions.summary,
  audience: newsletterEditions.audience,
  issueNumber: newsletterEditions.issueNumber,
  sentAt: newsletterEditions.sentAt,
  readingMinutes: newsletterEditions.readingMinutes,
};
type PublicRow = Pick<typeof newsletterEditions.$inferSelect, keyof typeof publicColumns>;

/** What a saved body keeps beside it: its page HTML and reading time, worked out once, never per request. */
export const renderedBody = (body: string) => ({ html: markdownToHtml(body), readingMinutes: readingMinutes(body) });
const keptBody = (body: string) => {
  const { html, readingMinutes: minutes } = renderedBody(body);
  return { bodyHtml: html, readingMinutes: minutes };
};

const toPublicSummary = (row: PublicRow, timeZone: string): PublicEditionSummary => ({
  slug: row.slug,
  title: row.title,
  summary: row.summary,
  audience: row.audience,
  issueNumber: row.issueNumber,
  // A sent edition has its time.
  sentAt: row.sentAt!.toISOString(),
  sentOn: siteIsoDate(row.sentAt!, timeZone),
  readingTime: readingTime(row.readingMinutes ?? 1),
});
const toPublic = (row: PublicRow & { bodyHtml: string | null }, timeZone: string): PublicEdition => ({
  ...toPublicSummary(row, timeZone),
  html: row.bodyHtml ?? '',
});
// NULLS LAST and the window function have no builder form.
const latestFirst = [desc(newsletterEditions.sentAt), sql`${newsletterEditions.issueNumber} desc nulls last`];
const htmlOfFirst = (inFull: number): SQL<string | null> =>
  sql`case when row_number() over (order by ${newsletterEditions.sentAt} desc, ${newsletterEditions.issueNumber} desc nulls last) <= ${inFull} then ${newsletterEditions.bodyHtml} end`;

/**
 * Sent editions for everyone (premium announcements stay in members' inboxes), newest first; the
 * first `inFull` rendered to HTML, the rest as summaries; dated on the site's clock (`timeZone`).
 */
export async function sentEditions(
  db: Executor,
  timeZone: string,
  inFull: number,
  limit = 5000,
): Promise<{ full: PublicEdition[]; all: PublicEditionSummary[] }> {
  // Only the first `inFull` bring their HTML: the archive's links need no text.
  const rows = await db
    .select({ ...publicColumns, bodyHtml: htmlOfFirst(inFull) })
    .from(newsletterEditions)
    .where(and(eq(newsletterEditions.status, 'sent'), eq(newsletterEditions.audience, 'subscribers')))
    .orderBy(...latestFirst)
    .limit(limit);
  return { full: rows.slice(0, inFull).map((row) => toPublic(row, timeZone)), all: rows.map((row) => toPublicSummary(row, timeZone)) };
}

/** What /weekly-dish and GET /api/editions show: the latest, the three before it, and the archive. */
export async function archivePage(db: Executor, timeZone: string): Promise<PublicEditions> {
  const { full, all } = await sentEditions(db, timeZone, 1 + RECENT_EDITIONS);
  const [latest = null, ...recent] = full;
  return { latest, recent, archive: all };
}

/**
 * An edition whose copies have started going out, at its web address: its mail links there ("View
 * in your browser"), and a reader may follow it while the last copies are still being sent, or
 * while the sending is paused. Until it is sent it is dated by its start.
 */
const onItsWay = (slug: string) => and(eq(newsletterEditions.slug, slug), inArray(newsletterEditions.status, ['sending', 'paused', 'sent']));

/** An edition by its web address once its copies go out, public or premium: who may read it is the caller's to decide. */
export async function sentEdition(db: Executor, slug: string, timeZone: string): Promise<PublicEdition | null> {
  const [row] = await db
    .select({ ...publicColumns, bodyHtml: newsletterEditions.bodyHtml, startedAt: newsletterEditions.startedAt })
    .from(newsletterEditions)
    .where(onItsWay(slug));
  return row ? toPublic({ ...row, sentAt: row.sentAt ?? row.startedAt }, timeZone) : null;
}

/**
 * Editions kept without their page HTML (saved before it was kept, or cleared by a migration
 * when the renderer changes) get it, one at a time: at every start and by the housekeeping job.
 * One that cannot be rendered is logged and left for the next run.
 */
export async function renderMissingHtml(db: Executor, log: { error(details: object, message: string): void }): Promise<number> {
  const missing = await db
    .select({ id: newsletterEditions.id, body: newsletterEditions.body })
    .from(newsletterEditions)
    .where(isNull(newsletterEditions.bodyHtml));
  let rendered = 0;
  for (const edition of missing) {
    try {
      await db
        .update(newsletterEditions)
        .set(keptBody(edition.body))
        .where(and(eq(newsletterEditions.id, edition.id), isNull(newsletterEditions.bodyHtml)));
      rendered += 1;
    } catch (error) {
      log.error({ err: error, editionId: edition.id }, 'could not render an edition; it is tried again at the next start');
    }
  }
  return rendered;
}

/** Whom an edition on its way is for, without reading it: what the page of a premium announcement needs before it knows the visitor. */
export async function sentEditionAudience(db: Executor, slug: string): Promise<EditionAudience | null> {
  const [row] = await db.select({ audience: newsletterEditions.audience }).from(newsletterEditions).where(onItsWay(slug));
  return row?.audience ?? null;
}

type DraftFields = Required<Pick<EditionDraft, 'title' | 'summary' | 'slug' | 'body' | 'audience' | 'segmentId' | 'askFeedback'>>;

/** Another edition (any but `exceptId`) already at this web address. */
export async function slugTaken(db: Executor, slug: string, exceptId: string | null): Promise<boolean> {
  const rows = await db
    .select({ id: newsletterEditions.id })
    .from(newsletterEditions)
    .where(exceptId ? and(eq(newsletterEditions.slug, slug), ne(newsletterEditions.id, exceptId)) : eq(newsletterEditions.slug, slug))
    .limit(1);
  return rows.length > 0;
}

/** Thrown when another edition took the web address between the check and the write (two admins at once). */
export class SlugTakenError extends Error {}

const slugConflict = (error: unknown) => (isUniqueViolation(error, 'newsletter_editions_slug_idx') ? new SlugTakenError() : error);

export async function insertEdition(tx: Executor, fields: DraftFields, by: string): Promise<string> {
  try {
    const [row] = await tx
      .insert(newsletterEditions)
      .values({ ...fields, ...keptBody(fields.body), updatedBy: by })
      .returning({ id: newsletterEditions.id });
    return row!.id;
  } catch (error) {
    throw slugConflict(error);
  }
}

/** Saves a draft or scheduled edition if it is still at `version`; false when another save came first. */
export async function saveEdition(db: Executor, id: string, fields: DraftFields & { version: number }, by: string): Promise<boolean> {
  const { version, ...values } = fields;
  try {
    const rows = await db
      .update(newsletterEditions)
      .set({ ...values, ...keptBody(values.body), version: sql`${newsletterEditions.version} + 1`, updatedBy: by, updatedAt: sql`now()` })
      .where(and(eq(newsletterEditions.id, id), eq(newsletterEditions.version, version), inArray(newsletterEditions.status, ['draft', 'scheduled'])))
      .returning({ id: newsletterEditions.id });
    return rows.length > 0;
  } catch (error) {
    throw slugConflict(error);
  }
}

/**
 * Moves an edition to `to` only if it is still in one of `from`: the row's own check, so two
 * admins or two clicks change it once. A schedule is set with `scheduledAt`, and cleared with null.
 */
export async function moveEdition(tx: Executor, id: string, from: readonly EditionStatus[], to: EditionStatus, scheduledAt?: Date | null): Promise<boolean> {
  const rows = await tx
    .update(newsletterEditions)
    .set({ status: to, updatedAt: sql`now()`, ...(scheduledAt !== undefined ? { scheduledAt } : {}) })
    .where(and(eq(newsletterEditions.id, id), inArray(newsletterEditions.status, [...from])))
    .returning({ id: newsletterEditions.id });
  return rows.length > 0;
}

/** Deletes an edition that is a draft; false when it is not (or no longer) one. */
export async function deleteDraft(tx: Executor, id: string): Promise<boolean> {
  const rows = await tx
    .delete(newsletterEditions)
    .where(and(eq(newsletterEditions.id, id), eq(newsletterEditions.status, 'draft')))
    .returning({ id: newsletterEditions.id });
  return rows.length > 0;
}

/**
 * Editions an earlier version left "cancelled" (a cancelled schedule, with only Delete offered)
 * become the drafts a cancelled schedule gives now; run at every start, it finds none after the first.
 */
export async function reopenCancelledEditions(db: Executor): Promise<number> {
  const rows = await db
    .update(newsletterEditions)
    // The status column's type no longer has 'cancelled': the old rows are matched as plain text.
    .set({ status: 'draft', scheduledAt: null, updatedAt: sql`now()` })
    .where(sql`${newsletterEditions.status} = 'cancelled'`)
    .returning({ id: newsletterEditions.id });
  return rows.length;
}

/** The edition's row, locked until the caller's transaction ends: whoever starts sending it first does, once. */
export async function lockEditionToSend(tx: Transaction, id: string) {
  const [row] = await tx
    .select({
      id: newsletterEditions.id,
      title: newsletterEditions.title,
      summary: newsletterEditions.summary,
      body: newsletterEditions.body,
      slug: newsletterEditions.slug,
      audience: newsletterEditions.audience,
      segmentId: newsletterEditions.segmentId,
      status: newsletterEditions.status,
      askFeedback: newsletterEditions.askFeedback,
    })
    .from(newsletterEditions)
    .where(eq(newsletterEditions.id, id))
    .for('update');
  return row ?? null;
}

/**
 * The public editions' next number. Premium announcements take none, so the public archive runs
 * without gaps; those that took one under an earlier version keep it (their members were sent
 * it), and the count goes on after the highest number given.
 */
export async function nextIssueNumber(tx: Transaction): Promise<number> {
  // Handed out one edition at a time, whichever server starts which edition: an advisory lock is a function call, which the builder has no form for.
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext('newsletter_editions.issue_number'))`);
  const [numbered] = await tx.select({ highest: max(newsletterEditions.issueNumber) }).from(newsletterEditions);
  return (numbered?.highest ?? 0) + 1;
}

/** The edition starts sending with its number and the copy rendered for everyone. */
export async function markSending(tx: Executor, id: string, fields: Pick<typeof newsletterEditions.$inferInsert, 'issueNumber' | 'html' | 'text'>) {
  await tx
    .update(newsletterEditions)
    .set({ ...fields, status: 'sending', startedAt: sql`now()`, updatedAt: sql`now()` })
    .where(eq(newsletterEditions.id, id));
}

/** What every copy of a sending edition is made from: its subject, the copy composed when it started (markSending), and its audience. */
export async function composedEdition(db: Executor, id: string) {
  const [row] = await db
    .select({ title: newsletterEditions.title, html: newsletterEditions.html, text: newsletterEditions.text, audience: newsletterEditions.audience })
    .from(newsletterEditions)
    .where(eq(newsletterEditions.id, id));
  return row;
}

/** How many of these editions are sending still (not paused, cancelled or sent meanwhile). */
export async function countSending(db: Executor, ids: string[]): Promise<number> {
  return db.$count(newsletterEditions, and(eq(newsletterEditions.status, 'sending'), inArray(newsletterEditions.id, ids)));
}

/**
 * Marks skipped the claimed copies among `ids` whose address is not of the audience any more
 * (unsubscribed, bounced, no longer premium, deleted); returns their ids. Raw, as the claim that
 * gave the ids is (server/mail/delivery-engine.ts): the ids compared come back in the same driver's types,
 * and the audience's check is SQL on an address (`eligible`), here the copy's.
 */
export async function skipIneligibleCopies(db: Executor, audience: EditionAudience, ids: number[]): Promise<number[]> {
  const { rows } = await db.execute<{ id: number }>(sql`
    update edition_deliveries d set status = 'skipped', locked_until = null
    where d.id in (${sql.join(
      ids.map((id) => sql`${id}`),
      sql`, `,
    )}) and not (${eligible(audience, sql`d.email`)})
    returning d.id`);
  return rows.map((row) => row.id);
}

/** Editions scheduled for now or earlier, the earliest first. */
export async function dueEditions(db: Executor): Promise<string[]> {
  const rows = await db
    .select({ id: newsletterEditions.id })
    .from(newsletterEditions)
    .where(and(eq(newsletterEditions.status, 'scheduled'), lte(newsletterEditions.scheduledAt, sql`now()`)))
    .orderBy(asc(newsletterEditions.scheduledAt));
  return rows.map((row) => row.id);
}

/** Editions with nothing left to send are sent: no pending delivery, and no recipients still to be written as deliveries. */
export async function finishSentEditions(db: Executor): Promise<void> {
  await db
    .update(newsletterEditions)
    .set({ status: 'sent', sentAt: sql`now()`, updatedAt: sql`now()` })
    .where(
      and(
        eq(newsletterEditions.status, 'sending'),
        notExists(
          db
            .select({ id: editionDeliveries.id })
            .from(editionDeliveries)
            .where(and(eq(editionDeliveries.editionId, newsletterEditions.id), eq(editionDeliveries.status, 'pending'))),
        ),
        notExists(
          db.select({ id: editionRecipientLists.editionId }).from(editionRecipientLists).where(eq(editionRecipientLists.editionId, newsletterEditions.id)),
        ),
      ),
    );
}

/** Whether the table has any edition: the first start seeds it. */
export async function anyEdition(db: Executor): Promise<boolean> {
  return (await db.select({ id: newsletterEditions.id }).from(newsletterEditions).limit(1)).length > 0;
}

/** Adds an edition as it was sent before the site sent them; false when its web address is taken. */
export async function insertSentEdition(
  db: Executor,
  values: Omit<typeof newsletterEditions.$inferInsert, 'id' | 'status' | 'version' | 'scheduledAt' | 'html' | 'text'>,
): Promise<boolean> {
  const rows = await db
    .insert(newsletterEditions)
    .values({ ...values, status: 'sent' })
    .onConflictDoNothing()
    .returning({ id: newsletterEditions.id });
  return rows.length > 0;
}

/** The editions' part of "Download my data" and of deleting an account (server/personal-data.ts). */
export const editionsPersonalData: PersonalData = {
  tables: {
    edition_deliveries: { exported: 'weeklyDishDeliveries', erased: true, how: 'each edition sent to the verified address; deleted' },
    edition_recipient_lists: {
      exported: 'weeklyDishDeliveries',
      erased: true,
      how: 'an edition that started sending to the verified address, until its delivery is written (pending); the address taken out',
    },
    newsletter_editions: { kept: "updated_by is the admin who last saved an edition: the newsletter's editorial record" },
    newsletter_segments: { kept: "updated_by is the admin who last saved a segment of subscribers: the newsletter's editorial record" },
  },
  collect: async (db, member) => ({
    weeklyDishDeliveries: await underVerifiedAddress(member, async () => [
      ...(await db
        .select({ edition: newsletterEditions.title, status: editionDeliveries.status, sentAt: editionDeliveries.sentAt })
        .from(editionDeliveries)
        .innerJoin(newsletterEditions, eq(newsletterEditions.id, editionDeliveries.editionId))
        .where(byAddress(editionDeliveries.email, member.email))),
      ...(await db
        .select({ edition: newsletterEditions.title, status: sql<'pending'>`'pending'`, sentAt: sql<Date | null>`null` })
        .from(editionRecipientLists)
        .innerJoin(newsletterEditions, eq(newsletterEditions.id, editionRecipientLists.editionId))
        // Raw: an address among an array's elements, compared as every address is (lower case, trimmed).
        .where(sql`exists (select 1 from unnest(${editionRecipientLists.emails}) as e(email) where ${byAddress(sql`e.email`, member.email)})`)),
    ]),
  }),
  erase: async (tx, member) => {
    if (!member.verified) return;
    await tx.delete(editionDeliveries).where(byAddress(editionDeliveries.email, member.email));
    await tx.execute(sql`
      update edition_recipient_lists set emails = array(select e.email from unnest(emails) with ordinality as e(email, n) where not ${byAddress(sql`e.email`, member.email)} order by e.n)
      where exists (select 1 from unnest(emails) as e(email) where ${byAddress(sql`e.email`, member.email)})`);
  },
};
