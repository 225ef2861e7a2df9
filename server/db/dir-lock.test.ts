import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { acquireDirLock } from './dir-lock';

describe('data directory lock', () => {
  it('takes over a lock held by a killed process that is still a zombie', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'nlh-lock-'));
    // A child that is killed and not yet reaped: this loop is synchronous, so Node cannot reap it yet.
    const child = spawn('sleep', ['30']);
    await new Promise((r) => child.once('spawn', r));
    writeFileSync(join(dir, 'server.lock'), String(child.pid));
    child.kill('SIGKILL');
    const started = Date.now();
    // Wait (synchronously) until the kernel shows it as a zombie.
    while (Date.now() - started < 2000) {
      try {
        const stat = readFileSync(`/proc/${child.pid}/stat`, 'utf8');
        if (stat.includes(') Z')) break;
      } catch {
        break;
      }
    }
    const release = acquireDirLock(dir);
    release();
  });

  it('refuses a lock held by a live process', () => {
    const dir = mkdtempSync(join(tmpdir(), 'nlh-lock-'));
    writeFileSync(join(dir, 'server.lock'), String(process.ppid));
    expect(() => acquireDirLock(dir)).toThrow(/in use by another server process/);
  });
});
