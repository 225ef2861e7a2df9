import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { uniqueEmail } from '../server/test/unique-email';

/** The faults a new user ran into in the free product, walked at 1280 and 375 px (both projects) with axe. */

async function registerAndSignIn(page: Page, label: string, firstName = 'Grace'): Promise<string> {
  const email = uniqueEmail(label);
  // page.request shares the browser's cookies: the page is signed in afterwards.
  const res = await page.request.post('/api/register', { data: { email, password: 'correct-horse', firstName, lastName: 'Hopper' } });
  expect(res.status()).toBe(201);
  return email;
}

const hasHint = async (page: Page) => (await page.context().cookies()).some((cookie) => cookie.name === 'nlh_signed_in');

test.describe('signed-in members when the server stumbles', () => {
  test('a failed GET /api/user keeps the member signed in, offers to try again, and recovers', async ({ page }) => {
    await registerAndSignIn(page, 'blip');
    let failing = true;
    await page.route('**/api/user', (route) =>
      failing ? route.fulfill({ status: 503, contentType: 'application/json', body: '{"message":"Service Unavailable"}' }) : route.continue(),
    );
    await page.goto('/');
    const alert = page.getByRole('alert').filter({ hasText: 'We could not load your account just now.' });
    await expect(alert).toBeVisible({ timeout: 15_000 });
    // Never the visitor's view of a member, and the session hint stays.
    await expect(page.getByRole('heading', { level: 1, name: /Welcome, Grace!/ })).toHaveCount(0);
    await expect(page.getByRole('link', { name: 'Login' })).toHaveCount(0);
    expect(await hasHint(page)).toBe(true);
    failing = false;
    await alert.getByRole('button', { name: 'Try again' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Welcome, Grace!' })).toBeVisible();
    await expect(alert).toHaveCount(0);
  });

  test('a 401 signs the visitor out for good: the hint is dropped', async ({ page }) => {
    await registerAndSignIn(page, 'gone');
    await page.route('**/api/user', (route) => route.fulfill({ status: 401, contentType: 'application/json', body: '{"message":"Unauthorized"}' }));
    await page.goto('/pricing');
    await expect.poll(() => hasHint(page)).toBe(false);
  });
});

test.describe('the not-found page', () => {
  test("'Go Back' goes home when no earlier page of ours is in the history", async ({ page }) => {
    const response = await page.goto('/no-page-here-at-all');
    expect(response?.status()).toBe(404);
    await page.getByRole('button', { name: 'Go Back' }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('heading', { level: 1 })).not.toHaveText('Oops! Page Not Found');
  });
});

test.describe('keyboard', () => {
  test('the mobile menu closes on Escape and on a click outside, giving focus back to its toggle', async ({ page, visit }, info) => {
    test.skip(info.project.name !== 'mobile', 'the menu exists below 768 px');
    await visit('/privacy-policy');
    await page.getByRole('button', { name: 'Open menu' }).click();
    await expect(page.locator('#mobile-menu')).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(page.locator('#mobile-menu')).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Open menu' })).toBeFocused();

    await page.getByRole('button', { name: 'Open menu' }).click();
    await expect(page.locator('#mobile-menu')).toBeVisible();
    await page.getByRole('heading', { level: 1 }).click();
    await expect(page.locator('#mobile-menu')).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Open menu' })).toBeFocused();
  });
});

test.describe('long words typed by people', () => {
  test('a long unbroken search term or name never widens the page', async ({ page, visit }) => {
    const width = page.viewportSize()!.width;
    await visit('/resources');
    const term = 'Supercalifragilistic'.repeat(15);
    await page.getByLabel('Search resources').fill(term);
    await expect(page.getByText(/No resources match/)).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);

    await registerAndSignIn(page, 'longname', 'Bartholomew'.repeat(4));
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1, name: /Welcome, Bartholomew/ })).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
  });
});

test.describe('the error usage event', () => {
  test('records a failed API call and an uncaught page error, with no personal data', async ({ page, visit }) => {
    const events: Record<string, unknown>[] = [];
    page.on('request', (request) => {
      if (request.url().endsWith('/api/events') && request.postDataJSON()?.kind === 'error') events.push(request.postDataJSON());
    });
    await visit('/contact');
    await page.route('**/api/contact', (route) => route.fulfill({ status: 503, contentType: 'application/json', body: '{"message":"Service Unavailable"}' }));
    await page.getByLabel('Name *').fill('Ada Secret');
    await page.getByLabel('Email *').fill('ada.secret@example.org');
    await page.getByLabel('What is it about? *').selectOption({ index: 1 });
    await page.getByLabel('Message *').fill('Hello there');
    await page.getByRole('button', { name: 'Send Message' }).click();
    await expect.poll(() => events.length, { timeout: 10_000 }).toBeGreaterThan(0);
    expect(events[0]).toEqual({ kind: 'error', path: '/contact', props: { source: 'api', status: 503, route: '/api/contact' } });

    await page.evaluate(() =>
      setTimeout(() => {
        throw new TypeError('ada.secret@example.org broke it');
      }),
    );
    await expect.poll(() => events.some((event) => (event.props as Record<string, unknown>).source === 'page')).toBe(true);
    expect(events.find((event) => (event.props as Record<string, unknown>).source === 'page')).toEqual({
      kind: 'error',
      path: '/contact',
      props: { source: 'page', type: 'TypeError' },
    });
    expect(JSON.stringify(events)).not.toContain('secret');
  });
});

const toastWith = (page: Page, title: string) =>
  page
    .getByRole('region', { name: /notifications/i })
    .locator('li')
    .filter({ hasText: title });

test.describe('server reasons shown, not hidden', () => {
  test("the member home's newsletter box checks the email first and shows the server's reason on a refusal", async ({ page }) => {
    await registerAndSignIn(page, 'reasons', 'Rae');
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1, name: 'Welcome, Rae!' })).toBeVisible();
    const sent: string[] = [];
    page.on('request', (request) => request.url().endsWith('/api/newsletter/signup') && sent.push(request.method()));
    const box = page.locator('section[aria-labelledby="weekly-dish-heading"]');
    await box.getByLabel('Email').fill('not-an-email');
    await box.getByRole('button', { name: 'Subscribe' }).click();
    await expect(toastWith(page, 'Subscription Failed')).toContainText('Please enter a valid email address');
    await expect(box.getByText('Please enter a valid email address')).toBeVisible();
    expect(sent).toEqual([]);

    await page.route('**/api/newsletter/signup', (route) =>
      route.fulfill({ status: 400, json: { message: 'name: Name must be at most 200 characters', errors: { name: 'Name must be at most 200 characters' } } }),
    );
    await box.getByLabel('Email').fill(uniqueEmail('reasons-ok'));
    await box.getByRole('button', { name: 'Subscribe' }).click();
    await expect(toastWith(page, 'Subscription Failed')).toContainText('Name must be at most 200 characters');
  });

  test("the member home's newsletter box is disabled while the email is empty, and clears itself once subscribed", async ({ page }) => {
    await registerAndSignIn(page, 'home-box', 'Ada');
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1, name: 'Welcome, Ada!' })).toBeVisible();
    const box = page.locator('section[aria-labelledby="weekly-dish-heading"]');
    const subscribe = box.getByRole('button', { name: 'Subscribe' });
    await expect(subscribe).toBeDisabled();
    await box.getByLabel('Email').fill('   ');
    await expect(subscribe).toBeEnabled();
    await subscribe.click();
    await expect(toastWith(page, 'Email Required')).toContainText('Please enter your email address.');
    await box.getByLabel('Email').fill('');
    await expect(subscribe).toBeDisabled();

    await box.getByLabel('Email').fill(uniqueEmail('home-box-ok'));
    await box.getByLabel('Name (optional)').fill('Ada Lovelace');
    await subscribe.click();
    await expect(toastWith(page, 'Welcome to The Weekly Dish!')).toBeVisible();
    await expect(box.getByLabel('Email')).toHaveValue('');
    await expect(box.getByLabel('Name (optional)')).toHaveValue('');
    await expect(subscribe).toBeDisabled();
  });

  test("the Check-Up's email step checks the email first and shows the server's reason on a refusal", async ({ page, visit }) => {
    await visit('/checkup');
    const sent: string[] = [];
    page.on('request', (request) => request.url().endsWith('/api/newsletter/signup') && sent.push(request.method()));
    await page.getByLabel('Email address').fill('not-an-email');
    await page.getByRole('button', { name: 'Start the Check-Up' }).click();
    await expect(toastWith(page, 'Error')).toContainText('Please enter a valid email address');
    expect(sent).toEqual([]);

    await page.route('**/api/newsletter/signup', (route) => route.fulfill({ status: 400, json: { message: 'Invalid submission' } }));
    await page.getByLabel('Email address').fill(uniqueEmail('gate'));
    await page.getByRole('button', { name: 'Start the Check-Up' }).click();
    await expect(toastWith(page, 'Error')).toContainText('Invalid submission');

    // A retry that works closes the failure's toast.
    await page.unroute('**/api/newsletter/signup');
    await page.getByRole('button', { name: 'Start the Check-Up' }).click();
    await expect(page.getByText('Question 1 of 20', { exact: true })).toBeVisible();
    await expect(toastWith(page, 'Error')).toHaveCount(0);
  });
});

test.describe('the browser has nothing to report', () => {
  test('pages with forms break no Content-Security-Policy rule (no code generation by the validation library)', async ({ page, visit }, testInfo) => {
    test.skip(testInfo.project.name === 'mobile', 'the same scripts at every width');
    const cdp = await page.context().newCDPSession(page);
    const violations: string[] = [];
    cdp.on('Audits.issueAdded', ({ issue }) => {
      if (issue.code === 'ContentSecurityPolicyIssue') violations.push(JSON.stringify(issue.details));
    });
    await cdp.send('Audits.enable');
    for (const path of ['/auth', '/checkup', '/contact', '/pricing']) {
      await visit(path);
      await page.waitForLoadState('networkidle');
    }
    expect(violations).toEqual([]);
  });
});
