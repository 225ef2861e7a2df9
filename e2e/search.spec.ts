import type { Page } from '@playwright/test';
import { grantPremium, register } from './accounts';
import { atBothWidths, expect, expectAccessible, test } from './fixtures';

test.describe('search', () => {
  test('from any page by keyboard alone: "/" to the box, results with marked words, a filter by kind, Back to the list, and a typo corrected', async ({
    page,
    visit,
  }, testInfo) => {
    const desktop = testInfo.project.name === 'desktop';
    await visit('/pricing');
    if (!desktop) {
      // Below 1280 px the header's search is a row its button opens; Escape closes it.
      const toggle = page.getByRole('link', { name: 'Search', exact: true });
      await toggle.focus();
      await page.keyboard.press('Enter');
      await expect(page.getByRole('searchbox', { name: 'Search the site' })).toBeFocused();
      await expectAccessible(page);
      await page.keyboard.press('Escape');
      await expect(page.getByRole('searchbox', { name: 'Search the site' })).toHaveCount(0);
      await expect(toggle).toBeFocused();
      await page.keyboard.press('Tab');
    }
    // "/" goes to the header's search from anywhere but a field (opening its row below 1280 px).
    await page.keyboard.press('/');
    await expect(page.getByRole('searchbox', { name: 'Search the site' })).toBeFocused();
    await page.keyboard.type('fundraising');
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/search\?q=fundraising$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Results for “fundraising”' })).toBeVisible();
    const results = page
      .getByRole('main')
      .getByRole('listitem')
      .filter({ has: page.getByRole('article') });
    await expect(results.first()).toBeVisible();
    await expect(page.locator('main article mark').first()).toHaveText(/fundrais/i);
    await page.screenshot({ path: testInfo.outputPath(`search-${testInfo.project.name}.png`), fullPage: true });
    await expectAccessible(page);

    // Typing "/" in a field types it.
    const field = page.getByRole('searchbox', { name: 'Search field guides, resources, editions, webinars and Allies' });
    await field.focus();
    await page.keyboard.press('End');
    await page.keyboard.type('/');
    await expect(field).toHaveValue('fundraising/');
    await page.keyboard.press('Backspace');

    // The filter by kind, as links: the address changes, and Back returns to every kind.
    const guides = page.getByRole('navigation', { name: 'Filter results by kind' }).getByRole('link', { name: /^Field guides \(\d+\)$/ });
    await guides.focus();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/search\?q=fundraising&kind=guide$/);
    await expect(guides).toHaveAttribute('aria-current', 'page');
    await expect(page.locator('main article').first()).toContainText('Field guide');
    await page.goBack();
    await expect(page).toHaveURL(/\/search\?q=fundraising$/);
    await expect(page.getByRole('navigation', { name: 'Filter results by kind' }).getByRole('link', { name: /^All \(\d+\)$/ })).toHaveAttribute(
      'aria-current',
      'page',
    );

    // A result opens its page.
    const fuel = page.getByRole('link', { name: 'The Fuel Field Guide' });
    await fuel.focus();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/field-guide\/fuel$/);

    // A typo: nothing found, and the nearest published words offered.
    await page.goto('/search?q=fundrasing');
    await expect(page.getByText('Nothing found for “fundrasing”.')).toBeVisible();
    const suggestion = page.getByRole('link', { name: 'fundraising', exact: true });
    await suggestion.focus();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/search\?q=fundraising$/);
    await expect(results.first()).toBeVisible();
  });

  test('works without JavaScript: the header form and the result page are the server’s', async ({ browser }, testInfo) => {
    const context = await browser.newContext({ javaScriptEnabled: false, viewport: testInfo.project.use.viewport ?? undefined });
    const page = await context.newPage();
    await page.goto('/search?q=board');
    await expect(page.getByRole('heading', { level: 1, name: 'Results for “board”' })).toBeVisible();
    await expect(page.locator('main article').first()).toBeVisible();
    await expect(page.locator('main article mark').first()).toBeVisible();
    const field = page.getByRole('searchbox', { name: 'Search field guides, resources, editions, webinars and Allies' });
    await field.fill('cash flow');
    await field.press('Enter');
    await expect(page).toHaveURL(/\/search\?q=cash\+flow$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Results for “cash flow”' })).toBeVisible();
    // Only common words: said, not an error.
    await page.goto('/search?q=the+and+of');
    await expect(page.getByRole('status')).toContainText('There are no words to search for in that');
    await context.close();
  });

  test('a premium member’s page is drawn for them: premium items whole before and without the scripts, and not asked for again', async ({
    browser,
    playwright,
  }, testInfo) => {
    const viewport = testInfo.project.use.viewport ?? undefined;
    const email = `e2e-search-premium-${testInfo.project.name}@example.org`;
    const member = await browser.newContext({ javaScriptEnabled: false, viewport });
    await register(member.request, email, 'Pat');
    await grantPremium(playwright, testInfo.project.name, email);
    const slack = (page: Page) => page.locator('main article').filter({ hasText: 'The Slack Community' });

    // Without the scripts: the server's page, drawn with the member's access.
    const page = await member.newPage();
    await page.goto('/search?q=slack');
    await expect(slack(page)).toContainText('Your invitation to the private Slack community');
    await expect(slack(page)).not.toContainText('For premium members');
    await expect(slack(page).getByRole('link', { name: 'The Slack Community' })).toHaveAttribute('href', '/premium-resources#slack-community');

    // With them: the same results, and no second search once the page knows who is reading.
    const live = await browser.newContext({ viewport, storageState: await member.storageState() });
    const livePage = await live.newPage();
    const searches: string[] = [];
    livePage.on('request', (request) => {
      if (new URL(request.url()).pathname === '/api/search') searches.push(request.url());
    });
    await livePage.goto('/search?q=slack');
    await expect(livePage.locator('html[data-hydrated="true"]')).toHaveCount(1);
    await livePage.waitForLoadState('networkidle');
    await expect(slack(livePage)).toContainText('Your invitation to the private Slack community');
    expect(searches).toEqual([]);
    await atBothWidths(livePage, testInfo, 'search-premium');

    // A visitor's page for the same address stays locked.
    const visitor = await browser.newContext({ javaScriptEnabled: false, viewport });
    const visitorPage = await visitor.newPage();
    await visitorPage.goto('/search?q=slack');
    await expect(slack(visitorPage)).toContainText('For premium members');
    await expect(slack(visitorPage)).not.toContainText('Your invitation');
    for (const context of [member, live, visitor]) await context.close();
  });
});
