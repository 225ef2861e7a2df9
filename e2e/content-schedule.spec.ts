import type { Page } from '@playwright/test';
import { signInAsAdmin } from './accounts';
import { expect, expectAccessible, test } from './fixtures';

// Playwright's trace recorder runs a script of its own in every frame, which the sandboxed preview
// refuses with the very console error this file looks for: no trace here (a file-wide setting).
test.use({ trace: 'off' });

async function openContent(page: Page) {
  await page.goto('/admin');
  await page.getByRole('tab', { name: 'Content', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Content', exact: true })).toBeVisible();
}

const toast = (page: Page, title: string) => page.getByRole('status').filter({ hasText: title }).first();

/** Each project schedules a change to its own legal page: the two run at the same time against one server. */
const legalOf = { desktop: 'Cookie Policy', mobile: 'Terms of Service' } as const;

test.describe('a scheduled change', () => {
  test('shows beside the live page, a later save cancels it with a notice, and the preview logs no error', async ({ page }, testInfo) => {
    test.setTimeout(120_000);
    const project = testInfo.project.name as keyof typeof legalOf;
    const title = legalOf[project];
    const consoleErrors: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') consoleErrors.push(message.text());
    });
    await signInAsAdmin(page, project);
    await openContent(page);
    await page.getByRole('button', { name: `Edit ${title}` }).click();
    const body = page.getByLabel('Body (Markdown)');
    await body.fill('The reviewed change for January.');
    // The preview is the real page (its scripts left out: the frame runs none).
    const preview = page.frameLocator('iframe[title="Page preview"]');
    await expect(preview.getByText('The reviewed change for January.')).toBeVisible();
    await page.getByLabel('Publish at (America/New_York time)').fill('2030-01-15T09:00');
    await page.getByRole('button', { name: 'Schedule' }).click();
    await expect(toast(page, 'Publishing scheduled')).toBeVisible();
    await expect(page.getByText(/Published · Live version from .* · Change scheduled .*2030/)).toBeVisible();

    // The list says both: the page is live, and a change to it is scheduled.
    await page.getByRole('button', { name: 'Back to content' }).click();
    const row = page
      .getByRole('region', { name: /Legal pages/ })
      .getByRole('listitem')
      .filter({ hasText: title });
    await expect(row.getByText('Published', { exact: true })).toBeVisible();
    await expect(row.getByText(/^Change scheduled .*2030/)).toBeVisible();
    await expect(row.getByText(/^Last change by .*@.* on /)).toBeVisible();
    await row.scrollIntoViewIfNeeded();
    await page.screenshot({ path: testInfo.outputPath('content-list-scheduled-change.png') });
    await expectAccessible(page);

    // A later save is not what was scheduled: the schedule is cancelled, and the editor says so.
    await row.getByRole('button', { name: `Edit ${title}` }).click();
    await body.fill('WIP DRAFT NOT REVIEWED');
    await expect(preview.getByText('WIP DRAFT NOT REVIEWED')).toBeVisible();
    await page.getByRole('button', { name: 'Save draft' }).click();
    const notice = page.getByRole('status').filter({ hasText: 'is cancelled: the draft changed after it was scheduled' });
    await expect(notice).toContainText(/The publish scheduled for .*2030/);
    await notice.scrollIntoViewIfNeeded();
    await page.screenshot({ path: testInfo.outputPath('content-schedule-cancelled.png') });
    await expectAccessible(page);
    await page.getByRole('button', { name: 'Back to content' }).click();
    await expect(row.getByText(/^Change scheduled/)).toHaveCount(0);
    await expect(row.getByText('Published · unpublished changes')).toBeVisible();
    expect(consoleErrors).toEqual([]);
  });
});
