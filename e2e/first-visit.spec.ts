import { readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import type { Browser, BrowserContext } from '@playwright/test';
import { questions } from '../shared/checkup/questions';
import { uniqueEmail } from '../server/test/unique-email';
import { baseURL } from '../playwright.config';
import { register } from './accounts';
import { expect, expectAccessible, test } from './fixtures';

/**
 * A first visit on a phone: the page hydrates from the data its HTML carries, asking
 * the API for none of it, and loads few scripts, none it does not use on its first screen. Nor
 * does it use Intl before it hydrates: the first Intl object of a page costs a slow phone's main
 * thread 110-200 ms (decision 092).
 *
 * The server keeps a page until its content changes, so a visitor may get a page rendered hours
 * ago: each visit here happens an hour after the server rendered the page (the browser's clock
 * moved on), which is when data counted stale from the render would be asked for again.
 */
const budgetPages = ['/', '/pricing', '/premium', '/field-guides', '/field-guide/fuel', '/start-here', '/weekly-dish', '/checkup', '/auth'];
const scriptBudget = 8;
/** The landing page's JavaScript, KB gzipped as a server sends it (bench/landing-js.mjs measures the same). */
const landingBudgetKb = 100;
const gzippedKb = (scripts: string[]) => scripts.reduce((sum, script) => sum + gzipSync(readFileSync(`dist/client${script}`)).length, 0) / 1024;

/** The build's files that hold a module matching `pattern` (vite.config.ts writes the report). */
function filesHolding(pattern: RegExp): Set<string> {
  const report = JSON.parse(readFileSync('dist/client/.vite/chunks.json', 'utf8')) as Record<string, { modules: Record<string, number> }>;
  return new Set(
    Object.entries(report)
      .filter(([, chunk]) => Object.keys(chunk.modules).some((module) => pattern.test(module)))
      .map(([file]) => `/${file}`),
  );
}

/** Zod or react-hook-form's Zod resolver. */
const zodFiles = filesHolding(/^zod\/|@hookform\/resolvers/);
/**
 * react-hook-form or TanStack Query's core, which the forms of /auth's and /checkup's first screens
 * load once used (decision 093); every page has TanStack Query's tiny context module.
 */
const formLibraryFiles = filesHolding(/^react-hook-form\/|^@tanstack\/query-core\//);
const formFirstPages = ['/auth', '/checkup'];

interface Visit {
  scripts: string[];
  /** GET /api/… requests, by path. */
  data: string[];
  /** Stylesheets asked for: none, the page carries the site's (a chunk loaded later once asked for it again). */
  stylesheets: string[];
  /** The scripts the HTML asks for at once (its module preloads). */
  preloaded: string[];
  /** The API paths of the data the page carries (its query keys, which are the paths the client would ask). */
  carried: string[];
  /** The path the visit ended on: a signed-in member's /auth goes on to their home. */
  landed: string;
  /** What the page asked of Intl (or a toLocale… method) before it hydrated. */
  intl: string[];
}

/** Runs in the page before its scripts: notes each use of Intl until React has hydrated. */
const watchIntl = () => {
  const used: string[] = ((window as unknown as { intlBeforeHydration: string[] }).intlBeforeHydration = []);
  const note = (what: string) => {
    if (document.documentElement?.dataset.hydrated !== 'true') used.push(what);
  };
  const intl = Intl as unknown as Record<string, object>;
  for (const name of ['DateTimeFormat', 'NumberFormat', 'Collator', 'PluralRules', 'RelativeTimeFormat', 'ListFormat', 'Segmenter']) {
    intl[name] = new Proxy(intl[name]!, {
      construct: (target, args) => (note(`Intl.${name}`), Reflect.construct(target as new (...a: unknown[]) => object, args)),
      apply: (target, self, args) => (note(`Intl.${name}`), Reflect.apply(target as (...a: unknown[]) => unknown, self, args)),
    });
  }
  const methods: [Record<string, unknown>, string][] = [
    [Date.prototype as unknown as Record<string, unknown>, 'toLocaleDateString'],
    [Date.prototype as unknown as Record<string, unknown>, 'toLocaleString'],
    [Date.prototype as unknown as Record<string, unknown>, 'toLocaleTimeString'],
    [Number.prototype as unknown as Record<string, unknown>, 'toLocaleString'],
    [String.prototype as unknown as Record<string, unknown>, 'localeCompare'],
  ];
  for (const [prototype, name] of methods) {
    const original = prototype[name] as (...a: unknown[]) => unknown;
    prototype[name] = function (this: unknown, ...args: unknown[]) {
      note(name);
      return original.apply(this, args);
    };
  }
};

async function firstVisit(context: BrowserContext, path: string): Promise<Visit> {
  const page = await context.newPage();
  await page.clock.install({ time: Date.now() + 60 * 60_000 });
  await page.addInitScript(watchIntl);
  const scripts: string[] = [];
  const data: string[] = [];
  const stylesheets: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (request.resourceType() === 'script') scripts.push(url.pathname);
    else if (request.resourceType() === 'stylesheet') stylesheets.push(url.pathname);
    else if (request.method() === 'GET' && url.pathname.startsWith('/api/')) data.push(url.pathname);
  });
  await page.goto(path);
  await expect(page.locator('html[data-hydrated="true"]')).toHaveCount(1);
  await page.waitForLoadState('networkidle');
  const carried = await page.evaluate(() => {
    const queries = (JSON.parse(document.getElementById('page-data')!.textContent!) as { queries?: { queries: { queryKey: string[] }[] } }).queries;
    return (queries?.queries ?? []).map((query) => query.queryKey.join('/'));
  });
  const landed = new URL(page.url()).pathname;
  const preloaded = await page.evaluate(() =>
    [...document.querySelectorAll('link[rel="modulepreload"]')].map((link) => new URL((link as HTMLLinkElement).href).pathname),
  );
  const intl = await page.evaluate(() => (window as unknown as { intlBeforeHydration: string[] }).intlBeforeHydration);
  await expectAccessible(page);
  await page.close();
  return { scripts, data, stylesheets, preloaded, carried, landed, intl };
}

async function freshContext(browser: Browser, viewport: { width: number; height: number } | null): Promise<BrowserContext> {
  return browser.newContext({ baseURL, viewport, hasTouch: true });
}

test.describe('a first visit', () => {
  test("each page of the budget hydrates from its HTML with at most 8 scripts, no Zod, no data request and no Intl; a form's page no form library; the landing page's scripts within 100 KB gzipped", async ({
    browser,
    viewport,
  }, testInfo) => {
    // The budget is a phone's: what a page loads and asks does not depend on the width, and the
    // desktop pages are scanned by axe in the other specs.
    test.skip(testInfo.project.name === 'desktop', 'a first visit on a phone: the mobile project runs it');
    // Page after page, each checked with axe: minutes on a busy machine.
    test.setTimeout(6 * 60_000);
    for (const path of budgetPages) {
      // A context of its own per page: nothing cached from the page before.
      const context = await freshContext(browser, viewport);
      const visit = await firstVisit(context, path);
      await context.close();
      expect(visit.scripts.length, `${path}: ${visit.scripts.join(' ')}`).toBeLessThanOrEqual(scriptBudget);
      if (path === '/')
        expect(gzippedKb(visit.scripts), `the landing JavaScript (KB gzipped): ${visit.scripts.join(' ')}`).toBeLessThanOrEqual(landingBudgetKb);
      expect(
        visit.scripts.filter((script) => zodFiles.has(script)),
        `${path} loads Zod`,
      ).toEqual([]);
      if (formFirstPages.includes(path))
        expect(
          visit.scripts.filter((script) => formLibraryFiles.has(script)),
          `${path} loads react-hook-form or TanStack Query before its form is used`,
        ).toEqual([]);
      expect(visit.data, `${path} asks the API`).toEqual([]);
      expect(visit.stylesheets, `${path} asks for a stylesheet`).toEqual([]);
      expect(visit.intl, `${path} uses Intl before it hydrates`).toEqual([]);
    }
  });

  test('pages read from the database hydrate from the data they carry', async ({ browser, viewport, request }, testInfo) => {
    // What a page asks the API for does not depend on the width: one width checks it (the page budget above runs at both).
    test.skip(testInfo.project.name === 'mobile', 'the same requests at every width');
    // Page after page, each checked with axe: minutes on a busy machine.
    test.setTimeout(6 * 60_000);
    const answers = Object.fromEntries(questions.map((question) => [String(question.id), 2]));
    const saved = await request.post('/api/checkup-results', { data: { email: uniqueEmail('first-visit'), answers } });
    expect(saved.status()).toBe(201);
    const { id } = (await saved.json()) as { id: string };
    const { latest } = (await (await request.get('/api/editions')).json()) as { latest: { slug: string } };
    const context = await freshContext(browser, viewport);
    for (const path of ['/resources', '/privacy-policy', `/weekly-dish/${latest.slug}`, `/checkup/results/${id}`]) {
      const visit = await firstVisit(context, path);
      expect(visit.carried.length, `${path} carries its data`).toBeGreaterThan(0);
      expect(visit.data, `${path} asks the API`).toEqual([]);
    }
    await context.close();
  });

  test("a signed-in member's pages ask only for the member, never for what the page carries", async ({ browser, viewport }, testInfo) => {
    test.skip(testInfo.project.name === 'mobile', 'the same requests at every width');
    // Page after page, each checked with axe: minutes on a busy machine.
    test.setTimeout(6 * 60_000);
    const context = await freshContext(browser, viewport);
    await register(context.request, uniqueEmail('first-visit-member'), 'Mia');
    for (const path of [...budgetPages, '/resources', '/account']) {
      const visit = await firstVisit(context, path);
      expect(
        visit.data.filter((asked) => visit.carried.includes(asked)),
        `${path} asks for what it carries`,
      ).toEqual([]);
      // The member home comes in a chunk of its own: asked for with the page, and it does not ask
      // for the stylesheet the page carries (it used to, and waited for it: 1.9 s to ready on a phone).
      expect(visit.stylesheets, `${path} asks for a stylesheet`).toEqual([]);
      if (path === '/') expect(visit.preloaded.filter((script) => script.includes('/member-home-'))).toHaveLength(1);
      // The server renders the same page for every member: who is signed in is asked once.
      expect(
        visit.data.filter((asked) => asked === '/api/user'),
        path,
      ).toHaveLength(1);
      // A member's /checkup also asks for their last answers about the organisation, which fill in its
      // questions (decision 040): the server draws the same page for every member.
      const mayAsk = path === '/checkup' ? ['/api/user', '/api/checkup/organisation'] : ['/api/user'];
      // The member home asks for the member's own things (their plans' next actions, their team), which
      // no page the server draws for every member can carry; a member's /auth goes on to it.
      if (budgetPages.includes(path) && visit.landed !== '/')
        expect(
          visit.data.filter((asked) => !mayAsk.includes(asked)),
          `${path} asks the API`,
        ).toEqual([]);
    }
    await context.close();
  });
});
