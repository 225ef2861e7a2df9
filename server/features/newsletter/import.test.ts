import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../db/rows';
import { startTestApp, type TestApp } from '../../test/app';
import { callApp } from '../../test/call-app';
import { signInEveryone } from '../../test/identities';

let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await startTestApp();
  admin = (await signInEveryone(t)).admin!;
});
afterAll(async () => {
  await t.close();
});

const importCsv = (csv: unknown, apply = false) => callApp(`${t.url}/api/admin/newsletters/import`, 'POST', { body: { csv, apply }, cookie: admin });

/** A CSV with a header and `count` distinct addresses that share `marker`. */
const bulkCsv = (marker: string, count: number) => `email,name\n${Array.from({ length: count }, (_, n) => `${marker}-${n}@example.org,Row ${n}`).join('\n')}\n`;
const storedWith = async (marker: string) =>
  rowsOf<{ count: number }>(await t.ctx.db.execute(sql`select count(*)::int as count from newsletter_signups where email like ${`${marker}-%`}`))[0]!.count;

describe('importing subscribers: limits', () => {
  it('refuses a file of more than 50,000 rows as a whole, saying how many rows it has, in the preview and the import alike', async () => {
    const marker = `over-${Date.now().toString(36)}`;
    const csv = bulkCsv(marker, 50_010);
    const message = 'The file has 50,010 rows and one import takes at most 50,000: split it into files of 50,000 rows or fewer. Nothing was imported.';
    for (const apply of [false, true]) {
      const res = await importCsv(csv, apply);
      expect(res.status).toBe(400);
      expect(res.json).toEqual({ message: `csv: ${message}`, errors: { csv: message } });
    }
    expect(await storedWith(marker)).toBe(0);
  });

  it('takes a file of exactly 50,000 rows: every row is counted', async () => {
    const marker = `limit-${Date.now().toString(36)}`;
    const res = await importCsv(bulkCsv(marker, 50_000));
    expect(res.status).toBe(200);
    expect(res.json.counts).toEqual({ added: 50_000, updated: 0, invalid: 0, duplicate: 0, unsubscribed: 0 });
  });

  it('names the file once in what it says about its size or emptiness', async () => {
    const large = await importCsv('a'.repeat(5 * 1024 * 1024 + 1));
    expect(large.status).toBe(400);
    expect(large.json).toEqual({
      message: 'csv: The file is larger than 5 MB: split it into smaller files.',
      errors: { csv: 'The file is larger than 5 MB: split it into smaller files.' },
    });

    const empty = await importCsv('');
    expect(empty.json).toEqual({ message: 'csv: The file is empty', errors: { csv: 'The file is empty' } });

    const notText = await importCsv(42);
    expect(notText.json).toEqual({ message: 'csv: The file must be sent as text', errors: { csv: 'The file must be sent as text' } });
  });
});
