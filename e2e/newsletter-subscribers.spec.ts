import type { Page } from '@playwright/test';
import { baseURL } from '../playwright.config';
import { uniqueEmail } from '../server/test/unique-email';
import { signInAsAdmin } from './accounts';
import { atBothWidths, expect, test } from './fixtures';
import { linkIn, waitForMail } from './mail';

/*
 * What a subscriber is told, with confirmed opt-in on (the default, and this server's setting):
 * never "You're subscribed!" before the confirmation link is clicked, on every form and in the
 * email; the spec's words once the address is confirmed.
 */

const oneStepLeft = 'One step left: confirm your subscription with the link we just emailed you.';
const oneStepLeftForTheDish = 'One step left for The Weekly Dish: confirm your subscription with the link we just emailed you.';
const pendingSubject = /^Welcome to The Weekly Dish: please confirm your subscription$/;

const toast = (page: Page, title: string) =>
  page
    .getByRole('region', { name: /notifications/i })
    .locator('li')
    .filter({ hasText: title });

async function signUpOnNewsletterPage(page: Page, visit: (path: string) => Promise<void>, email: string) {
  await visit('/newsletter');
  await page.getByLabel('Name').fill('Dana Reader');
  await page.getByLabel('Email address').fill(email);
  await page.getByRole('button', { name: 'Subscribe Free' }).click();
}

test.describe('newsletter signup texts', () => {
  test('/newsletter says one step is left until the link is clicked, again after unsubscribing, and "You\'re subscribed!" once confirmed', async ({
    page,
    visit,
  }, info) => {
    test.skip(info.project.name === 'mobile', 'one run: the words do not depend on the width; each screen is scanned and photographed at 1280 and 375 px');
    test.slow();
    const email = uniqueEmail(`one-step-${info.project.name}`);
    await signUpOnNewsletterPage(page, visit, email);
    await expect(toast(page, 'Welcome to The Weekly Dish!').getByText(oneStepLeft, { exact: true })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'One step left' })).toBeFocused();
    await expect(
      page.getByText(`Confirm your subscription with the link we just emailed to ${email}: then The Weekly Dish arrives every Tuesday morning.`, {
        exact: false,
      }),
    ).toBeVisible();
    await expect(page.getByText(/subscribed/i)).toHaveCount(0);
    await expect(page.getByRole('link', { name: 'Take the Check-Up' })).toHaveAttribute('href', '/checkup');
    await atBothWidths(page, info, 'newsletter-one-step-left');

    // The welcome email says it in its subject, and carries the unsubscribe link and headers of editions.
    const welcome = await waitForMail(email, pendingSubject);
    expect(welcome.text).toContain('One step left: confirm your subscription');
    expect(welcome.text).not.toContain('Reply to this email');
    expect(welcome.headers).toMatch(/List-Unsubscribe: <http:\/\/127\.0\.0\.1:\d+\/api\/newsletter\/unsubscribe\?token=[\w.-]+>/);
    expect(welcome.headers).toMatch(/List-Unsubscribe-Post: List-Unsubscribe=One-Click/);

    // Its unsubscribe link: the page says it once.
    await page.goto(linkIn(welcome, `${baseURL}/unsubscribe?token=`));
    await expect(page.locator('html[data-hydrated="true"]')).toHaveCount(1);
    await page.getByRole('button', { name: 'Unsubscribe' }).click();
    const done = page.getByRole('status').filter({ hasText: 'You are unsubscribed' });
    await expect(done).toHaveText(`You are unsubscribed from The Weekly Dish. ${email} will not receive another edition.`);
    await expect(page.getByText(/will not receive another edition/)).toHaveCount(1);
    await atBothWidths(page, info, 'unsubscribed');

    // Back after unsubscribing: one step again (the confirmation link), not "subscribed".
    await signUpOnNewsletterPage(page, visit, email);
    await expect(toast(page, 'Welcome to The Weekly Dish!').getByText(oneStepLeft, { exact: true })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'One step left' })).toBeVisible();
    const confirmation = await waitForMail(email, /^Confirm your subscription to The Weekly Dish$/);
    await page.goto(linkIn(confirmation, `${baseURL}/newsletter/confirm?token=`));
    await expect(page.locator('html[data-hydrated="true"]')).toHaveCount(1);
    await page.getByRole('button', { name: 'Confirm my subscription' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Your subscription is confirmed.' })).toBeVisible();

    // Confirmed: the spec's words are true now; nothing new is emailed, so nothing is promised.
    await signUpOnNewsletterPage(page, visit, email);
    await expect(toast(page, 'Welcome to The Weekly Dish!').getByText("You're now subscribed to our newsletter.", { exact: true })).toBeVisible();
    await expect(page.getByRole('heading', { name: "You're subscribed!" })).toBeFocused();
    await expect(page.getByText('The Weekly Dish arrives every Tuesday morning. Your free resources are unlocked:', { exact: true })).toBeVisible();
    await atBothWidths(page, info, 'newsletter-subscribed');
  });

  test('/free-resources and /create-profile lead to /welcome, which says one step is left for The Weekly Dish', async ({ page, visit }, info) => {
    test.skip(info.project.name === 'mobile', 'one run: the words do not depend on the width; each screen is scanned and photographed at 1280 and 375 px');
    for (const { path, button } of [
      { path: '/free-resources', button: 'Get Free Access' },
      { path: '/create-profile', button: 'Create My Profile' },
    ]) {
      await page.goto('/privacy-policy');
      await page.evaluate(() => localStorage.clear());
      const email = uniqueEmail(`welcome-${info.project.name}`);
      await visit(path);
      await page.getByLabel('Email address').fill(email);
      await page.getByRole('button', { name: button }).click();
      await expect(page).toHaveURL(/\/welcome$/);
      await expect(page.getByText(oneStepLeftForTheDish, { exact: true })).toBeVisible();
      await expect(page.getByText("Your free access is ready on this device. Here is what you've unlocked:", { exact: true })).toBeVisible();
      await page.getByRole('button', { name: 'Stay on this page' }).click();
      await atBothWidths(page, info, `welcome-from-${path.slice(1)}`);
      await waitForMail(email, pendingSubject);
    }
  });

  test("the Check-Up's email step and the member home's form say one step is left", async ({ page, visit }, info) => {
    test.skip(info.project.name === 'mobile', 'one run: the words do not depend on the width; each screen is scanned and photographed at 1280 and 375 px');
    await visit('/checkup');
    await page.getByLabel('Email address').fill(uniqueEmail(`checkup-${info.project.name}`));
    await page.getByRole('button', { name: 'Start the Check-Up' }).click();
    await expect(
      toast(page, 'Great!').getByText(`You now have access to free resources. Let's start your check-up! ${oneStepLeftForTheDish}`, { exact: true }),
    ).toBeVisible();
    await expect(page.getByText('Question 1 of 20', { exact: true })).toBeVisible();

    // The Check-Up's signup set the newsletter flag: / is the member home, with its own form.
    await visit('/');
    await page.getByLabel('Email', { exact: true }).fill(uniqueEmail(`home-${info.project.name}`));
    await page.getByRole('button', { name: 'Subscribe', exact: true }).click();
    await expect(toast(page, 'Welcome to The Weekly Dish!').getByText(oneStepLeft, { exact: true })).toBeVisible();
    await expect(page.getByText("You're now subscribed to our newsletter.")).toHaveCount(0);
    await atBothWidths(page, info, 'home-one-step-left');
  });
});

test.describe('subscriber import', () => {
  test('a file of more than 50,000 rows is refused whole, saying how many rows it has', async ({ page }, info) => {
    test.skip(
      info.project.name === 'mobile',
      'one run: what is refused does not depend on the width; the refusal is scanned and photographed at 1280 and 375 px',
    );
    await signInAsAdmin(page, info.project.name);
    await page.goto('/admin');
    await page.getByRole('tab', { name: 'Newsletter', exact: true }).click();
    const marker = `bulk-${info.project.name}-${Date.now().toString(36)}`;
    const csv = `email\n${Array.from({ length: 50_010 }, (_, n) => `${marker}-${n}@example.org`).join('\n')}\n`;
    await page.getByLabel('CSV file').setInputFiles({ name: 'subscribers.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
    await expect(page.getByRole('alert')).toHaveText(
      'The file has 50,010 rows and one import takes at most 50,000: split it into files of 50,000 rows or fewer. Nothing was imported.',
      { timeout: 30_000 },
    );
    await expect(page.getByRole('button', { name: /^Import / })).toHaveCount(0);
    await page.getByRole('heading', { name: 'Import subscribers' }).scrollIntoViewIfNeeded();
    await atBothWidths(page, info, 'import-too-many-rows');
  });
});
