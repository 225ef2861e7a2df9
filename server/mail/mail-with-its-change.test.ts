import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../test/app';
import { callApp } from '../test/call-app';
import { uniqueEmail } from '../test/unique-email';

/**
 * A change and the email it causes are one write: when storing the email fails (a
 * crash between the two statements, simulated by a trigger that refuses mail to "crash-"
 * addresses), the change is not there either. Before, the row stayed and its email was lost.
 */
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ RATE_LIMIT_FORMS_PER_HOUR: '1000', RATE_LIMIT_REGISTER_PER_HOUR: '1000' });
  await t.ctx.database.executeSql(`
    create or replace function refuse_crash_mail() returns trigger language plpgsql as $$
    begin
      if new."to" like 'crash-%' then raise exception 'simulated crash before the email was stored'; end if;
      return new;
    end $$;
    create trigger refuse_crash_mail before insert on mail_outbox for each row execute function refuse_crash_mail();
  `);
});
afterAll(async () => {
  await t.ctx.database.executeSql('drop trigger if exists refuse_crash_mail on mail_outbox; drop function if exists refuse_crash_mail();');
  await t.close();
});

const countOf = async (query: ReturnType<typeof sql>) => Number(((await t.ctx.db.execute(query)) as unknown as { rows: { n: string | number }[] }).rows[0]!.n);
const crashEmail = () => `crash-${uniqueEmail('change')}`;

describe('a change whose email cannot be stored', () => {
  it('registration: no account, no verification link', async () => {
    const email = crashEmail();
    const res = await callApp(`${t.url}/api/register`, 'POST', { body: { email, password: 'correct-horse', firstName: 'Cora', lastName: 'Crash' } });
    expect(res.ok).toBe(false);
    expect(await countOf(sql`select count(*) as n from users where email = ${email}`)).toBe(0);
    expect(await countOf(sql`select count(*) as n from email_verification_tokens where email = ${email}`)).toBe(0);
    // The address can register once the mail can be stored: nothing half-made stands in the way.
    const again = await callApp(`${t.url}/api/register`, 'POST', {
      body: {
        email: email.replace('crash-', 'fine-'),
        password: 'correct-horse',
        firstName: 'Cora',
        lastName: 'Fine',
      },
    });
    expect(again.status).toBe(201);
  });

  it('contact message: not stored', async () => {
    const email = crashEmail();
    const res = await callApp(`${t.url}/api/contact`, 'POST', { body: { name: 'Cora', email, contactType: 'other', message: 'Hello there' } });
    expect(res.ok).toBe(false);
    expect(await countOf(sql`select count(*) as n from contact_messages where email = ${email}`)).toBe(0);
  });

  it('newsletter signup: not stored', async () => {
    const email = crashEmail();
    const res = await callApp(`${t.url}/api/newsletter/signup`, 'POST', { body: { email, name: 'Cora', organization: '' } });
    expect(res.ok).toBe(false);
    expect(await countOf(sql`select count(*) as n from newsletter_signups where email = ${email}`)).toBe(0);
  });

  it('ally submission: not stored', async () => {
    const email = crashEmail();
    const res = await callApp(`${t.url}/api/allies/submit`, 'POST', { body: { name: 'Crash Co', category: 'Gears', submitterEmail: email } });
    expect(res.ok).toBe(false);
    expect(await countOf(sql`select count(*) as n from allies where submitter_email = ${email}`)).toBe(0);
  });

  it('a new verification link: not stored', async () => {
    const email = uniqueEmail('relink');
    const res = await callApp(`${t.url}/api/register`, 'POST', { body: { email, password: 'correct-horse', firstName: 'Rae', lastName: 'Link' } });
    expect(res.status).toBe(201);
    const cookie = res.headers.get('set-cookie')!.split(';')[0]!;
    await t.ctx.database.executeSql(`update users set email = 'crash-' || email where email = $1`, [email]);
    const before = await countOf(sql`select count(*) as n from email_verification_tokens where email = ${`crash-${email}`}`);
    const again = await callApp(`${t.url}/api/account/verification-email`, 'POST', { cookie });
    expect(again.ok).toBe(false);
    expect(await countOf(sql`select count(*) as n from email_verification_tokens where email = ${`crash-${email}`}`)).toBe(before);
  });
});
