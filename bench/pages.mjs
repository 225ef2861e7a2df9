// (b) Page HTML throughput: the production server answering a public page (rendered by React
// once, then kept with its encodings) against node:http writing the very same bytes, driven in
// turns by autocannon with a browser's request headers. Budgets: app/static ≥ 0.5, app p99
// under 20 ms, at 32 connections. Then the pages rendered for each request (a query string):
// median time to first byte of five requests each, one at a time (budget 100 ms).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { benchServerEnv, clientDir, serverEntry } from './config.mjs';
import { pickDatabase, redact, warnEmbedded } from './database.mjs';
import { freePort, startProcess } from './server-process.mjs';
import { printBest, runRounds, startStaticTwin } from './throughput.mjs';

const path = process.env.BENCH_PAGE ?? '/';
const load = { connections: 32, pipelining: 1, duration: 10 };
const warmUpSeconds = 3;
const rounds = 2;
const ratioBudget = 0.5;
const p99BudgetMs = 20;
const perRequestPaths = ['/resources?pillar=fuel', '/resources?q=board', '/field-guide/fuel?from=search', '/pricing?plan=yearly'];
const perRequestBudgetMs = 100;
const browserHeaders = { accept: 'text/html,application/xhtml+xml', 'accept-encoding': 'gzip, deflate, br, zstd', 'accept-language': 'en-US,en;q=0.9' };

export async function runPages() {
  console.log(`\n== Page HTML: production server vs node:http writing the same bytes (GET ${path}) ==`);
  const database = await pickDatabase();
  if (database.kind === 'pglite') warnEmbedded(database.reason);
  else console.log(`Database: PostgreSQL ${redact(database.url)} (from ${database.source}); a kept page does not query it`);
  const scratchDir = mkdtempSync(join(tmpdir(), 'bench-pages-'));
  const databaseEnv = database.kind === 'postgres' ? { DATABASE_URL: database.url } : { DATA_DIR: join(scratchDir, 'data') };
  const servers = [];
  try {
    const appPort = String(await freePort());
    const app = await startProcess({
      script: serverEntry,
      env: { ...benchServerEnv, ...databaseEnv, HOST: '127.0.0.1', PORT: appPort, PUBLIC_URL: `http://localhost:${appPort}`, CLIENT_DIR: clientDir },
      readyPath: '/readyz',
    });
    servers.push(app);
    const twin = await startStaticTwin(app.origin, path, browserHeaders, join(scratchDir, 'page-body'));
    servers.push(twin.server);
    console.log(`Both answer the same ${twin.bytes} bytes (${twin.encoding}) for GET ${path}`);

    const { results, best, failures } = await runRounds({
      servers: [
        { name: 'app', ...app },
        { name: 'static', ...twin.server },
      ],
      path,
      headers: browserHeaders,
      load,
      warmUpSeconds,
      rounds,
    });
    const ratio = best.app.rps / best.static.rps;
    // autocannon shares the 2 cores: when it is the bottleneck, req/s flatters the slower server; CPU per request does not.
    const cpuRatio = best.static.cpuPerRequestUs / best.app.cpuPerRequestUs;
    console.log(`\nGET ${path}, ${load.connections} connections, ${load.duration} s per round, best of ${rounds} rounds:`);
    printBest({ results, best });
    console.log(`Ratio app/static: ${ratio.toFixed(2)} (budget ≥ ${ratioBudget}); app p99 ${best.app.p99} ms (budget < ${p99BudgetMs} ms)`);
    console.log(`Server CPU per request, static/app: ${cpuRatio.toFixed(2)} (what each request costs, whatever the load generator could drive)`);
    const perRequest = await timePerRequestPages(app.origin);
    const slowest = Math.max(...perRequest.map((page) => page.medianMs));
    return {
      figures: { path, bytes: twin.bytes, encoding: twin.encoding, app: best.app, static: best.static, rounds: results, ratio, cpuRatio, failures, perRequest },
      checks: [
        {
          budget: `Page HTML ratio app/static ≥ ${ratioBudget}, p99 < ${p99BudgetMs} ms at ${load.connections} connections, 0 errors`,
          measured: `${ratio.toFixed(2)} on GET ${path}, ${best.app.rps.toFixed(0)} vs ${best.static.rps.toFixed(0)} req/s, app p99 ${best.app.p99} ms, ${failures.app} errors; CPU/request static/app ${cpuRatio.toFixed(2)}`,
          status: ratio >= ratioBudget && best.app.p99 < p99BudgetMs && failures.app === 0 ? 'PASS' : 'FAIL',
        },
        {
          budget: `Pages rendered per request: median time to first byte < ${perRequestBudgetMs} ms each`,
          measured: perRequest.map((page) => `${page.path} ${page.medianMs.toFixed(1)} ms`).join(', '),
          status: slowest < perRequestBudgetMs ? 'PASS' : 'FAIL',
        },
      ],
    };
  } finally {
    await Promise.all(servers.map((server) => server.stop()));
    rmSync(scratchDir, { recursive: true, force: true });
  }
}

/** Time to the first byte of each page that has a query string (never kept: rendered for the request). */
async function timePerRequestPages(origin) {
  console.log('\nPages rendered per request (median time to first byte of 5, one at a time):');
  const pages = [];
  for (const pagePath of perRequestPaths) {
    const times = [];
    for (let i = 0; i < 5; i += 1) {
      const started = performance.now();
      const res = await fetch(`${origin}${pagePath}`, { headers: browserHeaders });
      const reader = res.body.getReader();
      await reader.read();
      times.push(performance.now() - started);
      await reader.cancel();
      if (!res.ok) throw new Error(`GET ${pagePath} answered ${res.status}`);
    }
    const medianMs = times.sort((a, b) => a - b)[2];
    console.log(`  ${pagePath}: ${medianMs.toFixed(1)} ms`);
    pages.push({ path: pagePath, medianMs });
  }
  return pages;
}
