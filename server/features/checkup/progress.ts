import { buildProgress, type CheckupAttempt, type CheckupProgress } from '#shared/checkup/progress';
import type { Executor } from '../../db/client';
import { attemptsOf, joinAttemptsToAccount } from './repo';

/**
 * A member's attempts as stored (oldest first), each with the question set it answered. Used by
 * the progress page, and callable by other features (the benchmark, peer figures) as it is.
 */
export async function memberAttempts(db: Executor, userId: string): Promise<CheckupAttempt[]> {
  return (await attemptsOf(db, userId)).map((row) => ({ ...row, createdAt: row.createdAt.toISOString() }));
}

/** What /checkup/progress shows: every attempt, and per pillar the latest beside the previous and the first, in words. */
export async function memberProgress(db: Executor, userId: string): Promise<CheckupProgress> {
  return buildProgress(await memberAttempts(db, userId));
}

/**
 * The account has just verified `email`: the attempts made signed out under it become its own
 * (in the verification's transaction). Never before: anyone can register with any address.
 */
export const joinVerifiedAttempts = (tx: Executor, userId: string, email: string): Promise<number> => joinAttemptsToAccount(tx, userId, email);
