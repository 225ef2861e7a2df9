import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestAppWithMail, type TestAppWithMail } from '../../test/app';
import { signInEveryone } from '../../test/identities';
import { deliverDueEditions } from '../../test/deliver-editions';
import type { SmtpCapture } from '../../test/smtp';
import { uniqueEmail } from '../../test/unique-email';
import { callApp } from '../../test/call-app';

const zone = 'America/New_York';
let t: TestAppWithMail;
let smtp: SmtpCapture;
let cookies: Awaited<ReturnType<typeof signInEveryone>>;

beforeAll(async () => {
  t = await startTestAppWithMail({ PUBLIC_URL: 'https://dish.example.org', SITE_TIMEZONE: zone });
  smtp = t.smtp;
  cookies = await signInEveryone(t);
});
afterAll(async () => {
  await t.close();
});

const call = (method: string, path: string, body?: unknown, cookie = cookies.admin) => callApp(`${t.url}${path}`, method, { body, cookie });
const sendAll = async () => {
  return deliverDueEditions(t.ctx.db, smtp.url, {
    publicUrl: 'https://dish.example.org',
    postalAddress: '1 Main St',
    bounceAddress: 'bounces@dish.example.org',
    ratePerSecond: 2000,
    connections: 2,
  });
};

let slugs = 0;
const edition = (audience: string, segmentId: string | null = null) => ({
  title: `For ${audience} ${(slugs += 1)}`,
  summary: '',
  slug: `segment-test-${Date.now()}-${slugs}`,
  body: 'Hello.',
  audience,
  segmentId,
});
const count = async (audience: string, segmentId?: string) =>
  (await call('GET', `/api/admin/editions/audience/${audience}${segmentId ? `?segmentId=${segmentId}` : ''}`)).json.count as number;

/** A Check-Up whose `weakest` pillar scored the most (answers of 4) and the rest 2s. */
const scores = (weakest: string) => Object.fromEntries(['IMPACT', 'HUMANS', 'FUEL', 'GEARS', 'FUTURE'].map((p) => [p, p === weakest ? 16 : 8]));
/** A stored Check-Up; a total of 48 is grade D (24: B, 28: C). */
async function checkup(email: string, userId: string | null, weakest: string, at: string, total = 48) {
  await t.ctx.db.execute(sql`insert into checkup_results (email, score, total_score, category_scores, answers, user_id, created_at)
    values (${email}, ${total}, ${total}, ${JSON.stringify(scores(weakest))}::jsonb, '[]'::jsonb, ${userId}, ${at})`);
}
async function account(email: string, premium: boolean): Promise<string> {
  const { rows } = await t.ctx.db.execute<{ id: string }>(sql`insert into users (email, is_premium) values (${email}, ${premium}) returning id`);
  return rows[0]!.id;
}
/** A signup as stored; one that left the newsletter is its opt-out beside it (decision 071). */
async function signup(email: string, status: string, source: string | null, at: string) {
  const stored = status === 'unsubscribed' ? 'subscribed' : status;
  await t.ctx.db.execute(sql`insert into newsletter_signups (email, status, source, created_at) values (${email}, ${stored}, ${source}, ${at})`);
  if (status === 'unsubscribed') await t.ctx.db.execute(sql`insert into mail_topic_opt_outs (email, topic) values (${email}, 'newsletter')`);
}

describe('segments and audiences', () => {
  it('selects exactly the subscribers of each audience and segment, and sends to exactly the number the dialog counted', async () => {
    // The world of this file's database: only these are subscribers.
    const premA = uniqueEmail('prem-a');
    const freeB = uniqueEmail('free-b');
    const noneC = uniqueEmail('none-c');
    const unsubscribedD = uniqueEmail('unsub-d');
    const suppressedE = uniqueEmail('suppressed-e');
    const pendingF = uniqueEmail('pending-f');
    const memberG = uniqueEmail('member-g');
    const a = await account(premA, true);
    const b = await account(freeB, false);
    await account(memberG, true);
    await signup(premA, 'subscribed', 'newsletter', '2030-01-05T12:00:00Z');
    // 23:30 on February 10 in New York: February 11 in UTC, but the 10th on the site's calendar.
    await signup(freeB, 'subscribed', 'checkup', '2030-02-11T04:30:00Z');
    await signup(noneC, 'subscribed', 'free-resources', '2030-03-01T12:00:00Z');
    await signup(unsubscribedD, 'unsubscribed', 'checkup', '2030-02-01T12:00:00Z');
    await signup(suppressedE, 'subscribed', 'checkup', '2030-02-01T12:00:00Z');
    await t.ctx.db.execute(sql`insert into mail_suppressions (email, reason) values (${suppressedE}, '550')`);
    await signup(pendingF, 'pending', 'checkup', '2030-02-01T12:00:00Z');
    // A's latest Check-Up (its account's) has Humans weakest, an older one Fuel; B's account has Fuel;
    // C (no account) took it under the address, Fuel. An attempt under B's address that no account joined is not B's.
    // By grade as their results showed it: A's latest is C (its older one B), B's and C's are D; the unjoined one under B's address is B.
    await checkup(premA, a, 'FUEL', '2030-01-01T00:00:00Z', 24);
    await checkup(premA, a, 'HUMANS', '2030-04-01T00:00:00Z', 28);
    await checkup(freeB, b, 'FUEL', '2030-01-01T00:00:00Z');
    await checkup(freeB, null, 'GEARS', '2030-05-01T00:00:00Z', 24);
    await checkup(noneC, null, 'FUEL', '2030-01-01T00:00:00Z');
    await checkup(unsubscribedD, null, 'FUEL', '2030-01-01T00:00:00Z');

    expect(await count('subscribers')).toBe(3);
    expect(await count('free')).toBe(2);
    expect(await count('premium')).toBe(3); // A, G and the signed-in premium test member
    const segment = async (name: string, filter: Record<string, unknown>) => {
      const res = await call('POST', '/api/admin/newsletter-segments', { name, filter });
      expect(res.status).toBe(201);
      return res.json.id as string;
    };
    const cases: [Record<string, unknown>, string[]][] = [
      [{ plans: ['premium'] }, [premA]],
      [{ plans: ['free', 'none'] }, [freeB, noneC]],
      [{ sources: ['checkup'] }, [freeB]],
      [{ weakestPillars: ['FUEL'] }, [freeB, noneC]],
      [{ weakestPillars: ['HUMANS', 'GEARS'] }, [premA]],
      // A total of 48 is the admin's "Mostly Functional" but the member read D, Please Send Snacks.
      [{ grades: ['D'] }, [freeB, noneC]],
      [{ grades: ['B'] }, []],
      [{ grades: ['B', 'C'] }, [premA]],
      [{ grades: ['D'], weakestPillars: ['FUEL'], plans: ['free'] }, [freeB]],
      [{ signedUpTo: '2030-02-10' }, [premA, freeB]],
      [{ signedUpFrom: '2030-02-11', signedUpTo: '2030-12-31' }, [noneC]],
      [{ plans: ['none'], sources: ['checkup'] }, []],
    ];
    const ids: string[] = [];
    for (const [index, [filter, expected]] of cases.entries()) {
      ids.push(await segment(`Case ${index}`, filter));
      expect(await count('segment', ids[index]), JSON.stringify(filter)).toBe(expected.length);
    }

    // Sent for real: the dialog's count is how many copies leave, to exactly those people.
    const world = [premA, freeB, noneC, unsubscribedD, suppressedE, pendingF, memberG];
    const sendTo = async (audience: string, segmentId: string | null, expected: string[]) => {
      const created = await call('POST', '/api/admin/editions', edition(audience, segmentId));
      expect(created.status).toBe(201);
      const counted = await count(audience, segmentId ?? undefined);
      expect((await call('POST', `/api/admin/editions/${created.json.id}/send`, {})).status).toBe(200);
      await sendAll();
      const title = new RegExp(`^${created.json.title}$`);
      expect(world.filter((email) => smtp.find(email, title).length === 1).sort()).toEqual([...expected].sort());
      const { rows } = await t.ctx.db.execute<{ n: number }>(sql`select count(*)::int as n from edition_deliveries where edition_id = ${created.json.id}`);
      expect(rows[0]!.n).toBe(counted);
      return smtp.find(expected[0]!, title)[0]!;
    };
    const fuel = await sendTo('segment', ids[3]!, [freeB, noneC]);
    expect(fuel.text).toMatch(/Choose which emails you get: https:\/\/dish\.example\.org\/preferences\?token=[\w.-]+/);
    await sendTo('free', null, [freeB, noneC]);
    // Sent to a segment, an edition takes no issue number and stays out of the public archive.
    const sent = (await call('GET', '/api/admin/editions')).json.editions as { audience: string; issueNumber: number | null; segmentName: string | null }[];
    expect(sent.find((e) => e.audience === 'segment')).toMatchObject({ issueNumber: null, segmentName: 'Case 3' });
  });

  it('refuses bad segments and unknown ones with a 400 or 404 and a message, and changes nothing', async () => {
    const before = (await call('GET', '/api/admin/newsletter-segments')).json.segments.length as number;
    const refused = async (body: unknown, field: string) => {
      const res = await call('POST', '/api/admin/newsletter-segments', body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(Object.keys(res.json.errors ?? {})).toContain(field);
    };
    await refused({ name: 'Bad pillar', filter: { weakestPillars: ['SNACKS'] } }, 'filter.weakestPillars.0');
    await refused({ name: 'A status band', filter: { grades: ['mostly-functional'] } }, 'filter.grades.0');
    await refused({ name: 'Backwards', filter: { signedUpFrom: '2030-03-01', signedUpTo: '2030-02-01' } }, 'filter.signedUpTo');
    await refused({ name: 'Not a day', filter: { signedUpFrom: '2030-02-30' } }, 'filter.signedUpFrom');
    await refused({ name: 'Bad plan', filter: { plans: ['gold'] } }, 'filter.plans.0');
    await refused({ name: 'Nul\u0000name', filter: {} }, 'name');
    await refused({ name: 'x'.repeat(81), filter: {} }, 'name');
    await refused({ name: 'Extra', filter: {}, sql: 'drop' }, 'sql');
    const made = await call('POST', '/api/admin/newsletter-segments', { name: 'Twice', filter: {} });
    expect(made.status).toBe(201);
    expect((await call('POST', '/api/admin/newsletter-segments', { name: 'twice', filter: {} })).json.message).toBe(
      'name: Another segment already has this name',
    );
    expect((await call('GET', '/api/admin/newsletter-segments')).json.segments).toHaveLength(before + 1);

    const unknown = '00000000-0000-4000-8000-000000000000';
    expect((await call('GET', `/api/admin/editions/audience/segment?segmentId=${unknown}`)).status).toBe(404);
    expect((await call('GET', '/api/admin/editions/audience/segment?segmentId=nope')).status).toBe(400);
    expect((await call('GET', '/api/admin/editions/audience/segment')).status).toBe(400);
    expect((await call('PUT', `/api/admin/newsletter-segments/${unknown}`, { name: 'Ghost', filter: {} })).status).toBe(404);
    const ghost = await call('POST', '/api/admin/editions', edition('segment', unknown));
    expect(ghost.status).toBe(400);
    expect(ghost.json.message).toMatch(/^segmentId: This segment does not exist/);
    expect((await call('POST', '/api/admin/editions', edition('segment'))).json.errors).toHaveProperty('segmentId');
    expect((await call('POST', '/api/admin/editions', edition('free', made.json.id))).json.errors).toHaveProperty('segmentId');
  });

  it('refuses to delete a segment a scheduled edition is for, naming it, and deletes it once the edition is for another audience', async () => {
    const made = (await call('POST', '/api/admin/newsletter-segments', { name: 'Fuel people', filter: { weakestPillars: ['FUEL'] } })).json;
    const draft = edition('segment', made.id);
    const created = (await call('POST', '/api/admin/editions', draft)).json;
    expect((await call('POST', `/api/admin/editions/${created.id}/schedule`, { sendAt: new Date(Date.now() + 86_400_000).toISOString() })).status).toBe(200);
    const refused = await call('DELETE', `/api/admin/newsletter-segments/${made.id}`, {});
    expect(refused.status).toBe(409);
    expect(refused.json.message).toBe(
      `This segment cannot be deleted: the scheduled edition “${draft.title}” is for it. Choose another audience for that edition first.`,
    );
    expect((await call('GET', '/api/admin/newsletter-segments')).json.segments.map((s: { id: string }) => s.id)).toContain(made.id);
    await call('PUT', `/api/admin/editions/${created.id}`, { ...draft, audience: 'subscribers', segmentId: null, version: created.version });
    expect((await call('DELETE', `/api/admin/newsletter-segments/${made.id}`, {})).status).toBe(200);
    expect((await call('DELETE', `/api/admin/newsletter-segments/${made.id}`, {})).status).toBe(404);
  });
});
