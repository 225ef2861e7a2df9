// Bundles the server into dist/server/main.js, node_modules left external, so the production
// start needs no TypeScript tooling and starts fast. Code split: what a module imports with
// `await import()` goes into a chunk of its own (dist/server/chunks/), with the packages it
// imports, and is loaded when first used rather than at start (the email templates and the
// payment SDK take tens of megabytes that most requests never need).
import { rmSync } from 'node:fs';
import { basename, dirname, extname } from 'node:path';
import { build } from 'esbuild';

const outfile = process.argv[2] ?? 'dist/server/main.js';
const outdir = dirname(outfile);
rmSync(`${outdir}/chunks`, { recursive: true, force: true });
await build({
  entryPoints: { [basename(outfile, extname(outfile))]: 'server/main.ts' },
  outdir,
  chunkNames: 'chunks/[name]-[hash]',
  splitting: true,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  packages: 'external',
  sourcemap: true,
  // The maps name each line's source file, which the repository holds: without the sources' text
  // inside them the server's stack traces still point there, and npm start (--enable-source-maps)
  // holds about 4 MB less of V8's heap (docs/benchmarks.md, "Memory on the embedded database").
  sourcesContent: false,
  logLevel: 'warning',
});
console.log(`built ${outfile}`);
