import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, startTestAppWithMail, type TestAppWithMail } from '../../test/app';
import { callApp } from '../../test/call-app';
import { uniqueEmail } from '../../test/unique-email';
import type { SmtpCapture } from '../../test/smtp';

let t: TestAppWithMail;
let smtp: SmtpCapture;
beforeAll(async () => {
  t = await startTestAppWithMail();
  smtp = t.smtp;
});
afterAll(async () => {
  await t.close();
});

const send = (body: unknown) => callApp(`${t.url}/api/contact`, 'POST', { body });
const valid = (email: string) => ({
  name: ' Rosa Parks ',
  email: ` ${email} `,
  organization: 'Community Kitchen',
  contactType: 'partnership',
  subject: 'Working together',
  message: 'We would like to partner on the spring food drive.',
});

async function messagesFrom(email: string) {
  const result = await t.ctx.db.execute(
    sql`select id, name, email, organization, contact_type, subject, message, status from contact_messages where lower(email) = lower(${email})`,
  );
  return (result as unknown as { rows: Record<string, string>[] }).rows;
}

describe('POST /api/contact', () => {
  it("stores the message trimmed with status 'new' and answers 201 with its id", async () => {
    const email = uniqueEmail('contact');
    const res = await send(valid(email));
    expect(res.status).toBe(201);
    const { id } = res.json;
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    expect(await messagesFrom(email)).toEqual([
      {
        id,
        name: 'Rosa Parks',
        email,
        organization: 'Community Kitchen',
        contact_type: 'partnership',
        subject: 'Working together',
        message: 'We would like to partner on the spring food drive.',
        status: 'new',
      },
    ]);
  });

  it('sends the sender an acknowledgement quoting their subject', async () => {
    const email = uniqueEmail('ack');
    expect((await send(valid(email))).status).toBe(201);
    const mail = await smtp.waitFor(email, /^We received your message$/);
    expect(mail.text).toContain('Hi Rosa Parks,');
    expect(mail.text).toContain('"Working together"');
    expect(mail.text).toContain('1-2 business days');
    expect(mail.text).not.toContain('spring food drive');
  });

  it("marks a signed-in premium member's message Premium, lists new ones first, and promises a reply within 1 business day", async () => {
    const account = async (label: string, premium: boolean) => {
      const email = uniqueEmail(label);
      const res = await callApp(`${t.url}/api/register`, 'POST', { body: { email, password: 'correct-horse', firstName: 'Pat', lastName: 'Member' } });
      expect(res.status).toBe(201);
      if (premium) await t.ctx.db.execute(sql`update users set is_premium = true where lower(email) = lower(${email})`);
      return {
        email,
        cookie: res.headers
          .getSetCookie()
          .map((c) => c.split(';')[0])
          .join('; '),
      };
    };
    const member = await account('priority', true);
    const free = await account('ordinary', false);
    const admin = await account('support-admin', false);
    await t.ctx.db.execute(sql`update users set is_admin = true where lower(email) = lower(${admin.email})`);

    // Each answer says whether the message went as a premium member's: the page says the reply time the mail promises.
    const sent = (res: Awaited<ReturnType<typeof send>>) => {
      expect(res.status).toBe(201);
      return res.json.premium;
    };
    expect(await sent(await callApp(`${t.url}/api/contact`, 'POST', { body: valid(member.email), cookie: member.cookie }))).toBe(true);
    // Sent later, by a free member and by a visitor: newer, yet listed after the premium one.
    expect(await sent(await callApp(`${t.url}/api/contact`, 'POST', { body: valid(free.email), cookie: free.cookie }))).toBe(false);
    expect(await sent(await send(valid(uniqueEmail('visitor'))))).toBe(false);

    const premiumMail = await smtp.waitFor(member.email, /^We received your message$/);
    expect(premiumMail.text).toContain('within 1 business day');
    expect((await smtp.waitFor(free.email, /^We received your message$/)).text).toContain('1-2 business days');

    const list = async (query = '') => {
      const res = await callApp(`${t.url}/api/admin/contacts${query}`, 'GET', { cookie: admin.cookie });
      return (res.json as { items: { email: string; premium: boolean; status: string }[] }).items;
    };
    const items = await list();
    const firstOrdinary = items.findIndex((item) => !(item.premium && item.status === 'new'));
    const ours = items.findIndex((item) => item.email === member.email);
    expect(items[ours]).toMatchObject({ premium: true, status: 'new' });
    expect(ours).toBeLessThan(firstOrdinary);
    expect(items.find((item) => item.email === free.email)?.premium).toBe(false);
    // Another order asked for is kept as asked: oldest first is oldest first.
    const oldest = await list('?sort=createdAt&pageSize=100');
    expect(oldest.map((item) => item.email).indexOf(member.email)).toBeLessThan(oldest.map((item) => item.email).indexOf(free.email));
  });

  it('accepts a message without organization and subject', async () => {
    const email = uniqueEmail('minimal');
    const res = await send({ name: 'Ann', email, contactType: 'other', message: 'Hello' });
    expect(res.status).toBe(201);
    expect(await messagesFrom(email)).toMatchObject([{ organization: '', subject: '', contact_type: 'other' }]);
    const mail = await smtp.waitFor(email, /^We received your message$/);
    expect(mail.text).toContain('your message about something else');
  });

  it('refuses each missing required field with 400 naming it, storing nothing', async () => {
    const email = uniqueEmail('missing');
    for (const field of ['name', 'email', 'contactType', 'message'] as const) {
      const body: Record<string, string> = valid(email);
      delete body[field];
      const res = await send(body);
      expect(res.status, field).toBe(400);
      expect(res.json.errors, field).toHaveProperty(field);
    }
    const blank = await send({ ...valid(email), message: '   ' });
    expect(blank.json).toMatchObject({ message: 'message: Message is required' });
    expect(await messagesFrom(email)).toEqual([]);
  });

  it('refuses bad values, over-long fields and unknown fields with 400, storing nothing', async () => {
    const email = uniqueEmail('bad');
    const cases: [Record<string, unknown>, string][] = [
      [{ ...valid(email), email: 'nobody' }, 'email'],
      [{ ...valid(email), contactType: 'sales' }, 'contactType'],
      [{ ...valid(email), name: 'n'.repeat(201) }, 'name'],
      [{ ...valid(email), subject: 's'.repeat(301) }, 'subject'],
      [{ ...valid(email), message: 'm'.repeat(5001) }, 'message'],
      [{ ...valid(email), status: 'resolved' }, 'status'],
    ];
    for (const [body, field] of cases) {
      const res = await send(body);
      expect(res.status, field).toBe(400);
      expect(res.json.errors, field).toHaveProperty(field);
    }
    expect(await messagesFrom(email)).toEqual([]);
    // The limits themselves are allowed.
    expect((await send({ ...valid(email), name: 'n'.repeat(200), subject: 's'.repeat(300), message: 'm'.repeat(5000) })).status).toBe(201);
  });

  it('refuses a filled honeypot with 400 and stores nothing', async () => {
    const email = uniqueEmail('bot');
    const res = await send({ ...valid(email), fax: 'buy now' });
    expect(res.status).toBe(400);
    expect(res.json).toEqual({ message: 'Invalid submission' });
    expect(await messagesFrom(email)).toEqual([]);
  });
});

it('rate limits contact messages per address with 429', async () => {
  const app = await startTestApp({ RATE_LIMIT_FORMS_PER_HOUR: '2' });
  try {
    const url = `${app.url}/api/contact`;
    expect((await callApp(url, 'POST', { body: valid(uniqueEmail('rl')) })).status).toBe(201);
    expect((await callApp(url, 'POST', { body: valid(uniqueEmail('rl')) })).status).toBe(201);
    const limited = await callApp(url, 'POST', { body: valid(uniqueEmail('rl')) });
    expect(limited.status).toBe(429);
    expect(limited.json.message).toMatch(/Too many requests/);
  } finally {
    await app.close();
  }
});
