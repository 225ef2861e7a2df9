// Throughput rounds shared by the API and page benchmarks: autocannon drives each server in
// turn (same warm-up, same load, same number of rounds), and the best round of each counts.
import { readFileSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import autocannon from 'autocannon';
import { freePort, startProcess } from './server-process.mjs';
import { printTable } from './table.mjs';

const staticServer = new URL('./static-server.mjs', import.meta.url).pathname;

/**
 * Starts the no-database yardstick (bench/static-server.mjs) answering exactly what `origin`
 * answered to GET `path` with `headers`: body, Content-Type, Content-Encoding.
 */
export async function startStaticTwin(origin, path, headers, bodyFile) {
  // node:http, not fetch (which decodes compressed bodies): the bytes as sent.
  const raw = await rawGet(`${origin}${path}`, headers);
  if (raw.status !== 200) throw new Error(`GET ${path} answered ${raw.status}`);
  writeFileSync(bodyFile, raw.body);
  const server = await startProcess({
    script: staticServer,
    env: {
      PORT: String(await freePort()),
      STATIC_BODY_FILE: bodyFile,
      STATIC_CONTENT_TYPE: raw.headers['content-type'] ?? 'application/octet-stream',
      ...(raw.headers['content-encoding'] ? { STATIC_CONTENT_ENCODING: raw.headers['content-encoding'] } : {}),
    },
    readyPath: '/readyz',
  });
  const twin = await rawGet(`${server.origin}${path}`, headers);
  if (!twin.body.equals(readFileSync(bodyFile))) throw new Error('the static twin does not answer the same bytes');
  return { server, bytes: raw.body.length, encoding: raw.headers['content-encoding'] ?? 'identity' };
}

function rawGet(url, headers) {
  return new Promise((resolve, reject) => {
    request(url, { headers }, (res) => {
      const chunks = [];
      res.on('data', (chunk) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode, headers: res.headers, body: Buffer.concat(chunks) }));
    })
      .on('error', reject)
      .end();
  });
}

/**
 * Warms every server up, then runs `rounds` rounds of `load` against each in turn. Returns, per
 * server name, the rounds and the best one (highest req/s: the same rule for every side, and
 * the round least disturbed by other work on a shared machine).
 */
export async function runRounds({ servers, path, headers = {}, load, warmUpSeconds, rounds }) {
  for (const server of servers) await autocannon({ ...load, duration: warmUpSeconds, url: `${server.origin}${path}`, headers });
  const results = Object.fromEntries(servers.map((server) => [server.name, []]));
  for (let round = 1; round <= rounds; round += 1) {
    for (const server of servers) {
      const cpuBefore = cpuMs(server.pid);
      const result = await autocannon({ ...load, url: `${server.origin}${path}`, headers });
      const cpuPerRequestUs = ((cpuMs(server.pid) - cpuBefore) * 1000) / result.requests.total;
      results[server.name].push({ ...summarise(result), cpuPerRequestUs });
      const last = results[server.name].at(-1);
      console.log(
        `  round ${round} ${server.name.padEnd(6)} ${last.rps.toFixed(0)} req/s, p99 ${last.p99} ms, ${last.cpuPerRequestUs.toFixed(0)} µs server CPU per request`,
      );
    }
  }
  const best = Object.fromEntries(Object.entries(results).map(([name, list]) => [name, list.reduce((a, b) => (b.rps > a.rps ? b : a))]));
  const failures = Object.fromEntries(
    Object.entries(results).map(([name, list]) => [name, list.reduce((sum, r) => sum + r.errors + r.timeouts + r.non2xx, 0)]),
  );
  return { results, best, failures };
}

/** The table of best rounds, one row per server. */
export function printBest({ results, best }) {
  printTable(
    ['server', 'req/s', 'p50 ms', 'p99 ms', 'CPU µs/req', 'non-2xx', 'errors', 'timeouts'],
    Object.entries(best).map(([name, b]) => [
      name,
      b.rps.toFixed(0),
      b.p50,
      b.p99,
      b.cpuPerRequestUs.toFixed(0),
      sumOf(results[name], 'non2xx'),
      sumOf(results[name], 'errors'),
      sumOf(results[name], 'timeouts'),
    ]),
  );
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
