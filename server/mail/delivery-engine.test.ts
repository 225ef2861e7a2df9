import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../db/rows';
import { startTestApp, type TestApp } from '../test/app';
import { uniqueEmail } from '../test/unique-email';
import type { Mail, Transport } from './transport';
import { createMailQueue } from './mail-queue';
import { queuedMails } from '../db/schema';
import { DELIVERY, deliverQueue, type Queue } from './delivery-engine';
import { markTold, markToldByEmail } from './told-once';

/**
 * The one delivery engine (decision 034), through the mail queue that uses it: one policy for every
 * queue (a permanent refusal fails at once, a temporary one waits its backoff, the last try
 * fails), and rows shared by several senders at once are each sent once.
 */
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

/** A transport that answers as told and keeps what it accepted. */
function fakeTransport(answer: (mail: Mail) => Error | undefined = () => undefined, delayMs = 0) {
  const accepted: Mail[] = [];
  const transport: Transport = {
    description: 'fake',
    from: 'Hub <hello@example.org>',
    async deliver(mail) {
      if (delayMs) await new Promise((resolve) => setTimeout(resolve, delayMs));
      const error = answer(mail);
      if (error) throw error;
      accepted.push(mail);
    },
    // The mail queue composes each mail: nothing here is composed beforehand.
    async deliverRaw() {
      throw new Error('the mail queue sends no message composed beforehand');
    },
    close() {},
    useLogger() {},
  };
  return { transport, accepted };
}
const smtpError = (responseCode: number, command: string) => Object.assign(new Error(`${responseCode} refused`), { responseCode, command });
const row = async (to: string) =>
  rowsOf<{ status: string; attempts: number; last_error: string | null; wait: number }>(
    await t.ctx.db.execute(
      sql`select status, attempts, last_error, extract(epoch from next_attempt_at - now())::int as wait from mail_outbox where "to" = ${to}`,
    ),
  )[0]!;

describe('one delivery policy', () => {
  it('a permanent refusal fails the message at once, with the reason; a temporary one waits its backoff', async () => {
    const refused = uniqueEmail('refused');
    const later = uniqueEmail('later');
    const { transport } = fakeTransport((mail) => (mail.to === refused ? smtpError(550, 'RCPT TO') : smtpError(421, 'DATA')));
    const mailQueue = createMailQueue(t.ctx.db, transport);
    await mailQueue.send({ to: refused, subject: 'No such user', text: 'x' });
    await mailQueue.send({ to: later, subject: 'Try later', text: 'x' });
    await mailQueue.idle();
    expect(await row(refused)).toMatchObject({ status: 'failed', attempts: 1, last_error: '550 550 refused' });
    const waiting = await row(later);
    expect(waiting).toMatchObject({ status: 'pending', attempts: 1, last_error: '421 421 refused' });
    expect(waiting.wait).toBeGreaterThan(DELIVERY.backoffSeconds(1) - 5);
    expect(waiting.wait).toBeLessThanOrEqual(DELIVERY.backoffSeconds(1));
  });

  it('the last try fails a message that was only ever refused for now', async () => {
    const to = uniqueEmail('last-try');
    const { transport } = fakeTransport(() => smtpError(451, 'DATA'));
    const mailQueue = createMailQueue(t.ctx.db, transport);
    await mailQueue.send({ to, subject: 'Never accepted', text: 'x' });
    await mailQueue.idle();
    await t.ctx.db.execute(sql`update mail_outbox set attempts = ${DELIVERY.maxAttempts - 1}, next_attempt_at = now() where "to" = ${to}`);
    await mailQueue.deliverDue();
    expect(await row(to)).toMatchObject({ status: 'failed', attempts: DELIVERY.maxAttempts });
  });

  it('three senders draining the same queue at once send each message once', async () => {
    const addresses = Array.from({ length: 40 }, (_, i) => uniqueEmail(`shared-${i}`));
    const { transport, accepted } = fakeTransport(undefined, 5);
    const store = createMailQueue(t.ctx.db, transport);
    // Stored without delivering, as a request that crashed before delivering would leave them.
    for (const to of addresses) await store.store(t.ctx.db, { to, subject: 'Once each', text: 'x' });
    const senders = [createMailQueue(t.ctx.db, transport), createMailQueue(t.ctx.db, transport), createMailQueue(t.ctx.db, transport)];
    await Promise.all(senders.map((sender) => sender.deliverDue()));
    const mine = accepted.filter((mail) => addresses.includes(mail.to));
    expect(mine).toHaveLength(addresses.length);
    expect(new Set(mine.map((mail) => mail.to)).size).toBe(addresses.length);
    for (const to of addresses) expect(await row(to)).toMatchObject({ status: 'sent', attempts: 1 });
  });

  it("a job's bulk, delivered by deliverDueSoon after each of its batches, goes out one run at a time, each once", async () => {
    const addresses = Array.from({ length: 120 }, (_, i) => uniqueEmail(`bulk-${i}`));
    let sending = 0;
    let most = 0;
    const { transport, accepted } = fakeTransport(() => {
      most = Math.max(most, sending);
      return undefined;
    }, 2);
    const counting: Transport = {
      ...transport,
      async deliver(mail) {
        sending++;
        try {
          await transport.deliver(mail);
        } finally {
          sending--;
        }
      },
    };
    const mailQueue = createMailQueue(t.ctx.db, counting);
    // Twelve batches of ten, each stored in one statement and followed by the call, as the reminder job does.
    for (let i = 0; i < addresses.length; i += 10) {
      await mailQueue.storeMany(
        t.ctx.db,
        addresses.slice(i, i + 10).map((to) => ({ to, subject: 'A reminder', text: 'x' })),
      );
      mailQueue.deliverDueSoon();
    }
    await mailQueue.idle();
    const mine = accepted.filter((mail) => addresses.includes(mail.to));
    expect(new Set(mine.map((mail) => mail.to)).size).toBe(addresses.length);
    expect(mine).toHaveLength(addresses.length);
    // One run at a time, at the bulk pace (16 connections): deliverNow after each batch sent up to 48 at once here.
    expect(most).toBeLessThanOrEqual(16);
  });
});

/** The mail queue's rows to `prefix…` as a queue of their own, sent by `send`. */
const queueOf = (
  prefix: string,
  send: (row: { id: string; attempts: number; to: string }) => Promise<void>,
): Queue<{ id: string; attempts: number; to: string }> => ({
  table: queuedMails,
  returning: sql`id, attempts, "to"`,
  where: sql`q."to" like ${`${prefix}%`}`,
  order: sql`q.id`,
  send,
});

describe('marks gathered in one statement (decision 050)', () => {
  const statuses = async (prefix: string) =>
    rowsOf<{ status: string; n: number }>(
      await t.ctx.db.execute(sql`select status, count(*)::int as n from mail_outbox where "to" like ${`${prefix}%`} group by status`),
    );

  it('marks what was accepted within the window together, no later than the window after it was accepted, and everything by the end', async () => {
    const prefix = `marks.${Date.now()}.`;
    const store = createMailQueue(t.ctx.db, fakeTransport().transport);
    for (let i = 0; i < 30; i++) await store.store(t.ctx.db, { to: `${prefix}${i}@example.org`, subject: 'Marked together', text: 'x' });
    const acceptedAt = new Map<string, number>();
    // Before each send: which of the accepted ones are marked yet.
    const seen: { unmarkedOlderThanWindow: number; unmarked: number }[] = [];
    const windowMs = 150;
    const queue = queueOf(prefix, async (row) => {
      const marked = new Set(
        rowsOf<{ id: string }>(await t.ctx.db.execute(sql`select id from mail_outbox where "to" like ${`${prefix}%`} and status = 'sent'`)).map((r) =>
          String(r.id),
        ),
      );
      const unmarked = [...acceptedAt].filter(([id]) => !marked.has(id));
      // A write takes a moment on a busy machine: "older" means accepted over the window and 200 ms ago.
      seen.push({ unmarked: unmarked.length, unmarkedOlderThanWindow: unmarked.filter(([, at]) => performance.now() - at > windowMs + 200).length });
      await new Promise((resolve) => setTimeout(resolve, 20));
      acceptedAt.set(String(row.id), performance.now());
    });
    const report = await deliverQueue(t.ctx.db, queue, { connections: 1, batchSize: 100, markWithinMs: windowMs });
    expect(report).toMatchObject({ sent: 30, failed: 0 });
    expect(await statuses(prefix)).toEqual([{ status: 'sent', n: 30 }]);
    // Some were waiting to be marked together at some point; none waited much longer than the window.
    expect(Math.max(...seen.map((s) => s.unmarked))).toBeGreaterThan(2);
    expect(seen.map((s) => s.unmarkedOlderThanWindow).filter((n) => n > 0)).toEqual([]);
  });

  it('marks what was accepted before a failure stopped the sender, though the window had not passed', async () => {
    const prefix = `marks-stop.${Date.now()}.`;
    const store = createMailQueue(t.ctx.db, fakeTransport().transport);
    for (let i = 0; i < 6; i++) await store.store(t.ctx.db, { to: `${prefix}${i}@example.org`, subject: 'Stopped', text: 'x' });
    let sends = 0;
    const queue: Queue<{ id: string; attempts: number; to: string }> = {
      ...queueOf(prefix, async () => {
        sends += 1;
        // Three are accepted, then the fourth address is refused for good...
        if (sends === 4) throw Object.assign(new Error('550 no such user'), { responseCode: 550, command: 'RCPT TO' });
      }),
      // ...and recording that fails (the database went away): the sender stops with the error.
      async refused() {
        throw new Error('connection lost');
      },
    };
    await expect(deliverQueue(t.ctx.db, queue, { connections: 1, batchSize: 100, markWithinMs: 60_000 })).rejects.toThrow('connection lost');
    expect(await statuses(prefix)).toEqual(
      expect.arrayContaining([
        { status: 'sent', n: 3 },
        { status: 'failed', n: 1 },
      ]),
    );
  });
});

describe('the next batch claimed ahead (decision 051)', () => {
  const store = async (prefix: string, count: number) => {
    const mailQueue = createMailQueue(t.ctx.db, fakeTransport().transport);
    for (let i = 0; i < count; i++) await mailQueue.store(t.ctx.db, { to: `${prefix}${String(i).padStart(2, '0')}@example.org`, subject: 'Ahead', text: 'x' });
  };
  const claimedNow = async (prefix: string) =>
    rowsOf<{ n: number }>(
      await t.ctx.db.execute(sql`select count(*)::int as n from mail_outbox where "to" like ${`${prefix}%`} and status = 'pending' and locked_until > now()`),
    )[0]!.n;

  it('while the last copies of a batch are on the wire, the next batch is claimed already', async () => {
    const prefix = `ahead.${Date.now()}.`;
    await store(prefix, 20);
    // For each copy in the order they were taken: how many rows were held while it was sent.
    const heldDuring: number[] = [];
    const queue = queueOf(prefix, async () => {
      const index = heldDuring.push(-1) - 1;
      // Long enough for a claim started as this copy was taken to have finished.
      await new Promise((resolve) => setTimeout(resolve, 100));
      heldDuring[index] = await claimedNow(prefix);
    });
    const report = await deliverQueue(t.ctx.db, queue, { connections: 2, batchSize: 10 });
    expect(report).toMatchObject({ sent: 20, failed: 0 });
    // As the tenth copy (the first batch's last) went, the second batch's ten rows were held
    // beside the copies on the wire; claimed only once the batch was done, they would not be.
    expect(heldDuring[9]).toBeGreaterThanOrEqual(10);
  });

  it('a sender told to stop sends nothing more and hands back what it claimed, ahead or not, without counting an attempt', async () => {
    const prefix = `ahead-stop.${Date.now()}.`;
    await store(prefix, 30);
    let sends = 0;
    const queue = queueOf(prefix, async () => {
      sends += 1;
      await new Promise((resolve) => setTimeout(resolve, 20));
    });
    const report = await deliverQueue(t.ctx.db, queue, { connections: 2, batchSize: 10 }, { shouldStop: () => sends >= 9 });
    expect(report.sent).toBeLessThanOrEqual(10);
    const rows = rowsOf<{ status: string; attempts: number; held: boolean }>(
      await t.ctx.db.execute(sql`select status, attempts, locked_until is not null as held from mail_outbox where "to" like ${`${prefix}%`}`),
    );
    expect(rows.filter((row) => row.status === 'sent')).toHaveLength(report.sent);
    const left = rows.filter((row) => row.status === 'pending');
    expect(left).toHaveLength(30 - report.sent);
    expect(left.every((row) => row.attempts === 0 && !row.held)).toBe(true);
  });
});

describe('told once', () => {
  it('of two transactions marking the same person and topic at once, one tells; by account or by address', async () => {
    const [user] = rowsOf<{ id: string }>(await t.ctx.db.execute(sql`insert into users (email) values (${uniqueEmail('told')}) returning id`));
    const topic = `test:${Date.now()}`;
    const told = await Promise.all([0, 1].map(() => t.ctx.db.transaction((tx) => markTold(tx, topic, [user!.id]))));
    expect(told.flat()).toEqual([user!.id]);
    // The same topic for another person is theirs to be told.
    const address = uniqueEmail('told-address');
    expect(await Promise.all([0, 1].map(() => t.ctx.db.transaction((tx) => markToldByEmail(tx, topic, address))))).toEqual(
      expect.arrayContaining([true, false]),
    );
    expect(await markToldByEmail(t.ctx.db, topic, address.toUpperCase())).toBe(false);
  });

  it('a mark rolled back with its transaction leaves the person to be told', async () => {
    const [user] = rowsOf<{ id: string }>(await t.ctx.db.execute(sql`insert into users (email) values (${uniqueEmail('rolled')}) returning id`));
    const topic = `rolled:${Date.now()}`;
    await expect(
      t.ctx.db.transaction(async (tx) => {
        await markTold(tx, topic, [user!.id]);
        throw new Error('the email could not be stored');
      }),
    ).rejects.toThrow('the email could not be stored');
    expect(await markTold(t.ctx.db, topic, [user!.id])).toEqual([user!.id]);
  });
});
