import { getTableConfig, PgTable } from 'drizzle-orm/pg-core';
import { is } from 'drizzle-orm';

/**
 * Every table of the site, by the file that declares it ('server/features/teams/schema.ts'):
 * the files drizzle-kit reads (drizzle.config.ts's `schema`, which schema-tables.test.ts holds
 * to these), for the tests that walk every table. Gathered here, not re-exported by a module
 * of the app: each feature's tables are imported from its own schema.ts.
 */
const modules = import.meta.glob<Record<string, unknown>>(['../db/schema.ts', '../payment-providers/schema.ts', '../features/*/schema.ts'], {
  eager: true,
});

export const tablesByFile: ReadonlyMap<string, PgTable[]> = new Map(
  Object.entries(modules).map(([path, module]) => [
    `server/${path.replace(/^\.\.\//, '')}`,
    Object.values(module).flatMap((value) => (is(value, PgTable) ? [value] : [])),
  ]),
);

export const allTables: PgTable[] = [...tablesByFile.values()].flat();

export const tableName = (table: PgTable): string => getTableConfig(table).name;
