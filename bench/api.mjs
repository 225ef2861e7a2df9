// (a) API throughput: the production server against a bare node:http + pg server answering the
// same JSON from the same SQL, and against a node:http server writing the same bytes with no
// database at all, driven in turns by autocannon. The ratio app/bare is what Fastify, its
// plugins and our hooks cost on a real request (budget ≥ 0.8 on PostgreSQL); app/static adds
// the database's share.
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { benchServerEnv, clientDir, serverEntry } from './config.mjs';
import { pickDatabase, redact, warnEmbedded } from './database.mjs';
import { freePort, startProcess } from './server-process.mjs';
import { printBest, runRounds, startStaticTwin } from './throughput.mjs';

const bareServer = new URL('./bare-server.mjs', import.meta.url).pathname;
const poolSize = process.env.DATABASE_POOL_SIZE ?? '10';
const load = { connections: 50, pipelining: 1, duration: 10 };
const warmUpSeconds = 3;
const rounds = 2;
const ratioBudget = 0.8;

export async function runApi() {
  console.log('\n== API: production server vs bare node:http + pg ==');
  const database = await pickDatabase();
  if (database.kind === 'pglite') warnEmbedded(database.reason);
  else console.log(`Database: PostgreSQL ${redact(database.url)} (from ${database.source}), pool size ${poolSize} on both servers`);

  const scratchDir = mkdtempSync(join(tmpdir(), 'bench-api-'));
  const dataDir = database.kind === 'pglite' ? join(scratchDir, 'data') : undefined;
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
    // The same bytes again, from node:http alone: no database, no framework.
    const twin = await startStaticTwin(app.origin, endpoint.path, headers, join(scratchDir, 'api-body'));
    servers.push(twin.server);

    const {
      results,
      best,
      failures: failuresBy,
    } = await runRounds({
      servers: [
        { name: 'app', ...app },
        { name: 'bare', ...bare },
        { name: 'static', ...twin.server },
      ],
      path: endpoint.path,
      headers,
      load,
      warmUpSeconds,
      rounds,
    });
    const ratio = best.app.rps / best.bare.rps;
    const staticRatio = best.app.rps / best.static.rps;
    const cpuRatio = best.bare.cpuPerRequestUs / best.app.cpuPerRequestUs;
    const failures = failuresBy.app + failuresBy.bare;
    console.log(`\nGET ${endpoint.path}, ${load.connections} connections, ${load.duration} s per round, best of ${rounds} rounds:`);
    console.log('  app: the production server; bare: node:http + pg running the same SQL; static: node:http writing the same bytes, no database');
    printBest({ results, best });
    console.log(`Ratio app/bare (same query): ${ratio.toFixed(2)} (budget ≥ ${ratioBudget})`);
    console.log(`Ratio app/static (same bytes, no database): ${staticRatio.toFixed(2)}`);
    console.log(`Server CPU per request, bare/app: ${cpuRatio.toFixed(2)} (steadier than req/s when other work shares the machine)`);

    const onPostgres = database.kind === 'postgres';
    return {
      figures: {
        database: database.kind,
        endpoint: endpoint.path,
        identicalBodies: identical,
        app: best.app,
        bare: best.bare,
        static: best.static,
        rounds: results,
        ratio,
        staticRatio,
        cpuRatio,
        failures,
      },
      checks: [
        {
          budget: `API ratio app/bare ≥ ${ratioBudget} with 0 errors (PostgreSQL)`,
          measured: `${ratio.toFixed(2)} on GET ${endpoint.path}, ${best.app.rps.toFixed(0)} vs ${best.bare.rps.toFixed(0)} req/s, ${failures} errors${onPostgres ? '' : ', EMBEDDED DB'}; app/static ${staticRatio.toFixed(2)} (${best.static.rps.toFixed(0)} req/s)`,
          status: !onPostgres ? 'N/A' : ratio >= ratioBudget && failures === 0 ? 'PASS' : 'FAIL',
        },
      ],
    };
  } finally {
    await Promise.all(servers.map((server) => server.stop()));
    if (account && database.kind === 'postgres') await deleteAccount(database.url, account.email);
    rmSync(scratchDir, { recursive: true, force: true });
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
  const [app, bare] = await Promise.all(
    [appUrl, bareUrl].map(async (url) => {
      const response = await fetch(url, { headers });
      return { status: response.status, body: await response.text() };
    }),
  );
  console.log(`app  answers ${app.status} ${app.body}`);
  if (app.status === bare.status && app.body === bare.body) {
    console.log('bare answers the same status and byte-identical JSON');
    return true;
  }
  console.warn(`WARNING: the bare server answers ${bare.status} ${bare.body}\n         which differs from the app: the ratio compares different work.`);
  return false;
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
