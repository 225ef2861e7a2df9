import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../db/rows';
import { startTestAppWithMail, type TestAppWithMail } from '../../test/app';
import { premiumMember, signInEveryone } from '../../test/identities';
import type { SmtpCapture } from '../../test/smtp';
import { instantToSiteLocal } from '#shared/site-time';
import { releaseEndedPlaces, sendReminders } from './service';
import { callApp } from '../../test/call-app';

const zone = 'America/New_York';
let t: TestAppWithMail;
let smtp: SmtpCapture;
let cookies: Awaited<ReturnType<typeof signInEveryone>>;

beforeAll(async () => {
  t = await startTestAppWithMail({ PUBLIC_URL: 'https://hub.example.org', SITE_TIMEZONE: zone, MAIL_FROM: 'Hub <team@hub.example.org>' });
  smtp = t.smtp;
  cookies = await signInEveryone(t);
});
afterAll(async () => {
  await t.close();
});

const call = (method: string, path: string, body?: unknown, cookie = cookies.admin) => callApp(`${t.url}${path}`, method, { body, cookie });

const inHours = (hours: number) => instantToSiteLocal(new Date(Date.now() + hours * 3_600_000), zone);
const event = (patch: Record<string, unknown> = {}) => ({
  title: `Boards that raise money ${Date.now()}`,
  description: 'With **slides**.',
  startsAt: inHours(72),
  durationMinutes: 60,
  roomUrl: 'https://meet.example.org/board',
  capacity: null,
  ...patch,
});
const create = async (patch: Record<string, unknown> = {}) => {
  const res = await call('POST', '/api/admin/webinars', event(patch));
  expect(res.status).toBe(201);
  return res.json as { id: string; title: string; startsAt: string };
};
const mine = async (cookie: string | undefined, id: string) =>
  ((await call('GET', '/api/webinars', undefined, cookie ?? '')).json.upcoming as { id: string }[]).find((w) => w.id === id) as
    Record<string, unknown> | undefined;

describe('scheduling webinars', () => {
  it('refuses bad input with a 400 naming the field, and non-admins first', async () => {
    expect((await call('POST', '/api/admin/webinars', { nonsense: 1 }, '')).status).toBe(401);
    expect((await call('POST', '/api/admin/webinars', { nonsense: 1 }, cookies.premium)).status).toBe(403);
    expect((await call('POST', '/api/admin/webinars', event({ roomUrl: 'javascript:alert(1)' }))).json.errors).toHaveProperty('roomUrl');
    expect((await call('POST', '/api/admin/webinars', event({ durationMinutes: 5 }))).json.errors).toHaveProperty('durationMinutes');
    expect((await call('POST', '/api/admin/webinars', event({ startsAt: 'next week' }))).json.errors).toHaveProperty('startsAt');
    // 02:30 on the day New York springs forward does not exist.
    const skipped = await call('POST', '/api/admin/webinars', event({ startsAt: '2030-03-10T02:30' }));
    expect(skipped.status).toBe(400);
    expect(skipped.json.message).toMatch(/does not exist in America\/New_York/);
  });

  it('reads the start on the site clock, across daylight saving', async () => {
    const winter = await create({ startsAt: '2030-01-15T13:00' });
    const summer = await create({ startsAt: '2030-07-15T13:00' });
    expect(winter.startsAt).toBe('2030-01-15T18:00:00.000Z');
    expect(summer.startsAt).toBe('2030-07-15T17:00:00.000Z');
  });
});

describe('signing up', () => {
  it('shows visitors and free members a teaser, and lets premium members sign up once with a calendar invitation', async () => {
    const webinar = await create();
    const teaser = await call('GET', '/api/webinars', undefined, '');
    expect(teaser.json.premium).toBe(false);
    const seen = (teaser.json.upcoming as { id: string; title: string; signedUp?: boolean; roomUrl?: string }[]).find((w) => w.id === webinar.id)!;
    expect(seen.title).toBe(webinar.title);
    expect(seen).not.toHaveProperty('signedUp');
    expect(teaser.text).not.toContain('meet.example.org');
    expect((await call('POST', `/api/webinars/${webinar.id}/signup`, {}, '')).status).toBe(401);
    expect((await call('POST', `/api/webinars/${webinar.id}/signup`, {}, cookies.free)).status).toBe(403);

    const member = await premiumMember(t, 'webinar-signup');
    expect((await call('POST', `/api/webinars/${webinar.id}/signup`, {}, member.cookie)).status).toBe(201);
    const again = await call('POST', `/api/webinars/${webinar.id}/signup`, {}, member.cookie);
    expect(again.status).toBe(409);
    expect(again.json.message).toBe("You're already signed up for this webinar.");
    const confirmation = await smtp.waitFor(member.email, /^You're signed up: /);
    expect(confirmation.text).toContain('BEGIN:VCALENDAR');
    expect(confirmation.text).toContain('METHOD:REQUEST');
    expect(confirmation.text).toContain(`DTSTART:${webinar.startsAt.replace(/[-:]/g, '').replace('.000', '')}`);
    expect(confirmation.text).toMatch(/E[SD]T \(60 minutes\)/);
    expect(confirmation.text).not.toContain('meet.example.org');
    expect(smtp.find(member.email, /^You're signed up: /)).toHaveLength(1);
    expect(await mine(member.cookie, webinar.id)).toMatchObject({ signedUp: true });
    expect(await mine(member.cookie, webinar.id)).not.toHaveProperty('roomUrl');
    expect((await call('POST', `/api/webinars/00000000-0000-4000-8000-000000000000/signup`, {}, member.cookie)).status).toBe(404);
  });

  it('gives the last place to one of two members clicking at the same moment', async () => {
    const webinar = await create({ capacity: 1 });
    const [a, b] = await Promise.all([premiumMember(t, 'race-a'), premiumMember(t, 'race-b')]);
    const answers = await Promise.all([a, b].map((member) => call('POST', `/api/webinars/${webinar.id}/signup`, {}, member.cookie)));
    expect(answers.map((answer) => answer.status).sort()).toEqual([201, 409]);
    expect(answers.find((answer) => answer.status === 409)!.json.message).toBe('This webinar is full.');
    const [count] = rowsOf<{ n: number }>(await t.ctx.db.execute(sql`select count(*)::int as n from webinar_signups where webinar_id = ${webinar.id}`));
    expect(count!.n).toBe(1);
  });

  it('shows the room link to signed-up premium members only, from 15 minutes before the start', async () => {
    const member = await premiumMember(t, 'room');
    const other = await premiumMember(t, 'room-other');
    const soon = await create({ startsAt: inHours(10 / 60) });
    const later = await create({ startsAt: inHours(1) });
    for (const webinar of [soon, later]) expect((await call('POST', `/api/webinars/${webinar.id}/signup`, {}, member.cookie)).status).toBe(201);
    expect(await mine(member.cookie, soon.id)).toMatchObject({ roomUrl: 'https://meet.example.org/board' });
    expect(await mine(member.cookie, later.id)).not.toHaveProperty('roomUrl');
    expect(await mine(other.cookie, soon.id)).not.toHaveProperty('roomUrl');
    expect(await mine(cookies.free, soon.id)).not.toHaveProperty('roomUrl');
  });
});

describe('changes, reminders and recordings', () => {
  it('names the right offset on either side of a daylight-saving change, in the email and the .ics', async () => {
    const member = await premiumMember(t, 'dst');
    const before = await create({ startsAt: '2030-11-02T10:00' });
    const after = await create({ startsAt: '2030-11-04T10:00' });
    for (const webinar of [before, after]) expect((await call('POST', `/api/webinars/${webinar.id}/signup`, {}, member.cookie)).status).toBe(201);
    await expect.poll(() => smtp.find(member.email, /^You're signed up: /).length).toBe(2);
    const [first, second] = [before, after].map((webinar) => smtp.find(member.email, new RegExp(`^You're signed up: ${webinar.title}$`))[0]!);
    expect(first!.text).toContain('Saturday, November 2, 2030 at 10:00 AM EDT');
    expect(first!.text).toContain('DTSTART:20301102T140000Z');
    expect(second!.text).toContain('Monday, November 4, 2030 at 10:00 AM EST');
    expect(second!.text).toContain('DTSTART:20301104T150000Z');
  });

  it('sends each reminder once when a run fails half way and runs again', async () => {
    const first = await create();
    const second = await create({ title: `Second of two ${Date.now()}` });
    const member = await premiumMember(t, 'remind-fail');
    for (const webinar of [first, second]) await call('POST', `/api/webinars/${webinar.id}/signup`, {}, member.cookie);
    // The second webinar's reminder cannot be stored: its transaction fails, the first one's stays done.
    await t.ctx.database.executeSql(`create function fail_reminder() returns trigger language plpgsql as $$
      begin if new.subject like 'Tomorrow: Second of two%' then raise exception 'injected failure'; end if; return new; end $$`);
    await t.ctx.database.executeSql('create trigger fail_reminder before insert on mail_outbox for each row execute function fail_reminder()');
    const at = new Date(new Date(first.startsAt).getTime() - 23 * 3_600_000);
    try {
      await expect(sendReminders(t.ctx, at)).rejects.toThrow();
    } finally {
      await t.ctx.database.executeSql('drop trigger fail_reminder on mail_outbox; drop function fail_reminder()');
    }
    await sendReminders(t.ctx, at);
    await smtp.waitFor(member.email, new RegExp(`^Tomorrow: ${second.title}$`));
    await smtp.waitFor(member.email, new RegExp(`^Tomorrow: ${first.title}$`));
    expect(smtp.find(member.email, new RegExp(`^Tomorrow: ${first.title}$`))).toHaveLength(1);
    expect(smtp.find(member.email, new RegExp(`^Tomorrow: ${second.title}$`))).toHaveLength(1);
  });

  it('tells everyone signed up once when the event moves or is cancelled, with an updated invitation', async () => {
    const webinar = await create();
    const member = await premiumMember(t, 'moved');
    await call('POST', `/api/webinars/${webinar.id}/signup`, {}, member.cookie);
    const moved = event({ title: webinar.title, startsAt: inHours(96) });
    expect((await call('PUT', `/api/admin/webinars/${webinar.id}`, moved)).status).toBe(200);
    const update = await smtp.waitFor(member.email, /^Changed: /);
    expect(update.text).toContain('SEQUENCE:1');
    // Saving again without a change to the calendar tells nobody.
    expect((await call('PUT', `/api/admin/webinars/${webinar.id}`, { ...moved, description: 'New notes' })).status).toBe(200);
    expect((await call('POST', `/api/admin/webinars/${webinar.id}/cancel`, {})).status).toBe(200);
    const cancelled = await smtp.waitFor(member.email, /^Cancelled: /);
    expect(cancelled.text).toContain('METHOD:CANCEL');
    expect(cancelled.text).toContain('SEQUENCE:2');
    expect((await call('POST', `/api/admin/webinars/${webinar.id}/cancel`, {})).status).toBe(409);
    expect((await call('POST', `/api/webinars/${webinar.id}/signup`, {}, (await premiumMember(t, 'late')).cookie)).status).toBe(409);
    expect(smtp.find(member.email, /^Changed: /)).toHaveLength(1);
    expect(smtp.find(member.email, /^Cancelled: /)).toHaveLength(1);
  });

  it('sends the reminders a day and an hour before, once each, with a frozen clock', async () => {
    const webinar = await create();
    const member = await premiumMember(t, 'remind');
    await call('POST', `/api/webinars/${webinar.id}/signup`, {}, member.cookie);
    const start = new Date(webinar.startsAt).getTime();
    expect(await sendReminders(t.ctx, new Date(start - 30 * 3_600_000))).toBe(0);
    expect(await sendReminders(t.ctx, new Date(start - 23 * 3_600_000))).toBeGreaterThanOrEqual(1);
    expect(await sendReminders(t.ctx, new Date(start - 22 * 3_600_000))).toBe(0);
    const day = await smtp.waitFor(member.email, /^Tomorrow: /);
    expect(day.text).toMatch(/E[SD]T/);
    await sendReminders(t.ctx, new Date(start - 50 * 60_000));
    await smtp.waitFor(member.email, /^In one hour: /);
    expect(await sendReminders(t.ctx, new Date(start - 40 * 60_000))).toBe(0);
    expect(smtp.find(member.email, /^Tomorrow: /)).toHaveLength(1);
    expect(smtp.find(member.email, /^In one hour: /)).toHaveLength(1);
  });

  it('adds the recording to the library, tells the people signed up once, and exports the sign-ups', async () => {
    const webinar = await create({ title: `Grant renewals that stick ${Date.now()}` });
    const member = await premiumMember(t, 'recording');
    await call('POST', `/api/webinars/${webinar.id}/signup`, {}, member.cookie);
    expect((await call('POST', `/api/admin/webinars/${webinar.id}/recording`, { recordingUrl: 'https://video.example.org/1' })).status).toBe(409);
    await t.ctx.db.execute(sql`update webinars set starts_at = now() - interval '2 hours' where id = ${webinar.id}`);
    // An earlier webinar can be added with its start in the past, for its recording; nobody can sign up to it.
    const earlier = await create({ startsAt: inHours(-48) });
    expect((await call('POST', `/api/webinars/${earlier.id}/signup`, {}, member.cookie)).status).toBe(409);
    expect((await call('POST', `/api/admin/webinars/${earlier.id}/recording`, { recordingUrl: 'https://video.example.org/0' })).status).toBe(200);
    expect((await call('POST', `/api/admin/webinars/${webinar.id}/recording`, { recordingUrl: 'data:text/html,x' })).json.errors).toHaveProperty(
      'recordingUrl',
    );
    const added = { recordingUrl: 'https://video.example.org/1', summary: 'Three habits of **renewals**.', slidesUrl: 'https://slides.example.org/1' };
    expect((await call('POST', `/api/admin/webinars/${webinar.id}/recording`, added)).status).toBe(200);
    expect((await call('POST', `/api/admin/webinars/${webinar.id}/recording`, { ...added, recordingUrl: 'https://video.example.org/1-fixed' })).status).toBe(
      200,
    );
    const ready = await smtp.waitFor(member.email, /^The recording is ready: /);
    expect(smtp.find(member.email, /^The recording is ready: /)).toHaveLength(1);
    // News, which the member can leave from the mail itself (decision 046).
    const preferences = /You get this as webinar and event news\. To stop it, or to choose your other emails: (\S+)/.exec(ready.text)![1]!;
    const token = new URL(preferences).searchParams.get('token')!;
    expect((await callApp(`${t.url}/api/newsletter/preferences?token=${token}`)).json).toMatchObject({ email: member.email.toLowerCase() });

    const library = await call('GET', `/api/webinars?q=${encodeURIComponent('renewals that stick')}`, undefined, member.cookie);
    expect(library.json.recordings).toEqual([
      expect.objectContaining({ title: webinar.title, recordingUrl: 'https://video.example.org/1-fixed', slidesUrl: 'https://slides.example.org/1' }),
    ]);
    expect(library.json.recordings[0].summaryHtml).toContain('<strong>renewals</strong>');
    expect((await call('GET', '/api/webinars?q=nothing-like-this', undefined, member.cookie)).json.recordings).toEqual([]);
    expect((await call('GET', '/api/webinars', undefined, cookies.free)).json.recordings).toEqual([]);

    const csv = await call('GET', `/api/admin/webinars/${webinar.id}/signups.csv`);
    expect(csv.text.split('\r\n')[0]).toBe('Email,First name,Last name,Signed up at');
    expect(csv.text).toContain(member.email);
    expect((await call('GET', `/api/admin/webinars/${webinar.id}/signups`)).json.signups).toEqual([expect.objectContaining({ email: member.email })]);
  });
});

describe('when premium ends', () => {
  it('lets the member withdraw, stops the change emails, and releases their places to come with one email that removes each from the calendar', async () => {
    const [first, second] = [await create(), await create({ title: `Budgets that hold ${Date.now()}` })];
    const member = await premiumMember(t, 'ended');
    const witness = await premiumMember(t, 'ended-witness');
    for (const webinar of [first, second]) expect((await call('POST', `/api/webinars/${webinar.id}/signup`, {}, member.cookie)).status).toBe(201);
    expect((await call('POST', `/api/webinars/${second.id}/signup`, {}, witness.cookie)).status).toBe(201);
    await expect.poll(() => smtp.find(member.email, /^You're signed up: /).length).toBe(2);
    await t.ctx.db.execute(sql`update users set is_premium = false where lower(email) = lower(${member.email})`);

    expect((await call('DELETE', `/api/webinars/${first.id}/signup`, undefined, member.cookie)).status).toBe(200);
    expect((await call('DELETE', `/api/webinars/${first.id}/signup`, undefined, '')).status).toBe(401);

    // A change to the event reaches the members who still have premium only.
    expect((await call('PUT', `/api/admin/webinars/${second.id}`, event({ title: second.title, startsAt: inHours(100) }))).status).toBe(200);
    await smtp.waitFor(witness.email, /^Changed: /);
    expect(smtp.find(member.email, /^Changed: /)).toHaveLength(0);

    expect(await releaseEndedPlaces(t.ctx)).toBeGreaterThanOrEqual(1);
    const released = await smtp.waitFor(member.email, new RegExp(`^Your place is released: ${second.title}$`));
    expect(released.text).toContain('Your premium membership has ended');
    expect(released.text).toContain('METHOD:CANCEL');
    const places = await t.ctx.db.execute(sql`select 1 from webinar_signups s join users u on u.id = s.user_id where lower(u.email) = lower(${member.email})`);
    expect(rowsOf(places)).toEqual([]);
    await releaseEndedPlaces(t.ctx);
    expect(smtp.find(member.email, /^Your place is released: /)).toHaveLength(1);
    expect((await mine(witness.cookie, second.id))?.signedUp).toBe(true);
  });
});
