// npm run dev: the API server restarting on change (port 3000) and Vite with hot reload (port 5173, proxying /api).
import { spawn } from 'node:child_process';

const children = [
  spawn('npx', ['tsx', 'watch', '--clear-screen=false', 'server/main.ts'], { stdio: 'inherit', env: { NODE_ENV: 'development', ...process.env } }),
  spawn('npx', ['vite'], { stdio: 'inherit' }),
];
const stop = () => children.forEach((child) => child.kill('SIGTERM'));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
for (const child of children) child.on('exit', (code) => (stop(), process.exit(code ?? 0)));
console.log('Open http://localhost:5173 (the API server listens on http://localhost:3000).');
