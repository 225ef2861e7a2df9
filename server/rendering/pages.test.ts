import { request } from 'node:http';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { SIGNED_IN_HINT_COOKIE } from '#shared/auth/session-hint';
import { questions } from '#shared/checkup/questions';
import { fieldGuides } from '#shared/content/field-guides';
import { isIndexable } from '#shared/head';
import { routes } from '#shared/routes';
import { render } from '../../client/entry-server';
import { startTestApp, type TestApp } from '../test/app';
import { callApp } from '../test/call-app';
import { warmedRoutes } from './routes';
import { insertSentEdition, renderedBody } from '../features/editions/repo';

/**
 * Pages rendered by React on the server, through the app's real renderer (the client's source,
 * as the production build bundles it): what `curl` of each page shows, and how the HTML is
 * kept, encoded and revalidated.
 */
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ PUBLIC_URL: 'https://hub.example.org', CONTACT_EMAIL: 'team@hub.example.org' }, { renderPage: render });
});
afterAll(() => t.close());

const get = (path: string, headers: Record<string, string> = {}) => callApp(`${t.url}${path}`, 'GET', { headers, redirect: 'manual' });
/** The text of an HTML fragment as a reader sees it: no tags, entities decoded, spaces collapsed. */
const text = (html: string) =>
  html
    .replace(/<[^>]+>/g, ' ')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ');
const main = (html: string) => /<main[^>]*>([\s\S]*)<\/main>/.exec(html)?.[1] ?? '';
const h1 = (html: string) => text(/<h1[^>]*>([\s\S]*?)<\/h1>/.exec(main(html))?.[1] ?? '').trim();

describe('every route of the table is in its HTML, as a visitor sees it', () => {
  const paths = routes.filter((route) => !route.path.includes(':'));

  it.each(paths.map((route) => [route.path, route] as const))('%s', async (path, route) => {
    const res = await get(path);
    expect(res.status).toBe(200);
    const html = res.text;
    // The frame: navigation, footer, and the data the browser hydrates from.
    expect(html).toMatch(/<a class="[^"]*" href="\/"[^>]*><svg viewBox="0 0 64 64" width="28" height="28" class="shrink-0"/);
    // The site search works before the scripts run: a plain form in the bar for a visitor, and
    // everywhere the search button, a link to /search (a member's header is drawn pending).
    expect(html).toMatch(/<a [^>]*href="\/search"/);
    if (!route.signedIn) expect(html).toMatch(/<form role="search" aria-label="Site" [^>]*action="\/search" method="get">/);
    for (const href of ['/start-here', '/free-resources', '/premium', '/contact', '/privacy-policy']) expect(html).toContain(`href="${href}"`);
    expect(html).toContain('<script type="application/json" id="page-data">');
    expect(html).not.toMatch(/<script(?![^>]*\b(type="application\/json"|type="module"))[^>]*>/);
    if (route.signedIn && route.page) {
      // Pages that need an account are drawn in a state that holds for everyone (loading, or a
      // status the browser updates): the browser decides once it knows the member.
      expect(main(html)).toContain('role="status"');
      expect(text(main(html))).not.toMatch(/@|Signed in as/);
    } else {
      expect(h1(html).length, `${path} has a main heading`).toBeGreaterThan(3);
    }
    expect(html).toContain(`<meta name="robots" content="${isIndexable(route) ? 'index, follow' : 'noindex'}">`);
  });

  it('shows the landing page, its links and prices on /', async () => {
    const page = text(main((await get('/')).text));
    expect(page).toContain('Run a healthier nonprofit, with peers who get it.');
    expect(page).toContain('Take the Free Check-Up');
    expect(page).toContain('$19/month');
  });

  it('shows the forms: sign-in, contact, newsletter, the Check-Up email step', async () => {
    const auth = (await get('/auth')).text;
    expect(auth).toMatch(/<form[\s\S]*name="email"[\s\S]*type="password"[\s\S]*<\/form>/);
    expect(text(main(auth))).toContain('Sign In');
    const register = (await get('/auth?mode=register')).text;
    expect(text(main(register))).toContain('Create Your Free Account');
    for (const path of ['/contact', '/newsletter', '/free-resources', '/create-profile', '/checkup']) {
      expect(main((await get(path)).text), path).toMatch(/<form[\s\S]*<input[^>]*name="email"[\s\S]*<\/form>/);
    }
    expect(text(main((await get('/contact')).text))).toContain('team@hub.example.org');
  });

  it('shows the field guides, an open guide in full and the resources library', async () => {
    const list = (await get('/field-guides')).text;
    for (const guide of fieldGuides) expect(list).toContain(`href="/field-guide/${guide.slug}"`);
    const fuel = text(main((await get('/field-guide/fuel')).text));
    expect(fuel).toContain('The Fuel Field Guide');
    expect(fuel).toContain('Download PDF Guide');
    expect(fuel.length).toBeGreaterThan(5000);
    const library = text(main((await get('/resources')).text));
    expect(library).toMatch(/Showing \d+ resources/);
    expect(text(main((await get('/resources?q=board')).text))).toMatch(/Showing \d+ resources?/);
  });

  it('renders a page that prefetches its data from what the server looked up, never from the API it cannot reach', async () => {
    // Asked from the render, the API fails there and the browser's retries held every such page
    // (a guide, the library, with or without a query string) for three seconds before its first byte.
    const fetchSpy = vi.spyOn(globalThis, 'fetch');
    try {
      for (const path of ['/resources?pillar=fuel', '/field-guide/fuel?from=search', '/resources?open=none']) {
        const res = await get(path);
        expect(res.status, path).toBe(200);
        expect(text(main(res.text)), path).not.toContain('We could not load');
      }
      const fromRender = fetchSpy.mock.calls.map(([url]) => String(url instanceof Request ? url.url : url)).filter((url) => url.startsWith('/'));
      expect(fromRender).toEqual([]);
    } finally {
      fetchSpy.mockRestore();
    }
  });

  it("shows the legal pages' text with the contact address", async () => {
    const privacy = text(main((await get('/privacy-policy')).text));
    expect(privacy).toContain('Privacy Policy');
    expect(privacy).toContain('Last updated:');
    expect(privacy).toContain('team@hub.example.org');
  });

  it('answers an unknown path with the not-found page and 404', async () => {
    const res = await get('/no-such-page');
    expect(res.status).toBe(404);
    const html = res.text;
    expect(h1(html)).toBe('Oops! Page Not Found');
    expect(html).toContain('<meta name="robots" content="noindex">');
  });
});

describe('Check-Up results pages', () => {
  it('renders a saved result, and answers 404 with noindex for an unknown or malformed id', async () => {
    const answers = Object.fromEntries(questions.map((q) => [String(q.id), 2]));
    const saved = (await callApp(`${t.url}/api/checkup-results`, 'POST', { body: { email: 'results-page@example.org', answers } })).json;
    const res = await get(`/checkup/results/${saved.id}`);
    expect(res.status).toBe(200);
    const html = res.text;
    expect(h1(html)).toBe('Your Check-Up Results');
    expect(html).toContain('<meta name="robots" content="noindex">');

    for (const id of ['00000000-0000-4000-8000-000000000000', 'abc', 'caf%C3%A9']) {
      const missing = await get(`/checkup/results/${id}`);
      expect(missing.status, id).toBe(404);
      const body = missing.text;
      expect(h1(body)).toBe("We couldn't find these results");
      expect(body).toContain('<meta name="robots" content="noindex">');
    }
  });
});

describe('head tags from PUBLIC_URL', () => {
  it('writes canonical, og:url and an absolute og:image from the public address, with a large Twitter card', async () => {
    const html = (await get('/field-guides')).text;
    expect(html).toContain('<link rel="canonical" href="https://hub.example.org/field-guides">');
    expect(html).toContain('<meta property="og:url" content="https://hub.example.org/field-guides">');
    expect(html).toContain('<meta property="og:image" content="https://hub.example.org/og-card.png">');
    expect(html).toContain('<meta property="og:image:width" content="1200">');
    expect(html).toContain('<meta property="og:image:height" content="630">');
    expect(html).toContain('<meta name="twitter:card" content="summary_large_image">');
    // The browser gets the same address through the site configuration, already in the page.
    expect(html).toContain('"publicUrl":"https://hub.example.org"');
  });
});

describe('kept, encoded and revalidated HTML', () => {
  it('sends every visitor the same bytes, with an ETag, and 304 when unchanged', async () => {
    const first = await get('/start-here');
    const second = await get('/start-here');
    const etag = first.headers.get('etag');
    expect(etag).toMatch(/^W\/".+"$/);
    expect(second.headers.get('etag')).toBe(etag);
    expect(second.text).toBe(first.text);
    expect(first.headers.get('cache-control')).toBe('no-cache');

    const revalidated = await get('/start-here', { 'if-none-match': etag! });
    expect(revalidated.status).toBe(304);
    expect(revalidated.text).toBe('');
    expect((await get('/start-here', { 'if-none-match': 'W/"something-else"' })).status).toBe(200);
  });

  it('sends brotli or gzip as accepted, the same page in each', async () => {
    // node:http, not fetch, which would decode the body itself.
    const raw = (encoding: string) =>
      new Promise<{ encoding?: string; vary?: string; body: Buffer }>((resolve, reject) => {
        request(`${t.url}/pricing`, { headers: { 'accept-encoding': encoding } }, (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (chunk: Buffer) => chunks.push(chunk));
          res.on('end', () => resolve({ encoding: res.headers['content-encoding'], vary: res.headers.vary, body: Buffer.concat(chunks) }));
        })
          .on('error', reject)
          .end();
      });
    const identity = await raw('identity');
    const br = await raw('gzip, deflate, br');
    const gzip = await raw('gzip;q=1, br;q=0');
    expect(identity.encoding).toBeUndefined();
    expect(br.encoding).toBe('br');
    expect(gzip.encoding).toBe('gzip');
    expect(brotliDecompressSync(br.body).equals(identity.body)).toBe(true);
    expect(gunzipSync(gzip.body).equals(identity.body)).toBe(true);
    expect(br.body.length).toBeLessThan(identity.body.length / 3);
    expect(br.vary).toBe('Accept-Encoding');
  });

  it("sends the member home's shell on / to a visitor holding the signed-in hint, as a kept variant of its own", async () => {
    const landing = await get('/');
    const shell = await get('/', { cookie: `${SIGNED_IN_HINT_COOKIE}=1` });
    expect(landing.headers.get('vary')).toBe('Accept-Encoding, Cookie');
    expect(shell.headers.get('etag')).not.toBe(landing.headers.get('etag'));
    const html = shell.text;
    expect(h1(html)).toBe('Welcome!');
    expect(text(main(html))).toContain('Free Resources');
    expect(html).not.toContain('Run a healthier nonprofit');
    expect(html).toContain('"userPending":true');
    const again = await get('/', { cookie: `${SIGNED_IN_HINT_COOKIE}=1`, 'if-none-match': shell.headers.get('etag')! });
    expect(again.status).toBe(304);
  });

  it('sends one address per page: a trailing slash redirects, keeping the query', async () => {
    const res = await get('/field-guides/?from=mail');
    expect(res.status).toBe(301);
    expect(res.headers.get('location')).toBe('/field-guides?from=mail');
  });
});

describe('the pages rendered at start', () => {
  it("are the indexed pages strangers land on, not a member's, the admin's or those a mail's link opens", () => {
    const warmed = warmedRoutes().map((route) => route.path);
    for (const path of ['/', '/pricing', '/premium', '/field-guides', '/field-guide/fuel', '/start-here', '/weekly-dish', '/checkup', '/auth']) {
      expect(warmed).toContain(path);
    }
    for (const path of ['/admin', '/account', '/unsubscribe', '/verify-email', '/reset-password', '/premium-signup', '/checkup/results/:id']) {
      expect(warmed).not.toContain(path);
    }
  });
});

describe("dates on the site's clock (SITE_TIMEZONE, America/New_York by default)", () => {
  it('dates an edition sent at 11 PM on a Saturday in New York that Saturday, not the UTC Sunday', async () => {
    const slug = `late-saturday-${Date.now().toString(36)}`;
    const sentAt = new Date('2026-11-29T04:00:00.000Z');
    const rendered = renderedBody('A note sent late on a Saturday.');
    const stored = { slug, title: 'Late Saturday', summary: '', body: 'A note sent late on a Saturday.', bodyHtml: rendered.html };
    const fields = { ...stored, readingMinutes: rendered.readingMinutes, issueNumber: null, startedAt: sentAt, sentAt, updatedBy: 'test', createdAt: sentAt };
    expect(await insertSentEdition(t.ctx.db, { ...fields, updatedAt: sentAt })).toBe(true);
    const res = await get(`/weekly-dish/${slug}`);
    expect(res.status).toBe(200);
    expect(main(res.text)).toContain(`<time dateTime="${sentAt.toISOString()}">November 28, 2026</time>`);
  });
});

describe('pages kept and pages drawn for their request', () => {
  let counted: TestApp;
  const drawn: string[] = [];
  beforeAll(async () => {
    counted = await startTestApp(
      {},
      {
        renderPage: (request) => {
          drawn.push(request.url);
          return render(request);
        },
      },
    );
  });
  afterAll(() => counted.close());

  it('keeps a page of the table once, but draws an address made of a token or an id for its request, never keeping it', async () => {
    const getCounted = (path: string) => callApp(`${counted.url}${path}`, 'GET');
    for (let i = 0; i < 2; i++) expect((await getCounted('/start-here')).status).toBe(200);
    expect(drawn.filter((url) => url === '/start-here')).toHaveLength(1);
    // Any number of made-up tokens: each drawn when asked, so none can fill the server's memory.
    const token = 'a'.repeat(43);
    for (let i = 0; i < 2; i++) expect((await getCounted(`/team-checkup/answer/${token}/result`)).status).toBe(200);
    expect(drawn.filter((url) => url === `/team-checkup/answer/${token}/result`)).toHaveLength(2);
  });
});
