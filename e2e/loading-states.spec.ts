import { grantAdmin, register } from './accounts';
import { expect, test } from './fixtures';
import { uniqueEmail } from '../server/test/unique-email';

/**
 * A page reloaded far down is put back where it was scrolled to; drawn as loading (the account not
 * known yet) it is shorter, and the browser stops at the footer. The loading state must still be in
 * sight, in the page's own area right under the header, with the header drawn as usual.
 */
const pages = ['/account', '/admin', '/checkup/progress', '/allies', '/subscribe', '/premium-signup'];

test('a page reloaded far down shows its loading state under the header, in sight', async ({ page, visit, playwright }, info) => {
  test.setTimeout(120_000);
  const email = uniqueEmail('loading-states');
  // page.request shares the browser's cookies: the page is signed in afterwards. An admin, so /admin is the long dashboard.
  await register(page.request, email);
  await grantAdmin(playwright, info.project.name, email);
  for (const path of pages) {
    await visit(path);
    await page.evaluate(() => window.scrollTo({ top: document.documentElement.scrollHeight, behavior: 'instant' }));
    // The account answers only once the loading state has been checked.
    let release = () => {};
    const answered = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/user', async (route) => {
      await answered;
      await route.continue();
    });
    await page.reload();
    await expect(page.locator('html[data-hydrated="true"]')).toHaveCount(1);
    const loading = page.locator('main [role="status"]');
    await expect(loading).toBeVisible();
    const header = page.getByRole('banner');
    await expect(header.getByRole('link', { name: 'Nonprofit Leaders Hub' })).toBeInViewport();
    // Its middle, where the spinner turns, between the header and the bottom of the screen.
    // Every page is tried, and every one whose loading state is out of sight named.
    await expect
      .configure({ soft: true })
      .poll(async () => {
        const [box, bar] = [await loading.boundingBox(), await header.boundingBox()];
        const middle = box!.y + box!.height / 2;
        return middle > bar!.y + bar!.height && middle < page.viewportSize()!.height;
      }, `the loading state of ${path} in sight under the header`)
      .toBe(true);
    if (path === '/account') await page.screenshot({ path: info.outputPath(`account-loading-${info.project.name}.png`) });
    release();
    await page.unrouteAll({ behavior: 'wait' });
    await expect(loading).toHaveCount(0);
    await expect(page.locator('main h1').first()).toBeVisible();
  }
});
