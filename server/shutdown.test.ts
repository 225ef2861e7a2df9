import { spawn } from 'node:child_process';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createShutdown } from './shutdown';

afterEach(() => vi.useRealTimers());

const epipe = () => {
  throw Object.assign(new Error('write EPIPE'), { code: 'EPIPE' });
};

describe('stopping the server', () => {
  it('exits even when every log write throws (its pipe is gone): the steps run and the exit comes', async () => {
    const exit = vi.fn();
    const steps = [vi.fn(async () => {}), vi.fn(async () => {})];
    await createShutdown({ log: { info: epipe, error: epipe }, steps, exit, forceExit: vi.fn() })('SIGTERM');
    expect(steps.map((s) => s.mock.calls.length)).toEqual([1, 1]);
    expect(exit).toHaveBeenCalledWith(0);
  });

  it('a step that never finishes is cut off by the backstop, also with a broken log: the process is ended, not asked to exit', async () => {
    vi.useFakeTimers();
    const exit = vi.fn();
    const forceExit = vi.fn();
    void createShutdown({ log: { info: epipe, error: epipe }, steps: [() => new Promise(() => {})], exit, forceExit, backstopMs: 10_000 })('SIGTERM');
    await vi.advanceTimersByTimeAsync(9_999);
    expect(forceExit).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(2);
    expect(forceExit).toHaveBeenCalledOnce();
    expect(exit).not.toHaveBeenCalled();
  });

  it('a failing step exits with 1; a second signal does nothing more', async () => {
    const exit = vi.fn();
    const stop = createShutdown({
      log: { info: () => {}, error: () => {} },
      steps: [async () => Promise.reject(new Error('db gone'))],
      exit,
      forceExit: vi.fn(),
    });
    await stop('SIGTERM');
    await stop('SIGINT');
    expect(exit.mock.calls).toEqual([[1]]);
  });

  it('the backstop ends a real process whose exit would hang forever (as a logger flushing into a full pipe did)', { timeout: 30_000 }, async () => {
    const script = `
      import { createShutdown, killProcess } from './server/shutdown.ts';
      process.on('exit', () => { for (;;); });
      const stop = createShutdown({ log: console, steps: [() => new Promise(() => {})], exit: (code) => process.exit(code), forceExit: killProcess, backstopMs: 500 });
      setInterval(() => {}, 1000);
      process.on('SIGTERM', () => void stop('SIGTERM'));
      console.log('ready');
    `;
    const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], { stdio: ['ignore', 'pipe', 'inherit'] });
    try {
      await new Promise<void>((resolve) => child.stdout.on('data', (d: Buffer) => d.toString().includes('ready') && resolve()));
      const exited = new Promise<NodeJS.Signals | null>((resolve) => child.on('exit', (_code, signal) => resolve(signal)));
      child.kill('SIGTERM');
      const result = await Promise.race([exited, new Promise<'still running'>((resolve) => setTimeout(() => resolve('still running'), 5_000))]);
      expect(result).toBe('SIGKILL');
    } finally {
      child.kill('SIGKILL');
    }
  });
});
