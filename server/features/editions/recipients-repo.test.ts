import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/app';
import { audienceSize, fixRecipients, writeAllFixedDeliveries } from './recipients-repo';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t.close();
});

// Signed up on a day nobody else did, so a segment of that day holds only these.
const day = '2031-03-03';
const addresses = [`o'brien+news@example.org`, 'Mixed.Case@Example.org', 'a"quote\\back{brace},comma@example.org', 'plain@example.org'];

it('fixes every address exactly as stored, whatever characters it holds, and writes each as one delivery', async () => {
  for (const email of addresses)
    await t.ctx.db.execute(
      sql`insert into newsletter_signups (email, status, source, created_at) values (${email}, 'subscribed', 'newsletter', ${`${day}T15:00:00Z`})`,
    );
  const { rows } = await t.ctx.db.execute<{ id: string }>(
    sql`insert into newsletter_editions (slug, title, body, audience) values ('odd-addresses', 'Odd addresses', 'Hello', 'segment') returning id`,
  );
  const editionId = rows[0]!.id;
  const target = {
    audience: 'segment' as const,
    filter: { plans: [], sources: [], weakestPillars: [], grades: [], signedUpFrom: day, signedUpTo: day },
  };
  const counted = await audienceSize(t.ctx.db, target, 'UTC');
  expect(counted).toBe(addresses.length);
  expect(await t.ctx.db.transaction((tx) => fixRecipients(tx, editionId, target, 'UTC'))).toBe(counted);
  const { rows: listed } = await t.ctx.db.execute<{ email: string }>(
    sql`select e as email from edition_recipient_lists l, unnest(l.emails) e where l.edition_id = ${editionId}`,
  );
  expect(listed.map((row) => row.email).sort()).toEqual([...addresses].sort());

  expect(await writeAllFixedDeliveries(t.ctx.db)).toBe(1);
  expect(await writeAllFixedDeliveries(t.ctx.db)).toBe(0);
  const { rows: written } = await t.ctx.db.execute<{ email: string }>(sql`select email from edition_deliveries where edition_id = ${editionId}`);
  expect(written.map((row) => row.email).sort()).toEqual([...addresses].sort());
});
