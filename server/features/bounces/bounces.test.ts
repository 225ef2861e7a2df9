import { createHmac } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailSuppressions } from '../../db/schema';
import { editionBounces } from './schema';
import { editionDeliveries } from '../editions/schema';
import { newsletterSignups } from '../newsletter/schema';
import { startTestAppWithMail, type TestAppWithMail } from '../../test/app';
import { callApp } from '../../test/call-app';
import { startImapServer } from '../../test/imap';
import { signInEveryone } from '../../test/identities';
import { deliverDueEditions } from '../../test/deliver-editions';
import type { CapturedMail, SmtpCapture } from '../../test/smtp';
import { uniqueEmail } from '../../test/unique-email';
import { startSending } from '../editions/sender';
import { writeAllFixedDeliveries } from '../editions/recipients-repo';
import { signupStatus as standing } from '../newsletter/repo';
import { pollBounceMailbox } from './mailbox';

const SIGNING_KEY = 'key-3ax6xnjp29jd6fds4gc373sgvjxteol0';
const BOUNCES = 'bounces@dish.example.org';
let t: TestAppWithMail;
let smtp: SmtpCapture;
let cookies: Awaited<ReturnType<typeof signInEveryone>>;

beforeAll(async () => {
  t = await startTestAppWithMail({
    PUBLIC_URL: 'https://dish.example.org',
    NEWSLETTER_CONFIRMED_OPT_IN: 'false',
    BOUNCE_ADDRESS: BOUNCES,
    MAILGUN_WEBHOOK_SIGNING_KEY: SIGNING_KEY,
  });
  smtp = t.smtp;
  cookies = await signInEveryone(t);
});
afterAll(async () => {
  await t.close();
});

const settings = {
  publicUrl: 'https://dish.example.org',
  postalAddress: '12 Harbour Road, Portland, ME 04101',
  ratePerSecond: 2000,
  connections: 2,
  bounceAddress: BOUNCES,
  timeZone: 'America/New_York',
};
async function sendDue() {
  return deliverDueEditions(t.ctx.db, smtp.url, settings);
}
const admin = (method: string, path: string, body?: unknown, cookie = cookies.admin) => callApp(`${t.url}${path}`, method, { body, cookie });

async function subscribe(label: string): Promise<string> {
  const email = uniqueEmail(label);
  expect((await callApp(`${t.url}/api/newsletter/signup`, 'POST', { body: { email } })).status).toBe(201);
  return email;
}

let editions = 0;
/** An edition created, started and sent by the admin's own calls; answers its id. */
async function sendEdition(title: string): Promise<string> {
  editions += 1;
  const created = await admin('POST', '/api/admin/editions', { title, summary: 'S', slug: `bounce-${Date.now()}-${editions}`, body: 'Hello, **friends**.' });
  expect(created.status, created.text).toBe(201);
  expect((await admin('POST', `/api/admin/editions/${created.json.id}/send`)).status).toBe(200);
  await sendDue();
  return created.json.id as string;
}
const copyOf = (email: string, title: string): CapturedMail | undefined => smtp.find(email, new RegExp(`^${title}$`))[0];
/** The token of a copy, from its envelope sender as the mail server received it. */
const tokenOf = (mail: CapturedMail | undefined) => /^bounces\+(d\d+-[0-9a-f]{20})@dish\.example\.org$/.exec(mail?.envelopeFrom ?? '')?.[1];

const dsn = (token: string, finalRecipient: string, status: string, diagnostic: string) => `Return-Path: <>
Received: from mx.example.net by mail.dish.example.org; Tue, 24 Nov 2026 07:01:02 +0000
From: Mail Delivery System <MAILER-DAEMON@mx.example.net>
To: bounces+${token}@dish.example.org
Subject: Undelivered Mail Returned to Sender
Auto-Submitted: auto-replied
MIME-Version: 1.0
Content-Type: multipart/report; report-type=delivery-status;
 boundary="4B1C2D3E.1732431662/mx.example.net"

This is a MIME-encapsulated message.

--4B1C2D3E.1732431662/mx.example.net
Content-Description: Notification
Content-Type: text/plain; charset=us-ascii

I'm sorry to have to inform you that your message could not
be delivered to one or more recipients.

--4B1C2D3E.1732431662/mx.example.net
Content-Description: Delivery report
Content-Type: message/delivery-status

Reporting-MTA: dns; mx.example.net
X-Postfix-Queue-ID: 4B1C2D3E
Arrival-Date: Tue, 24 Nov 2026 07:01:00 +0000

Final-Recipient: rfc822; ${finalRecipient}
Original-Recipient: rfc822;${finalRecipient}
Action: failed
Status: ${status}
Remote-MTA: dns; mx.example.com
Diagnostic-Code: smtp; ${diagnostic}

--4B1C2D3E.1732431662/mx.example.net
Content-Description: Undelivered Message Headers
Content-Type: text/rfc822-headers

Return-Path: <bounces+${token}@dish.example.org>
From: Dish <dish@example.org>
To: ${finalRecipient}
Subject: The Weekly Dish

--4B1C2D3E.1732431662/mx.example.net--
`;

const arf = (token: string, recipient: string) => `From: Feedback Loop <fbl@isp.example.net>
To: abuse@dish.example.org
Subject: FW: The Weekly Dish
MIME-Version: 1.0
Content-Type: multipart/report; report-type=feedback-report; boundary="part1_13d.2e68ed54"

--part1_13d.2e68ed54
Content-Type: text/plain; charset="US-ASCII"

This is an email abuse report for an email message received from IP 192.0.2.1.

--part1_13d.2e68ed54
Content-Type: message/feedback-report

Feedback-Type: abuse
User-Agent: SomeGenerator/1.0
Version: 1
Original-Mail-From: <bounces+${token}@dish.example.org>
Original-Rcpt-To: <${recipient}>
Arrival-Date: Tue, 24 Nov 2026 07:01:00 +0000

--part1_13d.2e68ed54
Content-Type: message/rfc822
Content-Disposition: inline

Return-Path: <bounces+${token}@dish.example.org>
Message-ID: <dish.${token}@dish.example.org>
From: Dish <dish@example.org>
To: <${recipient}>
Subject: The Weekly Dish

Hello, friends.
--part1_13d.2e68ed54--
`;

const vacation = (token: string) => `From: Someone <someone@example.com>
To: bounces+${token}@dish.example.org
Subject: Out of office: The Weekly Dish
Auto-Submitted: auto-replied
X-Autoreply: yes
Precedence: auto_reply

I am away until Monday, with limited access to email.
`;

/** A logger that keeps its lines, so a test can see why a report was ignored. */
function keptLog() {
  const lines: string[] = [];
  const keep = (details: object, message: string) => void lines.push(`${message} ${JSON.stringify(details)}`);
  const log = { info: keep, warn: keep, error: keep, debug: keep } as unknown as FastifyBaseLogger;
  return { log, lines };
}

const suppressed = async (email: string) =>
  (
    await t.ctx.db
      .select({ reason: mailSuppressions.reason })
      .from(mailSuppressions)
      .where(sql`lower(${mailSuppressions.email}) = lower(${email})`)
  )[0]?.reason ?? null;
const signupStatus = async (email: string) =>
  (
    await t.ctx.db
      .select({ status: standing })
      .from(newsletterSignups)
      .where(sql`lower(${newsletterSignups.email}) = lower(${email})`)
  )[0]?.status;
const bouncesOf = (email: string) =>
  t.ctx.db
    .select()
    .from(editionBounces)
    .where(sql`lower(${editionBounces.email}) = lower(${email})`)
    .orderBy(editionBounces.id);

/** A Mailgun webhook body, signed with `key` at `timestamp`. */
function mailgun(eventData: Record<string, unknown>, options: { key?: string; timestamp?: number } = {}) {
  const timestamp = String(options.timestamp ?? Math.floor(Date.now() / 1000));
  const token = `tok${Math.random().toString(36).slice(2)}${'0'.repeat(30)}`;
  const signature = createHmac('sha256', options.key ?? SIGNING_KEY)
    .update(`${timestamp}${token}`)
    .digest('hex');
  return { signature: { timestamp, token, signature }, 'event-data': eventData };
}
const failed = (token: string, recipient: string, severity: 'permanent' | 'temporary') => ({
  event: 'failed',
  severity,
  recipient,
  id: 'G9Bn5sl1TC6nu79C8C0bwg',
  'delivery-status': {
    code: severity === 'permanent' ? 550 : 452,
    message: severity === 'permanent' ? '5.1.1 No such mailbox' : '4.2.2 Mailbox full',
    description: '',
  },
  message: { headers: { 'message-id': `dish.${token}@dish.example.org`, subject: 'The Weekly Dish' } },
});
const webhook = (body: unknown) => callApp(`${t.url}/api/webhooks/mailgun`, 'POST', { body });

describe('bounces and complaints of The Weekly Dish', () => {
  it('reads the bounce mailbox over IMAP: a hard bounce suppresses, a complaint unsubscribes, the rest is ignored; nothing is deleted or read twice; the next editions skip them', async () => {
    const [hard, away, complainer, forged, other, later] = (await Promise.all(['hard', 'away', 'complains', 'forged', 'other', 'later'].map(subscribe))) as [
      string,
      string,
      string,
      string,
      string,
      string,
    ];
    const title = `Kitchen notes ${Date.now()}`;
    const editionId = await sendEdition(title);

    // Every copy's envelope sender carries its own token; its Message-ID carries it too.
    const tokens: Record<string, string> = {};
    for (const email of [hard, away, complainer, forged, other, later]) {
      const copy = copyOf(email, title);
      tokens[email] = tokenOf(copy)!;
      expect(copy?.headers).toContain(`Message-ID: <dish.${tokens[email]}@dish.example.org>`);
    }
    expect(new Set(Object.values(tokens)).size).toBe(6);

    const inbox = [
      dsn(tokens[hard]!, hard, '5.1.1', `550 5.1.1 <${hard}>: Recipient address rejected: User unknown in virtual mailbox table`),
      vacation(tokens[away]!),
      arf(tokens[complainer]!, complainer),
      // A token whose signature was changed: not ours, suppresses nobody.
      dsn(tokens[forged]!.replace(/-[0-9a-f]{4}/, '-0000'), forged, '5.1.1', '550 5.1.1 User unknown'),
      // A genuine token, but the report is about another site's address.
      dsn(tokens[other]!, 'someone@another-site.example', '5.1.1', '550 5.1.1 User unknown'),
      'this is not a mail message at all',
    ];
    const imap = await startImapServer(inbox);
    try {
      const { log, lines } = keptLog();
      expect(await pollBounceMailbox(t.ctx.db, imap.settings, log)).toEqual({ read: 6 });

      expect(await suppressed(hard)).toMatch(/^Hard bounce: 550 5\.1\.1 .*User unknown/);
      expect(await signupStatus(hard)).toBe('bounced');
      expect(await suppressed(complainer)).toMatch(/^Complaint/);
      expect(await signupStatus(complainer)).toBe('unsubscribed');
      for (const email of [away, forged, other, later]) {
        expect(await suppressed(email)).toBeNull();
        expect(await signupStatus(email)).toBe('subscribed');
      }
      expect(await bouncesOf(hard)).toMatchObject([
        { kind: 'hard', status: '5.1.1', source: 'imap', diagnostic: expect.stringContaining('User unknown in virtual mailbox table') },
      ]);
      expect(await bouncesOf(complainer)).toMatchObject([{ kind: 'complaint', source: 'imap' }]);
      expect(lines.join('\n')).toMatch(/automatic reply/);
      expect(lines.join('\n')).toMatch(/no copy of ours/);
      expect(lines.join('\n')).toMatch(/not this copy's recipient/);

      // Everything is still in the mailbox, read; a second run reads nothing.
      expect(await imap.counts()).toEqual({ messages: 6, unseen: 0 });
      expect(await pollBounceMailbox(t.ctx.db, imap.settings, log)).toEqual({ read: 0 });
    } finally {
      await imap.close();
    }

    // The same reports unread again (another server's mailbox copy, flags lost): they count once.
    const again = await startImapServer(inbox);
    try {
      expect(await pollBounceMailbox(t.ctx.db, again.settings, keptLog().log)).toEqual({ read: 6 });
    } finally {
      await again.close();
    }
    expect(await bouncesOf(hard)).toHaveLength(1);
    expect(await bouncesOf(complainer)).toHaveLength(1);
    // The edition's report in the admin counts them once each, beside what was delivered (the six
    // here and any subscriber another test of this file made before it, as the tests run shuffled).
    const delivered = await t.ctx.db.$count(editionDeliveries, and(eq(editionDeliveries.editionId, editionId), eq(editionDeliveries.status, 'sent')));
    expect(delivered).toBeGreaterThanOrEqual(6);
    expect((await admin('GET', `/api/admin/editions/${editionId}/report`)).json).toMatchObject({ delivered, bounced: 1, complaints: 1 });

    // The next edition: the suppressed addresses are not among its recipients. While it is being
    // sent, a hard bounce for an earlier copy arrives by webhook: the queue's recheck skips it too.
    const next = `Kitchen notes ${Date.now()} again`;
    const created = await admin('POST', '/api/admin/editions', { title: next, summary: 'S', slug: `bounce-next-${Date.now()}`, body: 'Again.' });
    expect(await startSending(t.ctx.db, created.json.id as string, settings)).toBe(true);
    await writeAllFixedDeliveries(t.ctx.db);
    const recipients = await t.ctx.db
      .select({ email: editionDeliveries.email })
      .from(editionDeliveries)
      .where(eq(editionDeliveries.editionId, created.json.id as string));
    expect(recipients.map((r) => r.email)).not.toContain(hard);
    expect(recipients.map((r) => r.email)).not.toContain(complainer);
    expect(recipients.map((r) => r.email)).toContain(later);
    expect((await webhook(mailgun(failed(tokens[later]!, later, 'permanent')))).json).toMatchObject({ outcome: 'suppressed' });
    await sendDue();
    expect(copyOf(away, next)).toBeDefined();
    expect(copyOf(later, next)).toBeUndefined();
    const [skipped] = await t.ctx.db
      .select({ status: editionDeliveries.status })
      .from(editionDeliveries)
      .where(and(eq(editionDeliveries.editionId, created.json.id as string), eq(editionDeliveries.email, later)));
    expect(skipped?.status).toBe('skipped');
  });

  it('suppresses after three soft bounces within 30 days (two do not, an older one does not count); a webhook retry counts once', async () => {
    const email = await subscribe('soft');
    const titles = [1, 2, 3, 4].map((n) => `Soft ${n} ${Date.now()}`);
    const tokens: string[] = [];
    for (const title of titles) {
      await sendEdition(title);
      tokens.push(tokenOf(copyOf(email, title))!);
    }
    const soft = (i: number) => webhook(mailgun(failed(tokens[i]!, email, 'temporary')));
    expect((await soft(0)).json).toMatchObject({ outcome: 'recorded' });
    // Mailgun delivers the same event again: nothing more is counted.
    expect((await soft(0)).json).toMatchObject({ outcome: 'repeat' });
    expect((await soft(1)).json).toMatchObject({ outcome: 'recorded' });
    expect(await suppressed(email)).toBeNull();
    // The first is now 31 days old: with the third there are still only two within the window.
    await t.ctx.db
      .update(editionBounces)
      .set({ receivedAt: sql`now() - interval '31 days'` })
      .where(eq(editionBounces.deliveryId, Number(/^d(\d+)-/.exec(tokens[0]!)![1])));
    expect((await soft(2)).json).toMatchObject({ outcome: 'recorded' });
    expect(await suppressed(email)).toBeNull();
    expect((await soft(3)).json).toMatchObject({ outcome: 'suppressed' });
    expect(await suppressed(email)).toBe('3 soft bounces within 30 days, the last: 4.2.2 Mailbox full');
    expect(await signupStatus(email)).toBe('bounced');
    expect((await bouncesOf(email)).map((b) => [b.kind, b.source, b.status])).toEqual(Array(4).fill(['soft', 'webhook', '4.2.2']));
  });

  it('refuses forged, stale, oversized and NUL webhook bodies, ignores unknown tokens, and changes nothing', async () => {
    const email = await subscribe('webhook');
    const title = `Hooks ${Date.now()}`;
    await sendEdition(title);
    const token = tokenOf(copyOf(email, title))!;
    const event = failed(token, email, 'permanent');

    const forged = await webhook(mailgun(event, { key: 'key-not-the-real-one-at-all-000000' }));
    expect(forged.status).toBe(401);
    const stale = await webhook(mailgun(event, { timestamp: Math.floor(Date.now() / 1000) - 3600 }));
    expect(stale.status).toBe(400);
    expect(stale.json.message).toMatch(/stale/);
    const nul = await webhook(mailgun({ ...event, recipient: `${email}\u0000` }));
    expect(nul.status).toBe(400);
    const big = await fetch(`${t.url}/api/webhooks/mailgun`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(mailgun({ ...event, padding: 'x'.repeat(10 * 1024 * 1024) })),
    });
    expect(big.status).toBe(413);
    const malformed = await webhook({ signature: { timestamp: 'yesterday' }, 'event-data': {} });
    expect(malformed.status).toBe(400);
    const unknown = await webhook(mailgun(failed('d999999999-0123456789abcdef0123', email, 'permanent')));
    expect(unknown.status).toBe(200);
    expect(unknown.json).toMatchObject({ outcome: 'ignored' });
    const elsewhere = await webhook(mailgun(failed(token, 'someone@another-site.example', 'permanent')));
    expect(elsewhere.json).toMatchObject({ outcome: 'ignored' });
    expect(await suppressed(email)).toBeNull();
    expect(await bouncesOf(email)).toEqual([]);

    // The genuine event, signed now: applied.
    expect((await webhook(mailgun(event))).json).toMatchObject({ outcome: 'suppressed' });
    expect(await suppressed(email)).toMatch(/^Hard bounce: 5\.1\.1/);
  });

  it("lists bounces and suppressions for the admin, lifts a suppression (audited), and the subscribers' CSV says who is suppressed and why", async () => {
    const email = await subscribe('lift');
    const quiet = await subscribe('quiet');
    const title = `Admin ${Date.now()}`;
    await sendEdition(title);
    await webhook(mailgun(failed(tokenOf(copyOf(email, title))!, email, 'permanent')));

    const bounces = await admin('GET', `/api/admin/bounces?search=${encodeURIComponent(email)}&status=hard`);
    expect(bounces.status).toBe(200);
    expect(bounces.json.items).toMatchObject([
      { email, kind: 'hard', status: '5.1.1', diagnostic: '5.1.1 No such mailbox', source: 'webhook', editionTitle: title },
    ]);
    // The export names the edition as the page does, read by a join of the editions.
    const bouncesCsv = (await admin('GET', `/api/admin/bounces.csv?search=${encodeURIComponent(email)}`)).text.trim().split('\r\n');
    expect(bouncesCsv[0]).toMatch(/,editionTitle$/);
    expect(bouncesCsv.slice(1)).toEqual([expect.stringMatching(new RegExp(`^\\d+,[-0-9a-f]{36},${email.replace(/[.+]/g, '\\$&')},hard,.*,${title}$`))]);
    const list = await admin('GET', `/api/admin/suppressions?search=${encodeURIComponent(email)}`);
    expect(list.json.items).toMatchObject([{ email, reason: expect.stringMatching(/^Hard bounce/) }]);

    const csv = await admin('GET', `/api/admin/newsletters.csv?search=${encodeURIComponent(email.split('@')[0]!)}`);
    const [header, row] = csv.text.trim().split('\r\n');
    expect(header).toMatch(/,upgraded,suppressed,suppressedBecause,suppressedAt$/);
    expect(row).toMatch(/,false,true,Hard bounce: 5\.1\.1 No such mailbox,\d{4}-\d\d-\d\dT[\d:.]+Z$/);
    const quietRow = (await admin('GET', `/api/admin/newsletters.csv?search=${encodeURIComponent(quiet.split('@')[0]!)}`)).text.trim().split('\r\n')[1];
    expect(quietRow).toMatch(/,false,false,,$/);

    expect((await admin('POST', '/api/admin/suppressions/lift', { email }, cookies.free)).status).toBe(403);
    const lifted = await admin('POST', '/api/admin/suppressions/lift', { email: email.toUpperCase() });
    expect(lifted.status).toBe(200);
    expect(await suppressed(email)).toBeNull();
    expect(await signupStatus(email)).toBe('subscribed');
    const audit = await admin('GET', `/api/admin/audit-log?search=${encodeURIComponent(email)}`);
    expect(audit.json.items).toMatchObject([
      { action: 'suppression.lift', targetId: email.toLowerCase(), details: { reason: expect.stringMatching(/^Hard bounce/) } },
    ]);
    expect((await admin('POST', '/api/admin/suppressions/lift', { email })).status).toBe(404);
    // The bounce stays on record.
    expect(await bouncesOf(email)).toHaveLength(1);
  });
});
