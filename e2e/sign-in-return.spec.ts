import { baseURL } from '../playwright.config';
import { signInAsAdmin } from './accounts';
import { expect, expectAccessible, test } from './fixtures';
import { uniqueEmail } from '../server/test/unique-email';

/*
 * A page that needs an account sends the visitor to /auth and gets them back: an offer's link
 * opened signed out still applies its offer once they have made an account, and /checkup/progress
 * comes back after signing in. Run at 1280 px (desktop) and 375 px (mobile).
 */
test.describe('signing in returns to the page that asked', () => {
  test('an offer link opened signed out: create an account, back on /subscribe with the offer applied', async ({ page, browser, visit }, info) => {
    test.setTimeout(90_000);
    const width = page.viewportSize()!.width;
    const code = `back-${info.project.name}-${Date.now().toString(36)}`;
    const adminContext = await browser.newContext({ baseURL: info.project.use.baseURL });
    const admin = await adminContext.newPage();
    await signInAsAdmin(admin, info.project.name);
    const created = await admin.request.post('/api/admin/offers', {
      data: { label: 'A quarter off your first month', code, kind: 'percent', percentOff: 25, duration: 'once', appliesTo: 'monthly' },
    });
    expect(created.status(), await created.text()).toBe(201);
    await adminContext.close();

    await visit(`/subscribe?offer=${code}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Login Required' })).toBeVisible();
    await expect(page.getByText('Sign in to subscribe to premium.')).toBeVisible();
    await page.screenshot({ path: info.outputPath(`subscribe-signed-out-${width}.png`), fullPage: true });
    await page.getByRole('link', { name: 'Go to Login' }).click();

    await expect(page).toHaveURL(`${baseURL}/auth`);
    await expect(page.getByTestId('auth-way-back')).toHaveText(
      'Sign in or create your free account to subscribe to premium. Afterwards you go straight back, with the offer from your link.',
    );
    await expectAccessible(page);
    await page.screenshot({ path: info.outputPath(`auth-way-back-${width}.png`), fullPage: true });
    await page.getByRole('link', { name: 'Create your free account' }).click();
    await expect(page.getByRole('heading', { level: 2, name: 'Create Your Free Account' })).toBeVisible();
    await page.getByLabel('First Name').fill('Olive');
    await page.getByLabel('Last Name').fill('Offer');
    await page.getByLabel('Email').fill(uniqueEmail(`back-${info.project.name}`));
    await page.getByLabel('Password').fill('correct-horse');
    await page.getByRole('button', { name: 'Create Account' }).click();

    await expect(page).toHaveURL(`${baseURL}/subscribe?offer=${code}`);
    await expect(page.getByTestId('subscribe-offer-price')).toHaveText('A quarter off your first month: $14.25 today, then $19/month, Cancel anytime');
    await expect(page.getByRole('button', { name: 'Subscribe: $14.25 today, then $19/month' })).toBeVisible();
    expect(await page.evaluate(() => localStorage.getItem('redirectAfterAuth'))).toBeNull();
    await expectAccessible(page);
    await page.screenshot({ path: info.outputPath(`subscribe-offer-after-sign-up-${width}.png`), fullPage: true });
  });

  test('/checkup/progress signed out: sign in, back on the progress page', async ({ page, playwright, visit }, info) => {
    const email = uniqueEmail(`progress-back-${info.project.name}`);
    const elsewhere = await playwright.request.newContext({ baseURL });
    expect((await elsewhere.post('/api/register', { data: { email, password: 'correct-horse', firstName: 'Pat', lastName: 'Progress' } })).status()).toBe(201);
    await elsewhere.dispose();

    await visit('/checkup/progress');
    await expect(page.getByRole('heading', { level: 1, name: 'Login Required' })).toBeVisible();
    await expect(page.getByText('Sign in to see your Check-Up progress.')).toBeVisible();
    await page.getByRole('link', { name: 'Go to Login' }).click();
    await expect(page.getByTestId('auth-way-back')).toHaveText(
      'Sign in or create your free account to see your Check-Up progress. Afterwards you go straight back.',
    );
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill('correct-horse');
    await page.getByRole('button', { name: 'Sign In' }).click();

    await expect(page).toHaveURL(`${baseURL}/checkup/progress`);
    await expect(page.getByRole('heading', { level: 1, name: 'Your progress' })).toBeVisible();
  });
});
