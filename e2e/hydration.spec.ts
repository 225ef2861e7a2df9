import type { Page } from '@playwright/test';
import { SIGNED_IN_HINT_COOKIE } from '../shared/auth/session-hint';
import { routes } from '../shared/routes';
import { baseURL } from '../playwright.config';
import { expect, test } from './fixtures';
import { uniqueEmail } from '../server/test/unique-email';

/**
 * Every route is rendered by React on the server and hydrated in the browser. These visits
 * fail on any console error or warning, on any page error (React reports a hydration mismatch
 * as one: "Minified React error #418"/"#423", or "Hydration failed"/"didn't match" in
 * development builds), and when the server's HTML was thrown away and rendered again instead
 * of hydrated.
 */
async function watch(page: Page): Promise<(path: string) => Promise<void>> {
  let problems: string[] = [];
  page.on('console', (message) => {
    // A 404 page's own status is logged by Chromium as a failed resource: that one is expected.
    if (message.location().url === page.url() && /status of 404/.test(message.text())) return;
    if (message.type() === 'error' || message.type() === 'warning') problems.push(`${message.type()}: ${message.text()}`);
  });
  page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
  // Before the scripts run (readyState "interactive" comes first), remember the server's nodes.
  await page.addInitScript(() => {
    document.addEventListener('readystatechange', () => {
      if (document.readyState !== 'interactive') return;
      const w = window as unknown as { serverNodes: (Element | null)[] };
      w.serverNodes = [
        document.querySelector('#root > div'),
        document.querySelector('main'),
        document.querySelector('main h1'),
        document.querySelector('footer'),
      ];
    });
  });
  /** Checks the page just loaded, then starts afresh for the next one. */
  return async (path: string) => {
    // A page that sends a visitor on, at once or after a notice, is checked where it lands:
    // leaving it sooner would race its own navigation.
    const destination = sendsVisitorsTo[path];
    if (destination) await expect(page).toHaveURL(`${baseURL}${destination}`);
    await expect(page.locator('html[data-hydrated="true"]')).toHaveCount(1);
    // Whatever the page does right after hydrating (the user, stored values) has had its turn.
    await page.waitForLoadState('networkidle');
    const kept = await page.evaluate((path) => {
      // Sent on inside the app, the page replaces its main content: the frame stays.
      const frameOnly = location.pathname !== path.split('?')[0];
      const w = window as unknown as { serverNodes?: (Element | null)[] };
      const nodes = frameOnly ? [w.serverNodes?.[0], w.serverNodes?.[3]] : w.serverNodes!;
      return Boolean(w.serverNodes?.[0]) && nodes.filter(Boolean).every((node) => node!.isConnected);
    }, path);
    expect(kept, `the server's HTML was replaced on ${page.url()}`).toBe(true);
    expect(problems, `console on ${page.url()}`).toEqual([]);
    problems = [];
  };
}

/**
 * Where a visitor is sent from pages that are not for them: /allies signs them in after its
 * notice (a full navigation through /api/login), /admin goes home after "Access Denied".
 */
const sendsVisitorsTo: Record<string, string> = {
  '/premium-signup': '/auth',
  '/welcome': '/free-resources',
  '/premium-welcome': '/premium',
  '/allies': '/auth',
  '/admin': '/',
};

const paths = [
  ...routes.filter((route) => !route.path.includes(':')).map((route) => route.path),
  '/checkup/results/00000000-0000-4000-8000-000000000000',
  '/no-such-page',
  '/resources?q=board&pillar=fuel',
];

test.describe('server rendering and hydration', () => {
  test('every route hydrates the server HTML without a warning', async ({ page }, testInfo) => {
    // The server sends every width the same HTML, and no component draws by the width on its
    // first render: one width walks every route (the other's specs hydrate their own pages).
    test.skip(testInfo.project.name === 'mobile', 'the same HTML at every width');
    test.slow();
    const checked = await watch(page);
    for (const path of paths) {
      // Some pages send a visitor on (to /auth) once hydrated, which may land before the load event.
      const response = await page.goto(path, { waitUntil: 'commit' });
      expect(response?.status(), path).toBe(path === '/no-such-page' || path.startsWith('/checkup/results/') ? 404 : 200);
      await checked(path);
    }
  });

  test('the page is in the HTML before any script runs', async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    const requested: string[] = [];
    page.on('request', (request) => requested.push(request.resourceType()));
    await page.goto(`${baseURL}/field-guides`);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    // Styled by the CSS in the page itself: no stylesheet request holds the first paint back.
    expect(requested).not.toContain('stylesheet');
    await expect(page.locator('footer')).toHaveCSS('background-color', 'rgb(255, 255, 255)');
    await expect(page.getByRole('link', { name: 'Start Here' }).first()).toBeVisible();
    await page.goto(`${baseURL}/auth`);
    await expect(page.getByLabel('Email')).toBeVisible();
    await context.close();
  });

  test("a signed-in member gets the member home's shell first, then their home, with no landing page and no warning", async ({ page }) => {
    const email = uniqueEmail('shell');
    const res = await page.request.post('/api/register', { data: { email, password: 'correct horse battery', firstName: 'Sam', lastName: 'Shell' } });
    expect(res.ok()).toBe(true);
    const cookies = await page.context().cookies();
    expect(cookies.some((cookie) => cookie.name === SIGNED_IN_HINT_COOKIE)).toBe(true);

    const html = await (await page.request.get('/')).text();
    expect(html).toContain('Welcome!');
    expect(html).not.toContain('Run a healthier nonprofit');

    const checked = await watch(page);
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1, name: 'Welcome, Sam!' })).toBeVisible();
    await checked('/');
  });

  test('client navigation keeps robots and canonical in step with the page', async ({ page }) => {
    await page.goto('/five-pillars');
    await expect(page.locator('html[data-hydrated="true"]')).toHaveCount(1);
    const robots = page.locator('meta[name="robots"]');
    await expect(robots).toHaveAttribute('content', 'index, follow');
    // A client-side navigation to a path outside the route table (as a link inside the app would make).
    await page.evaluate(() => {
      history.pushState({}, '', '/no-such-page');
      dispatchEvent(new PopStateEvent('popstate'));
    });
    await expect(page.getByRole('heading', { level: 1, name: 'Oops! Page Not Found' })).toBeVisible();
    await expect(robots).toHaveAttribute('content', 'noindex');
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', `${baseURL}/no-such-page`);
    await page.locator('footer').getByRole('link', { name: 'Start Here' }).click();
    await expect(page).toHaveURL(/\/start-here$/);
    await expect(robots).toHaveAttribute('content', 'index, follow');
    await expect(page.locator('meta[property="og:image"]')).toHaveAttribute('content', `${baseURL}/og-card.png`);
  });

  test('every icon the page names is served, each PNG at its size', async ({ page }) => {
    await page.goto('/');
    const icons = await page.locator('link[rel="icon"], link[rel="apple-touch-icon"]').evaluateAll((links) =>
      links.map((link) => ({
        href: (link as HTMLLinkElement).href,
        type: link.getAttribute('type'),
        sizes: link.getAttribute('sizes'),
      })),
    );
    expect(icons.map((icon) => new URL(icon.href).pathname)).toEqual(['/favicon-32.png', '/favicon.svg', '/apple-touch-icon.png']);
    for (const icon of icons) {
      const response = await page.request.get(icon.href);
      expect(response.status(), icon.href).toBe(200);
      const contentType = response.headers()['content-type'] ?? '';
      if (icon.type) expect(contentType).toContain(icon.type);
      if (!contentType.startsWith('image/png')) continue;
      const png = await response.body();
      // A home-screen icon is 180×180 (what iOS asks for); the others say their size.
      const [width, height] = icon.sizes?.split('x').map(Number) ?? [180, 180];
      expect([png.readUInt32BE(16), png.readUInt32BE(20)], icon.href).toEqual([width, height]);
    }
  });

  test('the social card every page names is a 1200×630 PNG', async ({ page }) => {
    await page.goto('/weekly-dish');
    const url = await page.locator('meta[property="og:image"]').getAttribute('content');
    expect(url).toBe(`${baseURL}/og-card.png`);
    await expect(page.locator('meta[name="twitter:card"]')).toHaveAttribute('content', 'summary_large_image');
    const image = await page.request.get(url!);
    expect(image.status()).toBe(200);
    expect(image.headers()['content-type']).toBe('image/png');
    const png = await image.body();
    // The IHDR chunk: width and height, big-endian, at bytes 16 and 20.
    expect([png.readUInt32BE(16), png.readUInt32BE(20)]).toEqual([1200, 630]);
  });
});
