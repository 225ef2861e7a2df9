import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { SIGNED_IN_HINT_COOKIE } from '#shared/auth/session-hint';
import type { Pillar } from '#shared/checkup/questions';
import { render } from '../../../client/entry-server';
import { startTestApp, type TestApp } from '../../test/app';
import { registerAccount } from '../../test/auth-client';
import { callApp } from '../../test/call-app';
import { answersAt } from '../../test/peer-organisations';
import { checkupPeerGroups } from './schema';

/**
 * The result page is drawn once and kept (decision 086): these tests count the server's draws
 * (the app's real renderer, counted) and check that what a visitor sees is always what the
 * database holds now, on this server and on another one on the same database.
 */
const onPostgres = process.env.TEST_DB === 'postgres';
const drawn: string[] = [];
const counting = {
  renderPage: (request: Parameters<typeof render>[0]) => {
    drawn.push(request.url);
    return render(request);
  },
};
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ RATE_LIMIT_FORMS_PER_HOUR: '1000' }, counting);
});
afterAll(async () => t?.close());
// Peer figures are the whole table's: each test starts from none.
beforeEach(async () => {
  await t.ctx.db.delete(checkupPeerGroups);
});

const get = (app: TestApp, path: string, cookie?: string) => callApp(`${app.url}${path}`, 'GET', cookie ? { cookie } : {});
const drawsOf = (path: string) => drawn.filter((url) => url === path).length;
async function submit(cookie?: string): Promise<string> {
  const res = await callApp(`${t.url}/api/checkup-results`, 'POST', {
    body: { email: `result-page.${Math.random().toString(36).slice(2)}@result-page.ngo`, answers: answersAt(2) },
    ...(cookie ? { cookie } : {}),
  });
  expect(res.status).toBe(201);
  return res.json.id as string;
}
/** Shown figures for all organisations, every pillar's middle half at `median` ± 10, as a recomputation on any server stores them. */
async function storeFigures(app: TestApp, organisations: number, median: number) {
  const spread = { p25: median - 10, median, p75: median + 10 };
  const figures = Object.fromEntries((['IMPACT', 'HUMANS', 'FUEL', 'GEARS', 'FUTURE'] as Pillar[]).map((pillar) => [pillar, spread])) as Record<
    Pillar,
    typeof spread
  >;
  const row = { organisations, figures, figuresOrganisations: organisations, figuresAsOf: new Date(), newSince: 0, computedAt: new Date() };
  await app.ctx.db
    .insert(checkupPeerGroups)
    .values({ peerGroup: 'all', ...row })
    .onConflictDoUpdate({ target: checkupPeerGroups.peerGroup, set: row });
}

describe('a Check-Up result page kept once drawn', () => {
  it('is drawn once for many visits, and every visitor gets the same bytes', async () => {
    const path = `/checkup/results/${await submit()}`;
    const first = await get(t, path);
    const again = await get(t, path);
    expect(first.status).toBe(200);
    expect(again.text).toBe(first.text);
    expect(first.headers.get('cache-control')).toBe('no-cache');
    expect(drawsOf(path)).toBe(1);
  });

  it('never shows another visitor anything of the person it was first drawn for', async () => {
    const member = await registerAccount(t.url, 'result-owner');
    const path = `/checkup/results/${await submit(member.cookie)}`;
    // The owner, signed in (the hint cookie too), opens it first; a stranger with the link next.
    const owners = await get(t, path, `${member.cookie}; ${SIGNED_IN_HINT_COOKIE}=1`);
    const strangers = await get(t, path);
    expect(owners.status).toBe(200);
    expect(strangers.text).toBe(owners.text);
    for (const page of [owners.text, strangers.text]) {
      expect(page).not.toContain(member.email);
      expect(page).not.toContain(member.user.firstName);
      // Drawn as for a visitor: who is there, and their plans, are the browser's to fill in.
      expect(page).toContain('Sign in to make a plan');
    }
    expect(drawsOf(path)).toBe(1);
  });

  it('shows new peer figures at once, and is drawn again only when they change', async () => {
    const path = `/checkup/results/${await submit()}`;
    expect((await get(t, path)).text).not.toContain('Where you stand among peers');
    await storeFigures(t, 12, 40);
    const withFigures = (await get(t, path)).text;
    expect(withFigures).toContain('Compared with all 12 organisations');
    expect((await get(t, path)).text).toBe(withFigures);
    await storeFigures(t, 25, 60);
    expect((await get(t, path)).text).toContain('Compared with all 25 organisations');
    await t.ctx.db.delete(checkupPeerGroups);
    expect((await get(t, path)).text).not.toContain('Where you stand among peers');
    // Four states seen, each drawn once: none, 12, 25, none again (kept from the first).
    expect(drawsOf(path)).toBe(3);
  });

  it('answers 404 at once when the attempt is deleted', async () => {
    const member = await registerAccount(t.url, 'result-deleter');
    const id = await submit(member.cookie);
    const path = `/checkup/results/${id}`;
    expect((await get(t, path)).status).toBe(200);
    expect((await callApp(`${t.url}/api/checkup/attempts/${id}`, 'DELETE', { cookie: member.cookie })).status).toBe(204);
    const gone = await get(t, path);
    expect(gone.status).toBe(404);
    expect(gone.text).toContain('find these results');
  });
});

describe.runIf(onPostgres)('a Check-Up result page kept by one of two servers on one database', () => {
  let other: TestApp;
  beforeAll(async () => {
    other = await startTestApp({ RATE_LIMIT_FORMS_PER_HOUR: '1000' });
  });
  afterAll(async () => other?.close());

  it('shows figures stored and an attempt deleted by the other server at once', async () => {
    const member = await registerAccount(t.url, 'two-servers');
    const id = await submit(member.cookie);
    const path = `/checkup/results/${id}`;
    await storeFigures(other, 12, 40);
    expect((await get(t, path)).text).toContain('Compared with all 12 organisations');
    await storeFigures(other, 30, 55);
    expect((await get(t, path)).text).toContain('Compared with all 30 organisations');
    expect((await callApp(`${other.url}/api/checkup/attempts/${id}`, 'DELETE', { cookie: member.cookie })).status).toBe(204);
    expect((await get(t, path)).status).toBe(404);
  });
});
