import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/app';
import { callApp } from '../../test/call-app';
import { uniqueEmail } from '../../test/unique-email';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ RATE_LIMIT_FORMS_PER_HOUR: '1000', RATE_LIMIT_EVENTS_PER_MINUTE: '1000' });
});
afterAll(() => t.close());

const eventsWith = async (kind: string, key: string, value: string) => {
  const result = await t.ctx.db.execute(sql`select props from usage_events where kind = ${kind} and props ->> ${key} = ${value}`);
  return (result as unknown as { rows: { props: Record<string, unknown> }[] }).rows.map((r) => r.props);
};

describe('usage events: what only the server knows, only the server records', () => {
  it.each(['premium_signup', 'ally_submit', 'community_signup', 'quiz_complete'])(
    'a page sending %s is refused with 400 and nothing is stored',
    async (kind) => {
      const marker = uniqueEmail('fake-event');
      const res = await callApp(`${t.url}/api/events`, 'POST', { body: { kind, path: '/x', props: { value: 1000000, marker } } });
      expect(res.status).toBe(400);
      expect(res.json.message).toBe(`kind: ${kind} is recorded by the server when it happens; a page cannot send it`);
      expect(await eventsWith(kind, 'marker', marker)).toEqual([]);
    },
  );

  it('what only the page knows is still accepted', async () => {
    for (const kind of ['page_view', 'quiz_start', 'ally_search', 'resource_view', 'field_guide_view', 'error']) {
      expect((await callApp(`${t.url}/api/events`, 'POST', { body: { kind, path: '/x' } })).status, kind).toBe(202);
    }
  });

  it('a community signup is recorded by the server once per person and form; a completed Check-Up with its server-side score', async () => {
    const email = uniqueEmail('server-events');
    for (let i = 0; i < 2; i++)
      expect(
        (await callApp(`${t.url}/api/newsletter/signup`, 'POST', { body: { email, name: 'A', organization: '', source: 'free-resources' } })).status,
      ).toBeLessThan(300);
    const before = await t.ctx.db.execute(sql`select count(*)::int as n from usage_events where kind = 'community_signup' and path = '/free-resources'`);
    expect((before as unknown as { rows: { n: number }[] }).rows[0]!.n).toBeGreaterThanOrEqual(1);

    const answers = Object.fromEntries(Array.from({ length: 20 }, (_, i) => [String(i + 1), 1]));
    const res = await callApp(`${t.url}/api/checkup-results`, 'POST', { body: { email, answers, score: 80 } });
    expect(res.status).toBe(201);
    const { id } = res.json;
    expect(id).toEqual(expect.any(String));
    expect(await eventsWith('quiz_complete', 'score', '20')).toEqual(expect.arrayContaining([{ grade: 'B', score: 20 }]));
  });
});
