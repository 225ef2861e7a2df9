import { and, eq } from 'drizzle-orm';
import type { Executor } from '../db/client';
import { toldOnce } from '../db/schema';

/**
 * The one way to mark "this person was told this, once" (decision 034): `told_once` is unique on
 * topic and person, so of two runs, two servers or two clicks, one inserts the mark and tells;
 * the other finds it and tells nobody. Called in the transaction that stores the email, so the
 * mark and the email commit together.
 */

/** Marks `topic` as told to each of `userIds`; returns those who had not been told it before (and are to be told now). */
export async function markTold(tx: Executor, topic: string, userIds: string[], details?: Record<string, string>): Promise<string[]> {
  if (userIds.length === 0) return [];
  const rows = await tx
    .insert(toldOnce)
    .values(userIds.map((userId) => ({ topic, userId, ...(details ? { details } : {}) })))
    .onConflictDoNothing()
    .returning({ userId: toldOnce.userId });
  return rows.map((row) => row.userId!);
}

/** The same for someone known only by an address; true when they had not been told `topic` before. */
export async function markToldByEmail(tx: Executor, topic: string, email: string, details?: Record<string, string>): Promise<boolean> {
  const rows = await tx
    .insert(toldOnce)
    .values({ topic, email, ...(details ? { details } : {}) })
    .onConflictDoNothing()
    .returning({ id: toldOnce.id });
  return rows.length > 0;
}

/** When (and how) a member was told `topic`, or null. */
export async function whenTold(db: Executor, topic: string, userId: string): Promise<{ at: Date; details: Record<string, string> | null } | null> {
  const [row] = await db
    .select({ at: toldOnce.createdAt, details: toldOnce.details })
    .from(toldOnce)
    .where(and(eq(toldOnce.topic, topic), eq(toldOnce.userId, userId)));
  return row ?? null;
}
