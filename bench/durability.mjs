// Durability: is an acknowledged write ever lost when the server dies? A burst of contact
// messages runs against the production server, every 201 (with its id) is recorded, the server
// is killed with SIGKILL in the middle of the burst, then restarted on the same database, and
// every acknowledged id is looked up. Budget: 0 missing on PostgreSQL over 5 rounds. The
// embedded database (PGlite) never fsyncs: its figure is reported, not budgeted (README).
import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import { benchServerEnv, clientDir, serverEntry } from './config.mjs';
import { pickDatabase, redact, warnEmbedded } from './database.mjs';
import { freePort, startProcess } from './server-process.mjs';
import { printTable } from './table.mjs';

const rounds = 5;
const concurrency = 16;
/** The kill comes after this many acknowledgements, so it lands with writes in flight. */
const killAfterAcks = 200;

export async function runDurability() {
  console.log('\n== Durability: acknowledged writes after SIGKILL mid-burst ==');
  const rows = [];
  const checks = [];
  const figures = {};

  const database = await pickDatabase();
  if (database.kind === 'postgres') {
    console.log(`PostgreSQL: ${redact(database.url)} (from ${database.source})`);
    const results = [];
    for (let round = 1; round <= rounds; round += 1) {
      results.push(await round_({ DATABASE_URL: database.url }, (ids) => missingOnPostgres(database.url, ids)));
    }
    figures.postgres = results;
    for (const [i, r] of results.entries()) rows.push(['PostgreSQL', i + 1, r.acknowledged, r.inFlightAtKill, r.missing, r.restartMs.toFixed(0)]);
    const missing = results.reduce((sum, r) => sum + r.missing, 0);
    const acknowledged = results.reduce((sum, r) => sum + r.acknowledged, 0);
    checks.push({
      budget: `Acknowledged writes lost after SIGKILL on PostgreSQL = 0 (${rounds} rounds)`,
      measured: `${missing} of ${acknowledged}`,
      status: missing === 0 ? 'PASS' : 'FAIL',
    });
  } else {
    warnEmbedded(database.reason);
    checks.push({ budget: 'Acknowledged writes lost after SIGKILL on PostgreSQL = 0', measured: 'not measured: no PostgreSQL', status: 'N/A' });
  }

  const results = [];
  for (let round = 1; round <= 2; round += 1) {
    const dataDir = mkdtempSync(join(tmpdir(), 'bench-durability-'));
    try {
      results.push(await round_({ DATA_DIR: dataDir }, (ids) => missingOnPglite(dataDir, ids)));
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  }
  figures.pglite = results;
  for (const [i, r] of results.entries()) rows.push(['Embedded (PGlite)', i + 1, r.acknowledged, r.inFlightAtKill, r.missing, r.restartMs.toFixed(0)]);
  const lost = results.reduce((sum, r) => sum + r.missing, 0);
  checks.push({
    budget: 'Embedded database: acknowledged writes lost after SIGKILL (reported, no budget)',
    measured: `${lost} of ${results.reduce((s, r) => s + r.acknowledged, 0)}`,
    status: 'N/A',
  });

  printTable(['database', 'round', 'acknowledged', 'in flight at kill', 'missing after restart', 'restart ms'], rows);
  return { figures, checks };
}

/** One round: start, burst, SIGKILL, restart on the same data, count acknowledged ids missing. */
async function round_(databaseEnv, countMissing) {
  const port = String(await freePort());
  const env = { ...benchServerEnv, ...databaseEnv, HOST: '127.0.0.1', PORT: port, PUBLIC_URL: `http://127.0.0.1:${port}`, CLIENT_DIR: clientDir };
  const server = await startProcess({ script: serverEntry, env, readyPath: '/readyz' });

  const acknowledged = [];
  let inFlight = 0;
  let inFlightAtKill = 0;
  let stop = false;
  let killed = false;
  const killedNow = () => {
    if (killed) return;
    killed = true;
    inFlightAtKill = inFlight;
    process.kill(server.pid, 'SIGKILL');
  };
  const worker = async (w) => {
    for (let i = 0; !stop; i += 1) {
      inFlight += 1;
      const answer = await postContact(server.origin, `durability.${w}.${i}.${Date.now()}@example.org`).catch(() => undefined);
      inFlight -= 1;
      if (!answer) {
        stop = true;
        break;
      }
      if (answer.status === 201 && answer.body.id) acknowledged.push(answer.body.id);
      if (acknowledged.length >= killAfterAcks) killedNow();
    }
  };
  const workers = Array.from({ length: concurrency }, (_, w) => worker(w));
  // Whatever happens, the burst ends: a server that never acknowledges is killed after 30 s.
  const deadline = setTimeout(killedNow, 30_000);
  await Promise.all(workers);
  clearTimeout(deadline);
  await server.stop();

  const restartedAt = performance.now();
  const restarted = await startProcess({ script: serverEntry, env, readyPath: '/readyz' });
  const restartMs = performance.now() - restartedAt;
  await restarted.stop();
  const missing = await countMissing(acknowledged);
  return { acknowledged: acknowledged.length, inFlightAtKill, missing, restartMs };
}

function postContact(origin, email) {
  const body = JSON.stringify({
    name: 'Durability Check',
    email,
    organization: '',
    contactType: 'other',
    subject: 'Durability',
    message: 'Counting acknowledged writes.',
  });
  return new Promise((resolveAnswer, reject) => {
    const request = http.request(
      `${origin}/api/contact`,
      { method: 'POST', agent: false, headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body), origin } },
      (response) => {
        let text = '';
        response.on('data', (chunk) => (text += chunk));
        response.on('end', () => {
          try {
            resolveAnswer({ status: response.statusCode, body: JSON.parse(text) });
          } catch {
            resolveAnswer({ status: response.statusCode, body: {} });
          }
        });
        response.on('error', reject);
      },
    );
    request.on('error', reject);
    request.end(body);
  });
}

async function missingOnPostgres(url, ids) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query('select count(*)::int as n from contact_messages where id = any($1::uuid[])', [ids]);
    return ids.length - rows[0].n;
  } finally {
    await client.end();
  }
}

async function missingOnPglite(dataDir, ids) {
  // The restarted server has stopped cleanly: the directory is free to open here.
  const { PGlite } = await import('@electric-sql/pglite');
  const db = await PGlite.create(join(dataDir, 'pglite'));
  try {
    const { rows } = await db.query('select count(*)::int as n from contact_messages where id = any($1::uuid[])', [ids]);
    return ids.length - rows[0].n;
  } finally {
    await db.close();
    await sleep(10);
  }
}
