// npm start: serves the production build, building it first on a fresh clone and rebuilding it
// when the code is newer than the build, so it never serves yesterday's code.
import { execFileSync, spawn } from 'node:child_process';
import { buildState } from './build-freshness.mjs';
import { serverEnv, serverNodeArgs } from './server-node-args.mjs';

const state = buildState();
if (state !== 'fresh') {
  console.log(
    state === 'missing'
      ? 'No production build yet: building it once (about a minute)...'
      : 'The code is newer than the production build: rebuilding it (about a minute)...',
  );
  execFileSync('npm', ['run', 'build'], { stdio: 'inherit' });
}
// The caller's environment wins: MALLOC_ARENA_MAX set by hand is kept.
const server = spawn(process.execPath, [...serverNodeArgs, '--enable-source-maps', 'dist/server/main.js'], {
  stdio: 'inherit',
  env: { ...serverEnv, ...process.env },
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code) => process.exit(code ?? 0));
