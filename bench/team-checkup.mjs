// The team Check-Up at scale: seeds a PostgreSQL database of its own with 10,000 team plans, two
// rounds each (an older closed one with figures, an open one) and 100,000 invitations (5 a round),
// then measures against the budgets of docs/benchmarks.md: the result's data p95 < 50 ms and
// saving an answer p95 < 30 ms (one request at a time, as the organiser and from personal links),
// the reminder job over the 100,000 invitations < 60 s with none reminded twice (two runs at once,
// as two servers would), and the server's memory growth < 50 MB over the answers and results (the
// job's own process is printed beside: it holds tsx and the source it compiled).
// The reminder job runs the source (tsx) in this process against the same database: a server runs
// it only every 15 minutes. BENCH_DATABASE_URL (or the other benches' choice) names the server;
// the database is the bench's own, dropped after.
import { createHash, createHmac } from 'node:crypto';
import pg from 'pg';
import { tsImport } from 'tsx/esm/api';
import { benchServerEnv, clientDir, serverEntry } from './config.mjs';
import { ownDatabase, pickDatabase, redact } from './database.mjs';
import { rssMb } from './probe.mjs';
import { freePort, startProcess } from './server-process.mjs';
import { printTable } from './table.mjs';

const teams = 10_000;
const perRound = 5;
const measuredRounds = 100;
const resultRequests = 500;
const resultBudgetMs = 50;
const answerBudgetMs = 30;
const reminderBudgetS = 60;
const memoryBudgetMb = 50;

// Each team: a buyer with a live monthly plan of 6 seats; its older round closed 40 days ago with
// every invitation answered, its open round started 11 days ago, closing in 2 days, its reminder
// three days before the close made due just before the job is measured (so the server's own job,
// every quarter of an hour, finds nothing due while answers and results are measured). Addresses
// are the bench's own domains.
const seedStatement = `
  with owners as (
    insert into users (email, first_name, last_name, email_verified_at)
    select 'owner' || t || '@bench-team' || t || '.ngo', 'Owner', 'Team ' || t, now() - interval '1 year' from generate_series(0, ${teams - 1}) t
    returning id
  ), plans as (
    insert into subscriptions (user_id, provider, provider_subscription_id, plan, status, seats)
    select id, 'local', 'sub_bench_' || id, 'monthly', 'active', 6 from owners
    returning id, user_id
  ), team_rows as (
    insert into teams (subscription_id, owner_id) select id, user_id from plans returning id, owner_id
  ), round_rows as (
    insert into team_checkup_rounds (team_id, name, organiser_id, started_at, closes_at, closed_at, remind_before_at, remind_last_day_at)
    select id, 'Autumn review', owner_id, now() - interval '60 days', now() - interval '40 days', now() - interval '40 days',
      now() - interval '43 days', now() - interval '40 days 12 hours' from team_rows
    union all
    select id, 'Spring board retreat', owner_id, now() - interval '11 days', now() + interval '2 days', null,
      now() + interval '1 day', now() + interval '1 day 12 hours' from team_rows
    returning id, closed_at
  )
  insert into team_checkup_invitations (round_id, email, token_hash, invited_at, answers, role, answered_at)
  select r.id, 'person' || p || '.' || r.id || '@bench-people.ngo', encode(sha256(convert_to(r.id || ':' || p, 'UTF8')), 'hex'),
    now() - interval '61 days',
    case when r.closed_at is null then null else (select jsonb_object_agg(q::text, 1 + (p + q) % 4) from generate_series(1, 20) q) end,
    case when r.closed_at is null then null else (array['staff', 'board', 'volunteer'])[1 + p % 3] end,
    case when r.closed_at is null then null else now() - interval '45 days' end
  from round_rows r, generate_series(1, ${perRound}) p`;

const timing = (times) => {
  const sorted = [...times].sort((a, b) => a - b);
  const at = (p) => sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))];
  return { p50: at(50), p95: at(95), p99: at(99), n: sorted.length };
};
const ms = (t) => `p50 ${t.p50.toFixed(1)} ms, p95 ${t.p95.toFixed(1)} ms, p99 ${t.p99.toFixed(1)} ms (${t.n} requests)`;

async function register(origin, email) {
  const res = await fetch(`${origin}/api/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: 'bench-password-1', firstName: 'Bench', lastName: 'Organiser' }),
  });
  if (res.status !== 201) throw new Error(`register answered ${res.status}`);
  const cookie = res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
  return { cookie, id: (await res.json()).id };
}

export async function runTeamCheckup() {
  console.log('\n== The team Check-Up at 10,000 teams and 100,000 invitations ==');
  const database = await pickDatabase();
  if (database.kind !== 'postgres') throw new Error(`the team Check-Up budgets are defined on PostgreSQL: ${database.reason}`);
  const own = await ownDatabase(database.url, 'bench_team_checkup');
  console.log(`Database: ${redact(own.url)} (on the server of ${database.source}; dropped after)`);
  let server;
  let handle;
  const db = new pg.Client({ connectionString: own.url });
  try {
    const port = String(await freePort());
    server = await startProcess({
      script: serverEntry,
      env: {
        ...benchServerEnv,
        DATABASE_URL: own.url,
        HOST: '127.0.0.1',
        PORT: port,
        PUBLIC_URL: `http://localhost:${port}`,
        CLIENT_DIR: clientDir,
        // A closed port: the 50,000 reminders stored here are not delivered (nor written to a mail folder) by the server's mail-outbox job.
        SMTP_URL: 'smtp://127.0.0.1:9',
      },
      readyPath: '/readyz',
      timeoutMs: 120_000,
    });
    await db.connect();
    const seedStart = performance.now();
    await db.query(seedStatement);
    await db.query('vacuum analyze');
    const seedSeconds = (performance.now() - seedStart) / 1000;
    const [{ n: invitations }] = (await db.query('select count(*)::int as n from team_checkup_invitations')).rows;
    console.log(
      `Seeded ${teams.toLocaleString()} teams, ${(2 * teams).toLocaleString()} rounds and ${invitations.toLocaleString()} invitations in ${seedSeconds.toFixed(1)} s`,
    );

    // The personal links of 3 invitations in each of 100 open rounds: the tokens the mails would carry (an HMAC of the id under the site's key).
    const key = Buffer.from((await db.query(`select value from site_secrets where name = 'link-signing-key'`)).rows[0].value, 'base64url');
    const picked = (
      await db.query(
        `select i.id, i.round_id from team_checkup_invitations i join team_checkup_rounds r on r.id = i.round_id
         where r.closed_at is null and i.round_id in (select id from team_checkup_rounds where closed_at is null order by id limit $1)
         order by i.round_id, i.id`,
        [measuredRounds],
      )
    ).rows.filter((_, index) => index % perRound < 3);
    const tokens = picked.map((row) => ({ ...row, token: createHmac('sha256', key).update(`team-checkup-link\n${row.id}`).digest('base64url') }));
    for (const row of tokens)
      await db.query('update team_checkup_invitations set token_hash = $1 where id = $2', [createHash('sha256').update(row.token).digest('hex'), row.id]);
    const organiser = await register(server.origin, `bench-organiser-${Date.now()}@example.org`);
    const roundIds = [...new Set(picked.map((row) => row.round_id))];
    await db.query('update team_checkup_rounds set organiser_id = $1 where id = any($2)', [organiser.id, roundIds]);

    const rssBefore = rssMb(server.pid);
    let rssPeak = rssBefore;
    const sampler = setInterval(() => (rssPeak = Math.max(rssPeak, rssMb(server.pid))), 100);

    // Saving an answer: each link's 20 answers and role, one request at a time; the third in a round draws its figures.
    const answerTimes = [];
    for (const [index, row] of tokens.entries()) {
      const answers = Object.fromEntries(Array.from({ length: 20 }, (_, q) => [String(q + 1), 1 + ((index + q) % 4)]));
      const started = performance.now();
      const res = await fetch(`${server.origin}/api/team-checkup/links/${row.token}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ answers, role: ['staff', 'board', 'volunteer'][index % 3] }),
      });
      await res.arrayBuffer();
      answerTimes.push(performance.now() - started);
      if (res.status !== 200) throw new Error(`an answer was refused: ${res.status}`);
    }
    // The older rounds get figures like these (a round's previous one is shown beside it).
    const figures = (await db.query('select shown_figures from team_checkup_rounds where shown_figures is not null limit 1')).rows[0].shown_figures;
    await db.query(`update team_checkup_rounds set shown_figures = $1 where closed_at is not null`, [figures]);

    // The result's data, as the organiser, one request at a time over the measured rounds.
    const resultTimes = [];
    for (let i = 0; i < resultRequests; i++) {
      const started = performance.now();
      const res = await fetch(`${server.origin}/api/team/checkup/rounds/${roundIds[i % roundIds.length]}/result`, { headers: { cookie: organiser.cookie } });
      const body = await res.json();
      resultTimes.push(performance.now() - started);
      if (res.status !== 200 || !body.figures || !body.previous) throw new Error(`a result came back without figures: ${res.status}`);
    }
    clearInterval(sampler);
    const rssAfter = rssMb(server.pid);

    // The reminder job, run twice at once as two servers would, over every invitation.
    const { openDatabase } = await tsImport('../server/db/client.ts', import.meta.url);
    const { createMailQueue } = await tsImport('../server/mail/mail-queue.ts', import.meta.url);
    const { sendRoundReminders } = await tsImport('../server/features/team-checkup/reminders.ts', import.meta.url);
    handle = await openDatabase({ url: own.url, poolSize: 4 });
    const stored = createMailQueue(handle.db, { description: 'none', deliver: async () => {}, useLogger: () => {} });
    // Stored only: delivering is the mail queue's work (decision 034), measured by the newsletter bench.
    const ctx = {
      db: handle.db,
      env: { PUBLIC_URL: 'https://hub.example.org', SITE_TIMEZONE: 'America/New_York' },
      mailQueue: { ...stored, deliverNow: () => {} },
    };
    await db.query(`update team_checkup_rounds set remind_before_at = now() - interval '1 hour' where closed_at is null`);
    const due = (
      await db.query(
        `select count(*)::int as n from team_checkup_invitations i join team_checkup_rounds r on r.id = i.round_id
         where r.closed_at is null and i.answered_at is null and i.withdrawn_at is null and i.reminded_before_at is null`,
      )
    ).rows[0].n;
    const heapBefore = process.memoryUsage().rss / 2 ** 20;
    const jobStart = performance.now();
    const sent = await Promise.all([sendRoundReminders(ctx), sendRoundReminders(ctx)]);
    const jobSeconds = (performance.now() - jobStart) / 1000;
    const jobGrowthMb = process.memoryUsage().rss / 2 ** 20 - heapBefore;
    const [{ twice, mails }] = (
      await db.query(
        `select count(*) filter (where n > 1)::int as twice, coalesce(sum(n), 0)::int as mails
         from (select lower("to") as address, count(*) as n from mail_outbox where subject like 'A reminder%' or subject like 'Last day%' group by 1) per`,
      )
    ).rows;
    const answer = timing(answerTimes);
    const result = timing(resultTimes);
    const growth = Math.max(rssPeak, rssAfter) - rssBefore;
    printTable(
      ['Measurement', 'Figure'],
      [
        ['Saving an answer (20 statements and a role)', ms(answer)],
        [`The result's data, as the organiser`, ms(result)],
        [
          'Reminder job, two runs at once',
          `${jobSeconds.toFixed(1)} s for ${due.toLocaleString()} due of ${invitations.toLocaleString()} invitations; runs here sent ${sent.join(' + ')}, the server's own job the rest`,
        ],
        ['Reminders stored, addresses reminded twice', `${mails.toLocaleString()}, ${twice}`],
        [
          'Server memory over answers and results',
          `${rssBefore.toFixed(0)} MB before, ${Math.max(rssPeak, rssAfter).toFixed(0)} MB peak (+${growth.toFixed(0)} MB)`,
        ],
        [
          "Reminder job: this process's resident memory (tsx and its caches included; not a budget)",
          `${jobGrowthMb >= 0 ? '+' : ''}${jobGrowthMb.toFixed(0)} MB`,
        ],
      ],
    );
    return {
      figures: {
        seedSeconds,
        invitations,
        answer,
        result,
        reminders: { seconds: jobSeconds, due, sent, mails, twice },
        memory: { rssBefore, rssPeak, rssAfter, growth, jobGrowthMb },
      },
      checks: [
        {
          budget: `team Check-Up saving an answer p95 < ${answerBudgetMs} ms`,
          measured: `${answer.p95.toFixed(1)} ms`,
          status: answer.p95 < answerBudgetMs ? 'PASS' : 'FAIL',
        },
        {
          budget: `team Check-Up result p95 < ${resultBudgetMs} ms`,
          measured: `${result.p95.toFixed(1)} ms`,
          status: result.p95 < resultBudgetMs ? 'PASS' : 'FAIL',
        },
        {
          budget: `team Check-Up reminder job over ${invitations.toLocaleString()} invitations < ${reminderBudgetS} s, none sent twice`,
          measured: `${jobSeconds.toFixed(1)} s, ${mails.toLocaleString()} of ${due.toLocaleString()} due, ${twice} twice`,
          status: jobSeconds < reminderBudgetS && twice === 0 && mails === due ? 'PASS' : 'FAIL',
        },
        {
          budget: `team Check-Up server memory growth < ${memoryBudgetMb} MB over the answers and results`,
          measured: `+${growth.toFixed(0)} MB`,
          status: growth < memoryBudgetMb ? 'PASS' : 'FAIL',
        },
      ],
    };
  } finally {
    await handle?.close().catch(() => {});
    await db.end().catch(() => {});
    await server?.stop();
    await own.drop();
  }
}
