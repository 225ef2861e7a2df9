import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { EditionReport, FeedbackAnswer } from '#shared/newsletter/editions';
import type { Executor } from '../../db/client';
import { editionBounces } from '../bounces/schema';
import { editionDeliveries, editionFeedback, editionLinkClicks, editionLinks, editionUnsubscribes, newsletterEditions } from './schema';

/**
 * The counts of decision 045: how often each link of an edition's email was followed and how its
 * "Was this useful?" was answered, per day, and how many of its recipients unsubscribed from it.
 * Counters only: no row names a person, an address, a browser or a network.
 */

/** Today in the site's time zone, as PostgreSQL's date: a conversion the builder has no form for. */
const today = (timeZone: string) => sql<string>`(now() at time zone ${timeZone})::date`;

/** The edition's links as its copy was rendered, numbered from 1: the only places its redirect leads. */
export async function storeEditionLinks(db: Executor, editionId: string, urls: readonly string[]): Promise<void> {
  if (urls.length === 0) return;
  await db
    .insert(editionLinks)
    .values(urls.map((url, index) => ({ editionId, number: index + 1, url })))
    .onConflictDoNothing();
}

/** The address stored for link `number` of the edition, or null. */
export async function storedLink(db: Executor, editionId: string, number: number): Promise<string | null> {
  const [row] = await db
    .select({ url: editionLinks.url })
    .from(editionLinks)
    .where(and(eq(editionLinks.editionId, editionId), eq(editionLinks.number, number)));
  return row?.url ?? null;
}

/**
 * The rows one link's day is counted on: a click adds to one of them, drawn at random, so that
 * clicks at once rarely wait for each other's row lock (decision 089).
 */
const CLICK_SHARDS = 8;

/**
 * One more follow of a stored link today, and the address it leads to, in one statement (one
 * round trip per click): counted from the link's own row, so a link not stored is never counted
 * and answers null. Raw: the builder cannot put an insert inside a WITH.
 */
export async function followLink(db: Executor, editionId: string, number: number, timeZone: string): Promise<string | null> {
  const { rows } = await db.execute<{ url: string }>(sql`with link as (
      select ${editionLinks.editionId} as edition_id, ${editionLinks.number} as number, ${editionLinks.url} as url
      from ${editionLinks}
      where ${editionLinks.editionId} = ${editionId} and ${editionLinks.number} = ${number}
    ), counted as (
      insert into ${editionLinkClicks} (edition_id, number, day, shard, count)
      select edition_id, number, ${today(timeZone)}, floor(random() * ${CLICK_SHARDS})::smallint, 1 from link
      on conflict (edition_id, number, day, shard) do update set count = ${editionLinkClicks}.count + 1
    )
    select url from link`);
  return rows[0]?.url ?? null;
}

/**
 * One more answer today, if the edition asked ("Was this useful?") and went out: false for any
 * other edition, which counts nothing.
 */
export async function countFeedback(db: Executor, editionId: string, answer: FeedbackAnswer, timeZone: string): Promise<boolean> {
  const rows = await db
    .insert(editionFeedback)
    .select(
      db
        .select({
          editionId: newsletterEditions.id,
          answer: sql<FeedbackAnswer>`${answer}`.as('answer'),
          day: today(timeZone).as('day'),
          count: sql<number>`1`.as('count'),
        })
        .from(newsletterEditions)
        .where(
          and(
            eq(newsletterEditions.id, editionId),
            eq(newsletterEditions.askFeedback, true),
            inArray(newsletterEditions.status, ['sending', 'paused', 'sent']),
          ),
        ),
    )
    .onConflictDoUpdate({
      target: [editionFeedback.editionId, editionFeedback.answer, editionFeedback.day],
      set: { count: sql`${editionFeedback.count} + 1` },
    })
    .returning({ count: editionFeedback.count });
  return rows.length > 0;
}

/**
 * The admin's report of one edition (decision 045): copies delivered, unsubscribes from its links,
 * clicks per link (in total and per day) and the answers to "Was this useful?".
 */
export async function editionReport(db: Executor, editionId: string): Promise<EditionReport> {
  const delivered = await db.$count(editionDeliveries, and(eq(editionDeliveries.editionId, editionId), eq(editionDeliveries.status, 'sent')));
  // What came back about its copies (decision 043): a copy counts once per kind however often reported.
  const returned = await db
    .select({ kind: editionBounces.kind, count: sql<number>`count(*)::int` })
    .from(editionBounces)
    .where(eq(editionBounces.editionId, editionId))
    .groupBy(editionBounces.kind);
  const ofKind = (...kinds: string[]) => returned.filter((row) => kinds.includes(row.kind)).reduce((sum, row) => sum + row.count, 0);
  const [unsubscribed] = await db.select({ count: editionUnsubscribes.count }).from(editionUnsubscribes).where(eq(editionUnsubscribes.editionId, editionId));
  const links = await db
    .select({ number: editionLinks.number, url: editionLinks.url })
    .from(editionLinks)
    .where(eq(editionLinks.editionId, editionId))
    .orderBy(asc(editionLinks.number));
  const clicks = await db
    .select({ number: editionLinkClicks.number, day: editionLinkClicks.day, count: sql<number>`sum(${editionLinkClicks.count})::int` })
    .from(editionLinkClicks)
    .where(eq(editionLinkClicks.editionId, editionId))
    .groupBy(editionLinkClicks.number, editionLinkClicks.day)
    .orderBy(asc(editionLinkClicks.day));
  const answers = await db
    .select({ answer: editionFeedback.answer, count: sql<number>`sum(${editionFeedback.count})::int` })
    .from(editionFeedback)
    .where(eq(editionFeedback.editionId, editionId))
    .groupBy(editionFeedback.answer);
  const [asked] = await db.select({ askFeedback: newsletterEditions.askFeedback }).from(newsletterEditions).where(eq(newsletterEditions.id, editionId));
  const answered = (answer: FeedbackAnswer) => answers.find((row) => row.answer === answer)?.count ?? 0;
  return {
    delivered,
    bounced: ofKind('hard', 'soft'),
    complaints: ofKind('complaint'),
    unsubscribes: unsubscribed?.count ?? 0,
    links: links.map((link) => {
      const days = clicks.filter((row) => row.number === link.number).map(({ day, count: n }) => ({ day, count: n }));
      return { ...link, total: days.reduce((sum, day) => sum + day.count, 0), days };
    }),
    feedback: { asked: asked?.askFeedback ?? false, yes: answered('yes'), no: answered('no') },
  };
}
