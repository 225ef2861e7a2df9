import { mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { migrationsDir } from '../dirs';
import { acquireDirLock } from './dir-lock';
import { processLocks } from './process-locks';

/** Any constant shared by all our servers: two of them starting at once must not both migrate. */
const MIGRATION_LOCK_ID = 7_202_611;

/**
 * Both drivers answer a raw statement with `{ rows }`: `execute<Row>(sql…)` reads them without a
 * cast, for the few statements the query builder cannot say (decision 033).
 */
interface RawResult<Row> {
  rows: Row[];
}
interface QueryResultHKT extends PgQueryResultHKT {
  readonly type: RawResult<this['row']>;
}

/**
 * Drizzle is given no schema object: the tables are declared in several files (server/db/schema.ts,
 * the features' own), queries name the tables they use, and relational queries (`db.query`), the
 * one thing a schema object would serve, are not used (decision 033).
 */
export type Database = PgDatabase<QueryResultHKT>;
/** A transaction of the database: what a function that needs its caller's locks takes. */
export type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];
/**
 * What every repository function takes: the database or one of its transactions (a transaction
 * is a database too), so the caller decides whether a query joins its transaction (decision 033).
 */
export type Executor = Database | Transaction;

export interface DatabaseHandle {
  db: Database;
  kind: 'postgres' | 'pglite';
  /** For the startup log: where the data lives, without credentials. */
  description: string;
  /** Runs a trivial query: the readiness probe. */
  ping(): Promise<void>;
  /** Raw SQL for libraries that bring their own (the job queue): parameters, or several statements without. */
  executeSql(text: string, values?: unknown[]): Promise<{ rows: unknown[] }>;
  /**
   * Calls `onNotify` on every NOTIFY on `channel`, from any server on the database, and also
   * after a lost listening connection is back (notifications may have been missed meanwhile).
   * Returns the way to stop listening.
   */
  listen(channel: string, onNotify: () => void): Promise<() => Promise<void>>;
  /**
   * Runs `work` holding the lock on `key` (the key `lockUntilCommit` takes, e.g. `team:<id>`),
   * across several transactions and network calls: for a change that must be checked, sent to the
   * payment provider and recorded with nothing of the same kind in between, where one transaction
   * cannot be held open (no network call inside one: an open transaction holds its locks for
   * the call's length, and on PGlite it blocks every other query). PostgreSQL: a
   * session-level advisory lock on a connection of its own, so every server waits for it and a
   * server that dies releases it. PGlite: a lock in this process (one process per data directory).
   * `work` must not take `key` with lockUntilCommit: on PostgreSQL it would wait for itself.
   */
  holdLock<T>(key: string, work: () => Promise<T>): Promise<T>;
  /** Applies the committed drizzle-kit migrations in drizzle/. */
  migrate(): Promise<void>;
  close(): Promise<void>;
}

export type DatabaseOptions =
  | { url: string; poolSize?: number }
  | { dataDir: string }
  /** Tests: an in-memory PGlite started from a migrated dump, which is much faster than initialising. */
  | { memoryFrom?: Blob };

export async function openDatabase(options: DatabaseOptions): Promise<DatabaseHandle> {
  if ('url' in options) return openPostgres(options.url, options.poolSize ?? 10);
  return openPglite('dataDir' in options ? options.dataDir : undefined, 'memoryFrom' in options ? options.memoryFrom : undefined);
}

async function openPostgres(url: string, poolSize: number): Promise<DatabaseHandle> {
  const { default: pg } = await import('pg');
  const { drizzle } = await import('drizzle-orm/node-postgres');
  // Connections stay open once made (no idle timeout): a new one costs a SCRAM handshake, which
  // under load waited behind password hashing and timed out ('canceling authentication').
  const pool = new pg.Pool({ connectionString: url, max: poolSize, idleTimeoutMillis: 0 });
  // An idle client losing its connection must not crash the server; the pool replaces it.
  pool.on('error', () => {});
  // Held locks wait on connections of their own, never on the pool's: a holder's work takes pool
  // connections, and holders filling the pool would wait for each other forever.
  let lockPool: InstanceType<typeof pg.Pool> | undefined;
  const lockConnection = () => {
    if (!lockPool) {
      lockPool = new pg.Pool({ connectionString: url, max: Math.max(2, Math.ceil(poolSize / 2)), idleTimeoutMillis: 0 });
      lockPool.on('error', () => {});
    }
    return lockPool.connect();
  };
  const parsed = new URL(url);
  return {
    db: drizzle(pool) as unknown as Database,
    kind: 'postgres',
    description: `PostgreSQL at ${parsed.hostname}:${parsed.port || 5432}${parsed.pathname}`,
    ping: async () => {
      await pool.query('select 1');
    },
    executeSql: async (text, values) => {
      const result = await pool.query(text, values);
      // A text of several statements answers one result each: the last one is the answer.
      return Array.isArray(result) ? (result.at(-1) ?? { rows: [] }) : result;
    },
    listen: async (channel, onNotify) => {
      let stopped = false;
      let client: InstanceType<typeof pg.Client> | undefined;
      const connect = async (): Promise<void> => {
        const next = new pg.Client({ connectionString: url });
        next.on('notification', (message) => {
          if (message.channel === channel) onNotify();
        });
        next.on('error', () => {
          if (stopped) return;
          client = undefined;
          next.end().catch(() => {});
          // Back in a second; whatever was published meanwhile is read again then.
          setTimeout(() => void reconnect(), 1000).unref();
        });
        await next.connect();
        await next.query(`listen "${channel.replaceAll('"', '""')}"`);
        client = next;
      };
      const reconnect = async () => {
        if (stopped) return;
        try {
          await connect();
          onNotify();
        } catch {
          setTimeout(() => void reconnect(), 1000).unref();
        }
      };
      await connect();
      return async () => {
        stopped = true;
        await client?.end().catch(() => {});
      };
    },
    holdLock: async (key, work) => {
      const client = await lockConnection();
      try {
        await client.query('select pg_advisory_lock(hashtext($1))', [key]);
      } catch (error) {
        client.release(error as Error);
        throw error;
      }
      try {
        return await work();
      } finally {
        try {
          await client.query('select pg_advisory_unlock(hashtext($1))', [key]);
          client.release();
        } catch (error) {
          // Closing the connection releases its locks.
          client.release(error as Error);
        }
      }
    },
    migrate: async () => {
      const { migrate } = await import('drizzle-orm/node-postgres/migrator');
      // The advisory lock belongs to one connection, so lock, migrate and unlock on the same one.
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      try {
        await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_ID]);
        await migrate(drizzle(client), { migrationsFolder: migrationsDir });
      } finally {
        await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_ID]).catch(() => {});
        await client.end();
      }
    },
    close: async () => {
      await Promise.all([pool.end(), lockPool?.end()]);
    },
  };
}

/**
 * The embedded database's buffer cache. PostgreSQL's initdb gives 128 MB, all of it inside the
 * WebAssembly memory, which then holds most of an idle server's 540 MB; the embedded database's
 * files stay in the machine's own file cache either way (docs/benchmarks.md, "Memory on the
 * embedded database").
 */
const PGLITE_SHARED_BUFFERS = '16MB';

async function openPglite(dataDir: string | undefined, memoryFrom: Blob | undefined): Promise<DatabaseHandle> {
  const { PGlite } = await import('@electric-sql/pglite');
  const { drizzle } = await import('drizzle-orm/pglite');
  let releaseLock = () => {};
  let dir: string | undefined;
  if (dataDir) {
    dir = resolve(dataDir);
    mkdirSync(dir, { recursive: true });
    // Two processes on one PGlite directory silently lose data: the second one must stop here.
    releaseLock = acquireDirLock(dir);
  }
  let client;
  try {
    // pg_trgm serves the admin lists' search inside values (drizzle/0009, decision 027).
    const { pg_trgm } = await import('@electric-sql/pglite/contrib/pg_trgm');
    // unaccent: search matches words without their accents (drizzle/0028, decision 042).
    const { unaccent } = await import('@electric-sql/pglite/contrib/unaccent');
    const extensions = { pg_trgm, unaccent };
    const startParams = [...PGlite.defaultStartParams, '-c', `shared_buffers=${PGLITE_SHARED_BUFFERS}`];
    client = dir
      ? await PGlite.create(`${dir}/pglite`, { extensions, startParams })
      : await PGlite.create(memoryFrom ? { loadDataDir: memoryFrom, extensions, startParams } : { extensions, startParams });
  } catch (error) {
    releaseLock();
    throw error;
  }
  return {
    db: drizzle(client) as unknown as Database,
    kind: 'pglite',
    description: dir ? `embedded PGlite in ${dir}` : 'embedded PGlite in memory',
    ping: async () => {
      await client.query('select 1');
    },
    executeSql: async (text, values) => {
      if (values?.length) return client.query(text, values);
      // exec() runs several statements in one call, as PostgreSQL's simple protocol does.
      const results = await client.exec(text);
      return results.at(-1) ?? { rows: [] };
    },
    listen: async (channel, onNotify) => client.listen(channel, onNotify),
    holdLock: processLocks(),
    migrate: async () => {
      const { migrate } = await import('drizzle-orm/pglite/migrator');
      await migrate(drizzle(client), { migrationsFolder: migrationsDir });
    },
    close: async () => {
      await client.close();
      releaseLock();
    },
  };
}
