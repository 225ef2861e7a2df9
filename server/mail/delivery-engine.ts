import { sql, type SQL } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Executor } from '../db/client';
import type { RateGate } from './rate-gate';

/**
 * The one engine that delivers what the site sends people (decision 034): the mail queue and
 * the copies of an edition are rows of a queue table, with the same delivery columns (status,
 * attempts, next_attempt_at, locked_until, last_error, sent_at) and the same life: claimed with
 * FOR UPDATE SKIP LOCKED (so servers share the rows), sent at most `connections` at a time and
 * no faster than the rate, marked sent right after the mail server accepts it (an edition's copies
 * together within 50 ms, decision 050), retried with one backoff after a temporary refusal, failed
 * after a permanent one or after the last try. A crash between the mail server's acceptance and
 * the mark can repeat only the messages on the wire and those waiting for their mark at that
 * moment, once their claim runs out.
 */
export const DELIVERY = {
  /** A claim outlives any send (every SMTP step ends within 30 s): a crashed sender's rows come back after it. */
  claimSeconds: 120,
  /** Tries before a message counts as failed: about three hours of backoff. */
  maxAttempts: 10,
  /** 30 s, 1 min, 2 min … capped at 1 hour. */
  backoffSeconds: (attempts: number) => Math.min(3600, 30 * 2 ** Math.max(0, attempts - 1)),
  /** How long sending pauses after a temporary refusal, doubling while they go on. */
  slowDown: { firstMs: 1000, maxMs: 30_000 },
} as const;

export interface Claimed {
  id: string | number;
  attempts: number;
}

/** Why a mail server refused, in the terms that decide what happens next. */
export interface Refusal {
  permanent: boolean;
  /** A 5xx answer to RCPT TO: the address itself is refused, for good. */
  addressRefused: boolean;
  reason: string;
}

/** nodemailer's error: a 5xx answer is permanent (RCPT TO: the address); 4xx and lost connections are temporary. */
export function classify(error: unknown): Refusal {
  const { responseCode, command, message } = (error ?? {}) as { responseCode?: number; command?: string; message?: string };
  const reason = `${responseCode ?? ''} ${String(message ?? error)}`.trim().slice(0, 300);
  const permanent = typeof responseCode === 'number' && responseCode >= 500;
  return { permanent, addressRefused: permanent && /RCPT/i.test(command ?? ''), reason };
}

/** A queue: its table, how its rows are claimed, and how one is sent. */
export interface Queue<Row extends Claimed> {
  table: PgTable;
  /** The columns a claimed row brings back (`returning`), named as Row's keys. */
  returning: SQL;
  /** Joins and conditions on `q`, the table in the claim (an edition's rows only while it is sending). */
  join?: SQL;
  where?: SQL;
  /** The claiming order, on `q`. */
  order: SQL;
  /** Makes rows claimable before each claim (an edition's fixed recipients written as its deliveries, decision 099). */
  prepare?(): Promise<void>;
  send(row: Row): Promise<void>;
  /** Rows that must not go after all (unsubscribed since they were queued): marked skipped there; the rest are sent. */
  recheck?(rows: Row[]): Promise<Row[]>;
  /** Whether these rows are still wanted (a paused edition's are not): asked at most once a second while sending. */
  stillWanted?(rows: Row[]): Promise<boolean>;
  /** What follows a permanent refusal besides the row's failure (the address suppressed). */
  refused?(row: Row, refusal: Refusal): Promise<void>;
}

export interface Pace {
  /** Messages on the wire at once. */
  connections: number;
  /** When each message may start (rate-gate.ts); unset, as fast as the connections allow. */
  rate?: RateGate;
  /** Rows claimed at a time. */
  batchSize: number;
  /**
   * After a temporary refusal, stop the batch and pause before the next (an edition: the mail
   * server asked the sender to slow down). Without it each row waits for its own retry and the
   * others go on (one person's mail: the next run tries again).
   */
  pauseOnRefusal?: boolean;
  /**
   * Accepted messages are marked sent together, at most this many milliseconds after the mail
   * server accepted the first of them (an edition, decision 050); unset, each is marked on its own
   * right away (one person's mail). What a crash can repeat grows by what waits to be marked.
   */
  markWithinMs?: number;
}

export interface DeliveryReport {
  sent: number;
  failed: number;
  skipped: number;
  temporary: number;
}

export interface DeliveryOptions {
  /** Only these rows (the mails a request just stored): one pass, no pause. */
  ids?: (string | number)[];
  deadline?: number;
  shouldStop?: () => boolean;
  log?: { warn(details: object, message: string): void; error(details: object, message: string): void };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Claims due rows; raw SQL because the builder cannot say FOR UPDATE … SKIP LOCKED in a subquery of an update. */
async function claim<Row extends Claimed>(db: Executor, queue: Queue<Row>, limit: number, ids?: (string | number)[]): Promise<Row[]> {
  const only = ids
    ? sql`and q.id in (${sql.join(
        ids.map((id) => sql`${id}`),
        sql`, `,
      )})`
    : sql.empty();
  // The row type is the queue's promise about its `returning` columns.
  const { rows } = await db.execute<Row & Record<string, unknown>>(
    sql`
      update ${queue.table} set locked_until = now() + ${DELIVERY.claimSeconds} * interval '1 second', attempts = attempts + 1
      where id in (
        select q.id from ${queue.table} q ${queue.join ?? sql.empty()}
        where q.status = 'pending' and q.next_attempt_at <= now() and (q.locked_until is null or q.locked_until < now())
          ${queue.where ? sql`and ${queue.where}` : sql.empty()} ${only}
        order by ${queue.order}
        limit ${limit}
        for update of q skip locked)
      returning ${queue.returning}`,
  );
  return rows;
}

const byIds = (ids: (string | number)[]) =>
  sql.join(
    ids.map((id) => sql`${id}`),
    sql`, `,
  );

/** Marks sent in one statement at most this many rows. */
const MARKS_PER_STATEMENT = 500;

/**
 * The "sent" marks of accepted messages. With `withinMs` 0 each is written before `add` returns;
 * otherwise they are gathered and written in one statement when the first has waited `withinMs`
 * (or MARKS_PER_STATEMENT are waiting): one statement and one commit for many messages, where one
 * each was a third of the database's work while sending. `add` resolves at once then; a failed
 * write comes out of the next `add` or `flush`, so the sender stops as it did.
 */
function sentMarks(db: Executor, table: PgTable, withinMs: number) {
  let waiting: (string | number)[] = [];
  let timer: NodeJS.Timeout | undefined;
  let writing: Promise<void> = Promise.resolve();
  let failure: unknown;
  const write = async (ids: (string | number)[]) => {
    await db.execute(sql`update ${table} set status = 'sent', sent_at = now(), locked_until = null, last_error = null where id in (${byIds(ids)})`);
  };
  const flush = () => {
    clearTimeout(timer);
    timer = undefined;
    const ids = waiting;
    waiting = [];
    if (ids.length > 0) writing = writing.then(() => write(ids)).catch((error: unknown) => void (failure ??= error));
    return writing;
  };
  const throwIfFailed = () => {
    if (failure) throw failure;
  };
  return {
    async add(id: string | number) {
      throwIfFailed();
      if (withinMs <= 0) return write([id]);
      waiting.push(id);
      if (waiting.length >= MARKS_PER_STATEMENT) void flush();
      else timer ??= setTimeout(() => void flush(), withinMs);
    },
    async flush() {
      await flush();
      throwIfFailed();
    },
  };
}

/**
 * Delivers what is due in `queue` until nothing is left, the deadline passes or `shouldStop`
 * says so (with `ids`: those rows, once). Returns what happened to the rows it claimed.
 */
export async function deliverQueue<Row extends Claimed>(db: Executor, queue: Queue<Row>, pace: Pace, options: DeliveryOptions = {}): Promise<DeliveryReport> {
  const report: DeliveryReport = { sent: 0, failed: 0, skipped: 0, temporary: 0 };
  let slowDown = 0;
  const marks = sentMarks(db, queue.table, pace.markWithinMs ?? 0);

  const sendOne = async (row: Row): Promise<'sent' | 'temporary' | 'failed'> => {
    try {
      await queue.send(row);
    } catch (error) {
      const refusal = classify(error);
      if (refusal.permanent || row.attempts >= DELIVERY.maxAttempts) {
        await db.execute(sql`update ${queue.table} set status = 'failed', last_error = ${refusal.reason}, locked_until = null where id = ${row.id}`);
        if (refusal.permanent) await queue.refused?.(row, refusal);
        options.log?.error({ deliveryId: row.id, attempt: row.attempts, err: refusal.reason }, 'a message was given up');
        report.failed += 1;
        return 'failed';
      }
      await db.execute(sql`
        update ${queue.table} set last_error = ${refusal.reason}, locked_until = null,
          next_attempt_at = now() + ${DELIVERY.backoffSeconds(row.attempts)} * interval '1 second'
        where id = ${row.id}`);
      options.log?.warn({ deliveryId: row.id, attempt: row.attempts, err: refusal.reason }, 'a message was refused for now; it will be retried');
      report.temporary += 1;
      return 'temporary';
    }
    // Marked at once, or with the others accepted within `markWithinMs`: from then a crash cannot send it again.
    await marks.add(row.id);
    report.sent += 1;
    return 'sent';
  };

  const timeIsUp = () => Boolean(options.shouldStop?.() || (options.deadline !== undefined && Date.now() >= options.deadline));
  // Claims rows and keeps those still to send; `claimed` counts all of them (0: nothing is due).
  const claimBatch = async () => {
    if (!options.ids) await queue.prepare?.();
    const claimed = await claim(db, queue, options.ids ? options.ids.length : pace.batchSize, options.ids);
    const toSend = claimed.length && queue.recheck ? await queue.recheck(claimed) : claimed;
    report.skipped += claimed.length - toSend.length;
    return { claimed: claimed.length, toSend };
  };
  // The next batch is claimed while the last fifth of this one goes out (a tenth of a second of an
  // edition at 1,000 a second): the connections no longer wait for each claim (decision 051).
  const refillBelow = Math.max(pace.connections, Math.ceil(pace.batchSize / 5));

  for (;;) {
    if (timeIsUp()) break;
    const first = await claimBatch();
    if (first.claimed === 0) break;
    const waiting = [...first.toSend];
    let more = !options.ids;
    let refill: Promise<void> | undefined;
    let refillFailure: unknown;
    let stopBatch = false;
    const topUp = () => {
      if (!more || refill || stopBatch || waiting.length >= refillBelow) return;
      if (timeIsUp()) {
        more = false;
        return;
      }
      refill = claimBatch()
        .then((next) => {
          if (next.claimed === 0) more = false;
          waiting.push(...next.toSend);
        })
        .catch((error: unknown) => {
          more = false;
          refillFailure ??= error;
        })
        .finally(() => {
          refill = undefined;
        });
    };

    // At most `connections` messages in flight, started no faster than the rate allows. A pause
    // (or anything else that makes the rows unwanted) is seen within a second, not at the batch's end.
    let wanted = true;
    let checkedAt = Date.now();
    const stillWanted = async () => {
      if (!queue.stillWanted || Date.now() - checkedAt < 1000) return wanted;
      checkedAt = Date.now();
      wanted = await queue.stillWanted(waiting);
      return wanted;
    };
    const workers = Array.from({ length: pace.connections }, async () => {
      for (;;) {
        topUp();
        const row = waiting.shift();
        if (!row) {
          // Nothing here yet: wait for the claim under way, or stop when there is none.
          if (!refill) return;
          await refill;
          continue;
        }
        if (stopBatch || options.shouldStop?.() || !(await stillWanted())) {
          waiting.unshift(row);
          return;
        }
        await pace.rate?.next();
        const outcome = await sendOne(row);
        if (outcome === 'temporary' && pace.pauseOnRefusal) stopBatch = true;
        else if (outcome === 'sent') slowDown = 0;
      }
    });
    try {
      await Promise.all(workers);
    } finally {
      // A claim still under way brings rows to hand back; then whatever stopped the sending, what
      // was accepted is marked before anything else happens.
      await refill;
      await marks.flush();
    }
    if (refillFailure) throw refillFailure;
    if (waiting.length > 0) {
      // Not tried: handed back as they were, without counting an attempt.
      await db.execute(sql`update ${queue.table} set locked_until = null, attempts = attempts - 1 where id in (${byIds(waiting.map((row) => row.id))})`);
    }
    if (options.ids) break;
    if (stopBatch) {
      // The mail server asked to slow down (421/4xx) or could not be reached: wait, longer each time.
      slowDown = Math.min(DELIVERY.slowDown.maxMs, slowDown ? slowDown * 2 : DELIVERY.slowDown.firstMs);
      options.log?.warn({ waitMs: slowDown }, 'the mail server refused for now; sending slows down');
      await sleep(slowDown);
      pace.rate?.reset();
    }
  }
  return report;
}
