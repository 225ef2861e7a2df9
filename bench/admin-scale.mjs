// (d) Admin at scale: seeds a PostgreSQL database of its own with 100k users, 200k
// newsletter signups, 1M check-ups, 100k contact messages, 10k allies and 2M usage events by
// generate_series, then times every admin endpoint on the production server (p50/p95 of 20
// sequential requests after a warm-up) and streams the 1M-row check-up CSV, sampling the
// server's resident memory. Budgets: pages, searches and summary < 50 ms p95; export > 100k
// rows/s with < 50 MB memory growth. BENCH_ADMIN_DATABASE_URL picks the database (it is dropped
// and recreated on every run); BENCH_ADMIN_KEEP=1 reuses an already seeded one.
import pg from 'pg';
import { benchServerEnv, clientDir, serverEntry } from './config.mjs';
import { redact } from './database.mjs';
import { probeRows, rssMb, staticAsset, startProbes } from './probe.mjs';
import { freePort, startProcess } from './server-process.mjs';
import { printTable } from './table.mjs';

const databaseUrl = process.env.BENCH_ADMIN_DATABASE_URL ?? 'postgres://app:app@127.0.0.1:5432/app_bench_admin';
const keep = process.env.BENCH_ADMIN_KEEP === '1';
const samples = 20;
const pageBudgetMs = 50;
const exportRowsBudget = 100_000;
const exportMemoryBudgetMb = 50;

const seed = [
  [
    'users',
    100_000,
    `insert into users (email, first_name, last_name, name, is_premium, created_at)
    select 'user' || i || '@example.org', 'First' || (i % 5000), 'Last' || (i % 7000), 'User ' || i, i % 10 = 0,
      now() - ((i % 180) || ' days')::interval - ((i % 1440) || ' minutes')::interval
    from generate_series(1, 100000) i`,
  ],
  [
    'newsletter_signups',
    200_000,
    `insert into newsletter_signups (email, name, organization, created_at, outreach_completed)
    select case when i % 4 = 0 then 'user' || (i / 4) || '@example.org' else 'news' || i || '@example.org' end, 'Reader ' || i, 'Org ' || (i % 900),
      now() - ((i % 180) || ' days')::interval - ((i % 1440) || ' minutes')::interval, i % 3 = 0
    from generate_series(1, 200000) i`,
  ],
  [
    'community_signups',
    20_000,
    `insert into community_signups (email, name, organization, signup_type, created_at)
    select 'member' || i || '@example.org', 'Member ' || i, 'Org ' || (i % 900), 'slack', now() - ((i % 180) || ' days')::interval
    from generate_series(1, 20000) i`,
  ],
  [
    'checkup_results',
    1_000_000,
    `insert into checkup_results (email, score, total_score, category_scores, answers, created_at)
    select 'quiz' || (i % 300000) || '@example.org', s, s,
      jsonb_build_object('IMPACT', 4 + i % 13, 'HUMANS', 4 + (i / 3) % 13, 'FUEL', 4 + (i / 7) % 13, 'GEARS', 4 + (i / 11) % 13, 'FUTURE', 4 + (i / 13) % 13),
      '{}'::jsonb, now() - ((i % 180) || ' days')::interval - ((i % 86400) || ' seconds')::interval
    from (select i, 20 + (i * 7) % 61 as s from generate_series(1, 1000000) i) g
    -- Oldest first, as attempts arrive: each is numbered as it is inserted (migration 0026), none renumbered after.
    order by 6`,
  ],
  [
    'contact_messages',
    100_000,
    `insert into contact_messages (name, email, organization, contact_type, subject, message, status, created_at)
    select 'Writer ' || i, 'writer' || i || '@example.org', 'Org ' || (i % 900), 'support', 'Subject ' || i, 'Message number ' || i,
      (array['new', 'contacted', 'resolved'])[1 + i % 3], now() - ((i % 180) || ' days')::interval
    from generate_series(1, 100000) i`,
  ],
  [
    'allies',
    10_000,
    `insert into allies (name, category, description, submitter_email, approved, created_at)
    select 'Ally ' || i, (array['Impact', 'Humans', 'Fuel', 'Gears', 'Future'])[1 + i % 5], repeat('Helps nonprofits. ', 10),
      'vendor' || i || '@example.org', i % 2 = 0, now() - ((i % 180) || ' days')::interval
    from generate_series(1, 10000) i`,
  ],
  [
    'subscriptions',
    10_000,
    `insert into subscriptions (user_id, provider, provider_subscription_id, plan, status, created_at)
    select id, 'test', 'sub_' || id, 'monthly', 'active', created_at from users where is_premium`,
  ],
  [
    'usage_events',
    2_000_000,
    `insert into usage_events (kind, path, created_at)
    select (array['page_view', 'page_view', 'page_view', 'page_view', 'page_view', 'quiz_start', 'quiz_start', 'quiz_complete', 'community_signup', 'premium_signup'])[1 + i % 10],
      '/', now() - ((i % 180) || ' days')::interval - ((i % 86400) || ' seconds')::interval
    from generate_series(1, 2000000) i`,
  ],
];

async function recreateDatabase() {
  const target = new URL(databaseUrl);
  const name = target.pathname.slice(1);
  if (!/^[a-z0-9_]+$/.test(name)) throw new Error(`Refusing an unusual database name: ${name}`);
  const admin = new pg.Client({ connectionString: Object.assign(new URL(databaseUrl), { pathname: '/postgres' }).toString() });
  await admin.connect();
  try {
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.query(`create database ${name}`);
  } finally {
    await admin.end();
  }
}

const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];

async function time(origin, path, cookie) {
  for (let i = 0; i < 3; i += 1) await (await fetch(`${origin}${path}`, { headers: { cookie } })).arrayBuffer();
  const times = [];
  for (let i = 0; i < samples; i += 1) {
    const start = performance.now();
    const res = await fetch(`${origin}${path}`, { headers: { cookie } });
    await res.arrayBuffer();
    if (!res.ok) throw new Error(`${path} answered ${res.status}`);
    times.push(performance.now() - start);
  }
  times.sort((a, b) => a - b);
  return { p50: percentile(times, 50), p95: percentile(times, 95) };
}

export async function runAdminScale() {
  console.log('\n== Admin at scale ==');
  console.log(`Database: ${redact(databaseUrl)}${keep ? ' (reused)' : ' (recreated)'}`);
  if (!keep) await recreateDatabase();
  const port = String(await freePort());
  const server = await startProcess({
    script: serverEntry,
    env: { ...benchServerEnv, DATABASE_URL: databaseUrl, HOST: '127.0.0.1', PORT: port, PUBLIC_URL: `http://localhost:${port}`, CLIENT_DIR: clientDir },
    readyPath: '/readyz',
    timeoutMs: 120_000,
  });
  const db = new pg.Client({ connectionString: databaseUrl });
  await db.connect();
  const figures = { seed: {}, endpoints: {}, export: {} };
  const checks = [];
  try {
    if (!keep) {
      const seedStart = performance.now();
      for (const [table, rows, statement] of seed) {
        const start = performance.now();
        await db.query(statement);
        figures.seed[table] = { rows, seconds: (performance.now() - start) / 1000 };
        console.log(`  seeded ${table}: ${rows.toLocaleString()} rows in ${figures.seed[table].seconds.toFixed(1)} s`);
      }
      // VACUUM sets the visibility map, as autovacuum would by now in production: index-only scans for deep pages.
      await db.query('vacuum analyze');
      figures.seed.totalSeconds = (performance.now() - seedStart) / 1000;
      console.log(`  seeding and VACUUM ANALYZE: ${figures.seed.totalSeconds.toFixed(1)} s`);
      checks.push({
        budget: 'admin seed < 180 s',
        measured: `${figures.seed.totalSeconds.toFixed(0)} s`,
        status: figures.seed.totalSeconds < 180 ? 'PASS' : 'FAIL',
      });
    }

    const email = `bench-admin-${Date.now()}@example.org`;
    const registered = await fetch(`${server.origin}/api/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password: 'bench-password', firstName: 'Bench', lastName: 'Admin' }),
    });
    if (registered.status !== 201) throw new Error(`register answered ${registered.status}`);
    const cookie = registered.headers
      .getSetCookie()
      .map((c) => c.split(';')[0])
      .join('; ');
    await db.query('update users set is_admin = true where email = $1', [email]);

    const endpoints = [
      ['users, first page', '/api/admin/users', true],
      ['users, page 2000 (offset 50k)', '/api/admin/users?page=2000', true],
      ['users, search', '/api/admin/users?search=user4242', true],
      ['users, sort by email', '/api/admin/users?sort=email', true],
      ['newsletters, first page', '/api/admin/newsletters', true],
      ['newsletters, search', '/api/admin/newsletters?search=reader 1999', true],
      ['check-ups, first page', '/api/admin/checkups', true],
      ['check-ups, page 4000 (offset 100k)', '/api/admin/checkups?page=4000', true],
      ['check-ups, page 39999 (offset 1M)', '/api/admin/checkups?page=39999', false],
      ['check-ups, search', '/api/admin/checkups?search=quiz12345', true],
      ['check-ups, sort by score', '/api/admin/checkups?sort=-score', true],
      ['contacts, search', '/api/admin/contacts?search=writer777', true],
      // Inside values (trigram indexes, decision 027): a part of an address, and a domain every row has.
      ['users, inside a value', '/api/admin/users?search=ser4242%40', true],
      ['check-ups, inside a value', '/api/admin/checkups?search=iz12345%40', true],
      ['contacts, inside a value', '/api/admin/contacts?search=riter777%40', true],
      ['newsletters, a domain in every row', '/api/admin/newsletters?search=%40example.org', false],
      ['contacts, status new', '/api/admin/contacts?status=new', true],
      ['allies, pending', '/api/admin/allies?status=pending', true],
      ['summary', '/api/admin/summary', true],
      ['recent activity', '/api/admin/activity', true],
      ['charts', '/api/admin/charts', false],
      ['funnel', '/api/admin/funnel', false],
    ];
    const rows = [];
    for (const [name, path, budgeted] of endpoints) {
      const t = await time(server.origin, path, cookie);
      figures.endpoints[name] = t;
      rows.push([name, t.p50.toFixed(1), t.p95.toFixed(1), budgeted ? `< ${pageBudgetMs}` : 'measured']);
      if (budgeted)
        checks.push({ budget: `admin ${name} p95 < ${pageBudgetMs} ms`, measured: `${t.p95.toFixed(1)} ms`, status: t.p95 < pageBudgetMs ? 'PASS' : 'FAIL' });
    }
    printTable(['endpoint', 'p50 ms', 'p95 ms', 'budget ms'], rows);

    const before = rssMb(server.pid);
    // A member browsing during the export: the probes time a static asset and GET /api/user, and sample memory.
    const member = await fetch(`${server.origin}/api/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: `probe.${Date.now()}@example.org`, password: 'probe-password-1', firstName: 'Probe', lastName: 'Member' }),
    });
    const memberCookie = member.headers
      .getSetCookie()
      .map((c) => c.split(';')[0])
      .join('; ');
    const asset = staticAsset(clientDir);
    const probes = startProbes({ origin: server.origin, pid: server.pid, cookie: memberCookie, asset });
    const start = performance.now();
    const res = await fetch(`${server.origin}/api/admin/checkups.csv`, { headers: { cookie, 'accept-encoding': 'identity' } });
    let lines = 0;
    for await (const chunk of res.body) for (const byte of chunk) if (byte === 10) lines += 1;
    const seconds = (performance.now() - start) / 1000;
    const probed = await probes.stop();
    const peak = probed.peakRssMb;
    console.log('\nDuring the CSV export:');
    printTable(['request', 'samples', 'p50 ms', 'p99 ms', 'max ms'], probeRows(probed, asset));
    checks.push({
      budget: 'GET /api/user p99 < 100 ms during the 1M-row CSV export',
      measured: `${probed.user.p99.toFixed(0)} ms`,
      status: probed.user.p99 < 100 ? 'PASS' : 'FAIL',
    });
    checks.push({
      budget: 'peak server memory < 600 MB during the 1M-row CSV export',
      measured: `${peak.toFixed(0)} MB`,
      status: peak < 600 ? 'PASS' : 'FAIL',
    });
    const exported = lines - 1;
    const rate = exported / seconds;
    const growth = peak - before;
    figures.export = { rows: exported, seconds, rowsPerSecond: rate, rssBeforeMb: before, rssPeakMb: peak, growthMb: growth, probes: probed };
    console.log(
      `\nCSV export of check-ups: ${exported.toLocaleString()} rows in ${seconds.toFixed(1)} s = ${Math.round(rate).toLocaleString()} rows/s; server RSS ${before.toFixed(0)} → peak ${peak.toFixed(0)} MB (+${growth.toFixed(0)} MB)`,
    );
    checks.push({
      budget: `admin CSV export > ${exportRowsBudget.toLocaleString()} rows/s`,
      measured: `${Math.round(rate).toLocaleString()} rows/s (${exported.toLocaleString()} rows)`,
      status: rate > exportRowsBudget ? 'PASS' : 'FAIL',
    });
    checks.push({
      budget: `admin CSV export memory growth < ${exportMemoryBudgetMb} MB`,
      measured: `+${growth.toFixed(0)} MB`,
      status: growth < exportMemoryBudgetMb ? 'PASS' : 'FAIL',
    });
    return { figures, checks };
  } finally {
    await db.end().catch(() => {});
    await server.stop();
  }
}
