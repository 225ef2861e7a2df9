// Counts the server's import back-edges (docs/decisions/035-server-layers.md): a lower layer (db,
// http, mail, jobs, rendering and the helpers beside app.ts) importing a feature, a feature
// importing another feature's route file, a schema file importing code, and features that import
// each other, directly or round a longer loop. ESLint reports the first two at the import; a loop between features need not pass
// through any one file twice, so import-x/no-cycle cannot see it: `--check` (run by npm run lint)
// fails when any count is not zero. `--list` names the imports. A directory argument counts another
// tree, e.g. an older one: `git archive wave4-format server | tar -x -C /tmp/before`, then
// `node scripts/import-layers.mjs --list /tmp/before`.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import ts from 'typescript';

// The composition: the modules that put the features together (as compositionFiles in eslint.config.js).
const composition = new Set(['server/app.ts', 'server/features.ts', 'server/main.ts', 'server/schedule.ts', 'server/stored-html.ts']);

const featureOf = (file) => /^server\/features\/([^/]+)\//.exec(file)?.[1];
// The schema: the files that declare the tables (drizzle.config.ts reads them) and their column
// helpers. A feature's schema.ts is the database's declaration of its tables, not its code (decision
// 076): a table refers to another feature's by foreign key, and a query names any table, without
// either feature using the other's code, so importing one is no step between features. Kept
// declarations only: a schema file imports schema files alone (and shared/ and packages).
const isSchema = (file) => /^server\/(db\/(schema|columns)|payment-providers\/schema|features\/[^/]+\/schema)\.ts$/.test(file);
const isRouteFile = (file) => /\/([\w-]+-)?routes\.ts$/.test(file);

/** Every import between the server's own source files (tests and server/test/ left out: they stand outside the layers). */
function serverImports(root) {
  const sourceFiles = (dir) =>
    readdirSync(join(root, dir)).flatMap((entry) => {
      const path = `${dir}/${entry}`;
      if (path === 'server/test') return [];
      if (statSync(join(root, path)).isDirectory()) return sourceFiles(path);
      return /\.tsx?$/.test(entry) && !/\.test\.tsx?$/.test(entry) ? [path] : [];
    });
  const resolveImport = (from, specifier) => {
    let base;
    if (specifier.startsWith('#server/')) base = `server/${specifier.slice('#server/'.length)}`;
    else if (specifier.startsWith('.')) base = relative(root, resolve(root, dirname(from), specifier));
    else return null;
    base = base.replace(/\.js$/, '');
    return [`${base}.ts`, `${base}.tsx`].find((candidate) => existsSync(join(root, candidate))) ?? null;
  };
  return sourceFiles('server').flatMap((from) =>
    ts
      .preProcessFile(readFileSync(join(root, from), 'utf8'), true, true)
      .importedFiles.map((imported) => ({ from, to: resolveImport(from, imported.fileName) }))
      .filter((edge) => edge.to),
  );
}

/**
 * The back-edges of the tree at `root`: each as `from -> to` (file paths), and for the loops
 * between features, each feature-to-feature step that lies on a loop with the imports that make
 * it, and the pairs of features that reach each other.
 */
export function importLayers(root) {
  const edges = serverImports(root);
  const name = (e) => `${e.from} -> ${e.to}`;
  const lowerToFeature = edges.filter((e) => !featureOf(e.from) && !composition.has(e.from) && featureOf(e.to)).map(name);
  const intoRoutes = edges.filter((e) => featureOf(e.from) && featureOf(e.to) && featureOf(e.from) !== featureOf(e.to) && isRouteFile(e.to)).map(name);
  const schemaToCode = edges.filter((e) => isSchema(e.from) && !isSchema(e.to)).map(name);

  const between = new Map(); // feature -> (feature it imports -> the imports)
  for (const e of edges) {
    const [a, b] = [featureOf(e.from), featureOf(e.to)];
    if (!a || !b || a === b || isSchema(e.to)) continue;
    if (!between.has(a)) between.set(a, new Map());
    between.get(a).set(b, [...(between.get(a).get(b) ?? []), name(e)]);
  }
  const reaches = (from, to, seen = new Set()) => {
    for (const next of between.get(from)?.keys() ?? []) {
      if (next === to) return true;
      if (seen.has(next)) continue;
      seen.add(next);
      if (reaches(next, to, seen)) return true;
    }
    return false;
  };
  const features = [...between.keys()].sort();
  const loopSteps = features.flatMap((a) => [...between.get(a)].filter(([b]) => reaches(b, a)).map(([b, imports]) => ({ step: `${a} -> ${b}`, imports })));
  const loopPairs = features.flatMap((a) => features.filter((b) => a < b && reaches(a, b) && reaches(b, a)).map((b) => `${a} <-> ${b}`));
  return { lowerToFeature, intoRoutes, schemaToCode, loopSteps, loopPairs };
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const list = process.argv.includes('--list');
  const root = process.argv.slice(2).find((arg) => !arg.startsWith('--')) ?? resolve(import.meta.dirname, '..');
  const { lowerToFeature, intoRoutes, schemaToCode, loopSteps, loopPairs } = importLayers(resolve(root));
  const report = (title, lines) => {
    console.log(`${title}: ${lines.length}`);
    if (list) for (const line of lines) console.log(`  ${line}`);
  };
  report('lower layers importing a feature', lowerToFeature);
  report("imports of another feature's route file", intoRoutes);
  report('schema files importing code', schemaToCode);
  report(
    'feature -> feature steps on a loop',
    loopSteps.map(({ step, imports }) => `${step}: ${imports.join(', ')}`),
  );
  report('feature pairs in a cycle', loopPairs);
  if (process.argv.includes('--check') && lowerToFeature.length + intoRoutes.length + schemaToCode.length + loopSteps.length > 0) {
    console.error('The server imports against its layers (node scripts/import-layers.mjs --list names them).');
    process.exitCode = 1;
  }
}
