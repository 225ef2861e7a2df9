/** A unique address per call, so tests sharing a database (or an end-to-end server) never collide. */
export function uniqueEmail(label = 'person'): string {
  return `${label}.${Date.now().toString(36)}.${Math.random().toString(36).slice(2, 8)}@example.org`;
}
