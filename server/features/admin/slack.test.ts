import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestAppWithMail, type TestAppWithMail } from '../../test/app';
import { callApp } from '../../test/call-app';
import type { SmtpCapture } from '../../test/smtp';
import { uniqueEmail } from '../../test/unique-email';

let t: TestAppWithMail;
let smtp: SmtpCapture;
let admin: string;
beforeAll(async () => {
  t = await startTestAppWithMail({ PUBLIC_URL: 'https://hub.example.org', SLACK_INVITE_URL: 'https://join.slack.com/t/hub/shared_invite/abc' });
  smtp = t.smtp;
  admin = (await account('slack-admin')).cookie;
  await t.ctx.db.execute(sql`update users set is_admin = true where lower(email) like 'slack-admin%'`);
});
afterAll(async () => {
  await t.close();
});

async function account(label: string) {
  const email = uniqueEmail(label);
  const res = await callApp(`${t.url}/api/register`, 'POST', { body: { email, password: 'correct-horse', firstName: 'Sam', lastName: label } });
  expect(res.status).toBe(201);
  return {
    email,
    id: (res.json as { id: string }).id,
    cookie: res.headers
      .getSetCookie()
      .map((c) => c.split(';')[0])
      .join('; '),
  };
}

const call = (method: string, path: string, cookie = admin) => callApp(`${t.url}${path}`, method, { body: {}, cookie });
const invitations = async () =>
  (await call('GET', '/api/admin/slack-invitations')).json as { waiting: { email: string; overdue: boolean }[]; invited: { email: string; method: string }[] };

/** A premium member as an admin makes one: a grant. */
async function premiumMember(label: string) {
  const member = await account(label);
  const res = await callApp(`${t.url}/api/admin/users/${member.id}/premium`, 'PATCH', { body: { isPremium: true }, cookie: admin });
  expect(res.status).toBe(200);
  return member;
}

describe('Slack invitations', () => {
  it('lists premium members not yet invited, longest waiting first, flags those past 24 hours, and leaves free members out', async () => {
    const late = await premiumMember('late');
    const fresh = await premiumMember('fresh');
    const free = await account('free');
    await t.ctx.db.execute(sql`update subscriptions set created_at = now() - interval '30 hours' where user_id = ${late.id}`);
    const json = await invitations();
    const emails = json.waiting.map((row) => row.email);
    expect(emails.indexOf(late.email)).toBeLessThan(emails.indexOf(fresh.email));
    expect(json.waiting.find((row) => row.email === late.email)?.overdue).toBe(true);
    expect(json.waiting.find((row) => row.email === fresh.email)?.overdue).toBe(false);
    expect(emails).not.toContain(free.email);
  });

  it('sends the invitation link once, or marks one sent elsewhere; refuses twice, free members and strangers', async () => {
    const emailed = await premiumMember('emailed');
    const marked = await premiumMember('marked');
    const free = await account('not-premium');
    const sent = await call('POST', `/api/admin/slack-invitations/${emailed.id}/send`);
    expect(sent.status).toBe(200);
    expect(sent.json).toMatchObject({ email: emailed.email, method: 'emailed', overdue: false });
    const mail = await smtp.waitFor(emailed.email, /^Your invitation to the premium Slack community$/);
    expect(mail.text).toContain('https://join.slack.com/t/hub/shared_invite/abc');

    expect((await call('POST', `/api/admin/slack-invitations/${marked.id}/invited`)).json).toMatchObject({ method: 'marked' });
    const again = await call('POST', `/api/admin/slack-invitations/${emailed.id}/send`);
    expect(again.status).toBe(409);
    expect(again.json.message).toBe('This member was already invited to Slack.');
    expect(smtp.find(emailed.email, /Slack/)).toHaveLength(1);
    expect((await call('POST', `/api/admin/slack-invitations/${free.id}/send`)).status).toBe(409);
    expect((await call('POST', '/api/admin/slack-invitations/00000000-0000-4000-8000-000000000000/invited')).status).toBe(404);

    const json = await invitations();
    expect(json.waiting.map((row) => row.email)).not.toContain(emailed.email);
    expect(json.invited.map((row) => row.email)).toEqual(expect.arrayContaining([emailed.email, marked.email]));
  });

  it('is for admins only', async () => {
    const member = await premiumMember('curious');
    expect((await call('GET', '/api/admin/slack-invitations', '')).status).toBe(401);
    expect((await call('POST', `/api/admin/slack-invitations/${member.id}/send`, member.cookie)).status).toBe(403);
  });
});
