import { sql } from 'drizzle-orm';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../test/app';
import { reservedPerRoundTrip, sharedRateGate } from './rate-gate';

/** Decision 049: starts reserved in the database, so senders sharing a queue share its rate. */
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const queueName = () => `test-${Math.random().toString(36).slice(2, 10)}`;

/** `workers` loops each taking `count` starts from `gate`, as a sender's connections do; their times. */
async function take(gate: ReturnType<typeof sharedRateGate>, workers: number, count: number): Promise<number[]> {
  const times: number[] = [];
  let left = count;
  await Promise.all(
    Array.from({ length: workers }, async () => {
      while (left > 0) {
        left -= 1;
        await gate.next();
        times.push(performance.now());
      }
    }),
  );
  return times;
}

const busiestSecond = (times: number[]) => Math.max(...times.map((from) => times.filter((at) => at >= from && at < from + 1000).length));

describe('a sending rate shared through the database', () => {
  it('keeps three senders of one queue together at the rate, where each alone may take all of it', async () => {
    const name = queueName();
    const rate = 50;
    // A start is noted when its sender runs again: on a busy machine some are noted later than
    // others, by at most the event loop's longest delay, which draws starts of a longer window
    // into one second. Measured, so the bound widens only as much as this run was delayed.
    const lag = monitorEventLoopDelay({ resolution: 5 });
    lag.enable();
    const started = performance.now();
    const [first, second, third] = await Promise.all([0, 1, 2].map(() => take(sharedRateGate(t.ctx.db, name, rate), 4, 50)));
    lag.disable();
    const all = [...first!, ...second!, ...third!];
    expect(all).toHaveLength(150);
    // 150 starts at 50 a second: three seconds less one interval, whoever took them.
    expect(performance.now() - started).toBeGreaterThan(((150 - 1) / rate) * 1000 - 50);
    // At most the rate in any second, and one block more: an answer that came back late starts its block that much later (decision 049).
    const notedLate = Math.ceil((rate * lag.max) / 1e9);
    expect(busiestSecond(all)).toBeLessThanOrEqual(rate + reservedPerRoundTrip(rate) + notedLate);
    // Each sender got its share in blocks: none waited for the others to finish.
    for (const times of [first!, second!, third!]) expect(Math.min(...times) - started).toBeLessThan(1000);
  });

  it('another queue has a rate of its own', async () => {
    const rate = 20;
    const started = performance.now();
    await Promise.all([take(sharedRateGate(t.ctx.db, queueName(), rate), 2, 20), take(sharedRateGate(t.ctx.db, queueName(), rate), 2, 20)]);
    // Each queue's 20 starts in about one second, side by side: not two seconds one after the other.
    expect(performance.now() - started).toBeLessThan(1800);
  });

  it('drops the starts a busy sender let pass, rather than spending them in a burst', async () => {
    const rate = 100;
    const gate = sharedRateGate(t.ctx.db, queueName(), rate);
    await gate.next();
    // Busy for longer than its reserved block (10 starts, 100 ms): those starts are gone.
    await sleep(300);
    const from = performance.now();
    const times = await take(gate, 4, 20);
    // 20 starts at 100 a second take at least 190 ms, not the instant the stale block would allow.
    expect(Math.max(...times) - from).toBeGreaterThan(180);
    expect(reservedPerRoundTrip(rate)).toBe(10);
  });

  it('reserves one block per round trip and keeps the next free start in one row per queue', async () => {
    const name = queueName();
    const rate = 1000;
    const gate = sharedRateGate(t.ctx.db, name, rate);
    await take(gate, 4, reservedPerRoundTrip(rate) * 3);
    const rows = (
      await t.ctx.db.execute<{ ahead_ms: number }>(
        sql`select extract(epoch from next_start - now()) * 1000 as ahead_ms from send_rate_slots where name = ${name}`,
      )
    ).rows;
    expect(rows).toHaveLength(1);
    // Three blocks of 100 starts at 1,000 a second were reserved back to back: the next free start
    // is at most a block ahead (two or more if blocks were reserved early). A timer may wake up to
    // a millisecond early (libuv counts whole milliseconds): 100.122 was measured once.
    expect(Number(rows[0]!.ahead_ms)).toBeLessThanOrEqual(101);
  });
});
