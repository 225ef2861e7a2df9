// Password hashing under load (scrypt starving the server). Starts the production server on
// PostgreSQL (bench/database.mjs; the embedded database as a loudly announced fallback), fires 100 simultaneous registrations, then 100 simultaneous sign-ins of
// those accounts, and during each times a static asset and GET /api/user and samples the
// server's memory (bench/probe.mjs). Budgets: asset p99 < 200 ms, GET /api/user p99 < 100 ms,
// peak memory < 600 MB, no 5xx.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { benchServerEnv, clientDir, serverEntry } from './config.mjs';
import { pickDatabase, redact, warnEmbedded } from './database.mjs';
import { probeRows, staticAsset, startProbes } from './probe.mjs';
import { freePort, startProcess } from './server-process.mjs';
import { printTable } from './table.mjs';

const REGISTRATIONS = 100;
const BUDGET_MS = 200;
const USER_BUDGET_MS = 100;
const MEMORY_BUDGET_MB = 600;

export async function runHashLoad() {
  console.log(`\n== Hashing load: ${REGISTRATIONS} simultaneous registrations, then sign-ins ==`);
  // Memory is budgeted for production, on PostgreSQL: the embedded database alone holds some
  // 400 MB in the server's process (its WebAssembly heap), so its figures are reported only.
  const database = await pickDatabase();
  if (database.kind === 'postgres') console.log(`PostgreSQL: ${redact(database.url)} (from ${database.source})`);
  else warnEmbedded(database.reason);
  const dataDir = mkdtempSync(join(tmpdir(), 'bench-hash-'));
  const port = String(await freePort());
  const app = await startProcess({
    script: serverEntry,
    env: {
      ...benchServerEnv,
      DATA_DIR: dataDir,
      ...(database.kind === 'postgres' ? { DATABASE_URL: database.url } : {}),
      HOST: '127.0.0.1',
      PORT: port,
      PUBLIC_URL: `http://localhost:${port}`,
      CLIENT_DIR: clientDir,
    },
    readyPath: '/readyz',
  });
  try {
    const asset = staticAsset(clientDir);
    const post = (path, body) => fetch(`${app.origin}${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
    const person = (i) => ({ email: `load.${i}.${Date.now()}@example.org`, password: 'load-test-1', firstName: 'Load', lastName: `Test ${i}` });
    const first = await post('/api/register', person('member'));
    const cookie = first.headers
      .getSetCookie()
      .map((c) => c.split(';')[0])
      .join('; ');
    const status = (ok) => (ok ? 'PASS' : 'FAIL');
    const figures = {};
    const checks = [];

    // Two bursts, each with the probes running: registrations (a hash each), then sign-ins of those accounts.
    const people = Array.from({ length: REGISTRATIONS }, (_, i) => person(i));
    const bursts = [
      { name: 'registrations', send: (p) => post('/api/register', p), ok: 201 },
      { name: 'sign-ins', send: (p) => post('/api/login', { email: p.email, password: p.password }), ok: 200 },
    ];
    for (const burst of bursts) {
      const probes = startProbes({ origin: app.origin, pid: app.pid, cookie, asset });
      const started = performance.now();
      const statuses = await Promise.all(
        people.map((p) =>
          burst.send(p).then(
            (r) => r.status,
            (e) => `${e.cause?.code ?? e.message}`,
          ),
        ),
      );
      const burstMs = performance.now() - started;
      const probed = await probes.stop();
      const fiveHundreds = probed.fiveHundreds + statuses.filter((s) => s >= 500).length;
      const refused = statuses.filter((s) => s === 503).length;
      const failed = statuses.filter((s) => typeof s === 'string');
      if (failed.length) console.log(`${failed.length} ${burst.name} got no answer: ${[...new Set(failed)].join(', ')}`);
      console.log(`\nDuring ${REGISTRATIONS} simultaneous ${burst.name}:`);
      printTable(['request', 'samples', 'p50 ms', 'p99 ms', 'max ms'], probeRows(probed, asset));
      console.log(
        `${REGISTRATIONS} ${burst.name} took ${(burstMs / 1000).toFixed(1)} s: ${statuses.filter((s) => s === burst.ok).length} × ${burst.ok}, ${refused} × 503; 5xx answers in total: ${fiveHundreds}; server memory ${probed.startRssMb.toFixed(0)} MB → peak ${probed.peakRssMb.toFixed(0)} MB`,
      );
      figures[burst.name] = { ...probed, burstMs, fiveHundreds, refused, database: database.kind };
      const during = `during ${REGISTRATIONS} ${burst.name}`;
      checks.push(
        { budget: `static asset p99 < ${BUDGET_MS} ms ${during}`, measured: `${probed.asset.p99.toFixed(0)} ms`, status: status(probed.asset.p99 < BUDGET_MS) },
        {
          budget: `GET /api/user p99 < ${USER_BUDGET_MS} ms ${during}`,
          measured: `${probed.user.p99.toFixed(0)} ms`,
          status: status(probed.user.p99 < USER_BUDGET_MS),
        },
        {
          budget: `peak server memory < ${MEMORY_BUDGET_MB} MB ${during}`,
          measured: `${probed.peakRssMb.toFixed(0)} MB`,
          status: status(probed.peakRssMb < MEMORY_BUDGET_MB),
        },
        { budget: `no 5xx ${during}`, measured: `${fiveHundreds}`, status: status(fiveHundreds === 0) },
      );
    }
    return { figures, checks };
  } catch (error) {
    throw new Error(`${error.message}\nserver output:\n${app.output.join('')}`);
  } finally {
    await app.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
