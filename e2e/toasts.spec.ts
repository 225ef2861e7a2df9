import type { Locator, Page } from '@playwright/test';
import { expect, expectAccessible, test } from './fixtures';

/**
 * Toasts on a phone (docs/product.md §8): for their five seconds they cover neither the header
 * (its menu, the search) nor the control that was just used, and they can be swiped away or closed.
 */

type Box = { x: number; y: number; width: number; height: number };

async function box(locator: Locator): Promise<Box> {
  const found = await locator.boundingBox();
  expect(found).not.toBeNull();
  return found!;
}

const overlap = (a: Box, b: Box) => a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

async function expectClear(toast: Locator, others: Record<string, Locator>) {
  const shown = await box(toast);
  for (const [name, other] of Object.entries(others)) {
    expect(overlap(shown, await box(other)), `the toast ${JSON.stringify(shown)} covers ${name}`).toBe(false);
  }
}

/** Scrolls so that `locator`'s top is `top` px from the top of the screen. */
async function scrollToPlace(page: Page, locator: Locator, top: number) {
  await locator.scrollIntoViewIfNeeded();
  const { y } = await box(locator);
  await page.evaluate((by) => window.scrollBy({ top: by, behavior: 'instant' }), y - top);
  await expect.poll(async () => Math.round((await box(locator)).y)).toBe(Math.round(top));
}

const fillMessage = async (page: Page) => {
  await page.getByLabel('Name *').fill('Grace Hopper');
  await page.getByLabel('Email *').fill('grace@example.org');
  await page.getByLabel('What is it about? *').selectOption('support');
  await page.getByLabel('Message *').fill('Our board meets next week: can you help?');
};

test.describe('toasts on a phone', () => {
  test('sit clear of the header and of the control just used, and can be swiped away or closed', async ({ page, visit }, info) => {
    test.skip(info.project.name !== 'mobile', "a phone's placement (from 640 px they sit in the bottom-right corner)");
    await visit('/contact');
    const header = page.getByRole('banner');
    const send = page.getByRole('button', { name: 'Send Message' });
    const toasts = page.getByRole('region', { name: /Notifications/ }).getByRole('listitem');

    // Send pressed low on the screen with the form empty: the toast sits under the header, clear of
    // the field the form moves to and of the button; the menu and the search stay within reach.
    await scrollToPlace(page, send, 600);
    await send.click();
    const required = toasts.filter({ hasText: 'Required Fields' });
    await expect(required).toBeVisible();
    await expect(page.getByLabel('Name *')).toBeFocused();
    await expect(async () => {
      await expectClear(required, { 'the header': header, 'the Name field': page.getByLabel('Name *') });
      if (await send.isVisible()) await expectClear(required, { 'the Send button': send });
    }).toPass({ timeout: 2_000 });
    await header.getByRole('link', { name: 'Search' }).click({ trial: true, timeout: 2_000 });
    await page.screenshot({ path: info.outputPath('toast-below-header-375.png') });
    // The menu opened meanwhile makes the header reach further down: the toast moves below it, and Login stays within reach.
    await page.getByRole('button', { name: 'Open menu' }).click();
    const menu = page.locator('#mobile-menu');
    await expect(menu).toBeVisible();
    await expect(required).toBeVisible();
    await expectClear(required, { 'the header with its menu': header });
    await menu.getByRole('link', { name: 'Login' }).click({ trial: true, timeout: 2_000 });
    await page.screenshot({ path: info.outputPath('toast-below-menu-375.png') });
    await page.keyboard.press('Escape');
    await expect(menu).toHaveCount(0);

    // Swiped right, it goes.
    await send.click();
    await expect(required).toBeVisible();
    await expectAccessible(page);
    const shown = await box(required);
    await page.mouse.move(shown.x + 40, shown.y + shown.height / 2);
    await page.mouse.down();
    await page.mouse.move(shown.x + 100, shown.y + shown.height / 2, { steps: 5 });
    await page.mouse.move(shown.x + 200, shown.y + shown.height / 2, { steps: 5 });
    await page.mouse.up();
    await expect(required).toBeHidden();

    // Send pressed just under the header, and the message refused: the toast goes to the bottom
    // of the screen, clear of the button, and its Close button closes it.
    await page.route('**/api/contact', (route) => route.fulfill({ status: 503, contentType: 'application/json', body: '{"message":"Down for a moment."}' }));
    await fillMessage(page);
    await scrollToPlace(page, send, 100);
    await send.click();
    const refused = toasts.filter({ hasText: 'Message Not Sent' });
    await expect(refused).toBeVisible();
    await expectClear(refused, { 'the header': header, 'the Send button': send });
    await expectAccessible(page);
    await page.screenshot({ path: info.outputPath('toast-at-bottom-375.png') });
    await refused.getByRole('button', { name: 'Close' }).click();
    await expect(refused).toBeHidden();
  });
});
