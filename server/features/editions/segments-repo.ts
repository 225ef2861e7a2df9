import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Segment, SegmentFilter } from '#shared/newsletter/segments';
import type { Executor, Transaction } from '../../db/client';
import { newsletterEditions, newsletterSegments } from './schema';
import { isUniqueViolation } from '../../db/unique-violation';

/** The saved segments of The Weekly Dish (decision 046), by name. */

const columns = { id: newsletterSegments.id, name: newsletterSegments.name, filter: newsletterSegments.filter, updatedAt: newsletterSegments.updatedAt };
const toSegment = (row: { id: string; name: string; filter: SegmentFilter; updatedAt: Date }): Segment => ({ ...row, updatedAt: row.updatedAt.toISOString() });

export async function listSegments(db: Executor): Promise<Segment[]> {
  return (
    await db
      .select(columns)
      .from(newsletterSegments)
      .orderBy(asc(sql`lower(${newsletterSegments.name})`))
  ).map(toSegment);
}

export async function findSegment(db: Executor, id: string): Promise<Segment | null> {
  const [row] = await db.select(columns).from(newsletterSegments).where(eq(newsletterSegments.id, id));
  return row ? toSegment(row) : null;
}

/** Thrown when another segment has the name (compared whatever its case). */
export class SegmentNameTakenError extends Error {}
const nameConflict = (error: unknown) => (isUniqueViolation(error, 'newsletter_segments_name_idx') ? new SegmentNameTakenError() : error);

export async function insertSegment(db: Executor, fields: { name: string; filter: SegmentFilter }, by: string): Promise<string> {
  try {
    const [row] = await db
      .insert(newsletterSegments)
      .values({ ...fields, updatedBy: by })
      .returning({ id: newsletterSegments.id });
    return row!.id;
  } catch (error) {
    throw nameConflict(error);
  }
}

/** False when the segment does not exist (any more). */
export async function updateSegment(db: Executor, id: string, fields: { name: string; filter: SegmentFilter }, by: string): Promise<boolean> {
  try {
    const rows = await db
      .update(newsletterSegments)
      .set({ ...fields, updatedBy: by, updatedAt: sql`now()` })
      .where(eq(newsletterSegments.id, id))
      .returning({ id: newsletterSegments.id });
    return rows.length > 0;
  } catch (error) {
    throw nameConflict(error);
  }
}

/**
 * Deletes a segment no unsent edition uses. The segment's row is locked first: an edition saved
 * with it meanwhile waits for the delete (its foreign key) and then fails, or committed before
 * and is found here. Answers 'deleted', 'missing', or the title of an edition that uses it.
 */
export async function deleteSegment(tx: Transaction, id: string): Promise<'deleted' | 'missing' | { usedBy: string; status: string }> {
  const [segment] = await tx.select({ id: newsletterSegments.id }).from(newsletterSegments).where(eq(newsletterSegments.id, id)).for('update');
  if (!segment) return 'missing';
  const [user] = await tx
    .select({ title: newsletterEditions.title, status: newsletterEditions.status })
    .from(newsletterEditions)
    .where(and(eq(newsletterEditions.segmentId, id), inArray(newsletterEditions.status, ['draft', 'scheduled'])))
    .orderBy(asc(newsletterEditions.scheduledAt))
    .limit(1);
  if (user) return { usedBy: user.title, status: user.status };
  await tx.delete(newsletterSegments).where(eq(newsletterSegments.id, id));
  return 'deleted';
}

/** Whether `error` is a foreign key violation (23503): an edition saved with a segment deleted at that moment. */
export function isMissingReference(error: unknown): boolean {
  for (let e: unknown = error; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    if ((e as { code?: unknown }).code === '23503') return true;
  }
  return false;
}
