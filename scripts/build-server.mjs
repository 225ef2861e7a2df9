// Bundles the server into dist/server/main.js: one file, node_modules left external, so the
// production start needs no TypeScript tooling and starts fast.
import { build } from 'esbuild';

await build({
  entryPoints: ['server/main.ts'],
  outfile: process.argv[2] ?? 'dist/server/main.js',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  packages: 'external',
  sourcemap: true,
  logLevel: 'warning',
});
console.log(`built ${process.argv[2] ?? 'dist/server/main.js'}`);
