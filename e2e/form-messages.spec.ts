import type { APIRequestContext, Page, PlaywrightWorkerArgs } from '@playwright/test';
import { adminApiPaths } from '../shared/api/admin-paths';
import { apiPath, apiPaths } from '../shared/api/paths';
import { grantEnd } from '../shared/membership/grant-lengths';
import { siteDates } from '../shared/site-time';
import { DEFAULT_SITE_TIMEZONE } from '../shared/site-year';
import { uniqueEmail } from '../server/test/unique-email';
import { baseURL } from '../playwright.config';
import { register, signInAsAdmin } from './accounts';
import { atBothWidths, expect, test } from './fixtures';

/*
 * What four forms say when something is wrong, and what they keep: an admin's segment and grant,
 * a member's review of an ally and an application for an offer. The schema's words come under
 * the field (or, for the review, in its one alert), the server's refusals the same way, and a form
 * opened again shows what it held. As in every other form, the field refused takes the focus and
 * its message goes once the field is changed. What is said does not depend on the width: desktop
 * only, each form scanned and photographed at both widths as it says what is wrong (the grant
 * dialog, which has nothing to refuse, as it opens).
 */

const sameAtEveryWidth = 'what a form says does not depend on the width';

const toast = (page: Page, text: string) =>
  page
    .getByRole('region', { name: /notifications/i })
    .locator('li')
    .filter({ hasText: text });

/** The project's admin, signed in on a device of its own. */
async function adminApi(playwright: PlaywrightWorkerArgs['playwright'], project: string): Promise<APIRequestContext> {
  const admin = await playwright.request.newContext({ baseURL, extraHTTPHeaders: { origin: baseURL } });
  await register(admin, `e2e-admin-${project}@example.org`, 'Root');
  expect((await admin.post('/api/auth/make-admin')).ok()).toBe(true);
  return admin;
}

async function userId(admin: APIRequestContext, email: string): Promise<string> {
  const { items } = (await (await admin.get(`/api/admin/users?search=${encodeURIComponent(email)}`)).json()) as { items: { id: string }[] };
  return items[0]!.id;
}

test.describe('what the forms say', () => {
  test('the segment form names the field the schema or the server refuses, and saves once it is right', async ({ page }, info) => {
    test.skip(info.project.name === 'mobile', sameAtEveryWidth);
    const stamp = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
    await signInAsAdmin(page, info.project.name);
    const taken = `Taken ${stamp}`;
    expect((await page.request.post(adminApiPaths.adminSegments, { data: { name: taken, filter: {} } })).status()).toBe(201);

    await page.goto('/admin');
    await page.getByRole('tab', { name: 'Weekly Dish', exact: true }).click();
    await page.getByRole('button', { name: 'New segment' }).click();
    const name = page.getByLabel('Name', { exact: true });
    await page.getByRole('button', { name: 'Save segment' }).click();
    await expect(name).toHaveAccessibleDescription('Name is required');
    // The field refused takes the focus, as in every other form.
    await expect(name).toBeFocused();

    // A refusal only the server can make: under the field too, with no toast. The schema's
    // message goes as the field is changed.
    await name.fill(taken);
    await expect(page.getByText('Name is required')).toHaveCount(0);
    await page.getByRole('button', { name: 'Save segment' }).click();
    await expect(name).toHaveAccessibleDescription('Another segment already has this name');
    await expect(name).toBeFocused();
    await expect(toast(page, 'Not saved')).toHaveCount(0);
    await atBothWidths(page, info, 'segment-form-refused');

    await name.fill(`Spring signups ${stamp}`);
    await page.getByRole('checkbox', { name: 'Free account' }).check();
    await page.getByLabel('Signed up on or after').fill('2026-03-10');
    await page.getByLabel('Signed up on or before').fill('2026-03-01');
    await page.getByRole('button', { name: 'Save segment' }).click();
    await expect(page.getByLabel('Signed up on or before')).toHaveAccessibleDescription('"Signed up from" must be on or before "Signed up to"');

    await page.getByLabel('Signed up on or before').fill('2026-03-31');
    await page.getByRole('button', { name: 'Save segment' }).click();
    await expect(toast(page, `“Spring signups ${stamp}” is saved.`)).toBeVisible();
    const row = page
      .getByRole('listitem')
      .filter({ hasText: `Spring signups ${stamp}` })
      .filter({ has: page.getByRole('button', { name: 'Edit' }) });
    await expect(row).toContainText('Plan: Free account');

    // Opened again, the form holds the saved segment.
    await row.getByRole('button', { name: 'Edit' }).click();
    await expect(name).toHaveValue(`Spring signups ${stamp}`);
    await expect(page.getByRole('checkbox', { name: 'Free account' })).toBeChecked();
    await expect(page.getByLabel('Signed up on or after')).toHaveValue('2026-03-10');
    await expect(page.getByLabel('Signed up on or before')).toHaveValue('2026-03-31');
    const form = page.locator('form').filter({ has: page.getByRole('heading', { name: `Edit “Spring signups ${stamp}”` }) });
    await form.getByRole('button', { name: 'Cancel' }).click();
    await expect(form).toHaveCount(0);
  });

  test('the grant dialog offers a month first and grants the length chosen', async ({ page, browser }, info) => {
    test.skip(info.project.name === 'mobile', sameAtEveryWidth);
    const memberEmail = uniqueEmail('grant-default');
    const member = await browser.newContext({ baseURL: info.project.use.baseURL });
    await register(member.request, memberEmail, 'Grace');
    await member.close();

    await signInAsAdmin(page, info.project.name);
    await page.goto('/admin');
    await page.getByRole('tab', { name: 'Users', exact: true }).click();
    await page.getByRole('searchbox', { name: /search users/i }).fill(memberEmail);
    await expect(page.locator('[role="region"][aria-busy="true"]')).toHaveCount(0);
    const row = page.getByRole('row').filter({ hasText: memberEmail });
    await row.getByRole('button', { name: `Grant for a time: ${memberEmail}` }).click();
    const dialog = page.getByRole('dialog', { name: 'Grant premium for a time' });
    await expect(dialog.getByRole('radio', { name: /1 month/ })).toBeChecked();
    await atBothWidths(page, info, 'grant-dialog-open');
    await dialog.getByRole('button', { name: 'Grant premium' }).click();
    await expect(dialog).toBeHidden();
    await expect(toast(page, 'User premium status updated')).toBeVisible();
    await expect(row.getByTestId('premium-grant-end')).toHaveText(`Until ${siteDates(DEFAULT_SITE_TIMEZONE).long(grantEnd('1_month', new Date())!)}`);
  });

  test('a review needs a rating; once saved it opens again as it was, and deleted it starts empty', async ({ page, playwright }, info) => {
    test.skip(info.project.name === 'mobile', sameAtEveryWidth);
    const marker = `forms${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
    const submitterEmail = uniqueEmail('vendor');
    const submitted = await page.request.post(apiPaths.allySubmit, {
      data: { name: `Ledger Co ${marker}`, category: 'Fuel', howTheyHelp: 'Bookkeeping for small nonprofits.', submitterEmail },
    });
    expect(submitted.ok()).toBe(true);
    const memberEmail = uniqueEmail('reviewer');
    await register(page.request, memberEmail, 'Robin');
    const admin = await adminApi(playwright, info.project.name);
    const { items } = (await (await admin.get(`/api/admin/allies?search=${encodeURIComponent(submitterEmail)}`)).json()) as { items: { id: string }[] };
    expect((await admin.patch(apiPath(adminApiPaths.adminAllyApprove, { id: items[0]!.id }))).ok()).toBe(true);
    const premium = await admin.patch(apiPath(adminApiPaths.adminUserPremium, { id: await userId(admin, memberEmail) }), { data: { isPremium: true } });
    expect(premium.ok()).toBe(true);

    await page.goto(`/allies?search=${marker}`);
    const card = page.getByTestId('ally-card').filter({ hasText: `Ledger Co ${marker}` });
    await card.getByRole('button', { name: /Show More/ }).click();
    await card.getByRole('button', { name: 'Save review' }).click();
    await expect(card.getByRole('alert')).toHaveText('Please choose a rating from 1 to 5 stars.');
    await expect(card.getByRole('radio', { name: '1 star', exact: true })).toBeFocused();
    await atBothWidths(page, info, 'review-refused');

    await card.locator('label').filter({ hasText: '4 stars' }).click();
    await card.getByLabel('Short comment (optional)').fill('Clear monthly reports.');
    await expect(card.getByText('22/500 characters')).toBeVisible();
    await card.getByRole('button', { name: 'Save review' }).click();
    await expect(toast(page, 'Thanks for helping other members choose.')).toBeVisible();
    await expect(card.getByText('Your review:')).toBeVisible();

    await card.getByRole('button', { name: 'Edit review' }).click();
    await expect(card.getByRole('radio', { name: '4 stars' })).toBeChecked();
    await expect(card.getByLabel('Short comment (optional)')).toHaveValue('Clear monthly reports.');
    await card.getByRole('button', { name: 'Cancel' }).click();

    await card.getByRole('button', { name: 'Delete review' }).click();
    await expect(toast(page, 'Review deleted')).toBeVisible();
    await expect(card.getByRole('radio', { checked: true })).toHaveCount(0);
    await expect(card.getByLabel('Short comment (optional)')).toHaveValue('');

    // The server's refusal (the ally left the directory meanwhile) is said in the same alert.
    await card.locator('label').filter({ hasText: '3 stars' }).click();
    expect((await admin.patch(apiPath(adminApiPaths.adminAllyUnapprove, { id: items[0]!.id }))).ok()).toBe(true);
    await admin.dispose();
    await card.getByRole('button', { name: 'Save review' }).click();
    await expect(card.getByRole('alert')).toHaveText('No such ally in the directory');
    await expect(card.getByRole('radio', { name: '3 stars' })).toBeChecked();
  });

  test('an offer’s application asks for the annual budget, then says it is with the team', async ({ page, playwright }, info) => {
    test.skip(info.project.name === 'mobile', sameAtEveryWidth);
    const code = `forms-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
    const label = `Small nonprofits ${code}`;
    const admin = await adminApi(playwright, info.project.name);
    const created = await admin.post(adminApiPaths.adminOffers, {
      data: { code, label, kind: 'percent', percentOff: 50, duration: 'once', appliesTo: 'both', requiresApproval: true },
    });
    expect(created.status()).toBe(201);
    await admin.dispose();

    await register(page.request, uniqueEmail('applicant'), 'Sam');
    await page.goto(`/subscribe?offer=${code}`);
    await expect(page.getByRole('heading', { name: label })).toBeVisible();
    await page.getByRole('button', { name: 'Apply for this offer' }).click();
    await expect(page.getByLabel('Annual budget')).toHaveAccessibleDescription('Choose your annual budget');
    await expect(page.getByLabel('Annual budget')).toBeFocused();
    await atBothWidths(page, info, 'offer-application-refused');

    await page.getByLabel('Annual budget').selectOption({ index: 1 });
    await page.getByRole('button', { name: 'Apply for this offer' }).click();
    await expect(page.getByText('Thank you: your application is with our team. We will email you when it is approved, with the link to use it.')).toBeVisible();
  });

  test('the server’s refusal of an application is said under the budget, where the form’s own words go', async ({ page, playwright }, info) => {
    test.skip(info.project.name === 'mobile', sameAtEveryWidth);
    const code = `forms-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
    const admin = await adminApi(playwright, info.project.name);
    const created = await admin.post(adminApiPaths.adminOffers, {
      data: { code, label: `Small nonprofits ${code}`, kind: 'percent', percentOff: 50, duration: 'once', appliesTo: 'both', requiresApproval: true },
    });
    expect(created.status()).toBe(201);
    await admin.dispose();

    await register(page.request, uniqueEmail('applicant'), 'Sam');
    await page.goto(`/subscribe?offer=${code}`);
    const budget = page.getByLabel('Annual budget');
    await budget.selectOption({ index: 1 });
    const band = await budget.inputValue();
    // The same member applies from another tab meanwhile: the server refuses a second application.
    const first = await page.request.post(apiPath(apiPaths.offerApply, { code }), { data: { budgetBand: band } });
    expect(first.status()).toBe(201);
    await page.getByRole('button', { name: 'Apply for this offer' }).click();
    await expect(budget).toHaveAccessibleDescription('You have applied for this offer already: our team will email you.');
    await expect(budget).toHaveValue(band);
  });
});
