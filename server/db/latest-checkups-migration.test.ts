import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { unaccent } from '@electric-sql/pglite/contrib/unaccent';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { describe, expect, it } from 'vitest';
import { migrationsFolder as migrations, migrationsUpTo } from '../test/migrations-up-to';

const scores = (fuel: number) => JSON.stringify({ IMPACT: 8, HUMANS: 9, FUEL: fuel, GEARS: 10, FUTURE: 11 });

// The migration's SQL is plain PostgreSQL; it runs once, on an embedded database of its own (the PostgreSQL project would run the same again).
describe.skipIf(process.env.TEST_DB === 'postgres')('the migration that files step mail by topic and keeps the latest Check-Ups', () => {
  it("gives a step's mail queued before it its step's topic, and every organisation its latest attempt", async () => {
    const client = await PGlite.create({ extensions: { pg_trgm, unaccent } });
    const db = drizzle(client);
    await migrate(db, { migrationsFolder: migrationsUpTo('0048_edition_link_clicks_counted_by_shard') });

    const {
      rows: [stepMail, otherMail],
    } = await client.query<{ id: string }>(
      `insert into mail_outbox ("to", subject, text, status) values ('fu@example.org', 'Step one', 'Body', 'sent'), ('fu@example.org', 'Your results', 'Body', 'sent') returning id`,
    );
    await client.query(
      `insert into told_once (topic, email, details) values ('follow-up-step:s1', 'fu@example.org', $1), ('slack-invitation', 'fu@example.org', null)`,
      [JSON.stringify({ enrolmentId: 'e1', outboxId: stepMail!.id })],
    );
    const {
      rows: [user],
    } = await client.query<{ id: string }>(`insert into users (email) values ('member@example.org') returning id`);
    const attempt = (email: string, userId: string | null, fuel: number, at: string) =>
      client.query<{ id: string }>(
        `insert into checkup_results (email, score, total_score, category_scores, answers, user_id, created_at) values ($1, 46, 46, $2::jsonb, '{}'::jsonb, $3, $4) returning id`,
        [email, scores(fuel), userId, at],
      );
    await attempt('Guest@Example.org', null, 4, '2026-01-01T00:00:00Z');
    const {
      rows: [guestLatest],
    } = await attempt('guest@example.org', null, 12, '2026-03-01T00:00:00Z');
    const {
      rows: [memberLatest],
    } = await attempt('member@example.org', user!.id, 7, '2026-02-01T00:00:00Z');
    await attempt('member@example.org', user!.id, 15, '2026-01-15T00:00:00Z');

    await migrate(db, { migrationsFolder: migrations });

    const { rows: mails } = await client.query<{ id: string; topic: string | null }>(`select id, topic from mail_outbox order by subject`);
    expect(mails).toEqual([
      { id: stepMail!.id, topic: 'follow-up-step:s1' },
      { id: otherMail!.id, topic: null },
    ]);
    const { rows: latest } = await client.query(
      `select organisation, result_id, total_score, impact, humans, fuel, gears, future from checkup_latest_results order by organisation`,
    );
    expect(latest).toEqual([
      { organisation: 'e:guest@example.org', result_id: guestLatest!.id, total_score: 46, impact: 8, humans: 9, fuel: 12, gears: 10, future: 11 },
      { organisation: `u:${user!.id}`, result_id: memberLatest!.id, total_score: 46, impact: 8, humans: 9, fuel: 7, gears: 10, future: 11 },
    ]);
    await client.close();
    // Fifty migrations on an embedded database: over 20 s on this 2-core machine under load.
  }, 60_000);
});
