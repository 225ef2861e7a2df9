import type { Page, TestInfo } from '@playwright/test';
import { baseURL } from '../playwright.config';
import { atBothWidths, expect, expectAccessible, holdRoute, test } from './fixtures';
import { uniqueEmail } from '../server/test/unique-email';
import { linkIn, waitForMail } from './mail';

const toast = (page: Page, title: string) => page.locator('[role="region"] li').filter({ hasText: title });

async function signOut(page: Page, info: TestInfo) {
  if (info.project.name === 'mobile') await page.getByRole('button', { name: 'Open menu' }).click();
  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(toast(page, 'Signed out')).toContainText('You have been successfully signed out.');
  await expect(page).toHaveURL(`${baseURL}/`);
  await expect(
    page
      .getByRole('link', { name: 'Login' })
      .or(page.getByRole('button', { name: 'Open menu' }))
      .first(),
  ).toBeVisible();
}

async function signIn(page: Page, email: string, password: string) {
  await page.goto('/auth');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign In' }).click();
}

test.describe('accounts', () => {
  test('register, sign out, sign in to the stored page, reset the password by email', async ({ page, visit }, info) => {
    // Five scrypt-hashed sign-ins and a mail round trip: more than the default budget on a busy machine.
    test.slow();
    const email = uniqueEmail('journey');

    await visit('/auth?mode=register');
    await page.getByLabel('First Name').fill('Ada');
    await page.getByLabel('Last Name').fill('Lovelace');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill('first-secret');
    await page.getByRole('button', { name: 'Create Account' }).click();
    await expect(toast(page, 'Account created!')).toContainText('Welcome, Ada!');
    await expect(page).toHaveURL(`${baseURL}/`);
    await expect(page.getByRole('heading', { level: 1, name: 'Welcome, Ada!' })).toBeVisible();
    await expect(page.getByText('Free Member', { exact: true })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Upgrade' })).toHaveAttribute('href', '/premium');
    await expect(page.getByRole('link', { name: 'Take the Check-Up' })).toHaveAttribute('href', '/checkup');
    await expect(page.getByRole('heading', { name: 'Member Dashboard' })).toHaveCount(0);
    await expectAccessible(page);

    // A signed-in visitor of /auth is sent home.
    await page.goto('/auth');
    await expect(page).toHaveURL(`${baseURL}/`);
    await expect(page.getByRole('heading', { level: 1, name: 'Welcome, Ada!' })).toBeVisible();

    await signOut(page, info);
    await expect(page.getByRole('heading', { level: 1, name: 'Welcome, Ada!' })).toHaveCount(0);

    await page.evaluate(() => localStorage.setItem('redirectAfterAuth', '/privacy-policy'));
    await signIn(page, email.toUpperCase(), 'first-secret');
    await expect(toast(page, 'Welcome back!')).toContainText('Ada Lovelace');
    await expect(page).toHaveURL(`${baseURL}/privacy-policy`);
    expect(await page.evaluate(() => localStorage.getItem('redirectAfterAuth'))).toBeNull();
    await signOut(page, info);

    await page.goto('/auth');
    await page.getByRole('link', { name: 'Forgot password?' }).click();
    await expect(page.getByRole('heading', { level: 2, name: 'Reset Your Password' })).toBeVisible();
    await page.getByLabel('Email').fill(email);
    await page.getByRole('button', { name: 'Send Reset Link' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'If an account exists for that email' })).toBeVisible();
    const mail = await waitForMail(email, /Reset your/);
    await page.goto(linkIn(mail, `${baseURL}/reset-password?token=`));
    await page.getByLabel('New Password', { exact: true }).fill('second-secret');
    await page.getByLabel('Repeat New Password').fill('second-secret');
    await expectAccessible(page);
    await page.getByRole('button', { name: 'Set New Password' }).click();
    await expect(page).toHaveURL(`${baseURL}/`);
    await expect(page.getByRole('heading', { level: 1, name: 'Welcome, Ada!' })).toBeVisible();
    await signOut(page, info);

    await signIn(page, email, 'first-secret');
    await expect(toast(page, 'Login failed')).toContainText('Invalid email or password.');
    await signIn(page, email, 'second-secret');
    await expect(page.getByRole('heading', { level: 1, name: 'Welcome, Ada!' })).toBeVisible();
  });

  test('the welcome email’s link confirms the address once its button is pressed; /account says what waits for it', async ({ page, visit }, testInfo) => {
    test.skip(
      testInfo.project.name === 'mobile',
      'one run: what is confirmed does not depend on the width; /account and the confirmed page are scanned and photographed at 1280 and 375 px',
    );
    const email = uniqueEmail('verify');
    const res = await page.request.post('/api/register', { data: { email, password: 'correct-horse', firstName: 'Vera', lastName: 'Fy' } });
    expect(res.status()).toBe(201);
    await visit('/account');
    await expect(page.getByRole('heading', { level: 2, name: 'Confirm your email' })).toBeVisible();
    await atBothWidths(page, testInfo, 'account-confirm-your-email');

    const welcome = await waitForMail(email, /Welcome to/);
    const link = linkIn(welcome, `${baseURL}/verify-email?token=`);
    // Opening the link (as a mail scanner does) confirms nothing.
    await visit(link.replace(baseURL, ''));
    expect((await (await page.request.get('/api/user')).json()).emailVerified).toBe(false);
    await page.getByRole('button', { name: 'Confirm my email' }).click();
    await expect(page.getByRole('status')).toContainText('Your email address is confirmed.');
    await atBothWidths(page, testInfo, 'email-confirmed');
    expect((await (await page.request.get('/api/user')).json()).emailVerified).toBe(true);
    await visit('/account');
    await expect(page.getByRole('heading', { level: 2, name: 'Confirm your email' })).toHaveCount(0);
  });

  test('/auth shows the spec messages under the fields, the pending texts and both cards', async ({ page, visit }) => {
    await visit('/auth');
    await expect(page.getByRole('link', { name: 'Back to Home' })).toHaveAttribute('href', '/');
    for (const benefit of ['All 5 field guides', 'The health check-up tool', 'The essential resources library'])
      await expect(page.getByText(benefit)).toBeVisible();
    await expect(page.getByRole('link', { name: 'Start Premium Membership' })).toHaveAttribute('href', '/premium-signup?plan=monthly');

    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect(page.getByText('Please enter a valid email address')).toBeVisible();
    await expect(page.getByText('Password is required')).toBeVisible();
    await expect(page.getByLabel('Email')).toHaveAttribute('aria-invalid', 'true');
    // The first field at fault takes focus; mended, its message goes as it is typed, the other's stays.
    await expect(page.getByLabel('Email')).toBeFocused();
    await page.getByLabel('Email').fill('mended@example.com');
    await expect(page.getByText('Please enter a valid email address')).toHaveCount(0);
    await expect(page.getByText('Password is required')).toBeVisible();
    await page.getByLabel('Email').fill('');
    await expectAccessible(page);

    // The premium card's link switches the free card to account creation.
    await page.getByRole('link', { name: 'Create free account' }).click();
    await expect(page.getByRole('heading', { level: 2, name: 'Create Your Free Account' })).toBeVisible();
    await page.getByLabel('Password').fill('12345');
    await page.getByRole('button', { name: 'Create Account' }).click();
    for (const message of ['First name is required', 'Last name is required', 'Please enter a valid email address', 'Password must be at least 6 characters']) {
      await expect(page.getByText(message)).toBeVisible();
    }
    await expectAccessible(page);

    // Pending text while the server answers, then its message in the toast.
    const register = await holdRoute(page, '**/api/register', {
      status: 409,
      json: { message: 'An account with this email already exists. Please sign in instead.' },
    });
    await page.getByLabel('First Name').fill('Grace');
    await page.getByLabel('Last Name').fill('Hopper');
    await page.getByLabel('Email').fill(uniqueEmail('taken'));
    await page.getByLabel('Password').fill('secret1');
    await page.getByRole('button', { name: 'Create Account' }).click();
    await expect(page.getByRole('button', { name: 'Creating Account...' })).toBeDisabled();
    register.release();
    await expect(toast(page, 'Registration failed')).toContainText('An account with this email already exists');

    await page.getByRole('link', { name: 'Sign in', exact: true }).click();
    const login = await holdRoute(page, '**/api/login');
    await page.getByLabel('Email').fill(uniqueEmail('nobody'));
    await page.getByLabel('Password').fill('whatever');
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect(page.getByRole('button', { name: 'Signing In...' })).toBeDisabled();
    login.release();
    await expect(toast(page, 'Login failed')).toContainText('Invalid email or password.');
  });

  test('/admin-setup: Go to Login when signed out, Make Me Admin when signed in', async ({ page, visit }) => {
    await visit('/admin-setup');
    await expect(page.getByRole('heading', { level: 1, name: 'Admin Setup' })).toBeVisible();
    await expect(page.getByText('ADMIN_EMAILS', { exact: true })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Back to Admin Dashboard' })).toHaveAttribute('href', '/admin');
    await page.getByRole('link', { name: 'Go to Login' }).click();
    await expect(page).toHaveURL(`${baseURL}/auth`);

    const email = uniqueEmail('admin');
    await page.getByRole('link', { name: 'Create your free account' }).click();
    await page.getByLabel('First Name').fill('Root');
    await page.getByLabel('Last Name').fill('Admin');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill('admin-secret');
    await page.getByRole('button', { name: 'Create Account' }).click();
    // The Go to Login button remembered where to come back to.
    await expect(page).toHaveURL(`${baseURL}/admin-setup`);
    await expect(page.getByText(`Signed in as ${email}`)).toBeVisible();
    await expectAccessible(page);

    await page.getByRole('button', { name: 'Make Me Admin' }).click();
    // Parallel tests share one database: only the very first claim can win, the rest are refused with the reason.
    const granted = toast(page, 'You are now an admin! Refresh the page to see admin features.');
    const refused = toast(page, 'Failed to grant admin access');
    await expect(granted.or(refused)).toBeVisible();
    if (await granted.isVisible()) {
      await expect(page).toHaveURL(`${baseURL}/admin`, { timeout: 5000 });
      // An admin coming back is told so, with no claim to make.
      await visit('/admin-setup');
      await expect(page.getByText('this account is already an admin')).toBeVisible();
      await expect(page.getByRole('button', { name: 'Make Me Admin' })).toHaveCount(0);
      await expect(page.getByRole('link', { name: 'Open the Admin Dashboard' })).toHaveAttribute('href', '/admin');
    } else {
      await expect(refused).toContainText('ADMIN_EMAILS');
      await expect(page).toHaveURL(`${baseURL}/admin-setup`);
    }
  });

  test('a newsletter flag holder sees the member home, and its removal sends them to sign in', async ({ page, context, visit }) => {
    await page.goto('/privacy-policy');
    await page.evaluate(() => localStorage.setItem('nish_newsletter_signup', 'true'));
    await visit('/');
    await expect(page.getByRole('heading', { level: 1, name: 'Welcome, changemaker!' })).toBeVisible();
    await expect(page.getByText('Free Member', { exact: true })).toBeVisible();

    const subscribe = page.getByRole('button', { name: 'Subscribe' });
    await expect(subscribe).toBeDisabled();
    await page.getByLabel('Email', { exact: true }).fill('   ');
    await subscribe.click();
    await expect(toast(page, 'Email Required')).toContainText('Please enter your email address.');
    await page.getByLabel('Email', { exact: true }).fill(uniqueEmail('dish'));
    await page.getByLabel('Name (optional)').fill('Dee');
    await subscribe.click();
    await expect(toast(page, 'Welcome to The Weekly Dish!')).toContainText('One step left: confirm your subscription with the link we just emailed you.');

    // Another tab removes the flag: this one has neither a user nor the flag any more.
    const other = await context.newPage();
    await other.goto('/privacy-policy');
    await other.evaluate(() => localStorage.removeItem('nish_newsletter_signup'));
    await expect(toast(page, 'Unauthorized')).toContainText('You are logged out. Logging in again...');
    await expect(page).toHaveURL(`${baseURL}/auth`);
    await other.close();
  });

  test('a form filled in and sent with Enter before the scripts have run is sent by React once they have, never by the browser as a GET', async ({
    page,
  }, testInfo) => {
    test.skip(testInfo.project.name === 'mobile', 'when the scripts run does not depend on the width');
    // A slow phone: the server's page is on screen, its scripts are still on the way.
    const scripts = await holdRoute(page, '**/assets/index-*.js');
    const signIns: string[] = [];
    page.on('request', (request) => {
      if (request.url().endsWith('/api/login')) signIns.push(`${request.method()} ${request.postData()}`);
    });
    await page.goto('/auth', { waitUntil: 'commit' });
    const signInButton = page.getByRole('button', { name: 'Sign In' });
    await expect(signInButton).toBeDisabled();
    await page.getByLabel('Email').fill('early-bird@example.com');
    await page.getByLabel('Password').fill('typed-before-react');
    await page.getByLabel('Password').press('Enter');
    // Pressed again, impatiently: still one sign-in.
    await page.getByLabel('Password').press('Enter');
    await expect(page).toHaveURL(`${baseURL}/auth`);
    expect(page.url()).not.toContain('typed-before-react');
    expect(signIns).toEqual([]);

    scripts.release();
    // The Enter pressed while waiting is carried out by React, with what was typed.
    await expect(toast(page, 'Login failed')).toContainText('Invalid email or password.');
    await page.waitForLoadState('networkidle');
    expect(signIns).toHaveLength(1);
    expect(JSON.parse(signIns[0]!.slice('POST '.length))).toMatchObject({ email: 'early-bird@example.com', password: 'typed-before-react' });
    await expect(page.getByLabel('Email')).toHaveValue('early-bird@example.com');
    expect(page.url()).toBe(`${baseURL}/auth`);
  });

  test('a sign-in sent while the network is down says so and keeps the page; back online, the same form signs in', async ({ page }, testInfo) => {
    test.skip(testInfo.project.name === 'mobile', 'the network does not depend on the width');
    await page.goto('/auth');
    await expect(page.locator('html[data-hydrated="true"]')).toHaveCount(1);
    // Down before the form was touched: neither the form's code nor the toasts' has come yet.
    await page.context().setOffline(true);
    await page.getByLabel('Email').fill(uniqueEmail('offline'));
    await page.getByLabel('Password').fill('typed-offline');
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect(page.getByText('Login failed', { exact: true })).toBeVisible();
    await expect(page.getByLabel('Password')).toHaveValue('typed-offline');
    await expect(page.getByRole('button', { name: 'Sign In' })).toBeEnabled();

    await page.context().setOffline(false);
    await page.getByRole('button', { name: 'Sign In' }).click();
    // Exact: the toast's line, not the screen reader's announcement of the whole toast beside it.
    await expect(page.getByText('Invalid email or password.', { exact: true })).toBeVisible();
  });

  test('a plain visitor gets the landing page on /, with no Unauthorized notice', async ({ page }) => {
    // The signed-out redirect would come 500 ms after the page knew: a frozen clock run past it, no waiting.
    await page.clock.install();
    await page.goto('/');
    await page.clock.runFor(100);
    await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true');
    await page.clock.runFor(1000);
    await expect(page).toHaveURL(`${baseURL}/`);
    await expect(toast(page, 'Unauthorized')).toHaveCount(0);
    await expect(page.getByText('Free Member', { exact: true })).toHaveCount(0);
  });
});
