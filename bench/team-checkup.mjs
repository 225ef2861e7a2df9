// The team Check-Up at scale, on PostgreSQL: 10,000 teams with two rounds each (one closed with ten
// answers, one open with ten people asked), 200,000 invitations. Measures against the budgets of
// docs/benchmarks.md: a round's result p95 < 50 ms (its data and its page, one request at a time as
// a person waits for them, 32 connections printed beside), saving an answer p95 < 30 ms (the same),
// the reminder job over the open rounds' 100,000 invitations < 60 s with no reminder sent twice
// (counted at a real SMTP server in its own process, bench/smtp-sink.mjs), then the same job on two
// servers, one killed with SIGKILL mid-run, and the server's memory growth < 50 MB over the run.
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import http from 'node:http';
import { setTimeout as sleep } from 'node:timers/promises';
import autocannon from 'autocannon';
import pg from 'pg';
import PgBoss from 'pg-boss';
import { benchServerEnv, clientDir, serverEntry } from './config.mjs';
import { ownDatabase, pickDatabase, redact } from './database.mjs';
import { freePort, startProcess } from './server-process.mjs';
import { printTable } from './table.mjs';

const teams = Number(process.env.BENCH_TEAM_CHECKUP_TEAMS ?? 10_000);
const asked = 10;
const load = { connections: 32, pipelining: 1, duration: 10 };
const budgets = { resultMs: 50, saveMs: 30, reminderS: 60, memoryMb: 50 };
const reminderJob = 'team-checkup-reminders';
/** The mail queue's connections for a job's bulk (server/mail/mail-queue.ts, BULK_PACE). */
const BULK_CONNECTIONS = 16;
const browserHeaders = { accept: 'text/html,application/xhtml+xml', 'accept-encoding': 'gzip, deflate, br, zstd' };

const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))];
const rssMb = (pid) => Number(/VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0) / 1024;
/** A personal link's token as the bench seeds it (43 characters of the link's alphabet) and its stored hash, as the server hashes it. */
const tokenOf = (team, round, person) => createHash('sha256').update(`bench-${team}-${round}-${person}`).digest('base64url').slice(0, 43);
const hashOf = (token) => createHash('sha256').update(token).digest('hex');
const answersOf = (seed) => Object.fromEntries(Array.from({ length: 20 }, (_, i) => [String(i + 1), 1 + ((seed * 7 + i * 3) % 4)]));

function getJson(url) {
  return new Promise((resolve, reject) => {
    http
      .get(url, { agent: false }, (response) => {
        let body = '';
        response.on('data', (chunk) => (body += chunk));
        response.on('end', () => resolve(JSON.parse(body)));
      })
      .on('error', reject);
  });
}

async function startSink() {
  const [smtpPort, httpPort] = [await freePort(), await freePort()];
  const child = spawn(process.execPath, [new URL('./smtp-sink.mjs', import.meta.url).pathname, String(smtpPort), String(httpPort)], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  await new Promise((resolve) => child.stdout.once('data', resolve));
  return {
    smtpUrl: `smtp://127.0.0.1:${smtpPort}`,
    count: (subject) => getJson(`http://127.0.0.1:${httpPort}/count?subject=${encodeURIComponent(subject)}`),
    stop: () => child.kill('SIGKILL'),
  };
}

/**
 * Teams, their memberships and buyers; per team a closed round whose ten people answered and an
 * open round whose ten people have not, its reminder three days before the close due tomorrow (made due when measured).
 */
async function seed(db) {
  await db.query(`
    insert into users (id, email, first_name, last_name, email_verified_at)
    select md5('buyer' || t)::uuid, 'buyer' || t || '@bench-team' || t || '.ngo', 'Buyer', 'T' || t, now() - interval '1 year'
    from generate_series(1, ${teams}) t`);
  await db.query(`
    insert into subscriptions (id, user_id, provider, provider_subscription_id, plan, status, current_period_end, seats)
    select md5('membership' || t)::uuid, md5('buyer' || t)::uuid, 'local', 'bench-team-' || t, 'yearly', 'active', now() + interval '200 days', 10
    from generate_series(1, ${teams}) t`);
  await db.query(`
    insert into teams (id, subscription_id, owner_id)
    select md5('team' || t)::uuid, md5('membership' || t)::uuid, md5('buyer' || t)::uuid from generate_series(1, ${teams}) t`);
  await db.query(`
    insert into team_checkup_rounds (id, team_id, name, organiser_id, started_at, closes_at, closed_at, remind_before_at, remind_last_day_at)
    select md5('round' || t || '-' || r)::uuid, md5('team' || t)::uuid, case r when 1 then 'Spring board retreat' else 'Autumn check' end,
      md5('buyer' || t)::uuid,
      case r when 1 then now() - interval '120 days' else now() - interval '11 days' end,
      case r when 1 then now() - interval '106 days' else now() + interval '3 days' end,
      case r when 1 then now() - interval '106 days' end,
      case r when 1 then now() - interval '109 days' else now() + interval '1 day' end,
      case r when 1 then now() - interval '106 days' else now() + interval '2 days' end
    from generate_series(1, ${teams}) t, generate_series(1, 2) r`);
  // Tokens are made here in JavaScript (the server keeps only their hash): sent in slices.
  const slice = 500;
  for (let from = 1; from <= teams; from += slice) {
    const rows = [];
    for (let t = from; t < Math.min(from + slice, teams + 1); t++)
      for (let r = 1; r <= 2; r++) for (let p = 1; p <= asked; p++) rows.push([t, r, p, hashOf(tokenOf(t, r, p))]);
    await db.query(
      `insert into team_checkup_invitations (round_id, email, token_hash, invited_at, answers, role, answered_at)
       select md5('round' || x.t || '-' || x.r)::uuid, 'p' || x.p || '@bench-team' || x.t || '.ngo', x.h,
         now() - case x.r when 1 then interval '120 days' else interval '11 days' end,
         case x.r when 1 then (select jsonb_object_agg(q::text, 1 + (x.p * 7 + q * 3) % 4) from generate_series(1, 20) q) end,
         case x.r when 1 then (array['staff', 'board', 'volunteer', 'other'])[1 + x.p % 4] end,
         case x.r when 1 then now() - interval '110 days' end
       from unnest($1::int[], $2::int[], $3::int[], $4::text[]) as x(t, r, p, h)`,
      [rows.map((x) => x[0]), rows.map((x) => x[1]), rows.map((x) => x[2]), rows.map((x) => x[3])],
    );
  }
}

/** Each request once, one after another (as one person meets them): p50/p95/p99 of their times. */
async function oneAtATime(origin, requests) {
  const times = [];
  for (const request of requests) {
    const started = performance.now();
    const res = await fetch(`${origin}${request.path}`, { method: request.method, headers: request.headers, body: request.body });
    await res.arrayBuffer();
    if (res.status >= 300) throw new Error(`${request.method} ${request.path} answered ${res.status}`);
    times.push(performance.now() - started);
  }
  const sorted = times.slice(20).sort((a, b) => a - b);
  return { p50: percentile(sorted, 50), p95: percentile(sorted, 95), p99: percentile(sorted, 99) };
}

/** The same requests from 32 connections for 10 s (after 3 s of warming up): the machine's throughput, and the waits it gives. */
async function atConnections(origin, requests) {
  await autocannon({ ...load, duration: 3, url: origin, requests });
  const times = [];
  const instance = autocannon({ ...load, url: origin, requests });
  instance.on('response', (_client, _status, _bytes, ms) => times.push(ms));
  const result = await instance;
  times.sort((a, b) => a - b);
  return {
    rps: result.requests.average,
    p50: percentile(times, 50),
    p95: percentile(times, 95),
    p99: percentile(times, 99),
    errors: result.errors + result.non2xx,
  };
}

const ms = (t) => `p50 ${t.p50.toFixed(1)} ms, p95 ${t.p95.toFixed(1)} ms, p99 ${t.p99.toFixed(1)} ms`;

/**
 * Saving an answer as the answer page does at each statement (PUT the draft), through 2,000 open
 * links: judged one request at a time, as a person answering waits for it; the same at 32
 * connections printed beside.
 */
async function measureSaving(server) {
  const requests = [];
  for (let t = 1; requests.length < 2000; t++)
    for (let p = 1; p <= asked && requests.length < 2000; p++) {
      requests.push({
        method: 'PUT',
        path: `/api/team-checkup/links/${tokenOf(t, 2, p)}`,
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ answers: { 1: 2, 2: 3, 3: 1 }, role: null }),
      });
    }
  const one = await oneAtATime(server.origin, requests.slice(0, 520));
  const many = await atConnections(server.origin, requests);
  console.log(`PUT a draft answer one at a time (500 links): ${ms(one)}`);
  console.log(`PUT a draft answer (2,000 links), ${load.connections} connections: ${many.rps.toFixed(0)} req/s, ${ms(many)}, ${many.errors} errors`);
  return {
    figures: { oneAtATime: one, atConnections: many },
    checks: [
      {
        budget: `saving an answer p95 < ${budgets.saveMs} ms (one at a time; ${load.connections} connections beside, 0 errors)`,
        measured: `${one.p95.toFixed(1)} ms (p50 ${one.p50.toFixed(1)}; at ${load.connections} connections ${many.rps.toFixed(0)} req/s, p95 ${many.p95.toFixed(0)} ms, ${many.errors} errors)`,
        status: one.p95 < budgets.saveMs && many.errors === 0 ? 'PASS' : 'FAIL',
      },
    ],
  };
}

/**
 * 200 open rounds answered by four of their people through the API (the server draws their
 * figures); the closed rounds get figures of the same shape, so each result has a previous round.
 * Then each result's data and its page, one at a time, and the data at 32 connections.
 */
async function measureResult(server, db) {
  const post = (token, seed) =>
    fetch(`${server.origin}/api/team-checkup/links/${token}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ answers: answersOf(seed), role: seed % 2 ? 'staff' : 'board' }),
    }).then(async (res) => {
      if (res.status >= 300) throw new Error(`an answer was refused: ${res.status} ${await res.text()}`);
    });
  const tokens = [];
  for (let t = 1; t <= 200; t++) {
    for (let p = 1; p <= 4; p++) await post(tokenOf(t, 2, p), t + p);
    tokens.push(tokenOf(t, 2, 1));
  }
  await db.query(
    `update team_checkup_rounds set shown_figures = (select shown_figures from team_checkup_rounds where id = md5('round1-2')::uuid) where closed_at is not null`,
  );
  await db.query('vacuum analyze');
  const sample = await (await fetch(`${server.origin}/api/team-checkup/links/${tokens[0]}/result`)).json();
  if (!sample.figures || !sample.previous) throw new Error(`the result carries no figures or no previous round: ${JSON.stringify(sample).slice(0, 200)}`);

  const data = tokens.map((token) => ({ method: 'GET', path: `/api/team-checkup/links/${token}/result`, headers: { accept: 'application/json' } }));
  const dataOne = await oneAtATime(server.origin, [...data.slice(180), ...data]);
  const dataMany = await atConnections(server.origin, data);
  const pages = tokens.map((token) => ({ method: 'GET', path: `/team-checkup/answer/${token}/result`, headers: browserHeaders }));
  const pageOne = await oneAtATime(server.origin, [...pages.slice(180), ...pages]);
  console.log(`GET a round's result by link one at a time (200 rounds): ${ms(dataOne)}`);
  console.log(`GET a round's result by link, ${load.connections} connections: ${dataMany.rps.toFixed(0)} req/s, ${ms(dataMany)}, ${dataMany.errors} errors`);
  console.log(`GET /team-checkup/answer/:token/result (the page, drawn by the server) one at a time: ${ms(pageOne)}`);
  return {
    figures: { data: { oneAtATime: dataOne, atConnections: dataMany }, page: pageOne },
    checks: [
      {
        budget: `a round's result p95 < ${budgets.resultMs} ms (its data, one at a time; ${load.connections} connections beside, 0 errors)`,
        measured: `${dataOne.p95.toFixed(1)} ms (p50 ${dataOne.p50.toFixed(1)}; at ${load.connections} connections ${dataMany.rps.toFixed(0)} req/s, p95 ${dataMany.p95.toFixed(0)} ms, ${dataMany.errors} errors)`,
        status: dataOne.p95 < budgets.resultMs && dataMany.errors === 0 ? 'PASS' : 'FAIL',
      },
      {
        budget: `the result page p95 < ${budgets.resultMs} ms (drawn by the server, one at a time)`,
        measured: `${pageOne.p95.toFixed(1)} ms (p50 ${pageOne.p50.toFixed(1)})`,
        status: pageOne.p95 < budgets.resultMs ? 'PASS' : 'FAIL',
      },
    ],
  };
}

/** Queues a run of the reminder job as its cron tick would, from outside the servers. */
async function queueRun(url) {
  const boss = new PgBoss({ connectionString: url, schema: 'pgboss' });
  await boss.start();
  await boss.send(reminderJob, {});
  await boss.stop({ graceful: false, close: true });
}

const dueLeft = (db, column, dueColumn) =>
  db
    .query(
      `select count(*)::int as n from team_checkup_invitations i join team_checkup_rounds r on r.id = i.round_id
       where r.closed_at is null and r.${dueColumn} <= now() and i.${column} is null and i.answered_at is null and i.withdrawn_at is null`,
    )
    .then(({ rows }) => rows[0].n);
const pendingMail = (db) => db.query(`select count(*)::int as n from mail_outbox where status = 'pending'`).then(({ rows }) => rows[0].n);

/** Waits until every due reminder is claimed and the mail queue is empty; the seconds each took. */
async function drain(db, column, dueColumn, started, timeoutS = 1800) {
  let claimedS;
  for (;;) {
    const left = await dueLeft(db, column, dueColumn);
    if (left === 0 && claimedS === undefined) claimedS = (performance.now() - started) / 1000;
    if (left === 0 && (await pendingMail(db)) === 0) return { claimedS, deliveredS: (performance.now() - started) / 1000 };
    if ((performance.now() - started) / 1000 > timeoutS) throw new Error(`reminders not done after ${timeoutS} s: ${left} unclaimed`);
    await sleep(250);
  }
}

/** Copies per recipient at the SMTP server: how many got none, one, more. */
async function copies(sink, subject, expected) {
  const counted = await sink.count(subject);
  return { recipients: counted.recipients, twice: counted.duplicates.length, missing: expected - counted.recipients };
}

/** The RSS of a process once it has been left alone for a while: the same moment before and after a run. */
const settledRssMb = async (pid) => {
  await sleep(10_000);
  return rssMb(pid);
};

async function measureReminders({ url, db, sink, start }) {
  // The server is warmed first by the reminders of the last 1% of the teams (the code of the job, of
  // composing and of delivering loaded, its connections open), as a server that has run for a while
  // is when a cron tick brings the reminders: the growth measured is the run's, not the warm-up's.
  const warmTeams = Math.max(1, Math.ceil(teams / 100));
  const warmSlice = `team_id in (select md5('team' || t)::uuid from generate_series(${teams - warmTeams + 1}, ${teams}) t)`;
  await db.query(`update team_checkup_rounds set remind_before_at = now() - interval '1 minute' where closed_at is null and ${warmSlice}`);
  const warmExpected = await dueLeft(db, 'reminded_before_at', 'remind_before_at');
  const a = await start();
  const memoryFresh = rssMb(a.pid);
  await queueRun(url);
  await drain(db, 'reminded_before_at', 'remind_before_at', performance.now());
  const memoryBefore = await settledRssMb(a.pid);

  await db.query(`update team_checkup_rounds set remind_before_at = now() - interval '1 minute' where closed_at is null`);
  const expected = await dueLeft(db, 'reminded_before_at', 'remind_before_at');
  const samples = [];
  const sampler = setInterval(() => samples.push(rssMb(a.pid)), 1000);
  const started = performance.now();
  await queueRun(url);
  const times = await drain(db, 'reminded_before_at', 'remind_before_at', started);
  clearInterval(sampler);
  const memoryAfter = await settledRssMb(a.pid);
  const memoryPeak = Math.max(memoryAfter, ...samples);
  const first = await copies(sink, 'A reminder to answer the team Check-Up', warmExpected + expected);
  console.log(
    `Reminders (3 days before): ${expected.toLocaleString()} due after ${warmExpected.toLocaleString()} to warm the server; all claimed and stored in ${times.claimedS.toFixed(1)} s, delivered in ${times.deliveredS.toFixed(1)} s; ${first.recipients.toLocaleString()} received (with the warm-up's), ${first.twice} twice, ${first.missing} missing; server memory ${memoryFresh.toFixed(0)} MB started, ${memoryBefore.toFixed(0)} MB warmed, at most ${memoryPeak.toFixed(0)} MB while sending, ${memoryAfter.toFixed(0)} MB 10 s after`,
  );

  // The last-day reminders of a tenth of the teams, with a second server on the same database: two runs queued, so both
  // servers work (the job's slices may overlap, the rows claimed SKIP LOCKED), and the first server
  // is killed with SIGKILL once a third is claimed; one more run is queued, as the next cron tick
  // would, and the second server finishes the rest.
  // A tenth of the teams: the kill is what is measured, and 10,000 reminders give it room to land mid-run.
  await db.query(
    `update team_checkup_rounds set remind_last_day_at = now() - interval '1 minute'
     where closed_at is null and team_id in (select md5('team' || t)::uuid from generate_series(1, ${Math.ceil(teams / 10)}) t)`,
  );
  const lastExpected = await dueLeft(db, 'reminded_last_day_at', 'remind_last_day_at');
  const b = await start();
  const killStarted = performance.now();
  await queueRun(url);
  await queueRun(url);
  while ((await dueLeft(db, 'reminded_last_day_at', 'remind_last_day_at')) > (lastExpected * 2) / 3) await sleep(50);
  const { rows: running } = await db.query(`select count(*)::int as n from pgboss.job where name = $1 and state = 'active'`, [reminderJob]);
  process.kill(a.pid, 'SIGKILL');
  await queueRun(url);
  const killTimes = await drain(db, 'reminded_last_day_at', 'remind_last_day_at', killStarted);
  await sleep(2000);
  const second = await copies(sink, 'Last day to answer the team Check-Up', lastExpected);
  console.log(
    `Reminders (last day), killed mid-run (${running[0].n} runs active at the kill): ${lastExpected.toLocaleString()} due; done in ${killTimes.deliveredS.toFixed(1)} s; ${second.recipients.toLocaleString()} received, ${second.twice} twice, ${second.missing} missing`,
  );
  await b.stop();
  const growth = memoryAfter - memoryBefore;
  // What a sender killed between the mail server's acceptance and the mark can repeat: the copies
  // on its connections, and those accepted within the 50 ms their marks are gathered over.
  const windowCopies = BULK_CONNECTIONS + Math.ceil((lastExpected / killTimes.deliveredS) * 0.05);
  return {
    figures: { warmExpected, expected, ...times, first, memoryFresh, memoryBefore, memoryPeak, memoryAfter, killed: { lastExpected, ...killTimes, ...second } },
    checks: [
      {
        budget: `the reminder job over ${expected.toLocaleString()} invitations < ${budgets.reminderS} s, none sent twice`,
        measured: `${times.claimedS.toFixed(1)} s to claim and store all (delivered in ${times.deliveredS.toFixed(1)} s); ${first.twice} twice, ${first.missing} missing`,
        status: times.claimedS < budgets.reminderS && first.twice === 0 && first.missing === 0 ? 'PASS' : 'FAIL',
      },
      {
        budget: `a server killed mid-run: none missing, twice ≤ the killed server's window (${windowCopies}: its ${BULK_CONNECTIONS} connections and 50 ms of marks, decisions 050, 079)`,
        measured: `${second.twice} twice, ${second.missing} missing of ${lastExpected.toLocaleString()}`,
        status: second.twice <= windowCopies && second.missing === 0 ? 'PASS' : 'FAIL',
      },
      {
        budget: `server memory growth < ${budgets.memoryMb} MB over the reminder run (RSS 10 s after it, against the warmed server's 10 s after its warm-up)`,
        measured: `${growth.toFixed(0)} MB (${memoryBefore.toFixed(0)} → ${memoryAfter.toFixed(0)} MB; ${memoryFresh.toFixed(0)} MB started, at most ${memoryPeak.toFixed(0)} MB while sending)`,
        status: growth < budgets.memoryMb ? 'PASS' : 'FAIL',
      },
    ],
  };
}

export async function runTeamCheckup() {
  console.log(`\n== The team Check-Up: ${teams.toLocaleString()} teams, ${(teams * 2 * asked).toLocaleString()} invitations ==`);
  const database = await pickDatabase();
  if (database.kind !== 'postgres') throw new Error(`the team Check-Up budgets are defined on PostgreSQL: ${database.reason}`);
  const own = await ownDatabase(database.url, 'bench_team_checkup');
  console.log(`Database: ${redact(own.url)} (on the server of ${database.source}; dropped after)`);
  const sink = await startSink();
  const db = new pg.Client({ connectionString: own.url });
  const servers = [];
  const start = async () => {
    const port = String(await freePort());
    const server = await startProcess({
      script: serverEntry,
      env: {
        ...benchServerEnv,
        DATABASE_URL: own.url,
        HOST: '127.0.0.1',
        PORT: port,
        PUBLIC_URL: `http://localhost:${port}`,
        CLIENT_DIR: clientDir,
        SMTP_URL: sink.smtpUrl,
      },
      readyPath: '/readyz',
      timeoutMs: 120_000,
    });
    servers.push(server);
    return server;
  };
  try {
    // The first server migrates the database; the reminders are seeded due, so it is stopped before they are.
    const first = await start();
    await db.connect();
    const seeded = performance.now();
    await seed(db);
    await db.query('vacuum analyze');
    console.log(`Seeded in ${((performance.now() - seeded) / 1000).toFixed(1)} s`);
    const checks = [];
    const figures = {};
    // Answers and results first, on the first server; no reminder job runs before the reminders are measured:
    // its cron is every 15 minutes, and the due rounds are due from the seed on, so it may; the count of copies shows it.
    const saving = await measureSaving(first);
    const result = await measureResult(first, db);
    await first.stop();
    const reminders = await measureReminders({ url: own.url, db, sink, start });
    for (const [name, part] of Object.entries({ saving, result, reminders })) {
      figures[name] = part.figures;
      checks.push(...part.checks);
    }
    printTable(
      ['budget', 'measured', 'status'],
      checks.map((c) => [c.budget, c.measured, c.status]),
    );
    return { figures, checks };
  } finally {
    await db.end().catch(() => {});
    for (const server of servers) await server.stop().catch(() => {});
    sink.stop();
    await own.drop();
  }
}
