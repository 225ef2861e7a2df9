// Whether the production build in dist/ is older than the code it was built from (npm start rebuilds then).
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

/** What a build is made of: the app's source folders and the files that configure the build. */
export const sourcePaths = [
  'client',
  'server',
  'shared',
  'content',
  'vite.config.ts',
  'tsconfig.json',
  'package.json',
  'package-lock.json',
  'scripts/build-server.mjs',
  'scripts/precompress.mjs',
];
/** What a build leaves: every one must exist for the build to count. */
export const buildOutputs = ['dist/server/main.js', 'dist/client/index.html', 'dist/ssr/entry-server.js'];

/** The newest modification time under `path` (a file or a folder, tests included: a cheap, safe over-approximation). */
function newest(path) {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let latest = stat.mtimeMs;
  for (const entry of readdirSync(path)) {
    if (entry === 'node_modules' || entry.startsWith('.')) continue;
    latest = Math.max(latest, newest(join(path, entry)));
  }
  return latest;
}

/**
 * 'missing' when there is no complete build, 'stale' when a source is newer than the oldest
 * build output, 'fresh' otherwise. `root` is the repository folder.
 */
export function buildState(root = '.') {
  const outputs = buildOutputs.map((file) => join(root, file));
  if (!outputs.every((file) => existsSync(file))) return 'missing';
  const builtAt = Math.min(...outputs.map((file) => statSync(file).mtimeMs));
  const changedAt = Math.max(...sourcePaths.map((path) => newest(join(root, path))));
  return changedAt > builtAt ? 'stale' : 'fresh';
}
