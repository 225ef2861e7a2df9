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
