import type { Database, DatabaseHandle } from './db/client';
import type { Env } from './env';
import type { MailQueue } from './mail/mail-queue';

/** What every feature's routes are given: settings, the database and the mail queue. Plain values, no globals. */
export interface AppContext {
  env: Env;
  database: DatabaseHandle;
  db: Database;
  /** Every email goes through the mail queue (server/mail/mail-queue.ts). */
  mailQueue: MailQueue;
  /** The job queue, when this process runs one (not in tests that build the app alone): `kick` runs a job soon. */
  jobs?: { kick(name: string): void };
}
