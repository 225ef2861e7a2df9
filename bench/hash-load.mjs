// Password hashing under load (issue: scrypt starving the server). Starts the production server
// on the embedded database, fires 100 simultaneous registrations, and meanwhile times a static
// asset and GET /api/user. Budgets: both under 200 ms p99, no 5xx.
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { benchServerEnv, clientDir, serverEntry } from './config.mjs';
import { freePort, startProcess } from './server-process.mjs';
import { printTable } from './table.mjs';

const REGISTRATIONS = 100;
const BUDGET_MS = 200;

const p = (sorted, q) => (sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)] : NaN);

export async function runHashLoad() {
  console.log(`\n== Hashing load: ${REGISTRATIONS} simultaneous registrations ==`);
  const dataDir = mkdtempSync(join(tmpdir(), 'bench-hash-'));
  const port = String(await freePort());
  const app = await startProcess({
    script: serverEntry,
    env: { ...benchServerEnv, DATA_DIR: dataDir, HOST: '127.0.0.1', PORT: port, PUBLIC_URL: `http://localhost:${port}`, CLIENT_DIR: clientDir },
    readyPath: '/readyz',
  });
  try {
    const asset = readdirSync(join(clientDir, 'assets')).find((f) => f.endsWith('.js'));
    const post = (path, body) =>
      fetch(`${app.origin}${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
    const person = (i) => ({ email: `load.${i}.${Date.now()}@example.org`, password: 'load-test-1', firstName: 'Load', lastName: `Test ${i}` });
    const first = await post('/api/register', person('member'));
    const cookie = first.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ');

    const timings = { asset: [], user: [] };
    let fiveHundreds = 0;
    let done = false;
    const probe = async (name, url, headers) => {
      while (!done) {
        const started = performance.now();
        const res = await fetch(url, { headers }).catch((e) => ({ status: 599, arrayBuffer: async () => console.error(name, e.cause?.code ?? e.message) }));
        await res.arrayBuffer();
        timings[name].push(performance.now() - started);
        if (res.status >= 500) fiveHundreds += 1;
        await new Promise((r) => setTimeout(r, 20));
      }
    };
    const probes = [probe('asset', `${app.origin}/assets/${asset}`, {}), probe('user', `${app.origin}/api/user`, { cookie })];
    const started = performance.now();
    const statuses = await Promise.all(Array.from({ length: REGISTRATIONS }, (_, i) => post('/api/register', person(i)).then((r) => r.status, (e) => `${e.cause?.code ?? e.message}`)));
    const burstMs = performance.now() - started;
    done = true;
    await Promise.all(probes);
    fiveHundreds += statuses.filter((s) => s >= 500).length;
    const refused = statuses.filter((s) => s === 503).length;
    const failed = statuses.filter((s) => typeof s === 'string');
    if (failed.length) console.log(`${failed.length} registrations got no answer: ${[...new Set(failed)].join(', ')}`);

    const figures = {};
    const rows = [];
    for (const name of ['asset', 'user']) {
      const sorted = timings[name].sort((a, b) => a - b);
      figures[name] = { samples: sorted.length, p50: p(sorted, 0.5), p99: p(sorted, 0.99), max: sorted.at(-1) };
      rows.push([name === 'asset' ? `static /assets/${asset}` : 'GET /api/user', sorted.length, figures[name].p50.toFixed(0), figures[name].p99.toFixed(0), figures[name].max.toFixed(0)]);
    }
    printTable(['request', 'samples', 'p50 ms', 'p99 ms', 'max ms'], rows);
    console.log(`${REGISTRATIONS} registrations took ${(burstMs / 1000).toFixed(1)} s: ${statuses.filter((s) => s === 201).length} × 201, ${refused} × 503; 5xx answers in total: ${fiveHundreds}`);
    const status = (ok) => (ok ? 'PASS' : 'FAIL');
    return {
      figures: { ...figures, burstMs, fiveHundreds, refused },
      checks: [
        { budget: `static asset p99 < ${BUDGET_MS} ms during ${REGISTRATIONS} registrations`, measured: `${figures.asset.p99.toFixed(0)} ms`, status: status(figures.asset.p99 < BUDGET_MS) },
        { budget: `GET /api/user p99 < ${BUDGET_MS} ms during ${REGISTRATIONS} registrations`, measured: `${figures.user.p99.toFixed(0)} ms`, status: status(figures.user.p99 < BUDGET_MS) },
        { budget: 'no 5xx during the registration burst', measured: `${fiveHundreds}`, status: status(fiveHundreds === 0) },
      ],
    };
  } catch (error) {
    throw new Error(`${error.message}\nserver output:\n${app.output.join('')}`);
  } finally {
    await app.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
