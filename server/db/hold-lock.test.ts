import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../test/app';
import { fileDatabaseUrl } from '../test/postgres';
import { openDatabase, type DatabaseHandle } from './client';

/**
 * holdLock (decision 063): one holder of a key at a time, across transactions and waits, and on
 * PostgreSQL across servers; a holder that fails lets the next one in; other keys do not wait.
 */
let t: TestApp;
// On PostgreSQL a second server's handle on the same database; the embedded one serves one process.
let other: DatabaseHandle;
beforeAll(async () => {
  t = await startTestApp();
  other = process.env.TEST_DB === 'postgres' ? await openDatabase({ url: await fileDatabaseUrl(), poolSize: 2 }) : t.ctx.database;
});
afterAll(async () => {
  if (other !== t?.ctx.database) await other?.close();
  await t?.close();
});

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('a lock held across transactions', () => {
  it('holders of one key take turns, a failed one releases it, and another key does not wait', async () => {
    const key = `test:${Math.random().toString(36).slice(2)}`;
    const seen: string[] = [];
    const holder = (database: DatabaseHandle, name: string, fail: boolean) =>
      database.holdLock(key, async () => {
        seen.push(`${name} in`);
        // Work of its own meanwhile: a transaction and a wait, as a seat change's check, provider call and record.
        await database.db.transaction(async (tx) => tx.execute(sql`select 1`));
        await pause(200);
        seen.push(`${name} out`);
        if (fail) throw new Error(`${name} failed`);
      });
    const first = holder(t.ctx.database, 'first', true);
    await pause(50);
    const second = holder(other, 'second', false);
    await pause(50);
    let elsewhere = false;
    await other.holdLock(`${key}:other`, async () => {
      elsewhere = true;
    });
    // The other key was free while the first holder still held its own.
    expect(elsewhere).toBe(true);
    expect(seen).toEqual(['first in']);
    await expect(first).rejects.toThrow('first failed');
    await second;
    expect(seen).toEqual(['first in', 'first out', 'second in', 'second out']);
  });
});
