import { baseURL } from '../playwright.config';
import { withClockLock } from './billing-clock';
import { expect, expectAccessible, test } from './fixtures';
import { uniqueEmail } from '../server/test/unique-email';

test('/account shows one confirmation at a time, and every membership button stays in place', async ({ page, visit }, testInfo) => {
  const email = uniqueEmail('one-confirmation');
  expect((await page.request.post('/api/register', { data: { email, password: 'correct-horse', firstName: 'Grace', lastName: 'Hopper' } })).status()).toBe(201);
  await withClockLock(async () => {
    const { url } = await (await page.request.post('/api/create-checkout-session', { data: { planType: 'monthly' } })).json();
    await visit(url);
    await page.getByLabel('Card number').fill('4242 4242 4242 4242');
    await page.getByLabel('Expiry (MM / YY)').fill('12 / 34');
    await page.getByLabel('CVC').fill('123');
    await page.getByRole('button', { name: 'Pay $19' }).click();
    await expect(page).toHaveURL(`${baseURL}/premium-welcome`);
  });

  await visit('/account');
  // Nothing wider than the screen, however long the member's email.
  expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
  const switchPlan = page.getByRole('button', { name: 'Switch to Yearly' });
  const updateCard = page.getByRole('button', { name: 'Update card' });
  const cancel = page.getByRole('button', { name: 'Cancel membership' });
  const panels = {
    switch: page.getByRole('group', { name: 'Switch to Yearly?' }),
    card: page.getByRole('group', { name: 'Update your card' }),
    cancel: page.getByRole('group', { name: 'Cancel your membership?' }),
  };
  const onlyOpen = async (open: keyof typeof panels | null) => {
    for (const [name, panel] of Object.entries(panels)) await expect(panel, name).toHaveCount(name === open ? 1 : 0);
    for (const button of [switchPlan, updateCard, cancel]) await expect(button).toBeVisible();
  };
  await onlyOpen(null);

  await switchPlan.click();
  await onlyOpen('switch');
  await expect(switchPlan).toHaveAttribute('aria-expanded', 'true');
  await expect(page.getByRole('heading', { name: 'Switch to Yearly?' })).toBeFocused();
  await page.screenshot({ path: testInfo.outputPath('account-switch.png'), fullPage: true });

  await cancel.click();
  await onlyOpen('cancel');
  await expect(switchPlan).toHaveAttribute('aria-expanded', 'false');
  await expect(page.getByRole('heading', { name: 'Cancel your membership?' })).toBeFocused();
  await page.screenshot({ path: testInfo.outputPath('account-cancel.png'), fullPage: true });
  await expectAccessible(page);

  await updateCard.click();
  await onlyOpen('card');
  await page.screenshot({ path: testInfo.outputPath('account-card.png'), fullPage: true });
  await updateCard.click();
  await onlyOpen(null);

  await cancel.click();
  await page.getByRole('button', { name: 'Keep my membership' }).click();
  await onlyOpen(null);
  await expect(page.getByTestId('membership-plan')).toHaveText('Premium, Monthly ($19/month)');
});
