// (d) Admin at scale: seeds a PostgreSQL database of its own with 100k users, 200k
// newsletter signups, 1M check-ups, 100k contact messages, 10k allies and 2M usage events by
// generate_series (and the newest lists' tables, 100k rows each: admin-newest.mjs), then times every admin endpoint on the production server (p50/p95 of 20
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
import { forgetBenchSends, runNewest } from './admin-newest.mjs';

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
  // The newest admin lists, 100,000 rows each: bounces of one sent edition, suppressed addresses,
  // offers' applications and discounted charges, team plans with a seat each, follow-up enrolments
  // with the mail each step sent, and 100,000 subscribers who took the Check-Up (segments).
  [
    'edition_bounces',
    100_000,
    `insert into newsletter_editions (id, slug, title, body, status, started_at, sent_at)
      values ('00000000-0000-4000-8000-00000000b001', 'bench-bounced', 'Bench bounced edition', 'Read the [guide](https://example.org/guide).', 'sent', now(), now());
    insert into edition_links (edition_id, number, url) values ('00000000-0000-4000-8000-00000000b001', 1, 'https://example.org/guide');
    insert into edition_deliveries (edition_id, email, status, sent_at)
    select '00000000-0000-4000-8000-00000000b001', 'bounced' || i || '@example.org', 'sent', now() from generate_series(1, 100000) i;
    insert into edition_bounces (delivery_id, edition_id, email, kind, status, diagnostic, source, received_at)
    select id, edition_id, email, (array['hard', 'soft', 'complaint'])[1 + id % 3], '5.1.1', 'User unknown', (array['imap', 'webhook', 'smtp'])[1 + id % 3],
      now() - ((id % 180) || ' days')::interval - ((id % 86400) || ' seconds')::interval
    from edition_deliveries`,
  ],
  [
    'mail_suppressions',
    100_000,
    `insert into mail_suppressions (email, reason, created_at)
    select 'suppressed' || i || '@example.org', (array['Hard bounce: 5.1.1 User unknown', 'Complaint: abuse', '3 soft bounces within 30 days, the last: 4.2.2 Mailbox full'])[1 + i % 3], now() - ((i % 180) || ' days')::interval - ((i % 86400) || ' seconds')::interval
    from generate_series(1, 100000) i`,
  ],
  [
    'offer_redemptions and billing_charges',
    200_000,
    `insert into offers (code, label, kind, percent_off, duration, applies_to, requires_approval, created_at)
    select 'BENCH' || i, 'Bench offer ' || i, 'percent', 10 + i, 'once', 'both', i % 2 = 0, now() - (i || ' days')::interval from generate_series(1, 20) i;
    insert into offer_redemptions (offer_id, user_id, status, created_at)
    select o.id, u.id, (array['requested', 'approved', 'refused', 'redeemed'])[1 + u.n % 4], u.created_at
    from (select id, created_at, row_number() over (order by id) as n from users) u
    join (select id, row_number() over (order by code) - 1 as k from offers) o on o.k = u.n % 20;
    insert into billing_charges (id, user_id, provider, provider_subscription_id, plan, amount_cents, currency, paid_at, discount_cents, offer_id)
    select 'in_bench_' || r.user_id, r.user_id, 'test', 'sub_bench_' || r.user_id, 'monthly', 1710, 'usd', r.created_at, 190, r.offer_id
    from offer_redemptions r`,
  ],
  [
    'teams',
    100_000,
    `insert into subscriptions (user_id, provider, provider_subscription_id, plan, status, current_period_end, seats, created_at)
    select id, 'test', 'team_' || id, 'monthly', 'active', now() + interval '20 days', 5, created_at from users;
    insert into teams (subscription_id, owner_id, created_at) select id, user_id, created_at from subscriptions where seats is not null;
    insert into team_seats (team_id, user_id, joined_at) select id, owner_id, created_at from teams`,
  ],
  [
    'follow_up_enrolments',
    100_000,
    `insert into follow_up_sequences (name, target_kind, target, active, steps, first_delay_days)
    select 'Bench ' || p, 'pillar', p, true,
      (select jsonb_agg(jsonb_build_object('id', gen_random_uuid(), 'delayDays', s, 'subject', 'Step ' || s, 'body', 'Body', 'bodyHtml', '<p>Body</p>',
        'linkGuide', false, 'linkResources', false, 'linkAllies', false) order by s) from generate_series(1, 3) s where p is not null), 1
    from unnest(array['IMPACT', 'HUMANS', 'FUEL', 'GEARS', 'FUTURE']) p;
    insert into follow_up_enrolments (sequence_id, result_id, email, pillar, steps_sent, next_due_at, stopped_at, stop_reason, created_at)
    select s.id, r.id, r.email, s.target, r.n % 4, now() + interval '365 days', case when r.n % 4 = 3 then now() end,
      case when r.n % 4 = 3 then (array['finished', 'unsubscribed', 'retake'])[1 + r.n % 3] end, r.created_at
    from (select id, email, created_at, row_number() over (order by email) as n from (select distinct on (email) id, email, created_at from checkup_results order by email) d limit 100000) r
    join (select id, target, row_number() over (order by target) - 1 as k from follow_up_sequences) s on s.k = r.n % 5;
    insert into mail_outbox (id, "to", subject, text, status, attempts, created_at, sent_at, topic)
    select md5('bench-follow-up-' || e.id)::uuid, e.email, 'Step', 'Body', (array['sent', 'sent', 'sent', 'failed'])[1 + abs(hashtext(e.id::text)) % 4], 1, e.created_at, e.created_at,
      'follow-up-step:' || (s.steps -> (abs(hashtext(e.id::text)) % 3) ->> 'id')
    from follow_up_enrolments e join follow_up_sequences s on s.id = e.sequence_id;
    insert into told_once (topic, email, details, created_at)
    select 'follow-up-step:' || (s.steps -> (abs(hashtext(e.id::text)) % 3) ->> 'id'), e.email, jsonb_build_object('enrolmentId', e.id::text), e.created_at
    from follow_up_enrolments e join follow_up_sequences s on s.id = e.sequence_id`,
  ],
  [
    'newsletter_signups with Check-Ups',
    100_000,
    `insert into newsletter_signups (email, name, organization, source, created_at)
    select 'quiz' || i || '@example.org', 'Quiz taker ' || i, 'Org ' || (i % 900), 'checkup', now() - ((i % 180) || ' days')::interval
    from generate_series(1, 100000) i;
    insert into newsletter_segments (name, filter)
    values ('Bench weakest FUEL or GEARS', '{"plans": [], "sources": [], "weakestPillars": ["FUEL", "GEARS"], "grades": [], "signedUpFrom": null, "signedUpTo": null}'),
      ('Bench grade C or D, from the Check-Up', '{"plans": [], "sources": ["checkup"], "weakestPillars": [], "grades": ["C", "D"], "signedUpFrom": null, "signedUpTo": null}')`,
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
    } else {
      const forgotten = await forgetBenchSends(db);
      if (forgotten) console.log(`  deleted ${forgotten} editions left by earlier runs' segment sends, then VACUUM ANALYZE`);
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
    // Taken once the member is registered: their password's hash holds 128 MB while it runs, which
    // counted as the export's growth when the figure was taken before it (+128 MB beside +0 MB).
    const before = rssMb(server.pid);
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
    const newest = await runNewest({ server, db, cookie, time: (path) => time(server.origin, path, cookie) });
    figures.newest = newest.figures;
    checks.push(...newest.checks);
    return { figures, checks };
  } finally {
    await db.end().catch(() => {});
    await server.stop();
  }
}
