import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { unaccent } from '@electric-sql/pglite/contrib/unaccent';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { describe, expect, it } from 'vitest';
import { migrationsFolder as migrations, migrationsUpTo } from '../test/migrations-up-to';

// The migration's SQL is plain PostgreSQL; it runs once, on an embedded database of its own (the PostgreSQL project would run the same again).
describe.skipIf(process.env.TEST_DB === 'postgres')('the told-once migration', () => {
  it('keeps every earlier mark: a webinar notice, a coaching reminder and a Slack invitation are told_once rows after it, so nobody is told twice', async () => {
    const client = await PGlite.create({ extensions: { pg_trgm, unaccent } });
    const db = drizzle(client);
    await migrate(db, { migrationsFolder: migrationsUpTo('0020_told_once') });

    const {
      rows: [user],
    } = await client.query<{ id: string }>(`insert into users (email) values ('marked@example.org') returning id`);
    const {
      rows: [webinar],
    } = await client.query<{ id: string }>(
      `insert into webinars (title, starts_at, duration_minutes, room_url) values ('Boards', now() + interval '2 days', 60, 'https://meet.example.org/x') returning id`,
    );
    const {
      rows: [slot],
    } = await client.query<{ id: string }>(
      `insert into coaching_slots (coach_name, starts_at, room_url) values ('Sam', now() + interval '1 day', 'https://meet.example.org/y') returning id`,
    );
    const {
      rows: [booking],
    } = await client.query<{ id: string }>(
      `insert into coaching_bookings (slot_id, user_id, month, reminded_at) values ($1, $2, '2026-12', now()) returning id`,
      [slot!.id, user!.id],
    );
    await client.query(
      `insert into webinar_notices (webinar_id, user_id, kind, key) values ($1, $2, 'reminder', '2026-12-01T12:00:00.000Z'), ($1, $2, 'update', '')`,
      [webinar!.id, user!.id],
    );
    await client.query(`insert into slack_invitations (user_id, invited_by, method) values ($1, 'admin@example.org', 'emailed')`, [user!.id]);

    await migrate(db, { migrationsFolder: migrations });

    const { rows } = await client.query<{ topic: string; user_id: string; details: unknown }>(`select topic, user_id, details from told_once order by topic`);
    expect(rows).toEqual([
      { topic: `coaching:${booking!.id}:reminder`, user_id: user!.id, details: null },
      { topic: 'slack-invitation', user_id: user!.id, details: { by: 'admin@example.org', method: 'emailed' } },
      { topic: `webinar:${webinar!.id}:reminder:2026-12-01T12:00:00.000Z`, user_id: user!.id, details: null },
      { topic: `webinar:${webinar!.id}:update`, user_id: user!.id, details: null },
    ]);
    await client.close();
  });
});
