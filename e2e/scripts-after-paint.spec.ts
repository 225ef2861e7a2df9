import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { baseURL } from '../playwright.config';
import { expect, holdRoute, test } from './fixtures';

/**
 * Pages fetch their scripts as their HTML arrives (decision 056) and run them once the browser has
 * painted the server's HTML, and hold what a visitor clicks until React is there to carry it out
 * (decision 024). The loader is the same at
 * every width, so one width runs these.
 */
test.skip(({ isMobile, viewport }) => isMobile || (viewport?.width ?? 1280) < 768, 'the same loader at every width');
test('the scripts are fetched with the HTML, and run once the page has painted', async ({ page }) => {
  // When React marks the page hydrated, read on the page's own clock (this runs before <html> exists).
  await page.addInitScript(() => {
    new MutationObserver((_changes, observer) => {
      if (document.documentElement?.dataset.hydrated !== 'true') return;
      (window as unknown as { hydratedAt: number }).hydratedAt = performance.now();
      observer.disconnect();
    }).observe(document, { attributes: true, subtree: true, attributeFilter: ['data-hydrated'] });
  });
  await page.goto('/pricing');
  await expect(page.locator('html[data-hydrated="true"]')).toHaveCount(1);
  const preloads = await page.locator('link[rel="modulepreload"]').evaluateAll((links) => links.map((link) => link.getAttribute('href')));
  expect(
    preloads.some((href) => /\/assets\/index-[^/]+\.js$/.test(href ?? '')),
    'the entry is preloaded by the page (decision 056)',
  ).toBe(true);
  const times = await page.evaluate(() => ({
    paint: performance.getEntriesByName('first-contentful-paint')[0]?.startTime,
    hydrated: (window as unknown as { hydratedAt?: number }).hydratedAt,
  }));
  expect(times.paint, 'first contentful paint').toBeGreaterThan(0);
  expect(times.hydrated, 'hydrated').toBeGreaterThan(0);
  expect(times.hydrated!).toBeGreaterThanOrEqual(times.paint!);
});

test('a click before the scripts have run is carried out once they have', async ({ page }) => {
  const scripts = await holdRoute(page, '**/assets/index-*.js');
  // Not the load event: once the page has painted, it waits for the scripts asked for.
  const response = await page.goto('/no-such-page-here', { waitUntil: 'domcontentloaded' });
  expect(response?.status()).toBe(404);
  const goBack = page.getByRole('button', { name: 'Go Back' });
  await goBack.click();
  await goBack.press('Enter');
  // Held, not lost: nothing happens while React is not there.
  await expect(page).toHaveURL(`${baseURL}/no-such-page-here`);
  await expect(page.locator('html[data-hydrated="true"]')).toHaveCount(0);

  scripts.release();
  await expect(page).toHaveURL(`${baseURL}/`);
  await expect(page.getByRole('heading', { level: 1 })).not.toHaveText('Oops! Page Not Found');
});

test('Alt+M and Alt+N move focus from the moment the page is shown, before the scripts have run', async ({ page }) => {
  await holdRoute(page, '**/assets/index-*.js');
  await page.goto('/start-here', { waitUntil: 'domcontentloaded' });
  await page.keyboard.press('Alt+N');
  await expect(page.locator('#main-navigation')).toBeFocused();
  await page.keyboard.press('Alt+M');
  await expect(page.locator('#main-content')).toBeFocused();
  await expect(page.locator('html[data-hydrated="true"]')).toHaveCount(0);
});

test('a link followed before the scripts have run goes where it says', async ({ page }) => {
  await holdRoute(page, '**/assets/index-*.js');
  await page.goto('/pricing', { waitUntil: 'domcontentloaded' });
  await page.getByRole('contentinfo').getByRole('link', { name: 'Privacy Policy' }).click();
  await expect(page).toHaveURL(`${baseURL}/privacy-policy`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Privacy Policy');
});

/**
 * The site behind a proxy that sends `path`'s HTML up to the end of its header, then the rest on
 * `release()`: a slow network, where the browser paints what has arrived before the rest has.
 */
async function halfSentPage(path: string) {
  let release!: () => void;
  const rest = new Promise<void>((resolve) => (release = resolve));
  const readBody = async (request: IncomingMessage) => {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    return chunks.length ? Buffer.concat(chunks) : undefined;
  };
  const proxy = createServer((request, response) => {
    void (async () => {
      const headers = Object.fromEntries(
        Object.entries(request.headers).filter(([name]) => !['host', 'accept-encoding', 'connection'].includes(name)),
      ) as Record<string, string>;
      const upstream = await fetch(`${baseURL}${request.url}`, { method: request.method, headers, body: await readBody(request), redirect: 'manual' });
      const body = Buffer.from(await upstream.arrayBuffer());
      const passed = [...upstream.headers].filter(([name]) => !['content-length', 'content-encoding', 'transfer-encoding', 'connection'].includes(name));
      response.writeHead(upstream.status, Object.fromEntries(passed));
      if (request.url !== path) return void response.end(body);
      const html = body.toString();
      const cut = html.indexOf('</header>') + '</header>'.length;
      response.write(html.slice(0, cut));
      await rest;
      response.end(html.slice(cut));
    })().catch(() => response.destroy());
  });
  await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(proxy.address() as AddressInfo).port}${path}`,
    release,
    close: () => new Promise<void>((resolve) => proxy.close(() => resolve())),
  };
}

test('a tap on the part of the page already shown, before the rest has arrived, is carried out once React is there', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 800 });
  const site = await halfSentPage('/pricing');
  try {
    await page.goto(site.url, { waitUntil: 'commit' });
    // The header is painted while the rest of the page is still on its way (decision 058).
    await page.waitForFunction(() => performance.getEntriesByName('first-contentful-paint').length > 0);
    expect(await page.locator('#page-scripts').count(), 'the end of the page has not arrived').toBe(0);
    const menu = page.locator('[aria-controls="mobile-menu"]');
    await menu.click();
    site.release();
    await expect(page.locator('html[data-hydrated="true"]')).toHaveCount(1);
    await expect(menu).toHaveAttribute('aria-expanded', 'true');
  } finally {
    site.release();
    await site.close();
  }
});
