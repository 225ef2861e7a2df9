// Cold start: from spawning `node <server>` to its first 200 on /healthz, i.e. how long a
// restart or a new instance leaves visitors without an answer. Budgets: ≤ 2 s on PostgreSQL,
// ≤ 3 s on the embedded database once its data directory is initialised (the very first
// start, which creates the database, is printed but not budgeted).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { benchServerEnv, clientDir, serverEntry } from './config.mjs';
import { pickDatabase, redact, warnEmbedded } from './database.mjs';
import { freePort, startProcess } from './server-process.mjs';
import { printTable } from './table.mjs';

const runs = 3;
const budgets = { postgres: 2000, pglite: 3000 };

export async function runColdStart() {
  console.log('\n== Cold start: spawn to first 200 on /healthz ==');
  const rows = [];
  const checks = [];
  const figures = {};

  const database = await pickDatabase();
  if (database.kind === 'postgres') {
    console.log(`PostgreSQL: ${redact(database.url)} (from ${database.source})`);
    const times = await timeStarts({ DATABASE_URL: database.url });
    figures.postgres = times;
    rows.push(['PostgreSQL', ...times.map(ms), ms(median(times))]);
    checks.push(check('Cold start on PostgreSQL', times, budgets.postgres));
  } else {
    warnEmbedded(database.reason);
    checks.push({ budget: `Cold start on PostgreSQL ≤ ${budgets.postgres / 1000} s`, measured: 'not measured: no PostgreSQL', status: 'N/A' });
  }

  const dataDir = mkdtempSync(join(tmpdir(), 'bench-cold-'));
  try {
    const [firstStart] = await timeStarts({ DATA_DIR: dataDir }, 1);
    console.log(`Embedded: first start, creating the database in ${dataDir}: ${ms(firstStart)} (not budgeted)`);
    const times = await timeStarts({ DATA_DIR: dataDir });
    figures.pglite = { firstStart, restarts: times };
    rows.push(['Embedded, initialised', ...times.map(ms), ms(median(times))]);
    checks.push(check('Cold start embedded, initialised', times, budgets.pglite));
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }

  printTable(['database', ...Array.from({ length: runs }, (_, i) => `run ${i + 1}`), 'median'], rows);
  return { figures, checks };
}

/** Starts and stops the server `count` times, one after the other, returning each time to ready. */
async function timeStarts(databaseEnv, count = runs) {
  const times = [];
  for (let i = 0; i < count; i += 1) {
    const port = String(await freePort());
    const server = await startProcess({
      script: serverEntry,
      env: { ...benchServerEnv, ...databaseEnv, HOST: '127.0.0.1', PORT: port, PUBLIC_URL: `http://localhost:${port}`, CLIENT_DIR: clientDir },
      readyPath: '/healthz',
      pollMs: 20,
    });
    times.push(server.readyMs);
    // A clean stop, as in a real restart: the embedded database must release its directory lock.
    await server.stop();
  }
  return times;
}

function check(name, times, budgetMs) {
  const value = median(times);
  return { budget: `${name} ≤ ${budgetMs / 1000} s (median of ${times.length})`, measured: ms(value), status: value <= budgetMs ? 'PASS' : 'FAIL' };
}

function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

function ms(value) {
  return `${(value / 1000).toFixed(2)} s`;
}
