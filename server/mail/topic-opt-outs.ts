import { and, inArray, type SQL, sql } from 'drizzle-orm';
import type { NewsTopic } from '#shared/newsletter/preferences';
import type { Executor } from '../db/client';
import { mailTopicOptOuts } from '../db/schema';

/**
 * The news a person chose not to receive (decision 046), from the preferences page. Every sender
 * of a topic's mail asks `optedOut` in the query that picks its recipients, so a choice holds
 * from the moment it is saved. The Weekly Dish is not here: it is the signup's own status.
 */

/** The SQL condition "the address `email` left `topic`"; lower() has no builder form. */
export const optedOut = (topic: NewsTopic, email: SQL | unknown): SQL =>
  sql`exists (select 1 from ${mailTopicOptOuts} where lower(${mailTopicOptOuts.email}) = lower(${email}) and ${mailTopicOptOuts.topic} = ${topic})`;

export async function optOutsOf(db: Executor, email: string): Promise<NewsTopic[]> {
  const rows = await db
    .select({ topic: mailTopicOptOuts.topic })
    .from(mailTopicOptOuts)
    .where(sql`lower(${mailTopicOptOuts.email}) = lower(${email})`);
  return rows.map((row) => row.topic);
}

/** Leaves the topics in `leave` and takes back the ones in `keep`. */
export async function setOptOuts(tx: Executor, email: string, leave: NewsTopic[], keep: NewsTopic[]): Promise<void> {
  if (leave.length > 0) {
    await tx
      .insert(mailTopicOptOuts)
      .values(leave.map((topic) => ({ email, topic })))
      .onConflictDoNothing();
  }
  if (keep.length > 0) {
    await tx.delete(mailTopicOptOuts).where(and(sql`lower(${mailTopicOptOuts.email}) = lower(${email})`, inArray(mailTopicOptOuts.topic, keep)));
  }
}
