import { sql } from 'drizzle-orm';
import type { Transaction } from './client';

// Transaction-scoped advisory locks, released when the transaction ends. Raw SQL: taking a lock is
// a function call, which the query builder has no statement for. A lock that must be held across
// several transactions and a network call is DatabaseHandle.holdLock (client.ts, decision 063).

/**
 * Waits for the lock on `key`: a number of our own, or a name (hashed by PostgreSQL) for a lock
 * per row, such as `member:<id>`.
 */
export async function lockUntilCommit(tx: Transaction, key: number | string): Promise<void> {
  await tx.execute(typeof key === 'number' ? sql`select pg_advisory_xact_lock(${key})` : sql`select pg_advisory_xact_lock(hashtext(${key}))`);
}

/** Takes the lock on `key` if it is free; false when another transaction holds it (its work is being done). */
export async function tryLockUntilCommit(tx: Transaction, key: number): Promise<boolean> {
  const { rows } = await tx.execute<{ locked: boolean }>(sql`select pg_try_advisory_xact_lock(${key}) as locked`);
  return rows[0]?.locked === true;
}
