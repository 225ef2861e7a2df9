// (f) The server's resident memory: the production server on PostgreSQL, idle 60 s after its start
// (its start's pages rendered and the start's garbage given back; 30 s is printed beside it), then
// after 15 s of page loads (the nine pages of the budget with their scripts, and a search page
// that is rendered per request, 8 at a time) and 15 s of usage events (POST /api/events, 8 at a
// time). Budgets: ≤ 150 MB idle, ≤ 180 MB after.
//
// BENCH_BEFORE=<dist folder of another build> measures that build too, in the same run: both
// servers are started, each goes idle, then each takes the same load in turn (one at a time, so
// they do not compete for the cores), and the order alternates over BENCH_MEMORY_RUNS runs (default 2).
// Both get the same node flags (BENCH_NODE_ARGS, production's by default) unless
// BENCH_BEFORE_NODE_ARGS gives the build before its own (empty for none): how decision 060's flag was measured;
// likewise the environment the servers add (BENCH_SERVER_ENV, BENCH_BEFORE_SERVER_ENV: decision 097).
//
// BENCH_MEMORY_DATABASE=embedded runs the servers on the embedded database (PGlite), as npm start
// does: each on its own copy of a data directory that a first server made and migrated, so the
// idle figure is a server's usual start, not its first. Budget: idle < 300 MB (issue 61 item 6).
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { benchServerEnv, clientDir, rootDir, serverEntry } from './config.mjs';
import { pickDatabase, warnEmbedded } from './database.mjs';
import { rssMb } from './probe.mjs';
import { benchNodeArgs, benchProcessEnv, freePort, parseEnvList, startProcess } from './server-process.mjs';
import { printTable } from './table.mjs';
import { budgetPages } from './throttled.mjs';

const idleBudgetMb = 150;
const afterBudgetMb = 180;
const phaseMs = 15_000;
const earlyIdleMs = 30_000;
const idleAfterMs = 60_000;
const concurrency = 8;
const embeddedIdleBudgetMb = 300;
const runs = Number(process.env.BENCH_MEMORY_RUNS ?? 2);
const embedded = process.env.BENCH_MEMORY_DATABASE === 'embedded';

function builds() {
  const current = { name: 'this build', serverEntry, clientDir, nodeArgs: benchNodeArgs, processEnv: benchProcessEnv };
  if (!process.env.BENCH_BEFORE) return [current];
  const dist = resolve(rootDir, process.env.BENCH_BEFORE);
  const beforeArgs = process.env.BENCH_BEFORE_NODE_ARGS;
  const beforeEnv = process.env.BENCH_BEFORE_SERVER_ENV;
  return [
    {
      name: 'before',
      serverEntry: join(dist, 'server', 'main.js'),
      clientDir: join(dist, 'client'),
      nodeArgs: beforeArgs === undefined ? benchNodeArgs : beforeArgs.split(' ').filter(Boolean),
      processEnv: beforeEnv === undefined ? benchProcessEnv : parseEnvList(beforeEnv),
    },
    current,
  ];
}

/** The median of five samples 500 ms apart: one sample can catch a collection half done. */
async function settledRss(pid) {
  const samples = [];
  for (let i = 0; i < 5; i += 1) {
    samples.push(rssMb(pid));
    await sleep(500);
  }
  return samples.sort((a, b) => a - b)[2];
}

/** Runs `request` in `concurrency` loops for `ms`; returns how many answered and how many failed (non-2xx/3xx or no answer). */
async function drive(ms, request) {
  const until = performance.now() + ms;
  let answered = 0;
  let failed = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async (_, loop) => {
      for (let i = loop; performance.now() < until; i += concurrency) {
        const ok = await request(i).catch(() => false);
        if (ok) answered += 1;
        else failed += 1;
      }
    }),
  );
  return { answered, failed };
}

/** What a visitor's browser asks for on each page: the page, then its scripts (read from the page). */
async function pageRequests(origin) {
  const urls = [];
  for (const path of [...budgetPages, '/resources?q=board']) {
    urls.push(path);
    const html = await (await fetch(`${origin}${path}`)).text();
    const scripts = /<script type="application\/json" id="page-scripts">([^<]*)<\/script>/.exec(html);
    if (scripts) {
      const { entry, chunks } = JSON.parse(scripts[1].replaceAll('\\u003c', '<'));
      urls.push(entry, ...chunks);
    }
  }
  return urls;
}

async function measure(server, idle, early) {
  let peak = idle;
  const sampler = setInterval(() => (peak = Math.max(peak, rssMb(server.pid))), 100);
  const urls = await pageRequests(server.origin);
  const pages = await drive(phaseMs, async (i) => {
    const response = await fetch(`${server.origin}${urls[i % urls.length]}`, { headers: { 'accept-encoding': 'br, gzip' } });
    await response.arrayBuffer();
    return response.status < 400;
  });
  const events = await drive(phaseMs, async (i) => {
    const response = await fetch(`${server.origin}/api/events`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ kind: 'page_view', path: budgetPages[i % budgetPages.length] }),
    });
    await response.arrayBuffer();
    return response.status === 202;
  });
  clearInterval(sampler);
  const after = await settledRss(server.pid);
  return { early, idle, after, peak: Math.max(peak, after), pages, events };
}

/** A data directory made and migrated by a server's first start, as the ones npm start finds after its first. */
async function migratedDataDir() {
  const dir = mkdtempSync(join(tmpdir(), 'bench-memory-template-'));
  const port = String(await freePort());
  const server = await startProcess({
    script: serverEntry,
    env: { ...benchServerEnv, DATA_DIR: dir, HOST: '127.0.0.1', PORT: port, PUBLIC_URL: `http://127.0.0.1:${port}`, CLIENT_DIR: clientDir },
    readyPath: '/readyz',
    timeoutMs: 180_000,
  });
  await server.stop();
  return dir;
}

function copyOf(template, made) {
  const dir = mkdtempSync(join(tmpdir(), 'bench-memory-'));
  cpSync(template, dir, { recursive: true });
  made.push(dir);
  return dir;
}

export async function runMemory() {
  const list = builds();
  console.log(
    `\n== Server memory on ${embedded ? 'the embedded database' : 'PostgreSQL'}: idle, then ${phaseMs / 1000} s of page loads and ${phaseMs / 1000} s of usage events (${list
      .map(
        (b) =>
          `${b.name}: ${Object.entries(b.processEnv)
            .map(([name, value]) => `${name}=${value} `)
            .join('')}node ${[...b.nodeArgs, '<server>'].join(' ')}`,
      )
      .join('; ')}) ==`,
  );
  const database = embedded ? { kind: 'pglite' } : await pickDatabase();
  if (database.kind === 'pglite' && !embedded) warnEmbedded(database.reason);
  const dataTemplate = database.kind === 'pglite' ? await migratedDataDir() : undefined;
  const dataDirs = [];
  const loadAtStart = loadavg()[0].toFixed(1);
  const results = Object.fromEntries(list.map((b) => [b.name, []]));
  try {
    for (let run = 0; run < runs; run += 1) {
      const order = run % 2 === 0 ? list : [...list].reverse();
      const servers = [];
      try {
        for (const build of order) {
          const port = String(await freePort());
          const origin = `http://127.0.0.1:${port}`;
          const where = database.kind === 'postgres' ? { DATABASE_URL: database.url } : { DATA_DIR: copyOf(dataTemplate, dataDirs) };
          const server = await startProcess({
            script: build.serverEntry,
            nodeArgs: build.nodeArgs,
            processEnv: build.processEnv,
            env: { ...benchServerEnv, ...where, HOST: '127.0.0.1', PORT: port, PUBLIC_URL: origin, CLIENT_DIR: build.clientDir },
            readyPath: '/readyz',
          });
          servers.push({ build, server });
        }
        // Each server renders its start's pages once it listens, then idles. Idle is read for every
        // build at the same time after its start: V8 keeps the young generation the start grew
        // (32 MB) until its memory reducer sees the process idle, which took 25-50 s on 2026-11-27
        // (a server read at 10 s measured 40 MB more than the same build read later, 2026-11-26).
        // Read at 30 s too, printed beside it: how soon a start's garbage is given back.
        await sleep(earlyIdleMs);
        const early = [];
        for (const { server } of servers) early.push(await settledRss(server.pid));
        await sleep(idleAfterMs - earlyIdleMs - 2_500 * servers.length);
        const idle = [];
        for (const { server } of servers) idle.push(await settledRss(server.pid));
        for (const [i, { build, server }] of servers.entries()) results[build.name].push(await measure(server, idle[i], early[i]));
      } finally {
        await Promise.all(servers.map(({ server }) => server.stop()));
        for (const dir of dataDirs.splice(0)) rmSync(dir, { recursive: true, force: true });
      }
      console.log(`  run ${run + 1} of ${runs} measured (load average ${loadavg()[0].toFixed(1)})`);
    }
  } finally {
    // Also when a run fails: the template is a copy of a whole database.
    if (dataTemplate) rmSync(dataTemplate, { recursive: true, force: true });
  }

  const mb = (n) => n.toFixed(0);
  const median = (values) => values.sort((a, b) => a - b)[Math.floor(values.length / 2)];
  const rows = [];
  const figures = { loadAverage: { start: loadAtStart, end: loadavg()[0].toFixed(1) }, builds: {} };
  for (const build of list) {
    const samples = results[build.name];
    const f = (figures.builds[build.name] = {
      early: median(samples.map((s) => s.early)),
      idle: median(samples.map((s) => s.idle)),
      after: median(samples.map((s) => s.after)),
      peak: median(samples.map((s) => s.peak)),
      samples,
    });
    const requests = (key) => samples.map((s) => `${s[key].answered}${s[key].failed ? ` (${s[key].failed} failed)` : ''}`).join(' / ');
    rows.push([
      build.name,
      mb(f.early),
      mb(f.idle),
      mb(f.after),
      mb(f.peak),
      samples.map((s) => `${mb(s.early)}→${mb(s.idle)}→${mb(s.after)}`).join(', '),
      requests('pages'),
      requests('events'),
    ]);
  }
  printTable(['build', 'idle 30 s MB', 'idle MB', 'after MB', 'peak MB', 'each run (30 s→idle→after)', 'page requests', 'events'], rows);
  console.log(`Load average (1 min) ${figures.loadAverage.start} at the start, ${figures.loadAverage.end} at the end.`);
  const current = figures.builds['this build'];
  if (embedded) {
    return {
      figures,
      checks: [
        {
          budget: `Server memory idle on the embedded database < ${embeddedIdleBudgetMb} MB (${idleAfterMs / 1000} s after start)`,
          measured: `${mb(current.idle)} MB (${mb(current.early)} MB at ${earlyIdleMs / 1000} s; after the load ${mb(current.after)} MB)`,
          status: current.idle < embeddedIdleBudgetMb ? 'PASS' : 'MISS',
        },
      ],
    };
  }
  const na = database.kind !== 'postgres';
  return {
    figures,
    checks: [
      {
        budget: `Server memory idle ≤ ${idleBudgetMb} MB (PostgreSQL, ${idleAfterMs / 1000} s after start)`,
        measured: `${mb(current.idle)} MB (${mb(current.early)} MB at ${earlyIdleMs / 1000} s)`,
        status: na ? 'N/A' : current.idle <= idleBudgetMb ? 'PASS' : 'MISS',
      },
      {
        budget: `Server memory after 15 s of pages and 15 s of events ≤ ${afterBudgetMb} MB (PostgreSQL)`,
        measured: `${mb(current.after)} MB (peak ${mb(current.peak)} MB)`,
        status: na ? 'N/A' : current.after <= afterBudgetMb ? 'PASS' : 'MISS',
      },
    ],
  };
}
