import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

export class DirLockedError extends Error {}

/**
 * Holds `<dir>/server.lock` with our pid. A lock left by a process that no longer runs (a crash,
 * a kill -9) is taken over; one held by a live process stops us with a message saying which.
 */
export function acquireDirLock(dir: string): () => void {
  const file = join(dir, 'server.lock');
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      writeFileSync(file, String(process.pid), { flag: 'wx' });
      return () => rmSync(file, { force: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const holder = Number.parseInt(readFileSync(file, 'utf8'), 10);
      if (Number.isInteger(holder) && holder !== process.pid && isRunning(holder)) {
        throw new DirLockedError(
          `The data directory ${dir} is in use by another server process (pid ${holder}). ` +
            'The embedded database allows one process at a time: stop the other one, use another DATA_DIR, or set DATABASE_URL.',
        );
      }
      rmSync(file, { force: true });
    }
  }
  throw new DirLockedError(`Could not lock the data directory ${dir}`);
}

/**
 * A killed process stays a zombie (state Z in /proc/<pid>/stat) until its parent reaps it; it
 * answers signals but holds nothing, so its lock is stale and a supervisor's fast restart works.
 */
export function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
  return !isZombie(pid);
}

function isZombie(pid: number): boolean {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The name in parentheses may hold spaces; the state is the first field after it.
    return stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3) === 'Z';
  } catch {
    return false;
  }
}
