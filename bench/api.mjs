// (a) API throughput: the production server against a bare node:http + pg server answering the
// same JSON from the same SQL, driven in turns by autocannon. The ratio app/bare is what
// Fastify, its plugins and our hooks cost on a real request; the budget is ≥ 0.7 on PostgreSQL.
import { randomUUID } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';
import { benchServerEnv, clientDir, serverEntry } from './config.mjs';
import { pickDatabase, redact, warnEmbedded } from './database.mjs';
import { freePort, startProcess } from './server-process.mjs';
import { printTable } from './table.mjs';

const bareServer = new URL('./bare-server.mjs', import.meta.url).pathname;
const poolSize = process.env.DATABASE_POOL_SIZE ?? '10';
const load = { connections: 50, pipelining: 1, duration: 10 };
const warmUpSeconds = 3;
const rounds = 2;
const ratioBudget = 0.7;

export async function runApi() {
  console.log('\n== API: production server vs bare node:http + pg ==');
  const database = await pickDatabase();
  if (database.kind === 'pglite') warnEmbedded(database.reason);
  else console.log(`Database: PostgreSQL ${redact(database.url)} (from ${database.source}), pool size ${poolSize} on both servers`);

  const dataDir = database.kind === 'pglite' ? mkdtempSync(join(tmpdir(), 'bench-api-')) : undefined;
  const databaseEnv = database.kind === 'postgres' ? { DATABASE_URL: database.url, DATABASE_POOL_SIZE: poolSize } : { DATA_DIR: dataDir };
  const servers = [];
  let account;
  try {
    const appPort = String(await freePort());
    const app = await startProcess({
      script: serverEntry,
      env: { ...benchServerEnv, ...databaseEnv, HOST: '127.0.0.1', PORT: appPort, PUBLIC_URL: `http://localhost:${appPort}`, CLIENT_DIR: clientDir },
      readyPath: '/readyz',
    });
    servers.push(app);

    const endpoint = await chooseEndpoint(app.origin, database);
    account = endpoint.account;
    console.log(`Endpoint: GET ${endpoint.path} (${endpoint.why})`);

    const bare = await startProcess({
      script: bareServer,
      env: {
        PORT: String(await freePort()),
        DATABASE_POOL_SIZE: poolSize,
        ...(database.kind === 'postgres' ? { DATABASE_URL: database.url } : {}),
        ...(account ? { BARE_SESSION_COOKIE: account.cookieName } : {}),
      },
      readyPath: '/readyz',
    });
    servers.push(bare);

    const headers = account ? { cookie: account.cookie } : {};
    const identical = await compareBodies(`${app.origin}${endpoint.path}`, `${bare.origin}${endpoint.path}`, headers);

    // Both servers get the same warm-up (JIT, pool connections opened) before anything counts.
    for (const server of [app, bare]) await autocannon({ ...load, duration: warmUpSeconds, url: `${server.origin}${endpoint.path}`, headers });
    const results = { app: [], bare: [] };
    for (let round = 1; round <= rounds; round += 1) {
      for (const [name, server] of [['app', app], ['bare', bare]]) {
        const cpuBefore = cpuMs(server.pid);
        const result = await autocannon({ ...load, url: `${server.origin}${endpoint.path}`, headers });
        const cpuPerRequestUs = ((cpuMs(server.pid) - cpuBefore) * 1000) / result.requests.total;
        results[name].push({ ...summarise(result), cpuPerRequestUs });
        const last = results[name].at(-1);
        console.log(`  round ${round} ${name.padEnd(4)} ${last.rps.toFixed(0)} req/s, ${last.cpuPerRequestUs.toFixed(0)} µs server CPU per request`);
      }
    }

    // Best of the rounds for each: the same rule for both sides, and the run least disturbed by
    // the other work on a shared 2-core machine.
    const best = (list) => list.reduce((a, b) => (b.rps > a.rps ? b : a));
    const appBest = best(results.app);
    const bareBest = best(results.bare);
    const ratio = appBest.rps / bareBest.rps;
    const cpuRatio = bareBest.cpuPerRequestUs / appBest.cpuPerRequestUs;
    const failures = [...results.app, ...results.bare].reduce((sum, r) => sum + r.errors + r.timeouts + r.non2xx, 0);
    console.log(`\nGET ${endpoint.path}, ${load.connections} connections, ${load.duration} s per round, best of ${rounds} rounds:`);
    printTable(
      ['server', 'req/s', 'p50 ms', 'p99 ms', 'CPU µs/req', 'non-2xx', 'errors', 'timeouts'],
      [
        ['app', appBest.rps.toFixed(0), appBest.p50, appBest.p99, appBest.cpuPerRequestUs.toFixed(0), sumOf(results.app, 'non2xx'), sumOf(results.app, 'errors'), sumOf(results.app, 'timeouts')],
        ['bare', bareBest.rps.toFixed(0), bareBest.p50, bareBest.p99, bareBest.cpuPerRequestUs.toFixed(0), sumOf(results.bare, 'non2xx'), sumOf(results.bare, 'errors'), sumOf(results.bare, 'timeouts')],
      ],
    );
    console.log(`Ratio app/bare: ${ratio.toFixed(2)} (budget ≥ ${ratioBudget})`);
    console.log(`Server CPU per request, bare/app: ${cpuRatio.toFixed(2)} (steadier than req/s when other work shares the machine)`);

    const onPostgres = database.kind === 'postgres';
    return {
      figures: { database: database.kind, endpoint: endpoint.path, identicalBodies: identical, app: appBest, bare: bareBest, rounds: results, ratio, cpuRatio, failures },
      checks: [
        {
          budget: `API ratio app/bare ≥ ${ratioBudget} with 0 errors (PostgreSQL)`,
          measured: `${ratio.toFixed(2)} on GET ${endpoint.path}, ${appBest.rps.toFixed(0)} vs ${bareBest.rps.toFixed(0)} req/s, ${failures} errors${onPostgres ? '' : ', EMBEDDED DB'}`,
          status: !onPostgres ? 'N/A' : ratio >= ratioBudget && failures === 0 ? 'PASS' : 'FAIL',
        },
      ],
    };
  } finally {
    await Promise.all(servers.map((server) => server.stop()));
    if (account && database.kind === 'postgres') await deleteAccount(database.url, account.email);
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  }
}

/**
 * The session-backed GET /api/user once accounts exist (a fresh account registered for the
 * run), else the database-backed GET /readyz. BENCH_ENDPOINT=readyz|user forces one.
 */
async function chooseEndpoint(origin, database) {
  const wanted = process.env.BENCH_ENDPOINT ?? 'auto';
  const readyz = (why) => ({ path: '/readyz', why });
  if (wanted === 'readyz') return readyz('forced by BENCH_ENDPOINT');
  if (database.kind === 'pglite') return readyz('database-backed: the bare server cannot share the embedded database');
  const email = `bench-${randomUUID()}@example.com`;
  const response = await fetch(`${origin}/api/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: `bench-${randomUUID()}`, firstName: 'Bench', lastName: 'Mark' }),
  });
  const [cookie] = response.headers.getSetCookie();
  if (response.status !== 201 || !cookie) {
    if (wanted === 'user') throw new Error(`BENCH_ENDPOINT=user but POST /api/register answered ${response.status}`);
    return readyz(`database-backed; POST /api/register answered ${response.status}, so no session to use yet`);
  }
  const pair = cookie.split(';')[0];
  return { path: '/api/user', why: 'session-backed, with a fresh account', account: { email, cookie: pair, cookieName: pair.slice(0, pair.indexOf('=')) } };
}

/** Both servers must answer the very same bytes, or the ratio compares different work. */
async function compareBodies(appUrl, bareUrl, headers) {
  const [app, bare] = await Promise.all([appUrl, bareUrl].map(async (url) => {
    const response = await fetch(url, { headers });
    return { status: response.status, body: await response.text() };
  }));
  console.log(`app  answers ${app.status} ${app.body}`);
  if (app.status === bare.status && app.body === bare.body) {
    console.log('bare answers the same status and byte-identical JSON');
    return true;
  }
  console.warn(`WARNING: the bare server answers ${bare.status} ${bare.body}\n         which differs from the app: the ratio compares different work.`);
  return false;
}

function summarise(result) {
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors,
    timeouts: result.timeouts,
  };
}

/**
 * CPU time (user + system) a process has used so far, from Linux's /proc, in ms (clock ticks
 * of 10 ms, the Linux default). Unlike req/s it barely moves when other processes compete for
 * the cores, so it shows what each request costs even on a busy machine.
 */
function cpuMs(pid) {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return Number.NaN; // not Linux: the column shows NaN, the rest of the figures stand
  }
}

function sumOf(list, key) {
  return list.reduce((sum, r) => sum + r[key], 0);
}

/** The account made for the run is removed again (its sessions go with it by cascade). */
async function deleteAccount(url, email) {
  const client = new pg.Client({ connectionString: url });
  try {
    await client.connect();
    await client.query('delete from users where lower(email) = lower($1)', [email]);
  } catch (error) {
    console.warn(`Could not delete the bench account ${email}: ${error.message}`);
  } finally {
    await client.end().catch(() => {});
  }
}
