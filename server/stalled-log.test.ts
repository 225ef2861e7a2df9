import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { closeSync, constants, mkdtempSync, openSync, readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { callApp } from './test/call-app';

const children: ChildProcess[] = [];
afterEach(() => children.splice(0).forEach((c) => c.kill('SIGKILL')));

const onPostgres = process.env.TEST_DB === 'postgres' && Boolean(process.env.TEST_DATABASE_URL);

async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as { port: number };
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

/**
 * A named pipe whose only reader is `sleep 600`: a log shipper that stalled, a paused terminal
 * or a dead parent look like this to the server writing into it. Returns its writing end.
 */
function pipeNobodyReads(dir: string): number {
  const fifo = join(dir, 'log.fifo');
  execFileSync('mkfifo', [fifo]);
  const readEnd = openSync(fifo, constants.O_RDONLY | constants.O_NONBLOCK);
  children.push(spawn('sleep', ['600'], { stdio: [readEnd, 'ignore', 'ignore'] }));
  const writeEnd = openSync(fifo, 'w');
  closeSync(readEnd);
  return writeEnd;
}

const rssKb = (pid: number) => Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1]);

/** `count` requests, a few at a time, each with a long path, so each logs a few kilobytes; every one must be answered. */
async function requests(url: string, count: number, pathLength: number) {
  let next = 0;
  const worker = async () => {
    while (next < count) {
      const i = next++;
      const res = await callApp(`${url}/api/log-filler-${i}-${'x'.repeat(pathLength)}`, 'GET', { signal: AbortSignal.timeout(5_000) });
      expect(res.status).toBe(404);
    }
  };
  await Promise.all(Array.from({ length: 4 }, worker));
}

describe('a log destination that stops reading', { timeout: 120_000 }, () => {
  it.skipIf(onPostgres)('neither stalls the server nor grows its memory, and SIGTERM ends it within the 10-second backstop', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'nlh-stalled-log-'));
    const logPipe = pipeNobodyReads(dir);
    const port = await freePort();
    const server = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
      env: { PATH: process.env.PATH ?? '', HOST: '127.0.0.1', PORT: String(port), LOG_LEVEL: 'info', DATA_DIR: join(dir, 'data') },
      stdio: ['ignore', logPipe, 'pipe'],
    });
    closeSync(logPipe);
    children.push(server);
    let stderr = '';
    server.stderr!.on('data', (d: Buffer) => (stderr += d.toString()));
    const exited = new Promise<void>((resolve) => server.on('exit', () => resolve()));
    const url = `http://127.0.0.1:${port}`;
    for (let i = 0; ; i++) {
      if (server.exitCode !== null || i > 600) throw new Error(`server did not start: ${stderr}`);
      if (
        await callApp(`${url}/healthz`).then(
          (r) => r.ok,
          () => false,
        )
      )
        break;
      await new Promise((r) => setTimeout(r, 100));
    }

    // 400 requests of about 4 KB of log each fill the pipe's 64 KB many times over.
    await requests(url, 400, 4_000);
    // Then 30 MB of log lines twice while nothing reads. Kept for the pipe, each would grow the
    // process by as much; bounded, the second adds nothing once the first has reached the bound.
    await requests(url, 4_000, 7_500);
    const before = rssKb(server.pid!);
    await requests(url, 4_000, 7_500);
    expect(rssKb(server.pid!) - before).toBeLessThan(12_000);

    const signalled = Date.now();
    server.kill('SIGTERM');
    const gone = await Promise.race([exited.then(() => true), new Promise<false>((resolve) => setTimeout(() => resolve(false), 10_500))]);
    expect(gone, `still running ${Date.now() - signalled} ms after SIGTERM`).toBe(true);
  });
});
