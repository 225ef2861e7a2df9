import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../db/client';
import { seedEditions } from '../features/editions/seed';
import { seedContent } from '../features/content/seed';
import { databaseUrl } from './postgres';

/**
 * Initialising PGlite takes seconds, so it is done once: a migrated database is dumped to a
 * file and every test app starts its own in-memory copy from it. On PostgreSQL a migrated
 * template database is made once, and every test file gets its own copy of it (server/test/
 * postgres.ts): files run three at a time, and a file that counts or searches a whole table
 * must not see another file's rows. Teardown drops the template and the copies.
 */
export default async function setup(project: TestProject): Promise<() => void> {
  const dir = mkdtempSync(join(tmpdir(), 'nlh-test-'));
  const dumpFile = join(dir, 'pglite-dump.tar.gz');
  const pglite = await openDatabase({});
  await pglite.migrate();
  await seedEditions(pglite.db);
  await seedContent(pglite.db);
  const client = (pglite.db as unknown as { $client: PGlite }).$client;
  const dump = await client.dumpDataDir('gzip');
  writeFileSync(dumpFile, Buffer.from(await dump.arrayBuffer()));
  await pglite.close();
  project.provide('pgliteDumpFile', dumpFile);

  const url = process.env.TEST_DATABASE_URL;
  const run = randomUUID().replace(/-/g, '').slice(0, 10);
  const template = `nlh_${run}_template`;
  project.provide('postgresRun', run);
  if (url) {
    const server = await openDatabase({ url, poolSize: 1 });
    // The shared database stays migrated for tools that use it directly (bench/database.mjs).
    await server.migrate();
    await server.executeSql(`create database ${template}`);
    const migrated = await openDatabase({ url: databaseUrl(url, template), poolSize: 1 });
    await migrated.migrate();
    await seedEditions(migrated.db);
    await seedContent(migrated.db);
    await migrated.close();
    await server.close();
  }
  return async () => {
    rmSync(dir, { recursive: true, force: true });
    if (!url) return;
    const server = await openDatabase({ url, poolSize: 1 });
    const { rows } = await server.executeSql(`select datname from pg_database where datname like $1`, [`nlh\\_${run}\\_%`]);
    for (const { datname } of rows as { datname: string }[]) await server.executeSql(`drop database if exists ${datname} with (force)`);
    await server.close();
  };
}

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteDumpFile: string;
    postgresRun: string;
  }
}
