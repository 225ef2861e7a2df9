import type { Browser, Page, TestInfo } from '@playwright/test';
import { signInAsAdmin } from './accounts';
import { lowContrastTexts } from './contrast';
import { atBothWidths, expect, expectAccessible, test } from './fixtures';
import { linkIn, waitForMail } from './mail';
import { baseURL } from '../playwright.config';

/** "Tue, Dec 1, 2026, 7:00 AM EST": an admin time, on the site's clock (America/New_York) and naming its zone. */
const siteTime = (clock = '\\d{1,2}:\\d\\d [AP]M') => new RegExp(`[A-Z][a-z]{2}, [A-Z][a-z]{2} \\d{1,2}, \\d{4}, ${clock} E[SD]T`);

/**
 * The page's console errors and failed requests, from now on. The sandboxed preview's own notice
 * (a blocked script in about:srcdoc, on each render) belongs to the preview frame and is fixed there.
 */
function watchProblems(page: Page): string[] {
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' && !/in 'about:srcdoc' because the document's frame is sandboxed/.test(message.text()))
      problems.push(`console: ${message.text()}`);
  });
  page.on('response', (response) => {
    if (response.status() >= 400) problems.push(`${response.status()} ${response.request().method()} ${response.url()}`);
  });
  return problems;
}

/** A signed-in member in a browser of their own; premium when the admin (signed in on `admin`) makes it so. */
async function member(browser: Browser, info: TestInfo, admin: Page, label: string, premium: boolean) {
  const context = await browser.newContext({ baseURL: info.project.use.baseURL });
  const email = `${label}.${info.project.name}${Date.now().toString(36)}@example.org`;
  const registered = await context.request.post('/api/register', { data: { email, password: 'correct-horse', firstName: 'Robin', lastName: 'Member' } });
  expect(registered.status()).toBe(201);
  const { id } = (await registered.json()) as { id: string };
  if (premium) expect((await admin.request.patch(`/api/admin/users/${id}/premium`, { data: { isPremium: true } })).ok()).toBe(true);
  return { context, page: await context.newPage(), email };
}

async function openEditionsTab(page: Page) {
  await page.goto('/admin');
  await page.getByRole('tab', { name: 'Weekly Dish', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'The Weekly Dish', exact: true })).toBeVisible();
}

test.describe('The Weekly Dish, as an editor runs it', () => {
  // An editor abroad: the admin's times are still the site's (America/New_York), and say so.
  test.use({ timezoneId: 'Europe/Berlin' });

  test('writes a draft (the number is added, not typed), tests it, schedules it, cancels the schedule when asked and takes the draft up again', async ({
    page,
  }, testInfo) => {
    test.skip(
      testInfo.project.name === 'mobile',
      "an edition's states are the same at every width (the Weekly Dish tab is drawn at both by admin.spec.ts and weekly-dish.spec.ts)",
    );
    test.setTimeout(120_000);
    const project = testInfo.project.name;
    const title = `Grant season ${project} ${Date.now().toString(36)}`;
    const adminEmail = await signInAsAdmin(page, project);
    await openEditionsTab(page);
    await expect(page.getByText(new RegExp(`^Next Tuesday slot: ${siteTime('7:00 AM').source}\\.$`))).toBeVisible();

    // An imported edition: its number beside the title, never in it.
    const imported = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: 'Year-End Giving Without the Panic', exact: true }) });
    await expect(imported.getByText('Issue 47', { exact: true })).toBeVisible();
    await expect(imported).toContainText(/Sent [A-Z][a-z]{2}, Nov 17, 2026, 7:00 AM EST/);

    // A new edition logs nothing: its empty preview is drawn, not refused.
    const problems = watchProblems(page);
    await page.getByRole('button', { name: 'New edition' }).click();
    await expect(page.frameLocator('iframe[title="Email preview"]').getByText('You are receiving The Weekly Dish because you signed up')).toBeVisible();
    await expect(page.getByText('The issue number is added above the title when the edition is sent')).toBeVisible();
    // Nothing written yet: the schema's words under each field, and the first one on screen takes the focus.
    await page.getByRole('button', { name: 'Save draft' }).click();
    await expect(page.getByText('Title is required')).toBeVisible();
    await expect(page.getByLabel('Title')).toBeFocused();
    await page.getByLabel('Title').fill('Issue 48: Grant season');
    await page.getByLabel('Body (Markdown)').fill('Three deadlines worth knowing.');
    await page.getByRole('button', { name: 'Save draft' }).click();
    await expect(page.getByText('Leave the issue number out: it is added automatically when the edition is sent')).toBeVisible();
    await expect(page.getByLabel('Title')).toBeFocused();
    await page.getByLabel('Title').fill(title);
    await page.getByRole('button', { name: 'Save draft' }).click();
    const row = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: title, exact: true }) });
    await expect(row.getByText('Draft', { exact: true })).toBeVisible();
    expect(problems).toEqual([]);

    // The test says it is one, and carries no link that works only in a sent edition.
    await row.getByRole('button', { name: 'Send a test to me' }).click();
    const testMail = await waitForMail(adminEmail, new RegExp(`^\\[Test\\] ${title}$`));
    expect(testMail.text).toContain('This is a test. Subscribers get a link to the edition’s web page here.');
    expect(testMail.text).toContain('Subscribers get their unsubscribe link here.');
    expect(testMail.text).not.toMatch(/View in your browser|\/weekly-dish\/grant-season|unsubscribe\?token=/);

    // Scheduled for the next Tuesday slot, on the site's clock whatever the browser's.
    await expect(row.getByLabel('Send at (America/New_York time)')).toHaveValue(/T07:00$/);
    await row.getByRole('button', { name: 'Schedule' }).click();
    const dialog = page.getByRole('alertdialog');
    await expect(dialog).toContainText(siteTime('7:00 AM'));
    await dialog.getByRole('button', { name: 'Schedule' }).click();
    await expect(row.getByText('Scheduled', { exact: true })).toBeVisible();
    await expect(row).toContainText(new RegExp(`Sends ${siteTime('7:00 AM').source}`));

    // Cancelling asks first; keeping the schedule changes nothing.
    await row.getByRole('button', { name: 'Cancel schedule' }).click();
    await expect(dialog).toContainText(`“${title}” will not go out on`);
    await expect(dialog).toContainText('It becomes a draft again, to edit and schedule when you are ready.');
    await expectAccessible(page);
    await dialog.getByRole('button', { name: 'Keep the schedule' }).click();
    await expect(row.getByText('Scheduled', { exact: true })).toBeVisible();
    await row.getByRole('button', { name: 'Cancel schedule' }).click();
    await dialog.getByRole('button', { name: 'Cancel schedule' }).click();
    await expect(row.getByText('Draft', { exact: true })).toBeVisible();
    await expect(row).not.toContainText('Sends');
    await page.screenshot({ path: testInfo.outputPath(`schedule-cancelled-${project}.png`), fullPage: true });

    // A draft again: edited and scheduled once more.
    await row.getByRole('button', { name: 'Edit' }).click();
    await page.getByLabel('Title').fill(`${title} again`);
    await page.getByRole('button', { name: 'Save draft' }).click();
    const again = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: `${title} again`, exact: true }) });
    await again.getByRole('button', { name: 'Schedule' }).click();
    await dialog.getByRole('button', { name: 'Schedule' }).click();
    await expect(again.getByText('Scheduled', { exact: true })).toBeVisible();
    await expectAccessible(page);
  });

  test('lists upcoming webinars soonest first, each time on the site’s clock and naming its zone', async ({ page }, testInfo) => {
    test.skip(
      testInfo.project.name === 'mobile',
      'one run: the order and the times do not depend on the width; the list is scanned and photographed at 1280 and 375 px',
    );
    const project = testInfo.project.name;
    const tag = `${project}${Date.now().toString(36)}`;
    await signInAsAdmin(page, project);
    const local = (days: number) => {
      const parts = new Intl.DateTimeFormat('en-US', { timeZone: 'America/New_York', year: 'numeric', month: '2-digit', day: '2-digit' }).formatToParts(
        new Date(Date.now() + days * 86_400_000),
      );
      const get = (type: string) => parts.find((p) => p.type === type)!.value;
      return `${get('year')}-${get('month')}-${get('day')}T01:37`;
    };
    for (const [title, days] of [
      [`Later ${tag}`, 20],
      [`Sooner ${tag}`, 10],
    ] as const) {
      const created = await page.request.post('/api/admin/webinars', {
        data: { title, description: '', startsAt: local(days), durationMinutes: 45, roomUrl: 'https://meet.example.org/room', capacity: null },
      });
      expect(created.status()).toBe(201);
    }
    await page.goto('/admin');
    await page.getByRole('tab', { name: 'Webinars', exact: true }).click();
    const list = page.getByRole('region', { name: 'Webinars', exact: true });
    await expect(list.getByRole('heading', { level: 3, name: `Later ${tag}` })).toBeVisible();
    const titles = await list.getByRole('heading', { level: 3 }).allTextContents();
    expect(titles.indexOf(`Sooner ${tag}`)).toBeGreaterThanOrEqual(0);
    expect(titles.indexOf(`Sooner ${tag}`)).toBeLessThan(titles.indexOf(`Later ${tag}`));
    await expect(list.getByRole('listitem').filter({ hasText: `Sooner ${tag}` })).toContainText(
      new RegExp(`^Sooner ${tag}${siteTime('1:37 AM').source} · 45 minutes`),
    );
    await atBothWidths(page, testInfo, 'webinars-list');

    await page.getByRole('tab', { name: 'Content', exact: true }).click();
    await expect(page.getByText(new RegExp(`Last change .*on ${siteTime().source}`)).first()).toBeVisible();
    await page.screenshot({ path: testInfo.outputPath(`webinars-times-${project}.png`), fullPage: true });
  });

  test('a premium announcement has no issue number, reads in a dark and a light mail client, and opens on the site for the premium member it went to', async ({
    page,
    browser,
  }, testInfo) => {
    test.skip(testInfo.project.name === 'mobile', 'the mail is the same at every width (the edition page is drawn at both by weekly-dish.spec.ts)');
    test.setTimeout(150_000);
    const project = testInfo.project.name;
    const title = `Members night ${project} ${Date.now().toString(36)}`;
    await signInAsAdmin(page, project);
    const premium = await member(browser, testInfo, page, 'announced', true);
    const free = await member(browser, testInfo, page, 'free-reader', false);

    const created = await page.request.post('/api/admin/editions', {
      data: {
        title,
        summary: 'For members first.',
        slug: `members-night-${project}-${Date.now().toString(36)}`,
        body: '## The agenda\n\nBring **one question**. [The room](https://meet.example.org/room)\n\n> Quiet corner available.',
        audience: 'premium',
      },
    });
    expect(created.status()).toBe(201);
    const { id } = (await created.json()) as { id: string };
    expect((await page.request.post(`/api/admin/editions/${id}/send`, { data: {} })).ok()).toBe(true);
    const mail = await waitForMail(premium.email, new RegExp(`^${title}$`), 60_000);
    expect(mail.text).toContain('The Weekly Dish · For premium members');
    expect(mail.text).not.toMatch(/Issue \d+/);

    // Every text of the HTML part keeps 4.5:1 against what is behind it, in both schemes.
    const html = /<!DOCTYPE html[\s\S]*<\/html>/i.exec(mail.text)![0];
    const reader = await browser.newPage({ viewport: { width: project === 'mobile' ? 375 : 1280, height: 900 } });
    for (const colorScheme of ['light', 'dark'] as const) {
      await reader.emulateMedia({ colorScheme });
      await reader.setContent(html);
      await expect(reader.getByText('Unsubscribe', { exact: true })).toBeVisible();
      expect(await lowContrastTexts(reader), `texts under 4.5:1 in the ${colorScheme} scheme`).toEqual([]);
      await reader.screenshot({ path: testInfo.outputPath(`announcement-email-${colorScheme}-${project}.png`), fullPage: true });
    }
    await reader.close();

    // "View in your browser": the member reads it; a free member is shown the plans.
    const webPage = linkIn(mail, `${baseURL}/weekly-dish/`);
    await premium.page.goto(webPage);
    await expect(premium.page.getByRole('heading', { level: 1, name: title })).toBeVisible();
    await expect(premium.page.getByText('For premium members', { exact: true })).toBeVisible();
    await expect(premium.page.locator('strong', { hasText: 'one question' })).toBeVisible();
    await expectAccessible(premium.page);
    await premium.page.screenshot({ path: testInfo.outputPath(`announcement-page-${project}.png`), fullPage: true });
    await free.page.goto(webPage);
    await expect(free.page.getByRole('heading', { level: 1, name: 'Premium Access Required' })).toBeVisible();
    await expect(free.page.getByRole('link', { name: 'See plans' })).toHaveAttribute('href', '/pricing');
    await expect(free.page.getByText('one question')).toHaveCount(0);
    await expectAccessible(free.page);
    await free.page.screenshot({ path: testInfo.outputPath(`announcement-plans-${project}.png`) });

    // A visitor is asked to sign in, and is back on the edition once signed in.
    const visitorContext = await browser.newContext({ baseURL: testInfo.project.use.baseURL });
    const visitor = await visitorContext.newPage();
    const problems = watchProblems(visitor);
    await visitor.goto(webPage);
    await expect(visitor.getByRole('heading', { level: 1, name: 'Sign in to read this edition' })).toBeVisible();
    await expect(visitor.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex');
    await expect(visitor).toHaveTitle(/^For premium members · The Weekly Dish/);
    await expectAccessible(visitor);
    await visitor.screenshot({ path: testInfo.outputPath(`announcement-sign-in-${project}.png`) });
    expect(problems).toEqual([]);
    await visitor.getByRole('link', { name: 'Sign in' }).click();
    await visitor.getByLabel('Email').fill(premium.email);
    await visitor.getByLabel('Password').fill('correct-horse');
    await visitor.getByRole('button', { name: 'Sign In' }).click();
    await expect(visitor).toHaveURL(webPage);
    await expect(visitor.getByRole('heading', { level: 1, name: title })).toBeVisible();

    for (const context of [premium.context, free.context, visitorContext]) await context.close();
  });

  test('counts a followed link and a "Yes" without knowing who, thanks the reader, and shows the admin the report', async ({ page, browser }, testInfo) => {
    test.skip(
      testInfo.project.name === 'mobile',
      'one run: what is counted does not depend on the width; the thanks page and the report are drawn at 1280 and 375 px',
    );
    test.setTimeout(120_000);
    const project = testInfo.project.name;
    const title = `Counted ${project} ${Date.now().toString(36)}`;
    await signInAsAdmin(page, project);
    const reader = await member(browser, testInfo, page, 'counted-reader', true);
    const created = await page.request.post('/api/admin/editions', {
      data: { title, slug: `counted-${project}-${Date.now().toString(36)}`, body: 'See [the resources](/resources).', audience: 'premium', askFeedback: true },
    });
    expect(created.status()).toBe(201);
    const { id } = (await created.json()) as { id: string };
    expect((await page.request.post(`/api/admin/editions/${id}/send`, { data: {} })).ok()).toBe(true);
    const mail = await waitForMail(reader.email, new RegExp(`^${title}$`), 60_000);

    // Without cookies or scripts: a fresh context with JavaScript off follows the links.
    const visitor = await browser.newContext({ baseURL: testInfo.project.use.baseURL, javaScriptEnabled: false });
    const tab = await visitor.newPage();
    await tab.goto(linkIn(mail, `${baseURL}/r/${id}/1`));
    await expect(tab).toHaveURL(`${baseURL}/resources`);
    await tab.goto(linkIn(mail, `${baseURL}/useful/${id}/yes`));
    await expect(tab).toHaveURL(`${baseURL}/weekly-dish-thanks`);
    await expect(tab.getByRole('heading', { level: 1, name: 'Thanks for telling us.' })).toBeVisible();
    await expect(tab.getByRole('link', { name: 'Read past editions of The Weekly Dish' })).toHaveAttribute('href', '/weekly-dish');
    expect(await visitor.cookies()).toEqual([]);
    for (const width of [1280, 375]) {
      await tab.setViewportSize({ width, height: 900 });
      await tab.screenshot({ path: testInfo.outputPath(`feedback-thanks-${width}.png`) });
    }
    await visitor.close();

    await openEditionsTab(page);
    const row = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: title, exact: true }) });
    await row.getByText('Report', { exact: true }).click();
    await expect(row.getByText(`${baseURL}/resources`)).toBeVisible();
    await expect(row.getByText('1 in all')).toBeVisible();
    await expect(row.getByText('Yes 1 (100%) · No 0 (0%)')).toBeVisible();
    for (const width of [1280, 375]) {
      await page.setViewportSize({ width, height: 900 });
      // Nothing wider than the screen.
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
      await expectAccessible(page);
      await row.screenshot({ path: testInfo.outputPath(`edition-report-${width}.png`) });
    }
    await reader.context.close();
  });
});
