import type { Page } from '@playwright/test';
import { uniqueEmail } from '../server/test/unique-email';
import { siteDates } from '../shared/site-time';
import { DEFAULT_SITE_TIMEZONE } from '../shared/site-year';
import { baseURL } from '../playwright.config';
import { register, registerVerified } from './accounts';
import { linkIn, waitForMail } from './mail';
import { atBothWidths, expect, expectAccessible, test } from './fixtures';

/** Answers all 20 by keyboard with the same answer (1 → every pillar 75% B; 2 → every pillar 50% D) and waits for the results. */
async function takeCheckup(page: Page, answer: '1' | '2') {
  for (let i = 1; i <= 20; i++) {
    await expect(page.getByText(`Question ${i} of 20`, { exact: true })).toBeVisible();
    await expect(page.locator('main fieldset legend h2')).toBeFocused();
    await page.keyboard.press(answer);
    await page.keyboard.press('Enter');
  }
  await expect(page.getByRole('heading', { level: 1, name: 'Your Check-Up Results' })).toBeVisible({ timeout: 10_000 });
  // Saved before anything else happens (a retake starts afresh).
  await expect(page.getByRole('link', { name: 'their own page' })).toBeVisible({ timeout: 10_000 });
}

test.describe('Check-Up progress', () => {
  test.slow();

  test('a member takes the Check-Up twice, sees both attempts and the change, and deletes one', async ({ page, visit }, testInfo) => {
    test.skip(testInfo.project.name === 'mobile', 'what is kept and deleted does not depend on the width (the progress page is checked at 375 px below)');
    await register(page.request, uniqueEmail(`progress-${testInfo.project.name}`));

    await visit('/checkup/progress');
    await expect(page.getByRole('heading', { name: 'No Check-Ups yet' })).toBeVisible();
    await page.screenshot({ path: testInfo.outputPath('progress-empty.png'), fullPage: true });
    await page.getByRole('link', { name: 'Take the Check-Up' }).click();

    // Signed in, the email gate is skipped: the organisation's questions, then the statements.
    await page.getByRole('button', { name: 'Start the Check-Up' }).click();
    await takeCheckup(page, '2');
    await page.getByRole('button', { name: 'Take Quiz Again' }).click();
    await page.getByRole('button', { name: 'Start the Check-Up' }).click();
    await takeCheckup(page, '1');

    await page.getByRole('link', { name: /See your progress/ }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Your progress' })).toBeVisible();
    const month = siteDates(DEFAULT_SITE_TIMEZONE).month(new Date());
    const changes = page.getByRole('list', { name: 'Change by pillar' });
    await expect(changes.getByText(`Fuel: 50% → 75%, up 25 points since ${month}`, { exact: true })).toBeVisible();
    await expect(changes.getByText(`Impact: 50% → 75%, up 25 points since ${month}`, { exact: true })).toBeVisible();
    const rows = page.getByTestId('attempts-table').locator('tbody tr');
    await expect(rows).toHaveCount(2);
    await expect(rows.first()).toContainText('75% (B)');
    await expect(rows.last()).toContainText('50% (D)');
    await expect(page.getByTestId('progress-chart').locator('li')).toHaveCount(2);
    await expect(page.getByTestId('pillar-table')).toContainText('50% (D)');
    await atBothWidths(page, testInfo, 'progress-two');
    // Wide tables scroll inside their own region: the page itself never scrolls sideways at 375 px.
    await page.setViewportSize({ width: 375, height: 740 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    await page.setViewportSize({ width: 1280, height: 800 });

    // Delete the older attempt, confirmed first.
    await rows
      .last()
      .getByRole('button', { name: /Delete the Check-Up of/ })
      .click();
    const dialog = page.getByRole('alertdialog', { name: 'Delete this Check-Up?' });
    await expect(dialog).toBeVisible();
    await expectAccessible(page);
    await dialog.getByRole('button', { name: 'Delete it' }).click();
    await expect(rows).toHaveCount(1);
    await expect(page.getByTestId('single-attempt')).toBeVisible();
    await expect(changes.getByText('Fuel: 75% (B), your first Check-Up: no change to show yet.', { exact: true })).toBeVisible();
    await page.screenshot({ path: testInfo.outputPath('progress-one.png'), fullPage: true });

    // The member home links here.
    await visit('/');
    await expect(page.getByRole('link', { name: 'Your Check-Up progress' })).toBeVisible();
  });

  test("a Check-Up taken signed out with a member's address joins their progress only once they add it from the email", async ({
    page,
    visit,
    playwright,
  }, testInfo) => {
    test.skip(testInfo.project.name === 'mobile', 'what joins does not depend on the width (the page is scanned and photographed at 1280 and 375 px)');
    const email = uniqueEmail('confirm-mine');
    const member = await playwright.request.newContext({ baseURL, extraHTTPHeaders: { origin: baseURL } });
    await registerVerified(member, email);

    // Signed out, anyone may type the member's address at the email step.
    await visit('/checkup');
    await page.getByLabel('Email address').fill(email.toUpperCase());
    await page.getByRole('button', { name: 'Start the Check-Up' }).click();
    await takeCheckup(page, '2');
    expect((await (await member.get('/api/checkup/progress')).json()).attempts).toEqual([]);

    const mail = await waitForMail(email, /Was this Check-Up yours\?/);
    const link = linkIn(mail, `${baseURL}/checkup/confirm?token=`);
    // Opening the link (as a mail scanner does) adds nothing.
    await visit(link.replace(baseURL, ''));
    await expect(page.getByRole('heading', { level: 1, name: 'Add a Check-Up to your progress' })).toBeVisible();
    const waiting = page.getByRole('listitem').filter({ hasText: 'Grade D, Please Send Snacks, 50%' });
    await expect(waiting).toHaveCount(1);
    expect((await (await member.get('/api/checkup/progress')).json()).attempts).toEqual([]);
    await atBothWidths(page, testInfo, 'confirm-waiting');

    await waiting.getByRole('button', { name: 'Add to my progress' }).click();
    await expect(page.getByRole('status')).toContainText('Added. It is in your Check-Up progress now.');
    await expect(page.getByText(/is waiting to be added/)).toBeVisible();
    await atBothWidths(page, testInfo, 'confirm-added');
    expect((await (await member.get('/api/checkup/progress')).json()).attempts).toHaveLength(1);
    await member.dispose();
  });

  test('a visitor is asked to sign in', async ({ page, visit }) => {
    await visit('/checkup/progress');
    await expect(page.getByRole('heading', { name: 'Login Required' })).toBeVisible();
  });
});
