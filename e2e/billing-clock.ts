import { mkdirSync, rmdirSync } from 'node:fs';
import { join } from 'node:path';

/**
 * The local billing clock is one per server, and every test shares the server: a test that moves
 * it holds this lock, and so does a test between opening a local checkout and paying it (a
 * checkout expires 24 hours after it opens on that clock: a test moving it 32 days on meanwhile
 * expired another test's checkout, the flake of the payments spec's receipts test).
 */
export async function withClockLock<T>(work: () => Promise<T>): Promise<T> {
  const lock = join(process.env.E2E_DATA_DIR ?? '/tmp', 'billing-clock.lock');
  const deadline = Date.now() + 120_000;
  for (;;) {
    try {
      mkdirSync(lock);
      break;
    } catch {
      if (Date.now() > deadline) throw new Error('billing clock lock not released');
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  }
  try {
    return await work();
  } finally {
    rmdirSync(lock);
  }
}
