/**
 * The rows of a raw `db.execute(sql\`…\`)` result, cast: left for the tests' quick reads. The
 * server's code reads a raw statement with `db.execute<Row>(sql\`…\`)`, whose `{ rows }` both
 * drivers answer without a cast (decision 033).
 */
export const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;
