import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../db/client';

/**
 * Initialising PGlite takes seconds, so it is done once: a migrated database is dumped to a
 * file and every test app starts its own in-memory copy from it. PostgreSQL is migrated once.
 */
export default async function setup(project: TestProject): Promise<() => void> {
  const dir = mkdtempSync(join(tmpdir(), 'nlh-test-'));
  const dumpFile = join(dir, 'pglite-dump.tar.gz');
  const pglite = await openDatabase({});
  await pglite.migrate();
  const client = (pglite.db as unknown as { $client: PGlite }).$client;
  const dump = await client.dumpDataDir('gzip');
  writeFileSync(dumpFile, Buffer.from(await dump.arrayBuffer()));
  await pglite.close();
  project.provide('pgliteDumpFile', dumpFile);

  const url = process.env.TEST_DATABASE_URL;
  if (url) {
    const pg = await openDatabase({ url });
    await pg.migrate();
    await pg.close();
  }
  return () => rmSync(dir, { recursive: true, force: true });
}

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteDumpFile: string;
  }
}
