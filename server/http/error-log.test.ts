import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startTestApp, type TestApp } from '../test/app';
import { callApp } from '../test/call-app';
import { uniqueEmail } from '../test/unique-email';

vi.setConfig({ testTimeout: 60_000 });

const logLines: string[] = [];
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({}, { logLines });
  // A constraint only this test's name breaks, so a real insert fails inside PostgreSQL.
  await t.ctx.db.execute(sql.raw(`alter table users add constraint force_db_error check (first_name <> 'ForceDbError')`));
});
afterAll(async () => {
  await t.ctx.db.execute(sql.raw('alter table users drop constraint if exists force_db_error'));
  await t.close();
});

describe('database errors in the log', () => {
  it('logs a failed registration without the hash, the email or the name', async () => {
    const email = uniqueEmail('leak');
    const res = await callApp(`${t.url}/api/register`, 'POST', { body: { email, password: 'secret-123', firstName: 'ForceDbError', lastName: 'Smithereens' } });
    expect(res.status).toBe(500);
    const log = logLines.join('');
    expect(log).toContain('request failed');
    expect(log).toContain('force_db_error');
    expect(log).not.toContain(email);
    expect(log).not.toContain('Smithereens');
    expect(log).not.toMatch(/scrypt\$/);
  });
});
