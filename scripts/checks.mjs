// npm run checks: the static checks of `npm test` (ESLint, Prettier, the import layers, the
// typecheck) side by side. ESLint and tsc are each single-threaded and together took a minute
// one after the other; run at once on CI's two cores they take about as long as the slower one.
// Each check's output is printed whole when it ends, so two never interleave.
import { spawn } from 'node:child_process';

const checks = [
  ['ESLint', 'npx', ['eslint', '.']],
  ['TypeScript', 'npx', ['tsc', '--noEmit', '-p', 'tsconfig.json']],
  ['Prettier', 'npx', ['prettier', '--check', '.']],
  ['Import layers', 'node', ['scripts/import-layers.mjs', '--check']],
];

const run = ([name, command, args]) =>
  new Promise((resolve) => {
    const started = Date.now();
    const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.on('close', (code) => {
      const seconds = ((Date.now() - started) / 1000).toFixed(1);
      console.log(`--- ${name}: ${code === 0 ? 'passed' : `FAILED (exit ${code})`} in ${seconds} s`);
      if (code !== 0 || output.trim()) console.log(output.trimEnd());
      resolve(code === 0);
    });
  });

const results = await Promise.all(checks.map(run));
process.exit(results.every(Boolean) ? 0 : 1);
