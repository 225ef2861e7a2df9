import { describe, expect, it } from 'vitest';
import { createHashQueue, HashingBusyError } from './hash-queue';

describe('hash queue', () => {
  it('runs at most `concurrency` at once and refuses beyond `maxWaiting` with 503', async () => {
    const queue = createHashQueue({ concurrency: 2, maxWaiting: 3 });
    let running = 0;
    let peak = 0;
    const release: (() => void)[] = [];
    const job = () =>
      queue.run(async () => {
        running += 1;
        peak = Math.max(peak, running);
        await new Promise<void>((r) => release.push(r));
        running -= 1;
      });
    const accepted = Array.from({ length: 5 }, job);
    await expect(job()).rejects.toBeInstanceOf(HashingBusyError);
    await expect(job()).rejects.toMatchObject({ statusCode: 503, retryAfterSeconds: 5 });
    while (release.length || running) {
      release.splice(0).forEach((r) => r());
      await new Promise((r) => setTimeout(r, 5));
    }
    await Promise.all(accepted);
    expect(peak).toBe(2);
    expect(queue.waiting).toBe(0);
  });
});
