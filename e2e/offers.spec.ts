import type { Page } from '@playwright/test';
import { baseURL } from '../playwright.config';
import { register, signInAsAdmin } from './accounts';
import { withClockLock } from './billing-clock';
import { atBothWidths, expect, test } from './fixtures';
import { waitForMail } from './mail';
import { uniqueEmail } from '../server/test/unique-email';

const toast = (page: Page, text: string) =>
  page
    .getByRole('region', { name: /notifications/i })
    .locator('li')
    .filter({ hasText: text });

test.describe('offers (decision 054)', () => {
  test('an admin creates an offer; a member opens its link, sees the price charged, pays it, and the receipt says the same', async ({
    page,
    browser,
  }, info) => {
    test.skip(info.project.name === 'mobile', 'one run: the form, the list and /subscribe are scanned and photographed at 1280 and 375 px below');
    test.setTimeout(120_000);
    const code = `half-${Date.now().toString(36)}`;
    await signInAsAdmin(page, info.project.name);
    await page.goto('/admin');
    await page.getByRole('tab', { name: 'Offers', exact: true }).click();
    await page.getByRole('button', { name: 'New offer' }).click();
    await page.getByLabel('Label').fill('Half off your first month');
    await page.getByLabel('Code').fill(code);
    await page.getByLabel('Percent off').fill('50');
    await page.getByLabel('Plans').selectOption('monthly');
    // A bad value is refused in place, before anything is sent.
    await page.getByLabel('Percent off').fill('150');
    await page.getByRole('button', { name: 'Create offer' }).click();
    await expect(page.getByText('Percent off must be at most 100')).toBeVisible();
    await atBothWidths(page, info, 'offer-form');
    await page.getByLabel('Percent off').fill('50');
    await page.getByRole('button', { name: 'Create offer' }).click();
    await expect(toast(page, 'Offer created')).toBeVisible();
    const row = page.getByRole('listitem').filter({ hasText: 'Half off your first month' });
    await expect(row).toContainText('$9.50 today, then $19/month');
    await expect(row).toContainText(`/subscribe?offer=${code}`);
    await atBothWidths(page, info, 'offer-list');

    const member = await browser.newContext({ baseURL: info.project.use.baseURL });
    const memberPage = await member.newPage();
    const email = uniqueEmail('offer-member');
    await register(memberPage.request, email, 'Olive');
    // The billing clock held from the checkout to the receipt: another test moving it a month on
    // meanwhile renewed this membership at $19, and the newest receipt was the renewal's.
    await withClockLock(async () => {
      await memberPage.goto(`/subscribe?offer=${code}`);
      await expect(memberPage.getByTestId('subscribe-offer-price')).toHaveText('Half off your first month: $9.50 today, then $19/month, Cancel anytime');
      await atBothWidths(memberPage, info, 'offer-subscribe');
      await memberPage.getByLabel('Card number').fill('4242 4242 4242 4242');
      await memberPage.getByLabel('Expiry (MM / YY)').fill('12 / 34');
      await memberPage.getByLabel('CVC').fill('123');
      await memberPage.getByRole('button', { name: 'Subscribe: $9.50 today, then $19/month' }).click();
      await expect(memberPage).toHaveURL(`${baseURL}/premium-success`);
      const receipt = await waitForMail(email, /receipt/);
      expect(receipt.text).toContain('Amount paid: $9.50 USD');
    });

    await page.reload();
    await page.getByRole('tab', { name: 'Offers', exact: true }).click();
    await expect(page.getByRole('listitem').filter({ hasText: 'Half off your first month' })).toContainText('Redeemed 1 · discounts given $9.50');
    await member.close();
  });
});
