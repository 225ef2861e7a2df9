import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../db/client';
import type { Mail, Mailer } from './mailer';
import { rowsOf } from '../db/rows';

/** After this many failed attempts (about a day of backoff) an email is marked failed and logged. */
export const MAX_ATTEMPTS = 10;
/** A claim outlives any real SMTP exchange; a sender that crashed mid-send frees it after this. */
const CLAIM_SECONDS = 120;

/** 30 s, 1 min, 2 min, 4 min … capped at 1 hour. */
export const backoffSeconds = (attempts: number) => Math.min(3600, 30 * 2 ** Math.max(0, attempts - 1));

interface OutboxRow {
  id: string;
  to: string;
  subject: string;
  text: string;
  html: string | null;
  ical_event: Mail['icalEvent'] | null;
  headers: Mail['headers'] | null;
  attempts: number;
}

/** The database or a transaction of it: an email stored in a transaction exists only if the transaction commits. */
type Executor = Pick<Database, 'execute'>;

export interface Outbox extends Mailer {
  /**
   * Stores an email in the caller's transaction, so that the change and its email are one write:
   * neither exists without the other after a crash. Call deliverNow with the id once committed.
   */
  store(executor: Executor, mail: Mail): Promise<string>;
  /** Starts delivering stored emails, off the caller's path (the outbox job retries what fails). */
  deliverNow(ids: string[]): void;
  /** Sends what is due (new, or waiting for a retry) until nothing is left; returns how many were sent. */
  deliverDue(): Promise<number>;
  /** Resolves when the deliveries this process started have finished: shutdown waits for them. */
  idle(): Promise<void>;
}

/**
 * Every email is first written to the mail_outbox table (durable once send() resolves), then
 * delivered through `transport` at once, by this process. A delivery that fails is retried
 * with backoff by whichever server runs the outbox job next. Rows are claimed with
 * FOR UPDATE SKIP LOCKED, so two servers never send the same email at the same time; an email
 * is sent again only if a server dies between the mail server's acceptance and the row's update.
 */
export function createOutbox(db: Database, transport: Mailer, logger?: FastifyBaseLogger): Outbox {
  // The app's logger exists only once the app is built, and the app is built with the outbox (useLogger).
  const log = { current: logger };
  const inFlight = new Set<Promise<unknown>>();
  const track = <T>(work: Promise<T>) => {
    inFlight.add(work);
    void work.finally(() => inFlight.delete(work)).catch(() => {});
    return work;
  };

  const claim = async (id?: string): Promise<OutboxRow[]> =>
    rowsOf<OutboxRow>(
      await db.execute(sql`
        update mail_outbox set locked_until = now() + ${CLAIM_SECONDS} * interval '1 second', attempts = attempts + 1
        where id in (
          select id from mail_outbox
          where status = 'pending' and next_attempt_at <= now() and (locked_until is null or locked_until < now())
            ${id ? sql`and id = ${id}` : sql.empty()}
          order by next_attempt_at
          limit 20
          for update skip locked)
        returning id, "to", subject, text, html, ical_event, headers, attempts`),
    );

  const deliver = async (row: OutboxRow): Promise<boolean> => {
    try {
      await transport.send({
        to: row.to,
        subject: row.subject,
        text: row.text,
        ...(row.html ? { html: row.html } : {}),
        ...(row.ical_event ? { icalEvent: row.ical_event } : {}),
        ...(row.headers ? { headers: row.headers } : {}),
      });
      await db.execute(sql`update mail_outbox set status = 'sent', sent_at = now(), locked_until = null, last_error = null where id = ${row.id}`);
      return true;
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      const failed = row.attempts >= MAX_ATTEMPTS;
      await db
        .execute(
          sql`
          update mail_outbox set
            status = ${failed ? 'failed' : 'pending'},
            next_attempt_at = now() + ${backoffSeconds(row.attempts)} * interval '1 second',
            locked_until = null,
            last_error = ${message.slice(0, 500)}
          where id = ${row.id}`,
        )
        .catch((err: unknown) => log.current?.error({ err, outboxId: row.id }, 'could not record a failed email delivery'));
      // The address stays out of the log: the row id leads an operator to it.
      log.current?.[failed ? 'error' : 'warn'](
        { outboxId: row.id, attempt: row.attempts, err: message },
        failed ? 'email given up after repeated failures' : 'email delivery failed; it will be retried',
      );
      return false;
    }
  };

  const deliverClaimed = async (rows: OutboxRow[]) => (await Promise.all(rows.map(deliver))).filter(Boolean).length;

  const outbox: Outbox = {
    description: `${transport.description}, through the mail_outbox table`,
    async store(executor, mail) {
      const [row] = rowsOf<{ id: string }>(
        await executor.execute(sql`insert into mail_outbox ("to", subject, text, html, ical_event, headers)
          values (${mail.to}, ${mail.subject}, ${mail.text}, ${mail.html ?? null}, ${mail.icalEvent ? JSON.stringify(mail.icalEvent) : null}::jsonb, ${mail.headers ? JSON.stringify(mail.headers) : null}::jsonb) returning id`),
      );
      return row!.id;
    },
    deliverNow(ids) {
      for (const id of ids) {
        void track(claim(id).then(deliverClaimed)).catch((err: unknown) =>
          log.current?.error({ err, outboxId: id }, 'email delivery could not start; the outbox job will retry'),
        );
      }
    },
    async send(mail: Mail) {
      // Stored: from here the email cannot be lost. Delivery happens now, off the request's path.
      outbox.deliverNow([await outbox.store(db, mail)]);
    },
    deliverDue() {
      return track(
        (async () => {
          let sent = 0;
          for (;;) {
            const rows = await claim();
            if (rows.length === 0) return sent;
            sent += await deliverClaimed(rows);
          }
        })(),
      );
    },
    sendInBackground(mail, context) {
      // Storing the row is the part that must not be lost; a failure there is logged with the action's context.
      void track(outbox.send(mail)).catch((err: unknown) =>
        log.current?.error({ err, subject: mail.subject, ...context }, 'email could not be stored in the outbox'),
      );
    },
    async idle() {
      while (inFlight.size) await Promise.allSettled([...inFlight]);
    },
    drain() {
      return outbox.idle();
    },
    useLogger(next) {
      log.current = next;
      transport.useLogger(next);
    },
  };
  return outbox;
}
