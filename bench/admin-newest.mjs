// The newest admin lists at scale, beside the admin bench's own (admin-scale.mjs seeds their
// tables, 100,000 rows each): Bounces, Suppressions, Offers, Teams and Follow-ups pages and
// searches, the Bounces and Suppressions CSV exports, a newsletter segment's count and a segment
// send's recipients over 100,000 subscribers with Check-Ups, and the two pages people open from
// an edition (the signed /preferences page and a counted link's redirect) under 32 connections.
import { createHmac } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import autocannon from 'autocannon';
import { rssMb } from './probe.mjs';
import { printTable } from './table.mjs';

export const newestBudgets = { pageMs: 50, exportRows: 100_000, exportMemoryMb: 50, segmentMs: 500, publicMs: 20 };
const load = { connections: 32, pipelining: 1, duration: 10 };
const warmUpSeconds = 3;
const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

/**
 * Deletes the editions this bench's segment sends created (their deliveries and recipient lists go
 * with them) and vacuums what they leave, so that a kept database (BENCH_ADMIN_KEEP=1) measures the
 * same, run after run. Each run's three sends add about 275,000 delivery rows: kept, they grew the
 * table to 3.4 million rows in 36 sends, and the next run's first lists met autovacuum at work on
 * the last run's rows (docs/benchmarks.md).
 */
export async function forgetBenchSends(db) {
  const { rowCount } = await db.query(`delete from newsletter_editions where slug like 'bench-segment-send-%'`);
  if (rowCount) await db.query('vacuum analyze edition_deliveries, edition_recipient_lists, newsletter_editions');
  return rowCount;
}

/** The lists' endpoints: every page and search box each list has (Offers and Follow-ups have one page and no search). */
export const newestEndpoints = [
  ['bounces, first page', '/api/admin/bounces'],
  ['bounces, page 2000 (offset 50k)', '/api/admin/bounces?page=2000'],
  ['bounces, hard only', '/api/admin/bounces?status=hard'],
  ['bounces, search', '/api/admin/bounces?search=bounced4242'],
  ['bounces, inside a value', '/api/admin/bounces?search=ounced4242%40'],
  ['suppressions, first page', '/api/admin/suppressions'],
  ['suppressions, page 2000 (offset 50k)', '/api/admin/suppressions?page=2000'],
  ['suppressions, search', '/api/admin/suppressions?search=suppressed4242'],
  ['suppressions, inside a value', '/api/admin/suppressions?search=ressed4242%40'],
  ['offers', '/api/admin/offers'],
  ['teams, first page', '/api/admin/teams'],
  ['teams, page 2000 (offset 50k)', '/api/admin/teams?page=2000'],
  ['teams, search', '/api/admin/teams?search=user4242%40'],
  ['teams, inside a value', '/api/admin/teams?search=ser4242%40'],
  ['follow-ups', '/api/admin/follow-ups'],
];

/** A CSV export streamed to the end: rows per second and the server's memory growth, sampled every 50 ms. */
export async function measureExport(origin, pid, path, cookie) {
  const before = rssMb(pid);
  let peak = before;
  const sampler = setInterval(() => {
    peak = Math.max(peak, rssMb(pid));
  }, 50);
  const start = performance.now();
  const res = await fetch(`${origin}${path}`, { headers: { cookie, 'accept-encoding': 'identity' } });
  if (!res.ok) throw new Error(`${path} answered ${res.status}`);
  let lines = 0;
  for await (const chunk of res.body) for (const byte of chunk) if (byte === 10) lines += 1;
  const seconds = (performance.now() - start) / 1000;
  clearInterval(sampler);
  peak = Math.max(peak, rssMb(pid));
  const rows = lines - 1;
  return { rows, seconds, rowsPerSecond: rows / seconds, rssBeforeMb: before, rssPeakMb: peak, growthMb: peak - before };
}

/** autocannon at 32 connections over one path, every response time kept. */
async function drive(origin, path, expectStatus) {
  const requests = [{ method: 'GET', path }];
  await autocannon({ ...load, duration: warmUpSeconds, url: origin, requests });
  const times = [];
  const statuses = new Map();
  const instance = autocannon({ ...load, url: origin, requests });
  instance.on('response', (_client, status, _bytes, responseTime) => {
    times.push(responseTime);
    statuses.set(status, (statuses.get(status) ?? 0) + 1);
  });
  const result = await instance;
  times.sort((a, b) => a - b);
  const unexpected = [...statuses].filter(([status]) => status !== expectStatus).reduce((n, [, c]) => n + c, 0);
  return {
    requests: result.requests.total,
    rps: result.requests.average,
    p50: percentile(times, 50),
    p95: percentile(times, 95),
    p99: percentile(times, 99),
    errors: result.errors + result.timeouts + unexpected,
  };
}

/** A /preferences token as the server signs it (server/mail/links.ts): the address and an HMAC under the shared key. */
function preferencesToken(key, email) {
  const address = email.trim().toLowerCase();
  const mac = createHmac('sha256', key).update(`preferences\n${address}`).digest().subarray(0, 18);
  return `${Buffer.from(address).toString('base64url')}.${mac.toString('base64url')}`;
}

const postJson = async (origin, path, cookie, body = {}) => {
  const res = await fetch(`${origin}${path}`, { method: 'POST', headers: { cookie, 'content-type': 'application/json' }, body: JSON.stringify(body) });
  return { status: res.status, json: await res.json().catch(() => null) };
};

/** Times everything above; `time(path)` is the admin bench's p50/p95 of 20 sequential requests. */
export async function runNewest({ server, db, cookie, time }) {
  const figures = { endpoints: {}, exports: {}, segments: {}, sends: [], public: {} };
  const checks = [];
  const check = (budget, measured, pass) => checks.push({ budget, measured, status: pass ? 'PASS' : 'FAIL' });

  console.log('\nThe newest admin lists (100,000 rows each):');
  const rows = [];
  for (const [name, path] of newestEndpoints) {
    const t = await time(path);
    figures.endpoints[name] = t;
    rows.push([name, t.p50.toFixed(1), t.p95.toFixed(1), `< ${newestBudgets.pageMs}`]);
    check(`admin ${name} p95 < ${newestBudgets.pageMs} ms`, `${t.p95.toFixed(1)} ms`, t.p95 < newestBudgets.pageMs);
  }
  printTable(['endpoint', 'p50 ms', 'p95 ms', 'budget ms'], rows);

  for (const list of ['bounces', 'suppressions']) {
    const e = await measureExport(server.origin, server.pid, `/api/admin/${list}.csv`, cookie);
    figures.exports[list] = e;
    console.log(
      `CSV export of ${list}: ${e.rows.toLocaleString()} rows in ${e.seconds.toFixed(2)} s = ${Math.round(e.rowsPerSecond).toLocaleString()} rows/s; server RSS ${e.rssBeforeMb.toFixed(0)} → peak ${e.rssPeakMb.toFixed(0)} MB (+${e.growthMb.toFixed(0)} MB)`,
    );
    check(
      `admin ${list} CSV export > ${newestBudgets.exportRows.toLocaleString()} rows/s`,
      `${Math.round(e.rowsPerSecond).toLocaleString()} rows/s (${e.rows.toLocaleString()} rows)`,
      e.rowsPerSecond > newestBudgets.exportRows,
    );
    check(
      `admin ${list} CSV export memory growth < ${newestBudgets.exportMemoryMb} MB`,
      `+${e.growthMb.toFixed(0)} MB`,
      e.growthMb < newestBudgets.exportMemoryMb,
    );
  }

  // Segments over the 100,000 subscribers with Check-Ups: the send dialog's count, then sends.
  const { rows: segments } = await db.query(`select id, name from newsletter_segments where name like 'Bench %' order by name`);
  for (const segment of segments) {
    const t = await time(`/api/admin/editions/audience/segment?segmentId=${segment.id}`);
    const counted = await (await fetch(`${server.origin}/api/admin/editions/audience/segment?segmentId=${segment.id}`, { headers: { cookie } })).json();
    figures.segments[segment.name] = { ...t, count: counted.count };
    console.log(`Segment “${segment.name}”: ${counted.count.toLocaleString()} recipients, count p50 ${t.p50.toFixed(0)} ms, p95 ${t.p95.toFixed(0)} ms`);
    check(`segment count (${segment.name}) p95 < ${newestBudgets.segmentMs} ms`, `${t.p95.toFixed(0)} ms`, t.p95 < newestBudgets.segmentMs);
  }
  // Each send fixes its recipients (one row holding every address, the count's own query) in the
  // request that starts it (decision 099); it is paused at once, so nothing is mailed to the bench's
  // addresses. The sender then writes their deliveries, paused or not: timed too, as it moved there.
  const sendSegment = segments[0];
  for (let round = 1; round <= 3; round += 1) {
    const created = await postJson(server.origin, '/api/admin/editions', cookie, {
      title: `Bench segment send ${round} ${Date.now()}`,
      slug: `bench-segment-send-${round}-${Date.now()}`,
      body: 'Bench body.',
      audience: 'segment',
      segmentId: sendSegment.id,
    });
    if (created.status !== 201) throw new Error(`edition create answered ${created.status}: ${JSON.stringify(created.json)}`);
    const started = performance.now();
    const sent = await postJson(server.origin, `/api/admin/editions/${created.json.id}/send`, cookie);
    const ms = performance.now() - started;
    await postJson(server.origin, `/api/admin/editions/${created.json.id}/pause`, cookie);
    if (sent.status !== 200) throw new Error(`send answered ${sent.status}: ${JSON.stringify(sent.json)}`);
    const recipients = sent.json.progress.total;
    let writtenMs = null;
    for (const deadline = performance.now() + 60_000; performance.now() < deadline; await sleep(50)) {
      const { rows } = await db.query('select count(*)::int as n from edition_recipient_lists where edition_id = $1', [created.json.id]);
      if (rows[0].n === 0) {
        writtenMs = performance.now() - started;
        break;
      }
    }
    const { rows: counted } = await db.query('select count(*)::int as n from edition_deliveries where edition_id = $1', [created.json.id]);
    if (writtenMs !== null && counted[0].n !== recipients) throw new Error(`${recipients} recipients fixed, ${counted[0].n} deliveries written`);
    figures.sends.push({ ms, recipients, writtenMs });
    console.log(
      `Segment send ${round} (“${sendSegment.name}”): ${recipients.toLocaleString()} recipients fixed in ${ms.toFixed(0)} ms; ` +
        (writtenMs === null ? 'their deliveries not written within 60 s' : `their deliveries written by the sender ${writtenMs.toFixed(0)} ms after the click`),
    );
  }
  await forgetBenchSends(db);
  const sendMs = median(figures.sends.map((s) => s.ms));
  check(`segment send's recipients (median of 3 sends) < ${newestBudgets.segmentMs} ms`, `${sendMs.toFixed(0)} ms`, sendMs < newestBudgets.segmentMs);

  // The two pages people open from an edition, 32 at a time.
  const { rows: secret } = await db.query(`select value from site_secrets where name = 'link-signing-key'`);
  const key = Buffer.from(secret[0].value, 'base64url');
  const pages = [
    ['/preferences page (signed link)', `/preferences?token=${encodeURIComponent(preferencesToken(key, 'quiz4242@example.org'))}`, 200],
    ["a counted link's redirect", '/r/00000000-0000-4000-8000-00000000b001/1', 302],
  ];
  const publicRows = [];
  for (const [name, path, status] of pages) {
    const r = await drive(server.origin, path, status);
    figures.public[name] = r;
    publicRows.push([name, r.requests, Math.round(r.rps), r.p50.toFixed(0), r.p95.toFixed(0), r.p99.toFixed(0), r.errors]);
    check(
      `${name} p95 < ${newestBudgets.publicMs} ms at 32 connections`,
      `${r.p95.toFixed(1)} ms (${Math.round(r.rps)} req/s, ${r.errors} errors)`,
      r.p95 < newestBudgets.publicMs && r.errors === 0,
    );
  }
  printTable(['page', 'requests', 'req/s', 'p50 ms', 'p95 ms', 'p99 ms', 'errors'], publicRows);
  return { figures, checks };
}
