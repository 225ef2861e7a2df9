import { signInAsAdmin } from './accounts';
import { expect, expectAccessible, test } from './fixtures';

test('the admin checks the sending domain: a verdict and what to do for SPF, DKIM and DMARC, checked again on demand', async ({ page }, testInfo) => {
  test.skip(testInfo.project.name === 'mobile', 'the same answers at every width; the 375 px layout is drawn below');
  await signInAsAdmin(page, testInfo.project.name);
  await page.goto('/admin');
  await page.getByRole('tab', { name: 'Deliverability' }).click();

  // The tests' DNS server (e2e/global-setup.ts) has SPF and DMARC at p=none; this server signs nothing.
  const card = (name: string) => page.getByRole('region', { name, exact: true });
  await expect(page.getByRole('heading', { name: 'Deliverability of nonprofitleadershub.org' })).toBeVisible();
  await expect(card('SPF')).toContainText('Good');
  await expect(card('DKIM')).toContainText('Problem');
  await expect(card('DKIM')).toContainText('Mail is not signed');
  await expect(card('DMARC')).toContainText('Needs attention');
  await expect(card('DMARC')).toContainText('monitoring only');
  await expect(page.getByRole('status').filter({ hasText: /^Checked / })).toBeVisible();

  // "Check again" by keyboard: it asks DNS again and shows the answer.
  const again = page.getByRole('button', { name: 'Check again' });
  await again.focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('button', { name: 'Check again' })).toBeEnabled();
  await expect(card('SPF')).toContainText('Good');
  await page.screenshot({ path: testInfo.outputPath('deliverability-1280.png'), fullPage: true });
  await expectAccessible(page);

  await page.setViewportSize({ width: 375, height: 740 });
  await expect(card('DMARC')).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  await page.screenshot({ path: testInfo.outputPath('deliverability-375.png'), fullPage: true });
  await expectAccessible(page);
});
