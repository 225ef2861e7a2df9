/**
 * Whether `error` is PostgreSQL's unique violation (23505), on the index `constraint` when it is
 * named: the check that holds when two requests take the same value at once, after both looked
 * and found it free. Drizzle wraps the driver's error, so its causes are searched too.
 */
export function isUniqueViolation(error: unknown, constraint?: string): boolean {
  for (let e: unknown = error; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    const { code, constraint: name } = e as { code?: unknown; constraint?: unknown };
    if (code === '23505') return constraint === undefined || name === constraint;
  }
  return false;
}
