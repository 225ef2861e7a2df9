import { sql } from 'drizzle-orm';
import type { Executor } from '../db/client';
import { sendRateSlots } from '../db/schema';

/** When the next message may start: a sender awaits `next()` before each one. */
export interface RateGate {
  next(): Promise<void>;
  /** After a pause: what was planned before it is stale. */
  reset(): void;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Starts reserved per round trip to the database: a tenth of a second of sending. */
export const reservedPerRoundTrip = (ratePerSecond: number) => Math.max(1, Math.round(ratePerSecond / 10));

/**
 * The rate shared by every server sending from the same queue (decision 049): the start times
 * live in the database (`send_rate_slots`, one row per queue), and a sender reserves the next
 * block of them in one statement, which moves the row's next free start on by the block. Blocks
 * never overlap, whatever the number of servers, so together they start at most `ratePerSecond`
 * a second. Durations only are taken from the database (how long until the block starts), so the
 * servers' clocks need not agree; the answer's way back only makes a start later, never earlier.
 * A block that starts late by that time can overlap the next one, so over any one second the
 * servers together start at most the rate and one block more (a tenth of a second's worth); over
 * longer spans, the rate.
 *
 * A start that passed more than one interval ago unused (the sender was busy on its connections)
 * is dropped rather than spent in a burst beside another server's starts: unused time is not saved
 * up, as with one server. What a stopped sender reserved and did not use is lost: at most a tenth
 * of a second of sending.
 */
export function sharedRateGate(db: Executor, name: string, ratePerSecond: number): RateGate {
  const interval = 1000 / ratePerSecond;
  const block = reservedPerRoundTrip(ratePerSecond);
  const length = block * interval;
  // performance.now() times of this sender's reserved starts, soonest first.
  let starts: number[] = [];
  let reserving: Promise<void> | undefined;

  const reserve = async () => {
    const after = (start: ReturnType<typeof sql>) => sql`${start} + ${length} * interval '1 millisecond'`;
    const [row] = await db
      .insert(sendRateSlots)
      .values({ name, nextStart: after(sql`now()`) })
      .onConflictDoUpdate({ target: sendRateSlots.name, set: { nextStart: after(sql`greatest(${sendRateSlots.nextStart}, now())`) } })
      // How long until the block starts, in the database's own time: no clocks compared.
      .returning({ waitMs: sql<number>`extract(epoch from ${sendRateSlots.nextStart} - now()) * 1000 - ${length}` });
    const first = performance.now() + Number(row!.waitMs);
    starts = Array.from({ length: block }, (_, i) => first + i * interval);
  };

  return {
    async next() {
      for (;;) {
        const now = performance.now();
        while (starts.length > 0 && starts[0]! < now - interval) starts.shift();
        const start = starts.shift();
        if (start !== undefined) {
          if (start > now) await sleep(start - now);
          return;
        }
        reserving ??= reserve().finally(() => (reserving = undefined));
        await reserving;
      }
    },
    reset() {
      starts = [];
    },
  };
}
