import type { PlaywrightWorkerArgs } from '@playwright/test';
import { budgetBandLabel, type BudgetBand } from '../shared/checkup/organisation';
import { questions } from '../shared/checkup/questions';
import { baseURL } from '../playwright.config';
import { adminApiPaths } from '../shared/api/admin-paths';
import { register, registerVerified, signInAsAdmin } from './accounts';
import { atBothWidths, expect, expectAccessible, test } from './fixtures';

/** Each project compares within a band of its own: the two run at the same time against one server. */
const bandOf: Record<string, BudgetBand> = { desktop: '500k-1m', mobile: '1m-5m' };
const run = Math.random().toString(36).slice(2, 8);
const allAt = (value: number) => Object.fromEntries(questions.map((q) => [String(q.id), value]));

/**
 * Ten organisations of the band, each an account on a domain of its own that confirmed its
 * address from the welcome email (peer figures count only those, decision 066), taking the
 * Check-Up signed in: every pillar at 50%.
 */
async function seedPeers(playwright: PlaywrightWorkerArgs['playwright'], band: BudgetBand) {
  for (let i = 0; i < 10; i += 1) {
    const peer = await playwright.request.newContext({ baseURL, extraHTTPHeaders: { origin: baseURL } });
    await registerVerified(peer, `peer${i}.${run}@org${i}-${run}.ngo`);
    const res = await peer.post('/api/checkup-results', { data: { email: `peer${i}.${run}@org${i}-${run}.ngo`, answers: allAt(2), budgetBand: band } });
    expect(res.status()).toBe(201);
    await peer.dispose();
  }
}

test.describe('peers', () => {
  test.slow();

  test('answer the three questions, recompute in the admin, and see where the result stands on its page', async ({ page, visit, playwright }, testInfo) => {
    test.skip(testInfo.project.name === 'mobile', 'what is computed and shown does not depend on the width (the results are checked at 375 px below)');
    const project = testInfo.project.name;
    const band = bandOf[project]!;
    await seedPeers(playwright, band);
    // The figures as the hourly job would have them before this visitor starts: the admin recomputes them on a device of their own.
    const admin = await playwright.request.newContext({ baseURL, extraHTTPHeaders: { origin: baseURL } });
    await register(admin, `e2e-admin-${project}@example.org`, 'Root');
    expect((await admin.post('/api/auth/make-admin')).ok()).toBe(true);
    expect((await admin.post(adminApiPaths.adminCheckupPeersRecompute, { data: {} })).ok()).toBe(true);
    await admin.dispose();

    // The three questions sit on the email step, optional, each a labelled list: chosen by keyboard here.
    await visit('/checkup');
    const group = page.getByRole('group', { name: 'About your organisation (optional)' });
    await expect(group).toBeVisible();
    await page.getByLabel('Email address').fill(`visitor.${run}@peers-${run}.ngo`);
    await page.getByLabel('Annual budget').focus();
    await page.getByLabel('Annual budget').selectOption(band);
    await page.keyboard.press('Tab');
    await expect(page.getByLabel('Paid staff')).toBeFocused();
    await page.getByLabel('Paid staff').selectOption('6-20');
    await page.getByLabel('Focus area').selectOption('education');
    await group.scrollIntoViewIfNeeded();
    await page.screenshot({ path: testInfo.outputPath('peers-questions.png'), fullPage: true });
    await page.getByRole('button', { name: 'Start the Check-Up' }).click();

    // Every answer 'A little true': every pillar at 50%, as the peers.
    for (let i = 1; i <= 20; i += 1) {
      await expect(page.getByText(`Question ${i} of 20`, { exact: true })).toBeVisible();
      await page.getByText('A little true', { exact: true }).click();
      await page.getByRole('button', { name: i < 20 ? 'Next' : 'See Results' }).click();
    }
    await expect(page.getByRole('heading', { level: 1, name: 'Your Check-Up Results' })).toBeVisible({ timeout: 8000 });
    // The results every person sees at the end show where they stand, as the results' own page does.
    const shownAtOnce = page.getByTestId('peer-figures');
    await expect(shownAtOnce.getByRole('heading', { name: 'Where you stand among peers' })).toBeVisible();
    await expect(shownAtOnce).toContainText(`with an annual budget of ${budgetBandLabel(band)}.`);
    await expect(
      shownAtOnce
        .getByRole('row')
        .filter({ has: page.getByRole('rowheader', { name: 'Fuel' }) })
        .getByRole('cell'),
    ).toHaveText(['50%Within the middle half', '50%', '50% to 50%']);
    await atBothWidths(page, testInfo, 'peers-checkup');
    const ownPage = page.getByRole('link', { name: 'their own page' });
    await expect(ownPage).toBeVisible();
    const resultsPath = (await ownPage.getAttribute('href'))!;

    // The admin's "Recompute now": the group sizes, then the figures.
    await signInAsAdmin(page, project);
    await page.goto('/admin');
    await page.getByRole('tab', { name: 'Check-ups', exact: true }).click();
    const peers = page.getByRole('region', { name: 'Peer groups' });
    await expect(peers).toBeVisible();
    await peers.getByRole('button', { name: 'Recompute now' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Peer figures recomputed.' }).first()).toBeVisible();
    const bandRow = peers.getByRole('row').filter({ hasText: budgetBandLabel(band) });
    await expect(bandRow).toContainText('Shown');
    const size = Number((await bandRow.getByRole('cell').first().textContent())!.replace(/\D/g, ''));
    // The visitor took it signed out with no account: only the ten confirmed organisations count.
    expect(size).toBe(10);
    await expect(peers).toContainText(/Computed .+\./);
    await peers.scrollIntoViewIfNeeded();
    await page.screenshot({ path: testInfo.outputPath('peers-admin.png') });
    await expectAccessible(page);

    // The results page, as the server renders it, carries the band's figures: no extra request for them.
    const requests: string[] = [];
    page.on('request', (request) => requests.push(request.url()));
    await visit(resultsPath);
    const figures = page.getByTestId('peer-figures');
    await expect(figures.getByRole('heading', { name: 'Where you stand among peers' })).toBeVisible();
    await expect(figures).toContainText(`Compared with ${size} organisations with an annual budget of ${budgetBandLabel(band)}.`);
    const table = figures.getByRole('table');
    await expect(table.getByRole('columnheader')).toHaveText(['Pillar', 'You', 'Median', 'Middle half']);
    for (const name of ['Impact', 'Humans', 'Fuel', 'Gears', 'Future']) {
      const row = table.getByRole('row').filter({ has: page.getByRole('rowheader', { name }) });
      await expect(row.getByRole('cell')).toHaveText(['50%Within the middle half', '50%', '50% to 50%']);
    }
    expect(requests.filter((url) => url.includes('/api/checkup-results'))).toEqual([]);
    await atBothWidths(page, testInfo, 'peers-results');
  });
});
