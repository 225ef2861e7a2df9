import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The project root, found from this file whether it runs from server/ (tsx, tests) or from the
 * bundle in dist/server/: migrations, content and the built client are located from it, so the
 * server works from any working directory.
 */
function findRoot(): string {
  let dir = dirname(fileURLToPath(import.meta.url));
  while (!existsSync(join(dir, 'package.json'))) {
    const parent = dirname(dir);
    if (parent === dir) throw new Error('Cannot find the project root (no package.json above the server)');
    dir = parent;
  }
  return dir;
}

export const rootDir = findRoot();
export const migrationsDir = join(rootDir, 'drizzle');
export const contentDir = join(rootDir, 'content');
export const clientDistDir = join(rootDir, 'dist', 'client');
