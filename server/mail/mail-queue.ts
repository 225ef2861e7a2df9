import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Executor } from '../db/client';
import { queuedMails } from '../db/schema';
import type { Mail, Transport } from './transport';
import { deliverQueue, type Queue } from './delivery-engine';

/**
 * A mail as stored: what is sent, and the topic it is counted under when the site counts such
 * mails by their verdict (a follow-up step's figures); never sent.
 */
export type StoredMail = Mail & { topic?: string };

/** How many queued mails are on the wire at once, and claimed at a time. */
const MAIL_QUEUE_PACE = { connections: 4, batchSize: 20 };
/**
 * A job's bulk (deliverDueSoon): more connections, each mail still on a connection of its own. A
 * claim of 80 is through in well under a second, far inside the claim's two minutes.
 */
const BULK_PACE = { connections: 16, batchSize: 80 };

interface QueuedMail {
  id: string;
  attempts: number;
  to: string;
  subject: string;
  text: string;
  html: string | null;
  icalEvent: Mail['icalEvent'] | null;
  headers: Record<string, string> | null;
}

/**
 * Every email the site sends one person is a row of mail_outbox, stored in the transaction of
 * the change that causes it, then delivered by the one delivery engine (server/mail/delivery-engine.ts,
 * decision 034): at once by the process that stored it, and retried with backoff by whichever
 * server runs the mail-outbox job next.
 */
export interface MailQueue {
  /** Where mail goes, for the startup log. */
  description: string;
  /**
   * Stores an email in the caller's transaction, so that the change and its email are one write:
   * neither exists without the other after a crash. Call deliverNow with the id once committed.
   */
  store(executor: Executor, mail: StoredMail): Promise<string>;
  /** The same for several emails in one statement (a job's batch of reminders); their ids, in order. */
  storeMany(executor: Executor, mails: StoredMail[]): Promise<string[]>;
  /** Starts delivering stored emails, off the caller's path (the mail-outbox job retries what fails). */
  deliverNow(ids: string[]): void;
  /**
   * Starts delivering whatever is due, off the caller's path, as the mail-outbox job does: for a
   * job that stores mail in bulk (thousands of reminders), which deliverNow would send all at once
   * (a connection set and a claim per batch, held longer than the claim lasts). One run at a time
   * in this process; a call while it runs makes it look again before it stops.
   */
  deliverDueSoon(): void;
  /**
   * Stores and delivers an email that is the whole of the action (a test send, a breakdown asked
   * for): there is no other change for it to be written with.
   */
  send(mail: Mail): Promise<void>;
  /**
   * Sends what is due (new, or waiting for a retry) until nothing is left or, given a deadline
   * (epoch ms), no new claim is made after it; returns how many were sent.
   */
  deliverDue(deadline?: number): Promise<number>;
  /** Resolves when the deliveries this process started have finished: shutdown waits for them. */
  idle(): Promise<void>;
  /** The application's logger, once it exists (the mail queue is made before the app). */
  useLogger(log: FastifyBaseLogger): void;
}

export function createMailQueue(db: Executor, transport: Transport, logger?: FastifyBaseLogger): MailQueue {
  const log: { current: FastifyBaseLogger | undefined } = { current: logger };
  const inFlight = new Set<Promise<unknown>>();
  const track = <T>(work: Promise<T>) => {
    inFlight.add(work);
    void work.finally(() => inFlight.delete(work)).catch(() => {});
    return work;
  };

  const queue: Queue<QueuedMail> = {
    table: queuedMails,
    returning: sql`id, attempts, "to", subject, text, html, ical_event as "icalEvent", headers`,
    order: sql`q.next_attempt_at`,
    send: (row) =>
      transport.deliver({
        to: row.to,
        subject: row.subject,
        text: row.text,
        ...(row.html ? { html: row.html } : {}),
        ...(row.icalEvent ? { icalEvent: row.icalEvent } : {}),
        ...(row.headers ? { headers: row.headers } : {}),
      }),
  };
  // The address stays out of the log: the row id leads an operator to it.
  const quietLog = {
    warn: (details: object, message: string) => log.current?.warn(details, message),
    error: (details: object, message: string) => log.current?.error(details, message),
  };

  let dueRun: Promise<unknown> | null = null;
  let lookAgain = false;

  const mailQueue: MailQueue = {
    description: `${transport.description}, through the mail_outbox table`,
    async store(executor, mail) {
      const [id] = await mailQueue.storeMany(executor, [mail]);
      return id!;
    },
    async storeMany(executor, mails) {
      if (mails.length === 0) return [];
      const rows = await executor
        .insert(queuedMails)
        .values(
          mails.map((mail) => ({
            to: mail.to,
            subject: mail.subject,
            text: mail.text,
            html: mail.html ?? null,
            icalEvent: mail.icalEvent ?? null,
            headers: mail.headers ?? null,
            topic: mail.topic ?? null,
          })),
        )
        .returning({ id: queuedMails.id });
      return rows.map((row) => row.id);
    },
    deliverNow(ids) {
      if (ids.length === 0) return;
      void track(deliverQueue(db, queue, MAIL_QUEUE_PACE, { ids, log: quietLog })).catch((err: unknown) =>
        log.current?.error({ err, mailIds: ids }, 'email delivery could not start; the mail-outbox job will retry'),
      );
    },
    deliverDueSoon() {
      lookAgain = true;
      if (dueRun) return;
      const run = async () => {
        while (lookAgain) {
          lookAgain = false;
          await deliverQueue(db, queue, BULK_PACE, { log: quietLog });
        }
      };
      dueRun = track(run())
        .catch((err: unknown) => log.current?.error({ err }, 'email delivery stopped; the mail-outbox job will go on'))
        .finally(() => (dueRun = null));
    },
    async send(mail) {
      // Stored: from here the email cannot be lost. Delivery happens now, off the caller's path.
      mailQueue.deliverNow([await mailQueue.store(db, mail)]);
    },
    async deliverDue(deadline) {
      return (await track(deliverQueue(db, queue, MAIL_QUEUE_PACE, { log: quietLog, ...(deadline === undefined ? {} : { deadline }) }))).sent;
    },
    async idle() {
      while (inFlight.size) await Promise.allSettled([...inFlight]);
    },
    useLogger(next) {
      log.current = next;
      transport.useLogger(next);
    },
  };
  return mailQueue;
}
