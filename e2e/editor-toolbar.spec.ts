import type { Locator, Page } from '@playwright/test';
import { signInAsAdmin } from './accounts';
import { expect, test } from './fixtures';

/** Heading, List and Quote on an empty line, then typing: the marker stays, the text follows it. */
async function typeAfterEachMarker(page: Page, body: Locator) {
  await body.press('ControlOrMeta+End');
  await body.pressSequentially('\n\n');
  await page.getByRole('button', { name: 'Heading' }).click();
  await page.keyboard.type('Board season');
  await expect(body).toHaveValue(/\n\n## Board season$/);
  await body.pressSequentially('\n\n');
  await page.getByRole('button', { name: 'List' }).click();
  await page.keyboard.type('Start on time');
  await expect(body).toHaveValue(/\n\n- Start on time$/);
  await body.pressSequentially('\n\n');
  await page.getByRole('button', { name: 'Quote' }).click();
  await page.keyboard.type('Less is more');
  await expect(body).toHaveValue(/\n\n> Less is more$/);
}

test.describe('the editor toolbar keeps its marker when you type', () => {
  test('in the Weekly Dish edition editor, also on a selection of lines', async ({ page }, testInfo) => {
    test.skip(testInfo.project.name === 'mobile', "the same toolbar component as the content editor's, which runs at both widths below");
    await signInAsAdmin(page, testInfo.project.name);
    await page.goto('/admin');
    await page.getByRole('tab', { name: 'Weekly Dish', exact: true }).click();
    await page.getByRole('button', { name: 'New edition' }).click();
    const body = page.getByLabel('Body (Markdown)');
    await body.fill('Intro');
    await typeAfterEachMarker(page, body);
    await page.screenshot({ path: testInfo.outputPath('edition-toolbar.png'), fullPage: true });

    await body.fill('one\ntwo');
    await body.press('ControlOrMeta+a');
    await page.getByRole('button', { name: 'List' }).click();
    await expect(body).toHaveValue('- one\n- two');
    expect(await body.evaluate((area: HTMLTextAreaElement) => area.value.slice(area.selectionStart, area.selectionEnd))).toBe('one\n- two');
  });

  test('in the content editor', async ({ page }, testInfo) => {
    await signInAsAdmin(page, testInfo.project.name);
    await page.goto('/admin');
    await page.getByRole('tab', { name: 'Content', exact: true }).click();
    await page.getByRole('button', { name: 'Edit The Impact Field Guide' }).click();
    const body = page.getByLabel('Body (Markdown)');
    await expect(body).toHaveValue(/\S/);
    await typeAfterEachMarker(page, body);
    await page.screenshot({ path: testInfo.outputPath('content-toolbar.png'), fullPage: true });
  });
});
