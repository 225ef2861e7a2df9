import { buildProgress, type CheckupAttempt, type CheckupProgressPage } from '#shared/checkup/progress';
import type { Database, Executor } from '../../db/client';
import { figuresAmong } from './peers';
import { attemptsOf, attemptsWithGroupsOf, joinAttemptsToAccount } from './repo';

/**
 * A member's attempts as stored (oldest first), each with the question set it answered. Used by
 * the progress page, and callable by other features (the benchmark, peer figures) as it is.
 */
export async function memberAttempts(db: Executor, userId: string): Promise<CheckupAttempt[]> {
  return toAttempts(await attemptsOf(db, userId));
}

const toAttempts = (rows: Awaited<ReturnType<typeof attemptsOf>>): CheckupAttempt[] =>
  rows.map(({ budgetBand: _, ...row }) => ({ ...row, createdAt: row.createdAt.toISOString() }));

/**
 * What /checkup/progress shows: every attempt, per pillar the latest beside the previous and the
 * first, in words, and where the latest stands among peers (the stored figures of its budget band).
 */
export async function memberProgress(db: Database, userId: string, timeZone: string): Promise<CheckupProgressPage> {
  const { attempts, groups } = await attemptsWithGroupsOf(db, userId);
  const latest = attempts.at(-1);
  return { ...buildProgress(toAttempts(attempts), timeZone), peers: latest ? figuresAmong(groups, latest.budgetBand) : null };
}

/**
 * The account has just verified `email`: the attempts made signed out under it become its own
 * (in the verification's transaction). Never before: anyone can register with any address.
 */
export const joinVerifiedAttempts = (tx: Executor, userId: string, email: string): Promise<number> => joinAttemptsToAccount(tx, userId, email);
