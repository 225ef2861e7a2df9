// Chooses the PostgreSQL database the server benchmarks run on. The API and cold-start budgets
// are defined on PostgreSQL, so the embedded database is only a loudly announced fallback.
import pg from 'pg';

const localTestDatabase = 'postgres://app:app@127.0.0.1:5432/app_test';

/** @returns {Promise<{ kind: 'postgres', url: string, source: string } | { kind: 'pglite', reason: string }>} */
export async function pickDatabase() {
  if (process.env.BENCH_DATABASE_URL) return { kind: 'postgres', url: process.env.BENCH_DATABASE_URL, source: 'BENCH_DATABASE_URL' };
  if (process.env.TEST_DATABASE_URL) return { kind: 'postgres', url: process.env.TEST_DATABASE_URL, source: 'TEST_DATABASE_URL' };
  const client = new pg.Client({ connectionString: localTestDatabase, connectionTimeoutMillis: 2000 });
  try {
    await client.connect();
    await client.query('select 1');
    return { kind: 'postgres', url: localTestDatabase, source: 'the local test database' };
  } catch (error) {
    return { kind: 'pglite', reason: `no BENCH_DATABASE_URL or TEST_DATABASE_URL, and ${redact(localTestDatabase)} did not answer (${error.message})` };
  } finally {
    await client.end().catch(() => {});
  }
}

/** The URL without its password, for printing. */
export function redact(url) {
  const parsed = new URL(url);
  if (parsed.password) parsed.password = '***';
  return parsed.toString();
}

export function warnEmbedded(reason) {
  const line = '!'.repeat(78);
  console.warn(
    `\n${line}\n!! NOT ON POSTGRESQL: ${reason}.\n!! Falling back to the embedded database (PGlite). The API and cold-start budgets are\n!! defined on PostgreSQL: set BENCH_DATABASE_URL for figures that count.\n${line}\n`,
  );
}

/**
 * A PostgreSQL database of the benchmark's own on the server of `serverUrl`, named
 * `<prefix>_<time>`: `url` to use, and `drop()` to call at the end (also after a failure).
 */
export async function ownDatabase(serverUrl, prefix) {
  const name = `${prefix}_${Date.now()}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      await admin.query(`drop database if exists ${name} with (force)`).catch(() => {});
      await admin.end().catch(() => {});
    },
  };
}

/**
 * A database kept between runs on the server of `serverUrl`, named `name` (a bench's KEEP knob):
 * reused when `isSeeded(client)` says it holds the whole seed, else dropped (an interrupted run)
 * and made anew. `seeded` says which; `drop()` keeps it.
 */
export async function keptDatabase(serverUrl, name, isSeeded) {
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    const { rowCount } = await admin.query('select 1 from pg_database where datname = $1', [name]);
    let seeded = false;
    if (rowCount) {
      const db = new pg.Client({ connectionString: url.toString() });
      await db.connect();
      seeded = await isSeeded(db).catch(() => false);
      await db.end();
      if (!seeded) await admin.query(`drop database ${name} with (force)`);
    }
    if (!seeded) await admin.query(`create database ${name}`);
    return { url: url.toString(), seeded, drop: async () => {} };
  } finally {
    await admin.end();
  }
}
