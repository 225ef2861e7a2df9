import type { Page } from '@playwright/test';
import { signInAsAdmin } from './accounts';
import { expect, expectAccessible, test } from './fixtures';

/** Each project edits its own action of the starter library: the two run at the same time against one server. */
const actionOf = {
  desktop: { pillar: 'Gears', statement: '13', title: 'Write down the steps of payroll and who covers when the bookkeeper is away' },
  mobile: { pillar: 'Future', statement: '19', title: 'Write an emergency succession plan for the executive director and have the board approve it' },
} as const;

const toast = (page: Page, title: string) => page.getByRole('status').filter({ hasText: title }).first();

test('an admin edits a plan action (its title and a link), publishes it, and the history shows the new version', async ({ page }, testInfo) => {
  test.setTimeout(120_000);
  const project = testInfo.project.name as keyof typeof actionOf;
  const action = actionOf[project];
  await signInAsAdmin(page, project);
  await page.goto('/admin');
  await page.getByRole('tab', { name: 'Content', exact: true }).click();

  // Seventy-five actions are shown a pillar at a time, each with where it belongs.
  const section = page.getByRole('region', { name: /Plan actions/ });
  await expect(section.getByRole('heading', { name: /Plan actions \(\d+\)/ })).toBeVisible();
  await section.getByLabel('Show').selectOption(action.pillar);
  const row = section.getByRole('listitem').filter({ hasText: action.title });
  await expect(row).toContainText(`${action.pillar} · statement ${action.statement}`);
  await expect(section.getByRole('listitem')).toHaveCount(15);
  await section.scrollIntoViewIfNeeded();
  await page.screenshot({ path: testInfo.outputPath(`action-list-${project}.png`) });
  await expectAccessible(page);
  await row.getByRole('button', { name: /^Edit / }).click();

  await expect(page.getByLabel('Pillar')).toHaveValue(action.pillar);
  await expect(page.getByLabel('Statement')).toHaveValue(action.statement);
  const title = `${action.title} (${project} ${Date.now().toString(36)})`;
  await page.getByLabel('Title').fill(title);
  await page.getByRole('button', { name: 'Add a link' }).click();
  const links = await page.getByRole('group', { name: 'Links to what helps' }).getByRole('listitem').count();
  await page.getByLabel(`Link ${links} text`).fill('The Gears checklist');
  // The shared schema's words, under the address they are about.
  await page.getByLabel(`Link ${links} address`).fill('javascript:alert(1)');
  await page.getByRole('button', { name: 'Save draft' }).click();
  await expect(page.getByText('Link must be a site path (/…) or start with https:// or http://')).toBeVisible();
  await expect(page.getByLabel(`Link ${links} address`)).toHaveAttribute('aria-invalid', 'true');
  await page.getByLabel(`Link ${links} address`).fill('/field-guide/gears#gears-checklist');
  await page.getByLabel('Pillar').scrollIntoViewIfNeeded();
  await page.screenshot({ path: testInfo.outputPath(`action-editor-${project}.png`) });
  await page.screenshot({ path: testInfo.outputPath(`action-editor-${project}-full.png`), fullPage: true });
  await expectAccessible(page);

  await page.getByRole('button', { name: 'Publish now' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Publish now' }).click();
  await expect(toast(page, 'Published')).toBeVisible();
  await expect(page.getByRole('heading', { name: `Edit: ${title}` })).toBeVisible();

  const latest = page.getByRole('region', { name: 'Published versions' }).getByRole('listitem').first();
  await expect(latest).toContainText('Live');
  await latest.getByRole('button', { name: 'See changes' }).click();
  // What it changed: the title, and the link (an action's fields are lines of the comparison).
  await expect(latest.locator('ins').filter({ hasText: `Title: ${title}` })).toBeVisible();
  await expect(latest.locator('ins').filter({ hasText: 'Link: The Gears checklist (/field-guide/gears#gears-checklist)' })).toBeVisible();
  await expectAccessible(page);

  // Reopened, the action keeps its new link, after the ones it had.
  await page.reload();
  await page.getByRole('tab', { name: 'Content', exact: true }).click();
  await page
    .getByRole('region', { name: /Plan actions/ })
    .getByLabel('Show')
    .selectOption(action.pillar);
  await page.getByRole('button', { name: `Edit ${title}` }).click();
  await expect(page.getByLabel(`Link ${links} address`)).toHaveValue('/field-guide/gears#gears-checklist');
});

test("an action's link to a guide section opens the guide at that heading, below the sticky header", async ({ page }) => {
  const heading = page.getByRole('heading', { level: 2, name: 'Keep the donors you already have' });
  await page.goto('/field-guide/fuel#keep-the-donors-you-already-have');
  await expect(heading).toBeInViewport();
  // Followed inside the site (the plans' pages link this way), not only typed in: the router's own navigation, as a link of the app makes it.
  await page.goto('/start-here');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page.evaluate(() => {
    window.history.pushState({}, '', '/field-guide/fuel#run-a-grant-pipeline-not-a-grant-scramble');
    window.dispatchEvent(new PopStateEvent('popstate'));
  });
  const pipeline = page.getByRole('heading', { level: 2, name: 'Run a grant pipeline, not a grant scramble' });
  await expect(pipeline).toBeInViewport();
  const top = await pipeline.evaluate((element) => element.getBoundingClientRect().top);
  const header = await page
    .locator('header')
    .first()
    .evaluate((element) => element.getBoundingClientRect().bottom);
  expect(top).toBeGreaterThanOrEqual(header);
});
