import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { callApp } from './test/call-app';
import { fileDatabaseUrl } from './test/postgres';

/** Starts server/main.ts as a real process (through tsx) and collects what it prints. */
function startServer(env: Record<string, string>) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    env: { PATH: process.env.PATH ?? '', HOST: '127.0.0.1', PORT: '0', LOG_LEVEL: 'info', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr.on('data', (d: Buffer) => (output += d.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  // Compiled from source by tsx and migrating a new embedded database: on a busy CI machine that
  // took over 30 s, so it may take up to 50 of the test's 60.
  const ready = async () => {
    for (let i = 0; i < 500; i++) {
      const url = /Ready in \d+ ms at (http:\/\/localhost:\d+)/.exec(output)?.[1];
      if (url) return url.replace('localhost', '127.0.0.1');
      if (child.exitCode !== null) throw new Error(`server exited: ${output}`);
      await new Promise((r) => setTimeout(r, 100));
    }
    throw new Error(`server did not start: ${output}`);
  };
  return { child, ready, exited, output: () => output };
}

const children: ChildProcess[] = [];
afterEach(() => children.splice(0).forEach((c) => c.kill('SIGKILL')));

const onPostgres = process.env.TEST_DB === 'postgres' && Boolean(process.env.TEST_DATABASE_URL);

describe('main', { timeout: 60_000 }, () => {
  it.runIf(onPostgres)('starts on PostgreSQL, migrates, logs it and stops cleanly', async () => {
    const server = startServer({
      DATA_DIR: mkdtempSync(join(tmpdir(), 'nlh-main-')),
      DATABASE_URL: await fileDatabaseUrl(),
      PUBLIC_URL: 'http://localhost:3000',
    });
    children.push(server.child);
    const url = await server.ready();
    expect(server.output()).toMatch(/Database: PostgreSQL at /);
    expect(server.output()).not.toContain('development and evaluation only');
    expect((await callApp(`${url}/readyz`)).json).toEqual({ status: 'ok', database: 'postgres' });
    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);
  });

  it.skipIf(onPostgres)('starts on the embedded database, logs it, refuses a second process on the same directory, and stops cleanly on SIGTERM', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'nlh-main-'));
    const first = startServer({ DATA_DIR: dataDir });
    children.push(first.child);
    const url = await first.ready();
    expect(first.output()).toContain(`embedded PGlite in ${dataDir}`);
    expect(first.output()).toContain('for development and evaluation only');
    expect((await callApp(`${url}/healthz`)).status).toBe(200);
    expect(existsSync(join(dataDir, 'server.lock'))).toBe(true);

    const second = startServer({ DATA_DIR: dataDir });
    children.push(second.child);
    expect(await second.exited).toBe(1);
    expect(second.output()).toMatch(/in use by another server process \(pid \d+\)/);

    first.child.kill('SIGTERM');
    expect(await first.exited).toBe(0);
    expect(first.output()).toContain('SIGTERM received');
    expect(existsSync(join(dataDir, 'server.lock'))).toBe(false);
  });

  it.skipIf(onPostgres)('stops on SIGTERM even when its output pipe is gone (a parent that died)', async () => {
    const server = startServer({ DATA_DIR: mkdtempSync(join(tmpdir(), 'nlh-main-')) });
    children.push(server.child);
    await server.ready();
    // The reading end of stdout closes: every later log write fails with EPIPE.
    server.child.stdout!.destroy();
    server.child.stderr!.destroy();
    server.child.kill('SIGTERM');
    const code = await Promise.race([server.exited, new Promise<'still running'>((resolve) => setTimeout(() => resolve('still running'), 15_000))]);
    expect(code).not.toBe('still running');
  });

  it.skipIf(onPostgres)('refuses to start with a bad setting and names it', async () => {
    const bad = startServer({ DATA_DIR: mkdtempSync(join(tmpdir(), 'nlh-main-')), PORT: 'eighty' });
    children.push(bad.child);
    expect(await bad.exited).toBe(1);
    expect(bad.output()).toContain('Invalid configuration');
    expect(bad.output()).toContain('PORT');
  });
});
