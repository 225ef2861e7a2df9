import type { Page } from '@playwright/test';
import { signInAsAdmin } from './accounts';
import { expect, expectAccessible, test } from './fixtures';
import { linkIn, waitForMail } from './mail';
import { baseURL } from '../playwright.config';
import { uniqueEmail } from '../server/test/unique-email';

/** A subscriber as a person becomes one: the form, then the link in the welcome email. */
async function subscribe(page: Page, email: string) {
  expect((await page.request.post('/api/newsletter/signup', { data: { email, name: 'Reader' } })).ok()).toBe(true);
  const welcome = await waitForMail(email, /^Welcome to The Weekly Dish/);
  await page.goto(linkIn(welcome, `${baseURL}/newsletter/confirm?token=`));
  await expect(page.locator('html[data-hydrated="true"]')).toHaveCount(1);
  await page.getByRole('button', { name: 'Confirm my subscription' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Your subscription is confirmed.' })).toBeVisible();
}

test.describe('The Weekly Dish', () => {
  test('an admin writes, previews, tests and sends an edition; a subscriber reads it, unsubscribes and comes back', async ({ page }, testInfo) => {
    test.setTimeout(150_000);
    const project = testInfo.project.name;
    const reader = uniqueEmail(`dish-${project}`);
    await subscribe(page, reader);

    const adminEmail = await signInAsAdmin(page, project);
    const title = `Board season ${project} ${Date.now().toString(36)}`;
    await page.goto('/admin');
    await page.getByRole('tab', { name: 'Weekly Dish', exact: true }).click();
    await expect(page.getByText(/Next Tuesday slot: .*7:00 AM E[SD]T\./)).toBeVisible();
    await page.getByRole('button', { name: 'New edition' }).click();

    await page.getByLabel('Title').fill(title);
    await expect(page.getByLabel('Web address')).toHaveValue(/^board-season-/);
    await page.getByLabel('Summary').fill('Three ways to a shorter board meeting.');
    const body = page.getByLabel('Body (Markdown)');
    await body.fill('## Global Trends\n\nBoards meet less and decide more. ');
    await page.getByRole('button', { name: 'Bold' }).click();
    await page.keyboard.type('Start on time');
    await expect(body).toHaveValue(/\*\*Start on time\*\*/);
    await body.press('End');
    await body.pressSequentially('\n\n<script>alert(1)</script>');
    // The preview is the email itself, raw HTML shown as text.
    const preview = page.frameLocator('iframe[title="Email preview"]');
    await expect(preview.getByText(title)).toBeVisible();
    await expect(preview.locator('strong', { hasText: 'Start on time' })).toBeVisible();
    await expect(preview.getByText('<script>alert(1)</script>')).toBeVisible();
    await page.getByRole('button', { name: 'Phone' }).click();
    await expect(page.locator('iframe[title="Email preview"]')).toHaveCSS('width', project === 'mobile' ? /\d+px/ : '375px');
    await page.getByRole('button', { name: 'Save draft' }).click();

    const row = page.getByRole('listitem').filter({ hasText: title });
    await expect(row.getByText('Draft', { exact: true })).toBeVisible();
    await expectAccessible(page);
    await row.getByRole('button', { name: 'Send a test to me' }).click();
    const testMail = await waitForMail(adminEmail, new RegExp(`^\\[Test\\] ${title}$`));
    expect(testMail.to).toEqual([adminEmail]);

    await row.getByRole('button', { name: 'Send now' }).click();
    const confirm = page.getByRole('alertdialog');
    await expect(confirm).toContainText(/will go to [\d,]+ (people|person) \(every newsletter subscriber\) now/);
    await confirm.getByRole('button', { name: 'Send now' }).click();
    await expect(row.getByText(/^Sent/)).toBeVisible({ timeout: 90_000 });
    await expect(row).toContainText(/Delivered [\d,]+ · Failed 0/);

    // The subscriber's copy: one, with the one-click header, readable at 375 px.
    const mail = await waitForMail(reader, new RegExp(`^${title}$`), 60_000);
    expect(mail.headers).toMatch(/List-Unsubscribe-Post: List-Unsubscribe=One-Click/);
    const html = /<!DOCTYPE html[\s\S]*<\/html>/i.exec(mail.text)![0];
    await page.setViewportSize({ width: 375, height: 740 });
    await page.setContent(html);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await expect(page.getByRole('link', { name: 'View in your browser' })).toBeVisible();
    await page.screenshot({ path: testInfo.outputPath('edition-email-375.png'), fullPage: true });

    await page.goto(linkIn(mail, `${baseURL}/unsubscribe?token=`));
    await expect(page.getByText(`Stop sending The Weekly Dish to ${reader}?`)).toBeVisible();
    await expectAccessible(page);
    await page.getByRole('button', { name: 'Unsubscribe' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'You are unsubscribed from The Weekly Dish.' })).toBeVisible();
    await page.getByRole('button', { name: 'Resubscribe' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Welcome back!' })).toBeVisible();

    // The edition is on the site, with its own page.
    await page.goto(linkIn(mail, `${baseURL}/weekly-dish/`));
    await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
    await expect(page).toHaveTitle(new RegExp(`^${title} · The Weekly Dish`));
  });

  test("the welcome email's unsubscribe link tells an unconfirmed signup where it stands, and cancels it", async ({ page }, testInfo) => {
    const email = uniqueEmail(`dish-pending-${testInfo.project.name}`);
    expect((await page.request.post('/api/newsletter/signup', { data: { email, name: 'Reader' } })).ok()).toBe(true);
    const welcome = await waitForMail(email, /^Welcome to The Weekly Dish/);
    await page.goto(linkIn(welcome, `${baseURL}/unsubscribe?token=`));
    await expect(page.getByText('has not confirmed its subscription, so it receives no editions.')).toBeVisible();
    await expect(page.getByText(/Stop sending/)).toHaveCount(0);
    await expectAccessible(page);
    await page.getByRole('button', { name: 'Unsubscribe' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'You are unsubscribed from The Weekly Dish.' })).toBeVisible();
  });

  test('a tampered unsubscribe link changes nothing and says why', async ({ visit, page }) => {
    await visit('/unsubscribe?token=bm9ib2R5QGV4YW1wbGUub3Jn.AAAAAAAAAAAAAAAAAAAAAAAA');
    await expect(page.getByRole('alert')).toContainText('This unsubscribe link is not valid');
    await expect(page.getByRole('button', { name: 'Unsubscribe' })).toHaveCount(0);
  });
});
