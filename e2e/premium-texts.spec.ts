import type { Locator } from '@playwright/test';
import { baseURL } from '../playwright.config';
import { premiumBenefits } from '../shared/premium/benefits';
import { expect, test } from './fixtures';
import { waitForMail } from './mail';
import { uniqueEmail } from '../server/test/unique-email';

/** Every benefit of the one list, in this part of the page, in the same words. */
async function expectEveryBenefit(where: Locator) {
  for (const benefit of premiumBenefits) await expect(where.getByText(benefit, { exact: true })).toBeVisible();
}

test('premium is described by the same benefits on /auth, /pricing, /premium, /premium-signup, /subscribe and in the welcome email', async ({
  page,
  visit,
}, testInfo) => {
  test.skip(testInfo.project.name === 'mobile', 'the same words at every width (each of these pages is drawn at both by its own spec)');
  test.slow();
  await visit('/auth');
  // The premium card: the heading's own card.
  await expectEveryBenefit(page.getByRole('heading', { level: 2, name: 'Premium Membership' }).locator('xpath=..'));
  await page.screenshot({ path: testInfo.outputPath('auth.png'), fullPage: true });
  await visit('/pricing');
  await expectEveryBenefit(page.getByTestId('plan-monthly'));
  await expectEveryBenefit(page.getByTestId('plan-yearly'));
  await visit('/premium');
  await expectEveryBenefit(page.getByTestId('plan-monthly'));

  const email = uniqueEmail('benefits');
  expect((await page.request.post('/api/register', { data: { email, password: 'correct-horse', firstName: 'Grace', lastName: 'Hopper' } })).status()).toBe(201);
  await visit('/premium-signup?plan=monthly');
  await expectEveryBenefit(page.locator('main'));
  await visit('/subscribe');
  await expect(page.getByText('$19 per month')).toBeVisible();
  await expectEveryBenefit(page.locator('main'));
  await page.getByLabel('Card number').fill('4242 4242 4242 4242');
  await page.getByLabel('Expiry (MM / YY)').fill('12 / 34');
  await page.getByLabel('CVC').fill('123');
  await page.getByRole('button', { name: 'Subscribe for $19/month' }).click();
  await expect(page).toHaveURL(`${baseURL}/premium-success`);

  const welcome = await waitForMail(email, /Slack invitation/);
  for (const benefit of premiumBenefits) expect(welcome.text).toContain(`- ${benefit}`);
});
