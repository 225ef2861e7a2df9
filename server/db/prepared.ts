import type { Database } from './client';

/**
 * A statement built once per database and kept as a prepared statement, for queries on hot
 * paths (the session lookup, a Check-Up result, a member's attempts): building a query with the
 * query builder on every call cost more CPU than running it (docs/benchmarks.md).
 */
export function preparedPerDatabase<Statement>(build: (db: Database) => Statement): (db: Database) => Statement {
  const statements = new WeakMap<Database, Statement>();
  return (db) => {
    let statement = statements.get(db);
    if (!statement) {
      statement = build(db);
      statements.set(db, statement);
    }
    return statement;
  };
}
