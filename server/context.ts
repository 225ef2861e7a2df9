import type { Database, DatabaseHandle } from './db/client';
import type { Env } from './env';
import type { Outbox } from './mail/outbox';

/** What every feature's routes are given: settings, the database and the mailer. Plain values, no globals. */
export interface AppContext {
  env: Env;
  database: DatabaseHandle;
  db: Database;
  /** Every email goes through the outbox table (server/mail/outbox.ts). */
  mailer: Outbox;
}
