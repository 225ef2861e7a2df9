import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { unaccent } from '@electric-sql/pglite/contrib/unaccent';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { describe, expect, it } from 'vitest';
import { migrationsFolder as migrations, migrationsUpTo } from '../test/migrations-up-to';
import { followUpSequenceSchema } from '#shared/checkup/follow-ups';
import { segmentFilterSchema } from '#shared/newsletter/segments';

const steps = JSON.stringify([{ id: '11111111-1111-4111-8111-111111111111', delayDays: 0, subject: 'S', body: 'B', bodyHtml: '<p>B</p>' }]);
const sums = (total: number) => JSON.stringify({ IMPACT: total - 4 * 4, HUMANS: 4, FUEL: 4, GEARS: 4, FUTURE: 4 });

// Plain PostgreSQL, run once on an embedded database of its own (as the told-once migration's test).
describe.skipIf(process.env.TEST_DB === 'postgres')('the migration to grades for members', () => {
  it('turns each status band target into the grade of its name with a note, stops those it no longer fits, and gives every segment the grade list', async () => {
    const client = await PGlite.create({ extensions: { pg_trgm, unaccent } });
    const db = drizzle(client);
    await migrate(db, { migrationsFolder: migrationsUpTo('0037_checkup_trust_and_grades') });

    const sequence = async (target: string) =>
      (
        await client.query<{ id: string }>(
          `insert into follow_up_sequences (name, target_kind, target, active, steps, first_delay_days) values ($1, 'band', $1, true, $2, 0) returning id`,
          [target, steps],
        )
      ).rows[0]!.id;
    const ids = {
      energy: await sequence('consultant-energy'),
      functional: await sequence('mostly-functional'),
      coffee: await sequence('hope-and-coffee'),
      snacks: await sequence('send-snacks'),
    };
    const pillarSequence = (
      await client.query<{ id: string }>(
        `insert into follow_up_sequences (name, target_kind, target, active, steps, first_delay_days) values ('Fuel', 'pillar', 'FUEL', true, $1, 0) returning id`,
        [steps],
      )
    ).rows[0]!.id;
    /** A running enrolment in `sequenceId` from a result with this total. */
    const enrolled = async (sequenceId: string, total: number) => {
      const result = (
        await client.query<{ id: string }>(
          `insert into checkup_results (email, score, total_score, category_scores, answers) values ('p@org.ngo', $1, $1, $2, '{}') returning id`,
          [total, sums(total)],
        )
      ).rows[0]!.id;
      return (
        await client.query<{ id: string }>(
          `insert into follow_up_enrolments (sequence_id, result_id, email, pillar, next_due_at) values ($1, $2, 'p@org.ngo', 'IMPACT', now()) returning id`,
          [sequenceId, result],
        )
      ).rows[0]!.id;
    };
    const people = {
      // Status band "Mostly Functional" (35-49), shown as D: the grade B sequence is not for them.
      functional44: await enrolled(ids.functional, 44),
      // Status band "Send Snacks" (65-80), shown as D: still in grade D's.
      snacks70: await enrolled(ids.snacks, 70),
      coffee55: await enrolled(ids.coffee, 55),
      energy30: await enrolled(ids.energy, 30),
      pillar44: await enrolled(pillarSequence, 44),
    };
    await client.query(`insert into newsletter_segments (name, filter) values ('Fuel people', $1)`, [
      JSON.stringify({ plans: [], sources: [], weakestPillars: ['FUEL'], signedUpFrom: null, signedUpTo: null }),
    ]);
    await client.query(`insert into checkup_peer_groups (peer_group, organisations, figures, computed_at) values ('all', 12, '{}', now())`);

    await migrate(db, { migrationsFolder: migrations });

    const { rows } = await client.query<{ id: string; target_kind: string; target: string; active: boolean; target_note: string | null }>(
      `select id, target_kind, target, active, target_note from follow_up_sequences`,
    );
    const byId = new Map(rows.map((row) => [row.id, row]));
    expect(byId.get(ids.energy)).toMatchObject({ target_kind: 'grade', target: 'A', active: false });
    expect(byId.get(ids.functional)).toMatchObject({ target_kind: 'grade', target: 'B', active: true });
    expect(byId.get(ids.coffee)).toMatchObject({ target_kind: 'grade', target: 'C', active: true });
    expect(byId.get(ids.snacks)).toMatchObject({ target_kind: 'grade', target: 'D', active: true });
    expect(byId.get(ids.functional)!.target_note).toBe(
      'It targeted the status band "Mostly Functional" (total 35-49), which members were shown as grade D, Please Send Snacks. It now targets grade B, Mostly Functional (total 20-24), the grade of that name: check that its emails suit grade B.',
    );
    expect(byId.get(ids.energy)!.target_note).toContain('switched off');
    expect(byId.get(pillarSequence)).toMatchObject({ target_kind: 'pillar', target: 'FUEL', target_note: null, active: true });
    // Every converted sequence is one the admin's editor can save as it is.
    for (const row of rows) {
      expect(
        followUpSequenceSchema.safeParse({ name: 'x', targetKind: row.target_kind, target: row.target, steps: [{ delayDays: 0, subject: 'S', body: 'B' }] })
          .success,
      ).toBe(true);
    }

    const { rows: enrolments } = await client.query<{ id: string; stop_reason: string | null }>(`select id, stop_reason from follow_up_enrolments`);
    const reason = new Map(enrolments.map((row) => [row.id, row.stop_reason]));
    expect(reason.get(people.functional44)).toBe('retargeted');
    expect(reason.get(people.coffee55)).toBe('retargeted');
    expect(reason.get(people.energy30)).toBe('retargeted');
    expect(reason.get(people.snacks70)).toBeNull();
    expect(reason.get(people.pillar44)).toBeNull();

    const { rows: segments } = await client.query<{ filter: unknown }>(`select filter from newsletter_segments`);
    expect(segmentFilterSchema.parse(segments[0]!.filter)).toMatchObject({ weakestPillars: ['FUEL'], grades: [] });
    expect((await client.query(`select * from checkup_peer_groups`)).rows).toEqual([]);
    await client.close();
  });
});
