import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Pillar } from '#shared/checkup/questions';
import { questions } from '#shared/checkup/questions';
import { adminAuditLog, queuedMails, users } from '../../db/schema';
import { checkupResults } from '../checkup/schema';
import { checkupTargetDays, followUpEnrolments } from './schema';
import { startTestAppWithMail, type TestAppWithMail } from '../../test/app';
import { callApp } from '../../test/call-app';
import { signInEveryone } from '../../test/identities';
import type { SmtpCapture } from '../../test/smtp';
import { uniqueEmail } from '../../test/unique-email';
import { sendDueFollowUps } from './service';

vi.setConfig({ testTimeout: 60_000 });

let t: TestAppWithMail;
let smtp: SmtpCapture;
let cookies: Awaited<ReturnType<typeof signInEveryone>>;
const publicUrl = 'https://hub.example.org';

beforeAll(async () => {
  t = await startTestAppWithMail({ PUBLIC_URL: publicUrl });
  smtp = t.smtp;
  cookies = await signInEveryone(t);
});
afterAll(async () => {
  await t.close();
});

const admin = (method: string, path: string, body?: unknown) => callApp(`${t.url}${path}`, method, { body, cookie: cookies.admin });

/** Answers of 2 everywhere, and `worse` pillars answered 4 (the weakest): a total of 48 or more, grade D. */
const answersWith = (...worse: Pillar[]) => Object.fromEntries(questions.map((q) => [String(q.id), worse.includes(q.category) ? 4 : 2]));
/** Answers of `base` everywhere but the pillars given their own answer. */
const answersOf = (base: number, pillarsAt: Partial<Record<Pillar, number>>) =>
  Object.fromEntries(questions.map((q) => [String(q.id), pillarsAt[q.category] ?? base]));

const step = (subject: string, delayDays = 0, extra: Record<string, unknown> = {}) => ({
  delayDays,
  subject,
  body: `Hello **there**, about ${subject}.`,
  ...extra,
});

async function createSequence(targetKind: 'pillar' | 'grade', target: string, steps: unknown[], active = true, extra: Record<string, unknown> = {}) {
  const created = await admin('POST', '/api/admin/follow-ups', { name: `${targetKind} ${target}`, targetKind, target, steps, ...extra });
  expect(created.status, created.text).toBe(201);
  if (active) expect((await admin('POST', `/api/admin/follow-ups/${created.json.id}/switch`, { active: true })).status).toBe(200);
  return created.json as { id: string; steps: { id: string }[] };
}

const takeCheckup = async (email: string, answers: Record<string, number>, cookie?: string) => {
  const res = await callApp(`${t.url}/api/checkup-results`, 'POST', { body: { email, answers }, ...(cookie ? { cookie } : {}) });
  expect(res.status, res.text).toBe(201);
  return res.json.id as string;
};

const enrolmentsOf = (email: string) =>
  t.ctx.db
    .select({
      sequenceId: followUpEnrolments.sequenceId,
      stopReason: followUpEnrolments.stopReason,
      stepsSent: followUpEnrolments.stepsSent,
    })
    .from(followUpEnrolments)
    .where(sql`lower(${followUpEnrolments.email}) = lower(${email})`)
    .orderBy(followUpEnrolments.createdAt);

const runJob = async (now?: Date) => {
  const sent = await sendDueFollowUps(t.ctx, now);
  await t.ctx.mailQueue.idle();
  return sent;
};

let fuel: Awaited<ReturnType<typeof createSequence>>;
let humans: Awaited<ReturnType<typeof createSequence>>;
let coffee: Awaited<ReturnType<typeof createSequence>>;

describe('Check-Up follow-ups', () => {
  beforeAll(async () => {
    fuel = await createSequence('pillar', 'FUEL', [step('Fuel one', 0, { linkGuide: true, linkResources: true, linkAllies: true }), step('Fuel two', 3)]);
    humans = await createSequence('pillar', 'HUMANS', [step('Humans one')]);
    // Grade C (totals 25-32): none of the answersWith() Check-Ups (grade D) falls in it.
    coffee = await createSequence('grade', 'C', [step('Coffee one')]);
    // Written but off: nobody is enrolled in it.
    await createSequence('pillar', 'GEARS', [step('Gears one')], false);
  });

  it('refuses bad input with a 400 naming the field, a missing sequence with a 404, and changes nothing', async () => {
    const before = (await admin('GET', '/api/admin/follow-ups')).json.sequences.length;
    const base = { name: 'Bad', targetKind: 'pillar', target: 'FUTURE', steps: [step('Fine')] };
    const cases: [unknown, string][] = [
      [{ ...base, steps: [step('Early', -1)] }, 'steps.0.delayDays'],
      [{ ...base, steps: [step('Late', 3650)] }, 'steps.0.delayDays'],
      [{ ...base, steps: [step('Nul\u0000')] }, 'steps.0.subject'],
      [{ ...base, steps: [{ ...step('Nul body'), body: 'a\u0000b' }] }, 'steps.0.body'],
      [{ ...base, name: 'N\u0000' }, 'name'],
      [{ ...base, target: 'SNACKS' }, 'target'],
      [{ ...base, targetKind: 'grade', target: 'FUEL' }, 'target'],
      [{ ...base, targetKind: 'grade', target: 'mostly-functional' }, 'target'],
      [{ ...base, targetKind: 'band', target: 'mostly-functional' }, 'targetKind'],
      [{ ...base, targetKind: 'mood' }, 'targetKind'],
      [{ ...base, steps: [] }, 'steps'],
      [{ ...base, steps: [{ ...step('Deep'), body: `${'> '.repeat(60)}deep` }] }, 'steps.0.body'],
    ];
    for (const [body, field] of cases) {
      const res = await admin('POST', '/api/admin/follow-ups', body);
      expect(res.status, field).toBe(400);
      expect(res.json.errors, field).toHaveProperty([field]);
      expect(res.json.message).toContain(field);
    }
    expect((await admin('POST', '/api/admin/follow-ups', { ...base, target: 'FUEL' })).status).toBe(409);
    const missing = '00000000-0000-4000-8000-000000000000';
    expect((await admin('PUT', `/api/admin/follow-ups/${missing}`, base)).status).toBe(404);
    expect((await admin('POST', `/api/admin/follow-ups/${missing}/switch`, { active: true })).status).toBe(404);
    expect((await admin('POST', '/api/admin/follow-ups/not-an-id/switch', { active: true })).status).toBe(400);
    expect((await admin('PUT', `/api/admin/follow-ups/${fuel.id}`, { ...base, target: 'FUEL', steps: [step('Late', 366)] })).status).toBe(400);
    expect((await callApp(`${t.url}/api/admin/follow-ups`, 'POST', { body: base, cookie: cookies.free })).status).toBe(403);
    const after = (await admin('GET', '/api/admin/follow-ups')).json;
    expect(after.sequences).toHaveLength(before);
    expect(after.sequences.find((s: { id: string }) => s.id === fuel.id).steps.map((s: { subject: string }) => s.subject)).toEqual(['Fuel one', 'Fuel two']);
  });

  it('enrols by the weakest pillar (ties: the first in the pillars’ order) and by the grade, only in sequences that are on', async () => {
    const one = uniqueEmail('fu-fuel');
    await takeCheckup(one, answersWith('FUEL')); // total 48: grade D, no sequence
    expect((await enrolmentsOf(one)).map((e) => e.sequenceId)).toEqual([fuel.id]);

    const tie = uniqueEmail('fu-tie');
    await takeCheckup(tie, answersOf(1, { FUEL: 2, HUMANS: 2 })); // Humans and Fuel tie: Humans comes first; total 28: grade C
    expect((await enrolmentsOf(tie)).map((e) => e.sequenceId).sort()).toEqual([humans.id, coffee.id].sort());

    const gears = uniqueEmail('fu-gears');
    await takeCheckup(gears, answersWith('GEARS'));
    expect(await enrolmentsOf(gears)).toEqual([]);
  });

  it("targets the grade the member was shown, never the admin's status band of the same name", async () => {
    const functional = await createSequence('grade', 'B', [step('Mostly functional one')]);
    // A total of 44: "Mostly Functional" among the admin's status bands (35-49), but the results said D, Please Send Snacks.
    const shownD = uniqueEmail('fu-shown-d');
    const id = await takeCheckup(shownD, answersOf(2, { GEARS: 3 }));
    expect((await callApp(`${t.url}/api/checkup-results/${id}`)).json).toMatchObject({ totalScore: 44, grade: 'D' });
    expect((await enrolmentsOf(shownD)).map((e) => e.sequenceId)).not.toContain(functional.id);
    // A total of 24: the results said B, Mostly Functional.
    const shownB = uniqueEmail('fu-shown-b');
    await takeCheckup(shownB, answersOf(1, { GEARS: 2 }));
    expect((await enrolmentsOf(shownB)).map((e) => e.sequenceId)).toEqual([functional.id]);
    await runJob();
    await smtp.waitFor(shownB, /Mostly functional one/);
    expect(smtp.find(shownD, /Mostly functional/)).toHaveLength(0);
    // Off again: the file's other tests take Check-Ups of their own.
    expect((await admin('POST', `/api/admin/follow-ups/${functional.id}/switch`, { active: false })).status).toBe(200);
    const list = (await admin('GET', '/api/admin/follow-ups')).json;
    expect(list.sequences.find((s: { id: string }) => s.id === functional.id)).toMatchObject({ targetKind: 'grade', target: 'B', targetNote: null });
    expect(list.recentAttempts['grade:B']).toBeGreaterThanOrEqual(1);
    expect(list.recentAttempts).not.toHaveProperty('band:mostly-functional');
  });

  it('sends each due step once, also when two job runs race, with the one-click unsubscribe headers and the links asked for', async () => {
    const email = uniqueEmail('fu-once');
    await takeCheckup(email, answersWith('FUEL'));
    await Promise.all([sendDueFollowUps(t.ctx), sendDueFollowUps(t.ctx), sendDueFollowUps(t.ctx)]);
    await t.ctx.mailQueue.idle();
    const mail = await smtp.waitFor(email, /Fuel one/);
    await runJob();
    expect(smtp.find(email, /Fuel/)).toHaveLength(1);
    expect(mail.headers).toMatch(/List-Unsubscribe: <https:\/\/hub\.example\.org\/api\/follow-ups\/unsubscribe\?token=[\w.-]+>/);
    expect(mail.headers).toContain('List-Unsubscribe-Post: List-Unsubscribe=One-Click');
    expect(mail.text).toContain(`${publicUrl}/field-guide/fuel`);
    expect(mail.text).toContain(`${publicUrl}/resources?pillar=fuel`);
    expect(mail.text).toContain(`${publicUrl}/allies?category=Fuel`);
    expect(mail.text).toContain(`${publicUrl}/follow-ups/unsubscribe?token=`);
    // The second step waits for its delay (3 days after the first), then goes once.
    expect(smtp.find(email, /Fuel two/)).toHaveLength(0);
    await runJob(new Date(Date.now() + 4 * 86_400_000));
    await runJob(new Date(Date.now() + 5 * 86_400_000));
    expect(smtp.find(email, /Fuel two/)).toHaveLength(1);
    expect((await enrolmentsOf(email))[0]).toMatchObject({ stopReason: 'finished', stepsSent: 2 });
  });

  it("files each step's mail under the step's topic, and counts the step's figures from the mail queue's verdicts by it", async () => {
    const email = uniqueEmail('fu-topic');
    await takeCheckup(email, answersWith('HUMANS'));
    const figures = async () =>
      (await admin('GET', '/api/admin/follow-ups')).json.sequences.find((s: { id: string }) => s.id === humans.id).steps[0].stats as Record<string, number>;
    const topic = `follow-up-step:${humans.steps[0]!.id}`;
    // Other tests' enrolments may be due for the same step (the files' tests run in any order):
    // the job's sends under the topic are counted from the queue itself.
    const sentUnderTopic = async () =>
      (
        await t.ctx.db
          .select({ n: sql<number>`count(*)::int` })
          .from(queuedMails)
          .where(and(eq(queuedMails.topic, topic), eq(queuedMails.status, 'sent')))
      )[0]!.n;
    const before = await figures();
    const sentBefore = await sentUnderTopic();
    await runJob();
    const filed = await t.ctx.db
      .select({ topic: queuedMails.topic, status: queuedMails.status })
      .from(queuedMails)
      .where(and(sql`lower(${queuedMails.to}) = lower(${email})`, sql`${queuedMails.topic} is not null`));
    expect(filed).toEqual([{ topic, status: 'sent' }]);
    const sent = await figures();
    const newlySent = (await sentUnderTopic()) - sentBefore;
    expect(newlySent).toBeGreaterThanOrEqual(1);
    expect(sent).toEqual({ ...before, sent: before.sent! + newlySent });
    await t.ctx.db
      .update(queuedMails)
      .set({ status: 'failed' })
      .where(sql`lower(${queuedMails.to}) = lower(${email}) and ${queuedMails.topic} is not null`);
    expect(await figures()).toEqual({ ...sent, sent: sent.sent! - 1, failed: sent.failed! + 1 });
  });

  it('a retake stops the old enrolment and enrols from the new result, with no step sent twice', async () => {
    const email = uniqueEmail('fu-retake');
    await takeCheckup(email, answersWith('FUEL'));
    await runJob();
    await smtp.waitFor(email, /Fuel one/);
    // The same weakest pillar again: a new enrolment, but step one reached this address already.
    await takeCheckup(email, answersWith('FUEL'));
    const [old, renewed] = await enrolmentsOf(email);
    expect(old).toMatchObject({ stopReason: 'retake', stepsSent: 1 });
    expect(renewed).toMatchObject({ sequenceId: fuel.id, stopReason: null, stepsSent: 0 });
    await runJob();
    expect(smtp.find(email, /Fuel one/)).toHaveLength(1);
    // Then Humans is weakest: the Fuel enrolment stops before its second step, the Humans one starts.
    await takeCheckup(email, answersWith('HUMANS'));
    await runJob(new Date(Date.now() + 10 * 86_400_000));
    await smtp.waitFor(email, /Humans one/);
    expect(smtp.find(email, /Fuel two/)).toHaveLength(0);
    expect((await enrolmentsOf(email)).map((e) => e.stopReason)).toEqual(['retake', 'retake', 'finished']);
  });

  it('a sender killed mid-send: before its commit nothing was sent or marked, after it the mail queue delivers the step once', async () => {
    const email = uniqueEmail('fu-killed');
    await takeCheckup(email, answersWith('FUEL'));
    // Killed inside the transaction (after the mark, at the mail queue's write): all of it rolls back.
    const dying = { ...t.ctx, mailQueue: { ...t.ctx.mailQueue, store: () => Promise.reject(new Error('killed')) } };
    await expect(sendDueFollowUps(dying)).rejects.toThrow('killed');
    expect((await enrolmentsOf(email))[0]).toMatchObject({ stepsSent: 0, stopReason: null });
    // Killed after the commit, before delivering: the mail waits in the mail queue, and the next run does not store it again.
    const stopped = { ...t.ctx, mailQueue: { ...t.ctx.mailQueue, deliverDueSoon: () => undefined } };
    await sendDueFollowUps(stopped);
    await runJob();
    expect(smtp.find(email, /Fuel one/)).toHaveLength(0);
    const waiting = await t.ctx.db
      .select({ id: queuedMails.id })
      .from(queuedMails)
      .where(and(sql`lower(${queuedMails.to}) = lower(${email})`, eq(queuedMails.status, 'pending')));
    expect(waiting).toHaveLength(1);
    await t.ctx.mailQueue.deliverDue();
    await smtp.waitFor(email, /Fuel one/);
    await runJob();
    await t.ctx.mailQueue.deliverDue();
    expect(smtp.find(email, /Fuel one/)).toHaveLength(1);
  });

  it('unsubscribing (page or one-click) stops every enrolment of the address and keeps it out of new ones', async () => {
    const email = uniqueEmail('fu-unsub');
    await takeCheckup(email, answersWith('FUEL'));
    await runJob();
    const mail = await smtp.waitFor(email, /Fuel one/);
    const token = /follow-ups\/unsubscribe\?token=([\w.-]+)/.exec(mail.text)![1]!;
    const shown = await callApp(`${t.url}/api/follow-ups/unsubscribe?token=${token}`);
    expect(shown.json).toMatchObject({ email: email.toLowerCase(), stopped: false });
    expect((await callApp(`${t.url}/api/follow-ups/unsubscribe`, 'POST', { body: { token: `${token.slice(0, -4)}AAAA` } })).status).toBe(400);
    const oneClick = await callApp(`${t.url}/api/follow-ups/unsubscribe?token=${token}`, 'POST', {
      raw: 'List-Unsubscribe=One-Click',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(oneClick.status, oneClick.text).toBe(200);
    expect(oneClick.json.stopped).toBe(true);
    expect((await enrolmentsOf(email))[0]!.stopReason).toBe('unsubscribed');
    await runJob(new Date(Date.now() + 10 * 86_400_000));
    expect(smtp.find(email, /Fuel two/)).toHaveLength(0);
    await takeCheckup(email, answersWith('HUMANS'));
    expect((await enrolmentsOf(email)).filter((e) => e.stopReason === null)).toEqual([]);
  });

  it('unticked on the preferences page (the same token as the link in each one), they stop as by their own link, and ticked again new Check-Ups enrol', async () => {
    const email = uniqueEmail('fu-prefs');
    await takeCheckup(email, answersWith('FUEL'));
    await runJob();
    const mail = await smtp.waitFor(email, /Fuel one/);
    const token = /follow-ups\/unsubscribe\?token=([\w.-]+)/.exec(mail.text)![1]!;
    const everything = {
      newsletter: false,
      events: true,
      allies: true,
      'follow-ups': true,
      'retake-reminders': true,
      'team-checkup': true,
      'plan-reminders': true,
    };
    const save = (topics: Record<string, boolean>) => callApp(`${t.url}/api/newsletter/preferences`, 'POST', { body: { token, topics } });
    const saved = await save({ ...everything, 'follow-ups': false });
    expect(saved.status, saved.text).toBe(200);
    expect(saved.json.topics['follow-ups']).toBe(false);
    expect((await enrolmentsOf(email))[0]!.stopReason).toBe('unsubscribed');
    expect((await callApp(`${t.url}/api/follow-ups/unsubscribe?token=${token}`)).json.stopped).toBe(true);
    await runJob(new Date(Date.now() + 10 * 86_400_000));
    expect(smtp.find(email, /Fuel two/)).toHaveLength(0);
    await takeCheckup(email, answersWith('HUMANS'));
    expect((await enrolmentsOf(email)).filter((e) => e.stopReason === null)).toEqual([]);

    expect((await save(everything)).json.topics['follow-ups']).toBe(true);
    await takeCheckup(email, answersWith('HUMANS'));
    expect((await enrolmentsOf(email)).filter((e) => e.stopReason === null)).toEqual([{ sequenceId: humans.id, stopReason: null, stepsSent: 0 }]);
  });

  it('deleting the account ends its enrolments; premium ends them where the sequence says so', async () => {
    const email = uniqueEmail('fu-delete');
    const reg = await callApp(`${t.url}/api/register`, 'POST', { body: { email, password: 'correct-horse', firstName: 'Del', lastName: 'Ete' } });
    const cookie = reg.headers
      .getSetCookie()
      .map((c) => c.split(';')[0]!)
      .join('; ');
    await takeCheckup(email, answersWith('FUEL'), cookie);
    expect(await enrolmentsOf(email)).toHaveLength(1);
    expect((await callApp(`${t.url}/api/account`, 'DELETE', { body: { confirmEmail: email }, cookie })).status).toBe(200);
    expect(await enrolmentsOf(email)).toEqual([]);
    await runJob();
    expect(smtp.find(email, /Fuel/)).toHaveLength(0);

    const future = await createSequence('pillar', 'FUTURE', [step('Future one')], true, { stopOnPremium: true });
    const premium = uniqueEmail('fu-premium');
    await takeCheckup(premium, answersWith('FUTURE'));
    await callApp(`${t.url}/api/register`, 'POST', { body: { email: premium, password: 'correct-horse', firstName: 'Pre', lastName: 'Mium' } });
    await t.ctx.db
      .update(users)
      .set({ isPremium: true })
      .where(sql`lower(${users.email}) = lower(${premium})`);
    await runJob();
    expect(smtp.find(premium, /Future one/)).toHaveLength(0);
    expect(await enrolmentsOf(premium)).toEqual([{ sequenceId: future.id, stopReason: 'premium', stepsSent: 0 }]);
  });

  it('adds up the recent attempts of the days that are over from their counts, and counts a day again once its results change', async () => {
    const recent = async () => (await admin('GET', '/api/admin/follow-ups')).json.recentAttempts as Record<string, number>;
    const day = new Date(Date.now() - 3 * 86_400_000).toISOString().slice(0, 10);
    const moveTo = (id: string, at: string) =>
      t.ctx.db
        .update(checkupResults)
        .set({ createdAt: new Date(at) })
        .where(eq(checkupResults.id, id));
    const before = await recent();
    // A Check-Up of three days ago (moved there: results are made now), weakest in Fuel.
    const first = await takeCheckup(uniqueEmail('fu-days'), answersWith('FUEL'));
    await moveTo(first, `${day}T12:00:00Z`);
    expect((await recent())['pillar:FUEL']).toBe(before['pillar:FUEL']! + 1);
    // The day is over: the list counted it once and now adds up its stored counts.
    const stored = await t.ctx.db.select().from(checkupTargetDays).where(eq(checkupTargetDays.day, day));
    expect(stored.find((row) => row.target === 'pillar:FUEL')?.n).toBeGreaterThanOrEqual(1);
    await t.ctx.db
      .update(checkupTargetDays)
      .set({ n: sql`${checkupTargetDays.n} + 1000` })
      .where(and(eq(checkupTargetDays.day, day), eq(checkupTargetDays.target, 'pillar:FUEL')));
    expect((await recent())['pillar:FUEL']).toBe(before['pillar:FUEL']! + 1001);
    // Any change to that day's results forgets its counts, and the next read counts the day again.
    const second = await takeCheckup(uniqueEmail('fu-days'), answersWith('FUEL'));
    await moveTo(second, `${day}T13:00:00Z`);
    expect((await recent())['pillar:FUEL']).toBe(before['pillar:FUEL']! + 2);
    await t.ctx.db.delete(checkupResults).where(eq(checkupResults.id, first));
    expect((await recent())['pillar:FUEL']).toBe(before['pillar:FUEL']! + 1);
    // In the window's first day, the part of it that is in the 90 days: counted from the results.
    await moveTo(second, new Date(Date.now() - 90 * 86_400_000 + 60_000).toISOString());
    expect((await recent())['pillar:FUEL']).toBe(before['pillar:FUEL']! + 1);
    // Out of the 90 days: not counted.
    await moveTo(second, new Date(Date.now() - 91 * 86_400_000).toISOString());
    expect(await recent()).toEqual(before);
  });

  it('shows per step what was sent, failed and stopped, the recent attempts per target, and audits the changes', async () => {
    // Its own story (the file's tests run in any order): five people whose weakest pillar is
    // Fuel, all of grade D; all get Fuel's first step; two retake before
    // the second (their enrolment stops there) and the others get it three days later.
    const people = Array.from({ length: 5 }, () => uniqueEmail('fu-stats'));
    for (const [i, email] of people.entries()) await takeCheckup(email, i === 0 ? answersWith('FUEL', 'GEARS') : answersWith('FUEL'));
    await runJob();
    for (const email of people.slice(3)) await takeCheckup(email, answersWith('HUMANS'));
    await runJob(new Date(Date.now() + 4 * 86_400_000));
    const list = (await admin('GET', '/api/admin/follow-ups')).json;
    expect(list.recentDays).toBe(90);
    expect(list.recentAttempts['pillar:FUEL']).toBeGreaterThanOrEqual(5);
    expect(list.recentAttempts['grade:D']).toBeGreaterThanOrEqual(5);
    const fuelView = list.sequences.find((s: { id: string }) => s.id === fuel.id);
    expect(fuelView.steps[0].stats.sent).toBeGreaterThanOrEqual(3);
    expect(fuelView.steps[1].stats.sent).toBeGreaterThanOrEqual(1);
    expect(fuelView.steps[1].stats.stopped).toBeGreaterThanOrEqual(2);
    const audit = await t.ctx.db
      .select({ action: adminAuditLog.action })
      .from(adminAuditLog)
      .where(and(eq(adminAuditLog.targetType, 'follow_up_sequence'), eq(adminAuditLog.targetId, fuel.id)));
    expect(audit.map((a) => a.action).sort()).toEqual(['follow_up_created', 'follow_up_switched_on']);
    // Switching off (a sequence of this test's own: the others stay on for the file's other tests): recorded, and nobody new is enrolled.
    const impact = await createSequence('pillar', 'IMPACT', [step('Impact one')]);
    expect((await admin('POST', `/api/admin/follow-ups/${impact.id}/switch`, { active: false })).json.active).toBe(false);
    const switched = await t.ctx.db
      .select({ action: adminAuditLog.action })
      .from(adminAuditLog)
      .where(and(eq(adminAuditLog.targetType, 'follow_up_sequence'), eq(adminAuditLog.targetId, impact.id)));
    expect(switched.map((a) => a.action).sort()).toEqual(['follow_up_created', 'follow_up_switched_off', 'follow_up_switched_on']);
    const later = uniqueEmail('fu-off');
    await takeCheckup(later, answersWith('IMPACT'));
    expect(await enrolmentsOf(later)).toEqual([]);
    const preview = await admin('POST', '/api/admin/follow-ups/preview', {
      targetKind: 'pillar',
      target: 'GEARS',
      step: step('Preview', 0, { linkGuide: true }),
    });
    expect(preview.status).toBe(200);
    expect(preview.json.html).toContain('<strong>there</strong>');
    expect(preview.json.html).toContain(`${publicUrl}/field-guide/gears`);
  });
});
