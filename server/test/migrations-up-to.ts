import { cpSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect } from 'vitest';

/** The project's migrations folder. */
export const migrationsFolder = join(import.meta.dirname, '../../drizzle');

/**
 * A copy of the migrations up to and including `lastTag`: the database as a server of that time
 * left it, for a migration test to migrate, fill as it was, then run the rest on.
 */
export function migrationsUpTo(lastTag: string): string {
  const dir = mkdtempSync(join(tmpdir(), 'nlh-migrations-'));
  cpSync(migrationsFolder, dir, { recursive: true });
  const journalPath = join(dir, 'meta/_journal.json');
  const journal = JSON.parse(readFileSync(journalPath, 'utf8')) as { entries: { tag: string }[] };
  const last = journal.entries.findIndex((entry) => entry.tag === lastTag);
  expect(last).toBeGreaterThan(0);
  writeFileSync(journalPath, JSON.stringify({ ...journal, entries: journal.entries.slice(0, last + 1) }));
  return dir;
}
