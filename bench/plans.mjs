// Plans at scale, on PostgreSQL: 100,000 personal plans with 500,000 actions (and a Check-Up
// result before and, for half, after each plan). Measures against the budgets of
// docs/benchmarks.md: the plan page's data (GET /api/plans/:id) p95 < 50 ms one request at a
// time, the reminder job over a day's due actions < 30 s with none sent twice (counted at a real
// SMTP server in its own process, bench/smtp-sink.mjs), the same job on two servers with one
// killed by SIGKILL mid-run (none missing, repeats only within the killed sender's window), and
// the admin's figures < 200 ms (as their job computes them every 15 minutes; the computation's time printed beside).
import { spawn } from 'node:child_process';
import http from 'node:http';
import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import PgBoss from 'pg-boss';
import { benchServerEnv, clientDir, serverEntry } from './config.mjs';
import { ownDatabase, pickDatabase, redact } from './database.mjs';
import { freePort, startProcess } from './server-process.mjs';
import { printTable } from './table.mjs';

const plans = Number(process.env.BENCH_PLANS ?? 100_000);
const actionsPerPlan = 5;
/** Owners with two actions due soon (a day's digests), and, for the kill, owners with two overdue. */
const dueOwners = Math.ceil(plans / 5);
const killOwners = Math.ceil(plans / 10);
const budgets = { pageMs: 50, reminderS: 30, adminMs: 200 };
const job = 'plan-reminders';
/** The mail queue's connections for a job's bulk (server/mail/mail-queue.ts, BULK_PACE). */
const BULK_CONNECTIONS = 16;

const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))];
const ms = (t) => `p50 ${t.p50.toFixed(1)} ms, p95 ${t.p95.toFixed(1)} ms, p99 ${t.p99.toFixed(1)} ms`;

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
 * People, each with a Check-Up 100 days ago and a personal plan made from it 95 days ago, five
 * actions, undated or due months ahead (none due yet), and for half of them a Check-Up since.
 */
async function seed(db) {
  await db.query(`
    insert into users (id, email, first_name, last_name, email_verified_at)
    select md5('person' || p)::uuid, 'person' || p || '@bench-plans.ngo', 'Person', 'P' || p, now() - interval '1 year'
    from generate_series(1, ${plans}) p`);
  const scores = `jsonb_build_object('IMPACT', 8 + p % 4, 'HUMANS', 9, 'FUEL', 14 - p % 3, 'GEARS', 12, 'FUTURE', 7)`;
  const answers = `(select jsonb_object_agg(q::text, 2) from generate_series(1, 20) q)`;
  await db.query(`
    insert into checkup_results (id, email, score, total_score, category_scores, answers, user_id, created_at, retake_reminder_handled_at)
    select md5('result' || p)::uuid, 'person' || p || '@bench-plans.ngo', 50, 50, ${scores}, ${answers}, md5('person' || p)::uuid, now() - interval '100 days', now()
    from generate_series(1, ${plans}) p`);
  await db.query(`
    insert into checkup_results (email, score, total_score, category_scores, answers, user_id, created_at, retake_reminder_handled_at)
    select 'person' || p || '@bench-plans.ngo', 44, 44, jsonb_build_object('IMPACT', 8, 'HUMANS', 9, 'FUEL', 9, 'GEARS', 10, 'FUTURE', 7), ${answers},
      md5('person' || p)::uuid, now() - interval '10 days', now()
    from generate_series(1, ${plans}) p where p % 2 = 0`);
  await db.query(`
    insert into plans (id, kind, user_id, source_result_id, source_label, baseline, priorities, started_at, reassess_on, created_by)
    select md5('plan' || p)::uuid, 'personal', md5('person' || p)::uuid, md5('result' || p)::uuid, 'Your Check-Up',
      jsonb_build_object('IMPACT', 50, 'HUMANS', 44, 'FUEL', 13 + (p % 3) * 6, 'GEARS', 25, 'FUTURE', 56),
      '[{"kind":"pillar","pillar":"FUEL","percent":13},{"kind":"pillar","pillar":"GEARS","percent":25}]'::jsonb,
      now() - interval '95 days', current_date + 30, md5('person' || p)::uuid
    from generate_series(1, ${plans}) p`);
  await db.query(`
    insert into plan_actions (plan_id, library_slug, title, pillar, owner_id, due_on, status, position, updated_by)
    select md5('plan' || p)::uuid, case when a <= 2 then 'bench-action-' || a end, 'Action ' || a || ' of plan ' || p,
      case when a <= 3 then 'FUEL' else 'GEARS' end, md5('person' || p)::uuid,
      case when a = 5 then null else current_date + 60 + (p % 90) end,
      case when a = 3 and p % 3 = 0 then 'done' when a = 4 and p % 7 = 0 then 'dropped' else 'planned' end,
      a - 1, md5('person' || p)::uuid
    from generate_series(1, ${plans}) p, generate_series(1, ${actionsPerPlan}) a`);
  await db.query(`
    insert into plan_changes (plan_id, actor_id, at, kind, details)
    select md5('plan' || p)::uuid, md5('person' || p)::uuid, now() - interval '95 days', 'created', '{}'::jsonb
    from generate_series(1, ${plans}) p`);
}

async function register(origin, email) {
  const res = await fetch(`${origin}/api/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: 'bench-password', firstName: 'Bench', lastName: 'Planner' }),
  });
  if (res.status !== 201) throw new Error(`register answered ${res.status}`);
  return res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
}

async function call(origin, cookie, method, path, body) {
  const res = await fetch(`${origin}${path}`, {
    method,
    headers: { cookie, ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  const text = await res.text();
  if (res.status >= 300) throw new Error(`${method} ${path} answered ${res.status}: ${text.slice(0, 200)}`);
  return JSON.parse(text);
}

/** Each request once, one after another (as one person meets them): p50/p95/p99 of their times. */
async function oneAtATime(origin, requests) {
  const times = [];
  for (const request of requests) {
    const started = performance.now();
    const res = await fetch(`${origin}${request.path}`, { headers: { cookie: request.cookie } });
    await res.arrayBuffer();
    if (res.status >= 300) throw new Error(`GET ${request.path} answered ${res.status}`);
    times.push(performance.now() - started);
  }
  const sorted = times.slice(20).sort((a, b) => a - b);
  return { p50: percentile(sorted, 50), p95: percentile(sorted, 95), p99: percentile(sorted, 99) };
}

/** 100 people make their plan through the API (a Check-Up, then the plan of eight actions); each plan page read five times, one at a time. */
async function measurePage(server) {
  const answers = Object.fromEntries(Array.from({ length: 20 }, (_, i) => [String(i + 1), 1 + (i % 4)]));
  const requests = [];
  for (let i = 0; i < 100; i++) {
    const email = `planner${i}@bench-plans.org`;
    const cookie = await register(server.origin, email);
    const result = await call(server.origin, cookie, 'POST', '/api/checkup-results', { email, answers });
    const plan = await call(server.origin, cookie, 'POST', '/api/plans', {
      source: { kind: 'checkup', resultId: result.id },
      actions: Array.from({ length: 8 }, (_, a) => ({ title: `Action ${a}`, pillar: a % 2 ? 'FUEL' : 'GEARS', note: 'A note' })),
    });
    for (let a = 0; a < 3; a++)
      await call(server.origin, cookie, 'PATCH', `/api/plans/${plan.id}/actions/${plan.actions[a].id}`, { version: 1, status: 'in-progress' });
    requests.push({ path: `/api/plans/${plan.id}`, cookie });
  }
  const times = await oneAtATime(server.origin, [...requests.slice(0, 20), ...requests, ...requests, ...requests, ...requests, ...requests]);
  console.log(`GET /api/plans/:id one at a time (100 plans of 8 actions, 500 reads): ${ms(times)}`);
  return {
    figures: times,
    checks: [
      {
        budget: `the plan page p95 < ${budgets.pageMs} ms (GET /api/plans/:id, one at a time)`,
        measured: `${times.p95.toFixed(1)} ms (p50 ${times.p50.toFixed(1)})`,
        status: times.p95 < budgets.pageMs ? 'PASS' : 'FAIL',
      },
    ],
  };
}

async function measureAdmin(server, db, url) {
  const email = `bench-admin-${Date.now()}@example.org`;
  const cookie = await register(server.origin, email);
  await db.query('update users set is_admin = true where email = $1', [email]);
  // The figures are computed by their job (every 15 minutes; at start they were over an empty database): a run queued now, and timed.
  const computeStarted = performance.now();
  const before = new Date();
  await queueRun(url, 'plan-figures');
  for (;;) {
    const { rows } = await db.query(`select computed_at from plan_figures where name = 'all'`);
    if (rows[0] && rows[0].computed_at > before) break;
    if (performance.now() - computeStarted > 600_000) throw new Error('the plan figures were not computed within 10 minutes');
    await sleep(100);
  }
  const computeS = (performance.now() - computeStarted) / 1000;
  console.log(`The admin's figures computed by their job over ${plans.toLocaleString()} plans in ${computeS.toFixed(1)} s (queued to stored)`);
  const sample = await call(server.origin, cookie, 'GET', '/api/admin/plans');
  if (!sample.actions || sample.pillars.every((p) => p.averageChange === null))
    throw new Error(`the admin's figures are empty: ${JSON.stringify(sample).slice(0, 300)}`);
  const times = [];
  for (let i = 0; i < 23; i++) {
    const started = performance.now();
    await call(server.origin, cookie, 'GET', '/api/admin/plans');
    times.push(performance.now() - started);
  }
  const sorted = times.slice(3).sort((a, b) => a - b);
  const t = { p50: percentile(sorted, 50), p95: percentile(sorted, 95), p99: percentile(sorted, 99) };
  console.log(`GET /api/admin/plans (${sample.plans.toLocaleString()} plans), 20 times: ${ms(t)}`);
  return {
    figures: { ...t, computeS },
    checks: [
      {
        budget: `the admin's figures < ${budgets.adminMs} ms (GET /api/admin/plans, p95 of 20; computed by their job every 15 minutes)`,
        measured: `${t.p95.toFixed(1)} ms (p50 ${t.p50.toFixed(1)}); the job's computation ${computeS.toFixed(1)} s`,
        status: t.p95 < budgets.adminMs ? 'PASS' : 'FAIL',
      },
    ],
  };
}

/** Queues a run of the reminder job as its cron tick would, from outside the servers. */
async function queueRun(url, name = job) {
  const boss = new PgBoss({ connectionString: url, schema: 'pgboss' });
  await boss.start();
  await boss.send(name, {});
  await boss.stop({ graceful: false, close: true });
}

const owners = (from, to) => `(select md5('plan' || p)::uuid from generate_series(${from}, ${to}) p)`;
const dueLeft = (db, from, to, mark) =>
  db
    .query(
      `select count(*)::int as n from plan_actions where plan_id in ${owners(from, to)} and position < 2 and status in ('planned', 'in-progress') and ${mark} is null`,
    )
    .then(({ rows }) => rows[0].n);
const pendingMail = (db) => db.query(`select count(*)::int as n from mail_outbox where status = 'pending'`).then(({ rows }) => rows[0].n);

async function drain(db, from, to, mark, started, timeoutS = 1800) {
  let claimedS;
  for (;;) {
    const left = await dueLeft(db, from, to, mark);
    if (left === 0 && claimedS === undefined) claimedS = (performance.now() - started) / 1000;
    if (left === 0 && (await pendingMail(db)) === 0) return { claimedS, deliveredS: (performance.now() - started) / 1000 };
    if ((performance.now() - started) / 1000 > timeoutS) throw new Error(`reminders not done after ${timeoutS} s: ${left} unclaimed`);
    await sleep(250);
  }
}

async function copies(sink, subject, expected) {
  const counted = await sink.count(subject);
  return { recipients: counted.recipients, twice: counted.duplicates.length, missing: expected - counted.recipients };
}

/**
 * A day's due actions: two of each of the first fifth of the plans made due in two days, one digest
 * per person. Then, with a second server, two of each of the next tenth made overdue, two runs
 * queued so both servers work, the first killed with SIGKILL once a third is claimed, one more run
 * queued as the next tick would: every digest must arrive, and a repeat only within what the
 * killed sender had accepted but not marked.
 */
async function measureReminders({ url, db, sink, start }) {
  const a = await start();
  await db.query(`update plan_actions set due_on = current_date + 2 where plan_id in ${owners(1, dueOwners)} and position < 2`);
  const started = performance.now();
  await queueRun(url);
  const times = await drain(db, 1, dueOwners, 'due_soon_handled_at', started);
  await sleep(2000);
  const first = await copies(sink, 'Your plan: 2 actions are due soon', dueOwners);
  console.log(
    `Digests (due soon): ${(dueOwners * 2).toLocaleString()} actions of ${dueOwners.toLocaleString()} people; claimed and stored in ${times.claimedS.toFixed(1)} s, delivered in ${times.deliveredS.toFixed(1)} s; ${first.recipients.toLocaleString()} received, ${first.twice} twice, ${first.missing} missing`,
  );

  const b = await start();
  const from = dueOwners + 1;
  const to = dueOwners + killOwners;
  await db.query(`update plan_actions set due_on = current_date - 1 where plan_id in ${owners(from, to)} and position < 2`);
  const killStarted = performance.now();
  await queueRun(url);
  await queueRun(url);
  while ((await dueLeft(db, from, to, 'overdue_handled_at')) > (killOwners * 2 * 2) / 3) await sleep(50);
  const { rows: running } = await db.query(`select count(*)::int as n from pgboss.job where name = $1 and state = 'active'`, [job]);
  process.kill(a.pid, 'SIGKILL');
  await queueRun(url);
  const killTimes = await drain(db, from, to, 'overdue_handled_at', killStarted);
  await sleep(2000);
  const second = await copies(sink, 'Your plan: 2 actions are overdue', killOwners);
  console.log(
    `Digests (overdue), a server killed mid-run (${running[0].n} runs active at the kill): ${killOwners.toLocaleString()} people; done in ${killTimes.deliveredS.toFixed(1)} s; ${second.recipients.toLocaleString()} received, ${second.twice} twice, ${second.missing} missing`,
  );
  await b.stop();
  const windowCopies = BULK_CONNECTIONS + Math.ceil((killOwners / killTimes.deliveredS) * 0.05);
  return {
    figures: { dueOwners, ...times, first, killed: { killOwners, ...killTimes, ...second } },
    checks: [
      {
        budget: `the reminder job over a day's due actions (${(dueOwners * 2).toLocaleString()}) < ${budgets.reminderS} s, none sent twice`,
        measured: `${times.claimedS.toFixed(1)} s to claim and store all (delivered in ${times.deliveredS.toFixed(1)} s); ${first.twice} twice, ${first.missing} missing`,
        status: times.claimedS < budgets.reminderS && first.twice === 0 && first.missing === 0 ? 'PASS' : 'FAIL',
      },
      {
        budget: `a server killed mid-run: none missing, twice ≤ the killed server's window (${windowCopies}: its ${BULK_CONNECTIONS} connections and 50 ms of marks, decisions 079, 081)`,
        measured: `${second.twice} twice, ${second.missing} missing of ${killOwners.toLocaleString()}`,
        status: second.twice <= windowCopies && second.missing === 0 ? 'PASS' : 'FAIL',
      },
    ],
  };
}

export async function runPlans() {
  console.log(`\n== Plans: ${plans.toLocaleString()} plans, ${(plans * actionsPerPlan).toLocaleString()} actions ==`);
  const database = await pickDatabase();
  if (database.kind !== 'postgres') throw new Error(`the plans' budgets are defined on PostgreSQL: ${database.reason}`);
  const own = await ownDatabase(database.url, 'bench_plans');
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
    // The first server migrates the database; nothing seeded is due, so its reminder runs find nothing.
    const first = await start();
    await db.connect();
    const seeded = performance.now();
    await seed(db);
    await db.query('vacuum analyze');
    console.log(`Seeded in ${((performance.now() - seeded) / 1000).toFixed(1)} s`);
    const page = await measurePage(first);
    const admin = await measureAdmin(first, db, own.url);
    await first.stop();
    const reminders = await measureReminders({ url: own.url, db, sink, start });
    const checks = [...page.checks, ...admin.checks, ...reminders.checks];
    printTable(
      ['budget', 'measured', 'status'],
      checks.map((c) => [c.budget, c.measured, c.status]),
    );
    return { figures: { page: page.figures, admin: admin.figures, reminders: reminders.figures }, checks };
  } finally {
    await db.end().catch(() => {});
    for (const server of servers) await server.stop().catch(() => {});
    sink.stop();
    await own.drop();
  }
}
