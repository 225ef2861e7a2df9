/**
 * Locks by name inside this process: each holder runs after the one before it has finished. The
 * embedded database's `holdLock` (client.ts) uses them: PGlite serves one process (its directory
 * is locked) over one session, where PostgreSQL's session-level advisory locks would be re-entrant
 * and exclude nothing.
 */
export function processLocks() {
  const tails = new Map<string, Promise<void>>();
  return async function hold<T>(key: string, work: () => Promise<T>): Promise<T> {
    const before = tails.get(key) ?? Promise.resolve();
    let release!: () => void;
    const done = new Promise<void>((resolve) => (release = resolve));
    const tail = before.then(() => done);
    tails.set(key, tail);
    await before;
    try {
      return await work();
    } finally {
      release();
      // The last holder of the name leaves nothing behind.
      if (tails.get(key) === tail) tails.delete(key);
    }
  };
}
