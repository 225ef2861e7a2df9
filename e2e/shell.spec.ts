import { siteDates } from '../shared/site-time';
import { DEFAULT_SITE_TIMEZONE } from '../shared/site-year';
import { expect, test } from './fixtures';

test.describe('site shell', () => {
  test('navigation links, Login button and the current route highlighted', async ({ page, visit }, info) => {
    await visit('/start-here');
    if (info.project.name === 'mobile') await page.getByRole('button', { name: 'Open menu' }).click();
    const nav = info.project.name === 'mobile' ? page.locator('#mobile-menu') : page.getByRole('navigation', { name: 'Main' });
    const expected: [string, string][] = [
      ['Start Here', '/start-here'],
      ['Free Resources', '/free-resources'],
      ['Premium', '/premium'],
      ['Contact', '/contact'],
    ];
    for (const [name, href] of expected) {
      await expect(nav.getByRole('link', { name, exact: true })).toHaveAttribute('href', href);
    }
    await expect(nav.getByRole('link', { name: 'Start Here' })).toHaveAttribute('aria-current', 'page');
    await expect(nav.getByRole('link', { name: 'Contact' })).not.toHaveAttribute('aria-current', 'page');
    await expect(nav.getByRole('link', { name: 'Login' })).toHaveAttribute('href', '/auth');
  });

  test('the mobile menu toggles below 768 px', async ({ page, visit }, info) => {
    test.skip(info.project.name !== 'mobile', 'mobile layout only');
    await visit('/privacy-policy');
    const toggle = page.getByRole('button', { name: 'Open menu' });
    await expect(toggle).toBeVisible();
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await toggle.click();
    await expect(page.getByRole('button', { name: 'Close menu' })).toHaveAttribute('aria-expanded', 'true');
    await page.locator('#mobile-menu').getByRole('link', { name: 'Contact' }).click();
    await expect(page).toHaveURL(/\/contact$/);
    await expect(page.locator('#mobile-menu')).toHaveCount(0);
  });

  test('skip links and the Alt+M / Alt+N shortcuts move focus', async ({ page, visit }) => {
    await visit('/terms-of-service');
    await page.keyboard.press('Tab');
    const skip = page.getByRole('link', { name: 'Skip to main content' });
    await expect(skip).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page.locator('#main-content')).toBeFocused();
    await page.keyboard.press('Alt+N');
    await expect(page.locator('#main-navigation')).toBeFocused();
    await page.keyboard.press('Alt+M');
    await expect(page.locator('#main-content')).toBeFocused();
    await page.keyboard.press('Tab');
    await page.keyboard.press('Shift+Tab');
    await expect(page.getByRole('link', { name: 'Skip to footer' })).toHaveCount(1);
  });

  test('unknown paths show the not-found page with Go Home and Go Back', async ({ page, visit }) => {
    await visit('/privacy-policy');
    const response = await page.goto('/no-such-page');
    expect(response?.status()).toBe(404);
    await expect(page.getByRole('heading', { level: 1, name: 'Oops! Page Not Found' })).toBeVisible();
    await expect(page).toHaveTitle(/Oops! Page Not Found/);
    await page.getByRole('button', { name: 'Go Back' }).click();
    await expect(page).toHaveURL(/\/privacy-policy$/);
    await page.goto('/still-not-here');
    await page.getByRole('button', { name: 'Go Home' }).click();
    await expect(page).toHaveURL(/\/$/);
  });

  test('legal pages show today as Last updated, the contact address and the required facts', async ({ page, visit }) => {
    const today = siteDates(DEFAULT_SITE_TIMEZONE).long(new Date());
    await visit('/privacy-policy');
    await expect(page.getByRole('heading', { level: 1, name: 'Privacy Policy' })).toBeVisible();
    await expect(page.getByText(`Last updated: ${today}`)).toBeVisible();
    await expect(page.locator('article')).toContainText('13');
    await expect(page.locator('article a[href^="mailto:"]').first()).toHaveText(/@/);
    await expect(page.locator('article')).toContainText('12 months');
    await expect(page.locator('article')).toContainText('24 months');
    for (const path of ['/terms-of-service', '/cookie-policy']) {
      await visit(path);
      await expect(page.getByText(`Last updated: ${today}`)).toBeVisible();
      await expect(page.locator('article a[href^="mailto:"]').first()).toBeVisible();
    }
    await expect(page.locator('footer').getByRole('link', { name: 'Privacy Policy' })).toHaveAttribute('href', '/privacy-policy');
  });

  test('client navigation updates the head and records a page view', async ({ page, visit }) => {
    await visit('/privacy-policy');
    const pageView = page.waitForRequest((r) => r.url().endsWith('/api/events') && r.postDataJSON()?.path === '/cookie-policy');
    await page.locator('footer').getByRole('link', { name: 'Cookie Policy' }).click();
    expect((await pageView).postDataJSON()).toMatchObject({ kind: 'page_view', path: '/cookie-policy' });
    await expect(page).toHaveTitle('Cookie Policy | Nonprofit Leaders Hub');
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', /\/cookie-policy$/);
    await expect(page.locator('meta[name="description"]')).toHaveAttribute('content', /cookies/);
  });

  test("a link opens the site's page without reloading; a link to the page you are on adds no history; a modified click is the browser's", async ({
    page,
    visit,
    context,
  }) => {
    await visit('/privacy-policy');
    await page.evaluate(() => ((window as { stayed?: boolean }).stayed = true));
    const footer = page.locator('footer');
    const entries = () => page.evaluate(() => history.length);
    const before = await entries();
    await footer.getByRole('link', { name: 'Cookie Policy' }).click();
    await expect(page).toHaveURL(/\/cookie-policy$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Cookie Policy' })).toBeVisible();
    expect(await page.evaluate(() => (window as { stayed?: boolean }).stayed)).toBe(true);
    expect(await entries()).toBe(before + 1);
    // The page you are on: replaced, not added.
    await footer.getByRole('link', { name: 'Cookie Policy' }).click();
    expect(await entries()).toBe(before + 1);
    // Back returns to the page before, still without a reload.
    await page.goBack();
    await expect(page).toHaveURL(/\/privacy-policy$/);
    expect(await page.evaluate(() => (window as { stayed?: boolean }).stayed)).toBe(true);
    // Ctrl+click (or Cmd) opens a tab of its own, this page stays.
    const opened = context.waitForEvent('page');
    await footer.getByRole('link', { name: 'Cookie Policy' }).click({ modifiers: ['ControlOrMeta'] });
    await expect((await opened).waitForURL(/\/cookie-policy$/)).resolves.toBeUndefined();
    await expect(page).toHaveURL(/\/privacy-policy$/);
  });

  test('no third-party request is made', async ({ page }) => {
    const foreign: string[] = [];
    page.on('request', (r) => {
      if (!r.url().startsWith('http://127.0.0.1') && !r.url().startsWith('data:')) foreign.push(r.url());
    });
    await page.goto('/privacy-policy');
    await page.locator('main h1').waitFor();
    expect(foreign).toEqual([]);
  });
});
