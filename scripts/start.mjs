// npm start: serves the production build, building it first on a fresh clone.
import { execFileSync, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';

if (!existsSync('dist/server/main.js') || !existsSync('dist/client/index.html')) {
  console.log('No production build yet: building it once (about 10 s)...');
  execFileSync('npm', ['run', 'build'], { stdio: 'inherit' });
}
const server = spawn(process.execPath, ['--enable-source-maps', 'dist/server/main.js'], { stdio: 'inherit' });
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code) => process.exit(code ?? 0));
