import { eq } from 'drizzle-orm';
import type { CheckupScores } from '#shared/checkup/grading';
import type { Database } from '../../db/client';
import { checkupResults } from '../../db/schema';

export type CheckupResultRow = typeof checkupResults.$inferSelect;

export async function insertCheckupResult(
  db: Database,
  values: CheckupScores &
    Pick<typeof checkupResults.$inferInsert, 'budgetBand' | 'staffBand' | 'focusArea'> & {
      email: string;
      answers: Record<string, number>;
      userId: string | null;
    },
): Promise<CheckupResultRow> {
  const [row] = await db.insert(checkupResults).values(values).returning();
  return row!;
}

export async function findCheckupResult(db: Database, id: string): Promise<CheckupResultRow | undefined> {
  const [row] = await db.select().from(checkupResults).where(eq(checkupResults.id, id)).limit(1);
  return row;
}
