// Starts servers as child processes (each on its own event loop, as in production) and makes
// sure none outlives the bench: stopped explicitly, and killed on Ctrl-C or any exit.
import { spawn } from 'node:child_process';
import http from 'node:http';
import net from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { serverEnv, serverNodeArgs } from '../scripts/server-node-args.mjs';

const live = new Set();

process.on('exit', () => {
  for (const child of live) child.kill('SIGKILL');
});
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.once(signal, () => {
    console.error(`\n${signal}: stopping the servers started by the bench`);
    for (const child of live) child.kill('SIGTERM');
    process.exit(130);
  });
}

/** A port free right now (the OS picks it); the child binds it a moment later. */
export function freePort() {
  return new Promise((resolvePort, reject) => {
    const server = net.createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolvePort(port));
    });
  });
}

/**
 * The flags the servers are started with: production's (scripts/server-node-args.mjs), or
 * BENCH_NODE_ARGS (space-separated; empty for none) to measure what they change.
 */
export const benchNodeArgs = process.env.BENCH_NODE_ARGS === undefined ? serverNodeArgs : process.env.BENCH_NODE_ARGS.split(' ').filter(Boolean);

/** `NAME=value NAME=value`, as BENCH_SERVER_ENV and BENCH_BEFORE_SERVER_ENV are given. */
export const parseEnvList = (list) =>
  Object.fromEntries(
    list
      .split(' ')
      .filter(Boolean)
      .map((pair) => [pair.slice(0, pair.indexOf('=')), pair.slice(pair.indexOf('=') + 1)]),
  );

/**
 * What the servers' environment holds besides what each bench gives them: production's
 * (scripts/server-node-args.mjs), or BENCH_SERVER_ENV (`NAME=value`, space-separated; empty for none).
 */
export const benchProcessEnv = process.env.BENCH_SERVER_ENV === undefined ? serverEnv : parseEnvList(process.env.BENCH_SERVER_ENV);

/**
 * Spawns `node <nodeArgs> <script>` with exactly `processEnv` and `env` (plus PATH and HOME: nothing leaks in from the
 * caller's shell, such as a DATABASE_URL) and waits until GET readyPath answers 200, polling
 * every pollMs. readyMs is measured from just before the spawn: the cold-start figure.
 */
export async function startProcess({ script, env, readyPath, nodeArgs = benchNodeArgs, processEnv = benchProcessEnv, timeoutMs = 60_000, pollMs = 20 }) {
  const port = Number(env.PORT);
  const origin = `http://127.0.0.1:${port}`;
  const started = performance.now();
  const child = spawn(process.execPath, [...nodeArgs, script], {
    env: { PATH: process.env.PATH, HOME: process.env.HOME, ...processEnv, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  live.add(child);
  // The pipes must be drained or a chatty child blocks; the tail explains a failed start.
  const output = [];
  const keep = (chunk) => {
    output.push(chunk.toString());
    if (output.length > 40) output.shift();
  };
  child.stdout.on('data', keep);
  child.stderr.on('data', keep);
  const exited = new Promise((resolveExit) =>
    child.once('exit', (code, signal) => {
      live.delete(child);
      resolveExit({ code, signal });
    }),
  );

  let exitInfo;
  void exited.then((info) => (exitInfo = info));
  while (!(await answers200(`${origin}${readyPath}`))) {
    if (exitInfo) throw new Error(`${script} exited (${exitInfo.code ?? exitInfo.signal}) before answering ${readyPath}:\n${output.join('')}`);
    if (performance.now() - started > timeoutMs) {
      child.kill('SIGKILL');
      throw new Error(`${script} did not answer ${readyPath} within ${timeoutMs / 1000} s:\n${output.join('')}`);
    }
    await sleep(pollMs);
  }
  const readyMs = performance.now() - started;

  const stop = async () => {
    if (exitInfo) return;
    child.kill('SIGTERM');
    const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
    await exited;
    clearTimeout(timer);
  };
  return { origin, pid: child.pid, readyMs, stop, output };
}

/** A bare node:http GET (no fetch): the poll itself must not add start-up cost to what it times. */
function answers200(url) {
  return new Promise((resolveAnswer) => {
    const request = http.get(url, { agent: false }, (response) => {
      response.resume();
      resolveAnswer(response.statusCode === 200);
    });
    request.on('error', () => resolveAnswer(false));
    request.setTimeout(2000, () => request.destroy());
  });
}
