import { and, Column, eq, getTableName, inArray, is, type SQL, sql } from 'drizzle-orm';
import type { MailTopic } from '#shared/newsletter/preferences';
import type { Executor } from '../db/client';
import { mailTopicOptOuts } from '../db/schema';

/**
 * What each address has left, by topic (decision 071): the one record of "do not send me this",
 * whichever link, page or complaint said it. Every sender of a topic's mail asks `optedOut` in
 * the query that picks its recipients, or `hasOptedOut` for one address right before it sends,
 * so a choice holds from the moment it is saved. Addresses whose mail is refused (bounces,
 * complaints) are not here: that is not a choice, and mail_suppressions holds them.
 * Addresses are one person whatever their case: every comparison is on lower(email).
 */

/**
 * A column by its table's name: in the fields of a one-table select, Drizzle writes a column
 * without its table, which inside the subquery below would name the opt-out's own email.
 */
const qualified = (email: SQL | Column | string): SQL | string =>
  is(email, Column) ? sql`${sql.identifier(getTableName(email.table))}.${sql.identifier(email.name)}` : email;

/** The SQL condition "the address `email` (a column, an expression or a value) left `topic`"; lower() has no builder form. */
export const optedOut = (topic: MailTopic, email: SQL | Column | string): SQL =>
  sql`exists (select 1 from ${mailTopicOptOuts} opt_out where lower(opt_out.email) = lower(${qualified(email)}) and opt_out.topic = ${topic})`;

/** Whether one address left `topic`: the same condition, for a sender about to send to it. */
export async function hasOptedOut(db: Executor, topic: MailTopic, email: string): Promise<boolean> {
  const { rows } = await db.execute<{ left: boolean }>(sql`select ${optedOut(topic, email)} as left`);
  return rows[0]?.left === true;
}

const sameAddress = (email: string) => sql`lower(${mailTopicOptOuts.email}) = lower(${email.trim()})`;

/** The topics the address left. */
export async function optOutsOf(db: Executor, email: string): Promise<MailTopic[]> {
  const rows = await db.select({ topic: mailTopicOptOuts.topic }).from(mailTopicOptOuts).where(sameAddress(email));
  return rows.map((row) => row.topic);
}

/** Of `emails`, those (lower-cased) that left `topic`: one query for a slice of addresses. */
export async function optedOutAmong(db: Executor, topic: MailTopic, emails: string[]): Promise<Set<string>> {
  if (emails.length === 0) return new Set();
  const rows = await db
    .select({ email: sql<string>`lower(${mailTopicOptOuts.email})` })
    .from(mailTopicOptOuts)
    .where(
      and(
        eq(mailTopicOptOuts.topic, topic),
        inArray(
          sql`lower(${mailTopicOptOuts.email})`,
          emails.map((email) => email.toLowerCase()),
        ),
      ),
    );
  return new Set(rows.map((row) => row.email));
}

/** The address leaves `topics`; one already left stays as it was, with the time it was first left. */
export async function optOut(db: Executor, email: string, topics: readonly MailTopic[]): Promise<void> {
  if (topics.length === 0) return;
  await db
    .insert(mailTopicOptOuts)
    .values(topics.map((topic) => ({ email: email.trim(), topic })))
    .onConflictDoNothing();
}

/** The address takes `topics` back: their opt-outs go. */
export async function cancelOptOuts(db: Executor, email: string, topics: readonly MailTopic[]): Promise<void> {
  if (topics.length === 0) return;
  await db.delete(mailTopicOptOuts).where(and(sameAddress(email), inArray(mailTopicOptOuts.topic, [...topics])));
}

/** How many addresses left `topic` at or after `since` and have not taken it back: the editions' "unsubscribed since" (decision 045). */
export const optOutsSince = (topic: MailTopic, since: SQL | Column): SQL<number> =>
  sql<number>`(select count(*)::int from ${mailTopicOptOuts} opt_out where opt_out.topic = ${topic} and opt_out.created_at >= ${qualified(since)})`;
