import { randomUUID } from 'node:crypto';
import { expect, inject } from 'vitest';
import { openDatabase } from '../db/client';

/** The same server as `url`, another database on it. */
export function databaseUrl(url: string, name: string): string {
  return Object.assign(new URL(url), { pathname: `/${name}` }).toString();
}

/**
 * A copy of the migrated template (server/test/global-setup.ts) under a new name of this run,
 * which the global teardown drops. A copy of a small database takes a few hundred
 * milliseconds, where migrating one takes seconds.
 */
export async function copyTemplate(): Promise<{ url: string; name: string }> {
  const base = process.env.TEST_DATABASE_URL!;
  const run = inject('postgresRun');
  const name = `nlh_${run}_${randomUUID().replace(/-/g, '').slice(0, 12)}`;
  const server = await openDatabase({ url: base, poolSize: 1 });
  try {
    await server.executeSql(`create database ${name} template nlh_${run}_template strategy file_copy`);
  } finally {
    await server.close();
  }
  return { url: databaseUrl(base, name), name };
}

// Keyed by the test file: a worker runs many files with one copy of this module (vitest.config.ts, `isolate: false`).
const fileDatabases = new Map<string, Promise<string>>();

/**
 * The PostgreSQL database of the running test file: made on first use, shared by every app the
 * file starts, and by no other file.
 */
export function fileDatabaseUrl(): Promise<string> {
  const file = expect.getState().testPath;
  if (!file) throw new Error('fileDatabaseUrl() is called from a test file');
  let database = fileDatabases.get(file);
  if (!database) {
    database = copyTemplate().then(({ url }) => url);
    fileDatabases.set(file, database);
  }
  return database;
}
