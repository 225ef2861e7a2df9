import { randomUUID } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { migrate as migratePostgres } from 'drizzle-orm/node-postgres/migrator';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { migrationsUpTo } from '../test/migrations-up-to';
import type { EditionAudience } from '#shared/newsletter/editions';
import type { SegmentFilter } from '#shared/newsletter/segments';
import type { AppContext } from '../context';
import { loadEnv } from '../env';
import { createTransport } from '../mail/transport';
import { createMailQueue } from '../mail/mail-queue';
import { liftSuppression } from '../features/bounces/repo';
import { sendRetakeReminders } from '../features/checkup/reminders';
import { type AudienceTarget, eligible, fixRecipients, writeAllFixedDeliveries } from '../features/editions/recipients-repo';
import { enrol } from '../features/follow-ups/repo';
import { sendDueFollowUps } from '../features/follow-ups/service';
import { sendAlliesNews } from '../features/allies/news';
import { subscriberStatus } from '../features/newsletter/repo';
import { notify } from '../features/webinars/service';
import { webinarWithSignups } from '../features/webinars/repo';
import { type DatabaseHandle, openDatabase } from './client';
import { databaseUrl } from '../test/postgres';

const BEFORE = '0038_grades_for_members';

/**
 * An empty database of this test's own, migrated as far as `BEFORE`: in-memory PGlite, or on
 * PostgreSQL a new database of this run (the global teardown drops it).
 */
async function databaseBefore(): Promise<DatabaseHandle> {
  const folder = migrationsUpTo(BEFORE);
  if (process.env.TEST_DB !== 'postgres') {
    const handle = await openDatabase({});
    await migratePglite(handle.db as never, { migrationsFolder: folder });
    return handle;
  }
  const base = process.env.TEST_DATABASE_URL!;
  const name = `nlh_${inject('postgresRun')}_consent_${randomUUID().replace(/-/g, '').slice(0, 8)}`;
  const server = await openDatabase({ url: base, poolSize: 1 });
  await server.executeSql(`create database ${name}`);
  await server.close();
  const handle = await openDatabase({ url: databaseUrl(base, name), poolSize: 4 });
  await migratePostgres(handle.db as never, { migrationsFolder: folder });
  return handle;
}

const DAY_MS = 86_400_000;
const now = new Date();
const longAgo = new Date(now.getTime() - 91 * DAY_MS).toISOString();
const steps = JSON.stringify([
  { id: '22222222-2222-4222-8222-222222222222', delayDays: 0, subject: 'A first idea', body: 'Read this.', bodyHtml: '<p>Read this.</p>' },
]);
// Impact the weakest pillar (highest sum), D overall.
const scores = JSON.stringify({ IMPACT: 16, HUMANS: 10, FUEL: 10, GEARS: 10, FUTURE: 10 });

let handle: DatabaseHandle;
let ctx: AppContext;
beforeAll(async () => {
  handle = await databaseBefore();
});
afterAll(async () => {
  await handle?.close();
});

const run = (text: string, values: unknown[] = []) => handle.executeSql(text, values);
const one = async <T>(text: string, values: unknown[] = []) => (await run(text, values)).rows[0] as T;
const idOf = async (text: string, values: unknown[] = []) => (await one<{ id: string }>(text, values)).id;
const lowered = (emails: string[]) => emails.map((email) => email.toLowerCase()).sort();

describe('the migration to one table of opt-outs', () => {
  it('moves what each old table held into mail_topic_opt_outs, so that no sender selects anyone who left anything', async () => {
    // Accounts: premium members get announcements, Allies news and webinar news.
    const member = async (email: string) => idOf(`insert into users (email, is_premium) values ($1, true) returning id`, [email]);
    await member('Premium-Left@Example.org');
    const premiumStays = await member('premium-stays@example.org');
    const several = await member('several@example.org');
    await member('allies-left@example.org');
    const eventsLeft = await member('Events-Left@example.org');

    // The newsletter's old shape: an 'unsubscribed' status and unsubscribed_at.
    const signup = (email: string, status: string, confirmed: boolean, left: boolean) =>
      run(
        `insert into newsletter_signups (email, status, confirmed_at, unsubscribed_at) values ($1, $2, ${confirmed ? 'now()' : 'null'}, ${left ? `now() - interval '3 days'` : 'null'})`,
        [email, status],
      );
    await signup('left@example.org', 'unsubscribed', true, true);
    await signup('Pending-Left@example.org', 'unsubscribed', false, true);
    // 'unsubscribed' without its time (the code always wrote both; a hand-made row may not): left when last changed.
    await signup('No-Time@example.org', 'unsubscribed', true, false);
    await run(`update newsletter_signups set updated_at = now() - interval '5 days' where email = 'No-Time@example.org'`);
    // Left while its mail bounced (the status stayed 'bounced'), then an admin lifted the suppression.
    await signup('lifted@example.org', 'subscribed', true, true);
    // Left while bounced, still suppressed: lifted only after the migration, below.
    await signup('still-bounced@example.org', 'bounced', true, true);
    await run(`insert into mail_suppressions (email, reason) values ('still-bounced@example.org', 'Hard bounce: 550 5.1.1')`);
    // A premium member's signup, in another case than the account.
    await signup('premium-left@example.org', 'unsubscribed', true, true);
    await signup('Several@Example.org', 'unsubscribed', true, true);
    await signup('stays@example.org', 'subscribed', true, false);
    await signup('allies-left@example.org', 'subscribed', true, false);

    // The Check-Up's retake reminder stops and follow-up unsubscribes, in other cases than the attempts'.
    await run(`insert into checkup_reminder_stops (email) values ('REMINDED@example.org'), ('several@EXAMPLE.org')`);
    await run(`insert into follow_up_unsubscribes (email) values ('Followed@Example.org'), ('SEVERAL@example.org')`);
    // The news topics, already opt-outs.
    await run(
      `insert into mail_topic_opt_outs (email, topic) values ('events-left@example.org', 'events'), ('Allies-Left@example.org', 'allies'), ('several@example.org', 'events'), ('several@example.org', 'allies')`,
    );

    // Attempts: three due for their retake reminder, two for follow-ups.
    const attempt = (email: string, at: string) =>
      idOf(`insert into checkup_results (email, score, total_score, category_scores, answers, created_at) values ($1, 56, 56, $2, '{}', $3) returning id`, [
        email,
        scores,
        at,
      ]);
    await attempt('reminded@example.org', longAgo);
    await attempt('reminder-control@example.org', longAgo);
    const severalAttempt = await attempt('several@example.org', longAgo);
    const followed = await attempt('followed@example.org', now.toISOString());
    const followControl = await attempt('follow-control@example.org', now.toISOString());
    const sequence = await idOf(
      `insert into follow_up_sequences (name, target_kind, target, active, steps, first_delay_days) values ('Impact', 'pillar', 'IMPACT', true, $1, 0) returning id`,
      [steps],
    );
    // A step due to an address that stopped follow-ups: the sender checks again before each one.
    await run(
      `insert into follow_up_enrolments (sequence_id, result_id, email, pillar, next_due_at) values ($1, $2, 'followed@example.org', 'IMPACT', now())`,
      [sequence, followed],
    );

    // An ally new this week, and a webinar whose recording is ready.
    await run(
      `insert into allies (name, category, submitter_email, approved, listed_at) values ('Ledger Helpers', 'FUEL', 'v@example.org', true, now() - interval '1 day')`,
    );
    const webinar = await idOf(
      `insert into webinars (title, starts_at, duration_minutes, room_url, recording_url) values ('Boards', now() - interval '2 hours', 60, 'https://meet.example.org/b', 'https://video.example.org/b') returning id`,
    );
    for (const user of [premiumStays, several, eventsLeft]) await run(`insert into webinar_signups (webinar_id, user_id) values ($1, $2)`, [webinar, user]);

    await handle.migrate();

    // Every choice is now an opt-out, by topic, under the address as it was stored.
    const { rows: optOuts } = await run(`select email, topic from mail_topic_opt_outs order by topic, lower(email)`);
    expect(optOuts).toEqual([
      { email: 'Allies-Left@example.org', topic: 'allies' },
      { email: 'several@example.org', topic: 'allies' },
      { email: 'events-left@example.org', topic: 'events' },
      { email: 'several@example.org', topic: 'events' },
      { email: 'Followed@Example.org', topic: 'follow-ups' },
      { email: 'SEVERAL@example.org', topic: 'follow-ups' },
      { email: 'left@example.org', topic: 'newsletter' },
      { email: 'lifted@example.org', topic: 'newsletter' },
      { email: 'No-Time@example.org', topic: 'newsletter' },
      { email: 'Pending-Left@example.org', topic: 'newsletter' },
      { email: 'premium-left@example.org', topic: 'newsletter' },
      { email: 'Several@Example.org', topic: 'newsletter' },
      { email: 'still-bounced@example.org', topic: 'newsletter' },
      { email: 'REMINDED@example.org', topic: 'retake-reminders' },
      { email: 'several@EXAMPLE.org', topic: 'retake-reminders' },
    ]);
    // The newsletter's left keep when they left: the editions' "unsubscribed since" counts them from then.
    const { rows: when } = await run(`select created_at < now() - interval '2 days' as earlier from mail_topic_opt_outs where topic = 'newsletter'`);
    expect(when.every((row) => (row as { earlier: boolean }).earlier)).toBe(true);
    // The old tables and column are gone; a signup's stored status is never 'unsubscribed' again.
    const { rows: tables } = await run(
      `select table_name from information_schema.tables where table_name in ('checkup_reminder_stops', 'follow_up_unsubscribes')`,
    );
    expect(tables).toEqual([]);
    const { rows: columns } = await run(
      `select column_name from information_schema.columns where table_name = 'newsletter_signups' and column_name = 'unsubscribed_at'`,
    );
    expect(columns).toEqual([]);
    const { rows: stored } = await run(`select lower(email) as email, status from newsletter_signups order by lower(email)`);
    expect(stored).toEqual([
      { email: 'allies-left@example.org', status: 'subscribed' },
      { email: 'left@example.org', status: 'subscribed' },
      { email: 'lifted@example.org', status: 'subscribed' },
      { email: 'no-time@example.org', status: 'subscribed' },
      { email: 'pending-left@example.org', status: 'pending' },
      { email: 'premium-left@example.org', status: 'subscribed' },
      { email: 'several@example.org', status: 'subscribed' },
      { email: 'stays@example.org', status: 'subscribed' },
      { email: 'still-bounced@example.org', status: 'bounced' },
    ]);
    await expect(run(`update newsletter_signups set status = 'unsubscribed' where email = 'stays@example.org'`)).rejects.toThrow();

    const dataDir = mkdtempSync(join(tmpdir(), 'nlh-consent-'));
    const env = loadEnv({ NODE_ENV: 'test', LOG_LEVEL: 'silent', DATA_DIR: dataDir, PORT: '0', PUBLIC_URL: 'https://hub.example.org' });
    ctx = { env, database: handle, db: handle.db, mailQueue: createMailQueue(handle.db, createTransport({ from: env.MAIL_FROM, dataDir })) };
    const db = handle.db;

    // Where each address stands, as the admin, the unsubscribe page and the import read it.
    for (const email of [
      'left@example.org',
      'no-time@example.org',
      'PENDING-LEFT@example.org',
      'lifted@example.org',
      'premium-left@example.org',
      'several@example.org',
    ])
      expect(await subscriberStatus(db, email), email).toBe('unsubscribed');
    expect(await subscriberStatus(db, 'still-bounced@example.org')).toBe('bounced');
    expect(await subscriberStatus(db, 'stays@example.org')).toBe('subscribed');

    // Editions: every audience, as sending starts and again before each copy goes.
    await db.transaction((tx) => liftSuppression(tx, 'still-bounced@example.org'));
    const everyone: SegmentFilter = { plans: [], sources: [], weakestPillars: [], grades: [], signedUpFrom: null, signedUpTo: null };
    const segment = await idOf(`insert into newsletter_segments (name, filter) values ('Everyone', $1) returning id`, [JSON.stringify(everyone)]);
    const recipientsOf = async (target: AudienceTarget) => {
      const edition = await idOf(`insert into newsletter_editions (slug, title, body, audience, segment_id) values ($1, $1, 'Hello', $2, $3) returning id`, [
        `edition-${target.audience}`,
        target.audience,
        target.audience === 'segment' ? segment : null,
      ]);
      await fixRecipients(db, edition, target, env.SITE_TIMEZONE);
      expect(await writeAllFixedDeliveries(db)).toBe(1);
      const { rows } = await run(`select email from edition_deliveries where edition_id = $1`, [edition]);
      return lowered((rows as { email: string }[]).map((row) => row.email));
    };
    expect(await recipientsOf({ audience: 'subscribers' })).toEqual(['allies-left@example.org', 'stays@example.org']);
    expect(await recipientsOf({ audience: 'free' })).toEqual(['stays@example.org']);
    expect(await recipientsOf({ audience: 'segment', filter: everyone })).toEqual(['allies-left@example.org', 'stays@example.org']);
    expect(await recipientsOf({ audience: 'premium' })).toEqual(['allies-left@example.org', 'events-left@example.org', 'premium-stays@example.org']);
    const leftTheNewsletter = [
      'left@example.org',
      'No-Time@example.org',
      'Pending-Left@example.org',
      'lifted@example.org',
      'still-bounced@example.org',
      'Premium-Left@Example.org',
      'SEVERAL@example.org',
    ];
    for (const audience of ['subscribers', 'premium'] satisfies EditionAudience[])
      for (const email of leftTheNewsletter) {
        const [row] = await db.execute<{ ok: boolean }>(sql`select ${eligible(audience, sql`${email}`)} as ok`).then((result) => result.rows);
        expect(row!.ok, `${audience}: ${email}`).toBe(false);
      }

    // Follow-ups: a step already due is not sent, and nobody who left is enrolled again.
    await sendDueFollowUps(ctx, new Date(now.getTime() + 60_000));
    const { rows: stopped } = await run(`select stop_reason from follow_up_enrolments where email = 'followed@example.org'`);
    expect(stopped).toEqual([{ stop_reason: 'unsubscribed' }]);
    const enrolled = async (resultId: string, email: string) => (await enrol(db, { resultId, email, userId: null, pillar: 'IMPACT', grade: 'D' })).length;
    expect(await enrolled(followed, 'FOLLOWED@example.org')).toBe(0);
    expect(await enrolled(severalAttempt, 'several@example.org')).toBe(0);
    expect(await enrolled(followControl, 'follow-control@example.org')).toBe(1);
    await sendDueFollowUps(ctx, new Date(now.getTime() + 60_000));

    // Retake reminders, Allies news and webinar news.
    await sendRetakeReminders(ctx, now);
    await sendAlliesNews(ctx, now);
    await db.transaction(async (tx) => notify(tx, ctx, (await webinarWithSignups(tx, webinar))!, 'recording', ''));

    const { rows: mails } = await run(`select "to", subject from mail_outbox order by subject, lower("to")`);
    expect((mails as { to: string; subject: string }[]).map(({ to, subject }) => `${subject} -> ${to.toLowerCase()}`)).toEqual([
      'A first idea -> follow-control@example.org',
      'New in the Allies Directory: a new vetted vendor -> events-left@example.org',
      'New in the Allies Directory: a new vetted vendor -> premium-left@example.org',
      'New in the Allies Directory: a new vetted vendor -> premium-stays@example.org',
      'The recording is ready: Boards -> premium-stays@example.org',
      'Time for another Check-Up? -> reminder-control@example.org',
    ]);
  });
});
