import type { Page } from '@playwright/test';
import { register, signInAsAdmin } from './accounts';
import { atBothWidths, expect, test } from './fixtures';
import { uniqueEmail } from '../server/test/unique-email';
import { siteDates } from '../shared/site-time';
import { DEFAULT_SITE_TIMEZONE } from '../shared/site-year';

const toast = (page: Page, text: string) =>
  page
    .getByRole('region', { name: /notifications/i })
    .locator('li')
    .filter({ hasText: text });

/** "December 4, 2026", as the pages write a date: on the site's clock (the test server's SITE_TIMEZONE is the default). */
const longDate = siteDates(DEFAULT_SITE_TIMEZONE).long;

test.describe('a grant of premium for a time (decision 052)', () => {
  test('an admin grants a week from the Users tab; the row and the member’s /account say until when; a year replaces it', async ({ page, browser }, info) => {
    test.skip(info.project.name === 'mobile', 'one run: the dialog, the row and /account are scanned and photographed at 1280 and 375 px below');
    test.setTimeout(90_000);
    const memberEmail = uniqueEmail('granted');
    const member = await browser.newContext({ baseURL: info.project.use.baseURL });
    await register(member.request, memberEmail, 'Grace');

    await signInAsAdmin(page, info.project.name);
    await page.goto('/admin');
    await page.getByRole('tab', { name: 'Users', exact: true }).click();
    await page.getByRole('searchbox', { name: /search users/i }).fill(memberEmail);
    await expect(page.locator('[role="region"][aria-busy="true"]')).toHaveCount(0);
    const row = page.getByRole('row').filter({ hasText: memberEmail });

    // Keyboard only: the button, the lengths with the arrows, and the form's submit.
    await row.getByRole('button', { name: `Grant for a time: ${memberEmail}` }).focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Grant premium for a time' });
    await expect(dialog).toBeVisible();
    const weekEnd = new Date(Date.now() + 7 * 24 * 3600 * 1000);
    await expect(dialog.getByRole('radio', { name: /1 week/ })).toBeVisible();
    await expect(dialog).toContainText(`1 week: until ${longDate(weekEnd)}`);
    await expect(dialog).toContainText('Without end: until an admin revokes it');
    await atBothWidths(page, info, 'grant-dialog');
    await dialog.getByRole('radio', { name: /1 week/ }).check();
    await dialog.getByRole('button', { name: 'Grant premium' }).press('Enter');
    await expect(toast(page, 'User premium status updated')).toBeVisible();
    await expect(row.getByRole('button', { name: `Premium: ${memberEmail}` })).toHaveAttribute('aria-pressed', 'true');
    await expect(row.getByTestId('premium-grant-end')).toHaveText(`Until ${longDate(weekEnd)}`);
    await atBothWidths(page, info, 'grant-row');

    const memberPage = await member.newPage();
    await memberPage.goto('/account');
    await expect(memberPage.getByTestId('membership-plan')).toHaveText('Premium, complimentary (granted by our team, never billed)');
    await expect(memberPage.getByTestId('membership-date')).toHaveText(`${longDate(weekEnd)}, when it ends by itself`);
    await atBothWidths(memberPage, info, 'grant-account');

    // A year from today replaces the week.
    await row.getByRole('button', { name: `Change end: ${memberEmail}` }).click();
    const change = page.getByRole('dialog', { name: 'Change the grant’s end' });
    await change.getByRole('radio', { name: /1 year/ }).check();
    await change.getByRole('button', { name: 'Set new end' }).click();
    await expect(toast(page, 'User premium status updated').last()).toBeVisible();
    const yearEnd = new Date();
    yearEnd.setFullYear(yearEnd.getFullYear() + 1);
    await expect(row.getByTestId('premium-grant-end')).toHaveText(`Until ${longDate(yearEnd)}`);
    await memberPage.reload();
    await expect(memberPage.getByTestId('membership-date')).toHaveText(`${longDate(yearEnd)}, when it ends by itself`);
    await member.close();
  });
});
