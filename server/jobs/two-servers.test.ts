import { createServer } from 'node:net';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTransport, type Transport } from '../mail/transport';
import { createMailQueue } from '../mail/mail-queue';
import { scratchPostgres, startTestApp, type TestApp } from '../test/app';
import { callApp } from '../test/call-app';
import { uniqueEmail } from '../test/unique-email';
import { startSmtpCapture } from '../test/smtp';
import { startJobRunner } from './runner';
import { signInEveryone } from '../test/identities';
import { deliverDueEditions } from '../test/deliver-editions';
import { reservedPerRoundTrip } from '../mail/rate-gate';
import { mailOutboxJob } from '../schedule';

/**
 * Several servers on one PostgreSQL behave as one site: rate limits are counted together,
 * scheduled work runs once, and an email queued while the mail server is down is sent once
 * when it is back. Two apps on one database need a database server, so this runs on
 * PostgreSQL only (the embedded database belongs to one process by design).
 */
const onPostgres = process.env.TEST_DB === 'postgres';
const run = Math.random().toString(36).slice(2, 8);

const rowsOf = async (query: Promise<unknown>) => ((await query) as { rows: Record<string, unknown>[] }).rows;

const closedPort = () =>
  new Promise<number>((resolve) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });

describe.runIf(onPostgres)('two servers on one PostgreSQL', () => {
  let a: TestApp;
  let b: TestApp;
  // A database of their own: their mail-outbox jobs send every due email in the database they share,
  // which on the shared test database would take other test files' emails to this file's servers.
  let scratch: Awaited<ReturnType<typeof scratchPostgres>>;
  beforeAll(async () => {
    scratch = await scratchPostgres();
    const shared = { rateLimitKeyPrefix: `two-servers-${run}|`, databaseUrl: scratch.url };
    [a, b] = await Promise.all([startTestApp({ RATE_LIMIT_FORMS_PER_HOUR: '6' }, shared), startTestApp({ RATE_LIMIT_FORMS_PER_HOUR: '6' }, shared)]);
  });
  afterAll(async () => {
    await Promise.all([a?.close(), b?.close()]);
    await scratch?.drop();
  });

  it('count one rate limit across both', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 10; i += 1) {
      const server = i % 2 ? b : a;
      const res = await callApp(`${server.url}/api/contact`, 'POST', {
        body: { name: 'Ada', email: uniqueEmail('limit'), contactType: 'other', message: `Message ${i}` },
      });
      statuses.push(res.status);
    }
    expect(statuses.filter((s) => s === 201)).toHaveLength(6);
    expect(statuses.filter((s) => s === 429)).toHaveLength(4);
  });

  it('count failed sign-ins for one email across both', async () => {
    const email = uniqueEmail('lockout');
    expect((await callApp(`${a.url}/api/register`, 'POST', { body: { email, password: 'right-password-1', firstName: 'Lock', lastName: 'Out' } })).status).toBe(
      201,
    );
    // The default limit is 5 failures per email and address: alternate servers for the five.
    for (let i = 0; i < 5; i += 1) {
      const res = await callApp(`${(i % 2 ? b : a).url}/api/login`, 'POST', { body: { email, password: `wrong-password-${i}` } });
      expect(res.status).toBe(401);
    }
    for (const server of [a, b]) {
      const res = await callApp(`${server.url}/api/login`, 'POST', { body: { email, password: 'right-password-1' } });
      expect(res.status).toBe(429);
      expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
    }
  });

  it('run a job that both are asked to run at once exactly once', async () => {
    let runs = 0;
    const job = { name: `once-${run}`, cron: '0 0 1 1 *', run: async () => void (runs += 1) };
    const [runnerA, runnerB] = await Promise.all([startJobRunner(a.ctx.database, [job], a.app.log), startJobRunner(b.ctx.database, [job], b.app.log)]);
    try {
      // The ten requests fall in one clock minute, as the servers' cron monitors do for one tick.
      if (new Date().getSeconds() > 50) await new Promise((r) => setTimeout(r, (61 - new Date().getSeconds()) * 1000));
      await Promise.all(Array.from({ length: 10 }, (_, i) => (i % 2 ? runnerB : runnerA).trigger(job.name)));
      const deadline = Date.now() + 15_000;
      while (runs === 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
      // Both servers poll every 2 s: give a second run every chance to happen before counting.
      await new Promise((r) => setTimeout(r, 5000));
      expect(runs).toBe(1);
    } finally {
      await Promise.all([runnerA.stop(), runnerB.stop()]);
    }
  });

  it('send an email queued while the mail server was down once, when it is back', async () => {
    const capture = await startSmtpCapture();
    const down = createTransport({ smtpUrl: `smtp://127.0.0.1:${await closedPort()}`, from: 'Hub <hello@example.org>', dataDir: '/nonexistent' });
    const up = createTransport({ smtpUrl: capture.url, from: 'Hub <hello@example.org>', dataDir: '/nonexistent' });
    let serverIsUp = false;
    const transport: Transport = {
      ...up,
      description: 'test SMTP',
      deliver: (mail) => (serverIsUp ? up : down).deliver(mail),
      deliverRaw: (copy) => (serverIsUp ? up : down).deliverRaw(copy),
    };
    const queueA = createMailQueue(a.ctx.db, transport);
    const queueB = createMailQueue(b.ctx.db, transport);
    const to = uniqueEmail('mail-queue');
    try {
      await queueA.send({ to, subject: `Queued while down ${run}`, text: 'Hello' });
      await queueA.idle();
      const [failed] = await rowsOf(
        a.ctx.db.execute(sql`select status, attempts, last_error, next_attempt_at > now() as later from mail_outbox where "to" = ${to}`),
      );
      expect(failed).toMatchObject({ status: 'pending', attempts: 1, later: true });
      expect(String(failed!.last_error)).toMatch(/ECONNREFUSED|connect/i);

      serverIsUp = true;
      // The backoff has passed: both servers' mail-outbox jobs run at the same moment.
      await a.ctx.db.execute(sql`update mail_outbox set next_attempt_at = now() where "to" = ${to}`);
      const sent = await Promise.all([queueA.deliverDue(), queueB.deliverDue(), queueA.deliverDue(), queueB.deliverDue()]);
      expect(sent.reduce((x, y) => x + y, 0)).toBeGreaterThanOrEqual(1);
      await capture.waitFor(to, new RegExp(`Queued while down ${run}`));
      await new Promise((r) => setTimeout(r, 300));
      expect(capture.find(to, /Queued while down/)).toHaveLength(1);
      const [row] = await rowsOf(a.ctx.db.execute(sql`select status, attempts from mail_outbox where "to" = ${to}`));
      expect(row).toEqual({ status: 'sent', attempts: 2 });
    } finally {
      await capture.close();
    }
  });

  it("deliver mail while a killed server's mail-outbox run still counts as active (decision 084)", async () => {
    const capture = await startSmtpCapture();
    const transport = createTransport({ smtpUrl: capture.url, from: 'Hub <hello@example.org>', dataDir: '/nonexistent' });
    const name = `mail-outbox-${run}`;
    // Server A's run never ends, as a killed server's stays "active" in pg-boss until it expires.
    let letGo = () => {};
    const hung = new Promise<undefined>((resolve) => (letGo = () => resolve(undefined)));
    const killed = { ...mailOutboxJob(createMailQueue(a.ctx.db, transport)), name, run: () => hung };
    const live = { ...mailOutboxJob(createMailQueue(b.ctx.db, transport)), name };
    const runnerA = await startJobRunner(a.ctx.database, [killed], a.app.log);
    let runnerB: Awaited<ReturnType<typeof startJobRunner>> | undefined;
    try {
      // Queued as a cron tick queues it (no singleton key), so the two runs compete for one slot.
      runnerA.kick(name);
      const active = async () =>
        (await rowsOf(a.ctx.db.execute(sql`select count(*)::int as n from pgboss.job where name = ${name} and state = 'active'`)))[0]!.n;
      const activeBy = Date.now() + 15_000;
      while ((await active()) === 0 && Date.now() < activeBy) await new Promise((r) => setTimeout(r, 100));
      expect(await active()).toBe(1);
      runnerB = await startJobRunner(b.ctx.database, [live], b.app.log);
      const to = uniqueEmail('outbox-overlap');
      // Stored without delivering now, as a mail whose first try failed waits for the job.
      await createMailQueue(b.ctx.db, transport).store(b.ctx.db, { to, subject: `Waiting for the job ${run}`, text: 'Hello' });
      runnerB.kick(name);
      // Under the stately policy this waited for A's run to expire (15 minutes).
      await capture.waitFor(to, new RegExp(`Waiting for the job ${run}`), 15_000);
    } finally {
      letGo();
      await Promise.all([runnerA.stop(), runnerB?.stop()]);
      await capture.close();
    }
  });

  it('send an edition together no faster than the rate setting (decision 049)', async () => {
    const rate = 40;
    const recipients = 120;
    const arrivals: number[] = [];
    const capture = await startSmtpCapture({
      onMail: (_raw, to) => to.some((address) => address.startsWith(`rate.${run}.`)) && arrivals.push(performance.now()),
    });
    try {
      await a.ctx.db.execute(sql`
        insert into newsletter_signups (email, status, source)
        select 'rate.' || ${run} || '.' || n || '@example.org', 'subscribed', 'newsletter' from generate_series(1, ${recipients}) n`);
      const { admin } = await signInEveryone(a);
      const created = await callApp(`${a.url}/api/admin/editions`, 'POST', {
        cookie: admin,
        body: { title: `Paced ${run}`, summary: 'One rate for two servers.', slug: `paced-${run}`, body: 'Hello.', audience: 'subscribers' },
      });
      expect(created.status).toBe(201);
      expect((await callApp(`${a.url}/api/admin/editions/${created.json.id}/send`, 'POST', { cookie: admin, body: {} })).status).toBe(200);

      // Both servers' weekly-dish slices at once, each allowed the whole rate on its own.
      const started = performance.now();
      await Promise.all([
        deliverDueEditions(a.ctx.db, capture.url, { ratePerSecond: rate, connections: 4 }),
        deliverDueEditions(b.ctx.db, capture.url, { ratePerSecond: rate, connections: 4 }),
      ]);
      const seconds = (performance.now() - started) / 1000;
      expect(arrivals).toHaveLength(recipients);
      // One server alone at this rate needs (120 - 1) / 40 = 3 s; two each at their own rate would take half.
      expect(seconds).toBeGreaterThan((recipients - 1) / rate - 0.1);
      // In any second, at most the rate and the one block a late answer may have pushed into it
      // (decision 049); counted on arrival, where a copy that waited for its connection to open
      // arrives with the next: up to the 8 connections more. Each server at its own rate: 80.
      const busiest = Math.max(...arrivals.map((from) => arrivals.filter((at) => at >= from && at < from + 1000).length));
      expect(busiest).toBeLessThanOrEqual(rate + reservedPerRoundTrip(rate) + 8);
    } finally {
      await capture.close();
    }
  });
});

describe('the mail queue on one server', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  it('stores an email before sending it and marks it sent', async () => {
    const capture = await startSmtpCapture();
    try {
      const mailQueue = createMailQueue(t.ctx.db, createTransport({ smtpUrl: capture.url, from: 'Hub <hello@example.org>', dataDir: '/nonexistent' }));
      const to = uniqueEmail('mail-queue');
      await mailQueue.send({ to, subject: `Stored first ${run}`, text: 'Hello' });
      await mailQueue.idle();
      expect(capture.find(to, /Stored first/)).toHaveLength(1);
      const [row] = await rowsOf(t.ctx.db.execute(sql`select status, attempts, sent_at is not null as sent from mail_outbox where "to" = ${to}`));
      expect(row).toEqual({ status: 'sent', attempts: 1, sent: true });
    } finally {
      await capture.close();
    }
  });

  it('stores an email in the transaction of the change it announces: rolled back, no email; committed, sent once', async () => {
    const capture = await startSmtpCapture();
    try {
      const mailQueue = createMailQueue(t.ctx.db, createTransport({ smtpUrl: capture.url, from: 'Hub <hello@example.org>', dataDir: '/nonexistent' }));
      const to = uniqueEmail('mail-queue-tx');
      const failed = t.ctx.db.transaction(async (tx) => {
        await mailQueue.store(tx, { to, subject: `Rolled back ${run}`, text: 'Hello' });
        throw new Error('the change failed');
      });
      await expect(failed).rejects.toThrow('the change failed');
      const id = await t.ctx.db.transaction((tx) => mailQueue.store(tx, { to, subject: `Committed ${run}`, text: 'Hello' }));
      mailQueue.deliverNow([id]);
      await mailQueue.idle();
      expect(capture.find(to, /./).map((mail) => mail.subject)).toEqual([`Committed ${run}`]);
      expect(await rowsOf(t.ctx.db.execute(sql`select subject, status from mail_outbox where "to" = ${to}`))).toEqual([
        { subject: `Committed ${run}`, status: 'sent' },
      ]);
    } finally {
      await capture.close();
    }
  });

  it('runs scheduled work through the job queue on the embedded database too', async () => {
    let runs = 0;
    const runner = await startJobRunner(t.ctx.database, [{ name: `embedded-${run}`, cron: '0 0 1 1 *', run: async () => void (runs += 1) }], t.app.log);
    try {
      await runner.trigger(`embedded-${run}`);
      const deadline = Date.now() + 15_000;
      while (runs === 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
      expect(runs).toBe(1);
    } finally {
      await runner.stop();
    }
  });
});
