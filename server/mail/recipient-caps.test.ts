import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HttpError } from '../http/errors';
import { startTestApp, type TestApp } from '../test/app';
import { uniqueEmail } from '../test/unique-email';
import { MAIL_CAPS, countMailTo } from './recipient-caps';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t.close();
});

/** Counts one mail as the routes do, in a transaction of its own; the refusal, if any. */
const count = (to: string, sender: string) =>
  t.ctx.db
    .transaction((tx) => countMailTo(tx, 'checkupBreakdown', { to, sender }))
    .then(
      () => undefined,
      (error: unknown) => error,
    );

describe('caps on mail to one address (decision 069)', () => {
  const caps = MAIL_CAPS.checkupBreakdown;

  it("lets an address receive its hour's cap from several senders, then refuses with a 429 saying when to come back", async () => {
    const to = uniqueEmail('capped');
    for (let i = 0; i < caps.recipient.hour; i++) expect(await count(i % 2 ? to.toUpperCase() : to, `ip:${randomUUID()}`)).toBeUndefined();
    const refused = await count(` ${to} `, `ip:${randomUUID()}`);
    expect(refused).toBeInstanceOf(HttpError);
    expect(refused).toMatchObject({ statusCode: 429, retryAfterSeconds: expect.any(Number) });
    expect((refused as HttpError).message).toMatch(
      new RegExp(`^Too many Check-Up breakdowns have been sent to ${to.replace(/\./g, '\\.')} recently\\. Please wait (5[0-9]|60) minutes and try again\\.$`),
    );
    // Another address is not held back by it.
    expect(await count(uniqueEmail('other'), `ip:${randomUUID()}`)).toBeUndefined();
  });

  it("refuses one sender past its hour's cap, whatever the addresses", async () => {
    const sender = `user:${randomUUID()}`;
    for (let i = 0; i < caps.sender.hour; i++) expect(await count(uniqueEmail('spread'), sender)).toBeUndefined();
    const refused = await count(uniqueEmail('spread'), sender);
    expect(refused).toMatchObject({
      statusCode: 429,
      message: expect.stringMatching(/^You have sent too many Check-Up breakdowns recently\. Please wait \d+ minutes and try again\.$/),
    });
    expect(await count(uniqueEmail('spread'), `user:${randomUUID()}`)).toBeUndefined();
  });

  it('counts only what its transaction keeps: a request that fails later is not counted', async () => {
    const to = uniqueEmail('rolled-back');
    for (let i = 0; i < caps.recipient.hour + 3; i++) {
      await expect(
        t.ctx.db.transaction(async (tx) => {
          await countMailTo(tx, 'checkupBreakdown', { to, sender: `ip:${randomUUID()}` });
          throw new HttpError(409, 'failed after counting');
        }),
      ).rejects.toMatchObject({ statusCode: 409 });
    }
    expect(await count(to, `ip:${randomUUID()}`)).toBeUndefined();
  });

  it("keeps a day's cap across hours", async () => {
    const to = uniqueEmail('daily');
    // The hour's counter is left to run out, as an hour passing would: the day's still counts.
    for (let i = 0; i < caps.recipient.day; i++) {
      expect(await count(to, `ip:${randomUUID()}`)).toBeUndefined();
      if ((i + 1) % caps.recipient.hour === 0)
        await t.ctx.database.executeSql(`delete from rate_limits where key = $1`, [`mail-cap|checkupBreakdown|to|${to}|hour`]);
    }
    await t.ctx.database.executeSql(`delete from rate_limits where key = $1`, [`mail-cap|checkupBreakdown|to|${to}|hour`]);
    const refused = await count(to, `ip:${randomUUID()}`);
    expect(refused).toMatchObject({ statusCode: 429, message: expect.stringMatching(/Please wait \d+ hours and try again\.$/) });
  });
});
