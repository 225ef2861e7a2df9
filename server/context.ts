import type { Database, DatabaseHandle } from './db/client';
import type { Env } from './env';
import type { Mailer } from './mail/mailer';

/** What every feature's routes are given: settings, the database and the mailer. Plain values, no globals. */
export interface AppContext {
  env: Env;
  database: DatabaseHandle;
  db: Database;
  mailer: Mailer;
}
