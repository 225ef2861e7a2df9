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
    await createShutdown({ log: { info: epipe, error: epipe }, steps, exit })('SIGTERM');
    expect(steps.map((s) => s.mock.calls.length)).toEqual([1, 1]);
    expect(exit).toHaveBeenCalledWith(0);
  });

  it('a step that never finishes is cut off by the backstop, also with a broken log', async () => {
    vi.useFakeTimers();
    const exit = vi.fn();
    void createShutdown({ log: { info: epipe, error: epipe }, steps: [() => new Promise(() => {})], exit, backstopMs: 10_000 })('SIGTERM');
    await vi.advanceTimersByTimeAsync(9_999);
    expect(exit).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(2);
    expect(exit).toHaveBeenCalledWith(1);
  });

  it('a failing step exits with 1; a second signal does nothing more', async () => {
    const exit = vi.fn();
    const stop = createShutdown({ log: { info: () => {}, error: () => {} }, steps: [async () => Promise.reject(new Error('db gone'))], exit });
    await stop('SIGTERM');
    await stop('SIGINT');
    expect(exit.mock.calls).toEqual([[1]]);
  });
});
