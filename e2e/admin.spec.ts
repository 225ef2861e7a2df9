import type { Page } from '@playwright/test';
import { register, signInAsAdmin } from './accounts';
import { expect, expectAccessible, test } from './fixtures';
import { waitForMail } from './mail';
import { uniqueEmail } from '../server/test/unique-email';

const toast = (page: Page, text: string) =>
  page
    .getByRole('region', { name: /notifications/i })
    .locator('li')
    .filter({ hasText: text });

const answers = Object.fromEntries(Array.from({ length: 20 }, (_, i) => [String(i + 1), (i % 4) + 1]));

async function openTab(page: Page, name: string) {
  await page.getByRole('tab', { name, exact: true }).click();
  await expect(page.getByRole('tab', { name, exact: true })).toHaveAttribute('aria-selected', 'true');
}

async function search(page: Page, label: RegExp, text: string) {
  await page.getByRole('searchbox', { name: label }).fill(text);
  // The rows of this search, not the ones before it, before anything is clicked.
  await expect(page.locator('[role="region"][aria-busy="true"]')).toHaveCount(0);
}

test.describe('/admin', () => {
  test('sends visitors and members home with Access Denied after a second', async ({ page }) => {
    await page.goto('/admin');
    await expect(toast(page, 'Access Denied')).toContainText('Admin privileges required. Redirecting...');
    await expect(page).toHaveURL(/\/$/, { timeout: 5000 });

    await register(page.request, uniqueEmail('member'));
    await page.goto('/admin');
    await expect(toast(page, 'Access Denied')).toBeVisible();
    await expect(page).toHaveURL(/\/$/, { timeout: 5000 });
  });

  test('an admin runs the site from the dashboard: every tab and every change', async ({ page, visit }, testInfo) => {
    test.setTimeout(120_000);
    const project = testInfo.project.name;
    const tag = `${project}${Date.now().toString(36)}`;
    const contactEmail = `contact.${tag}@example.org`;
    const quizEmail = `quiz.${tag}@example.org`;
    const newsEmail = `news.${tag}@example.org`;
    const targetEmail = `target.${tag}@example.org`;
    // Seed through the public API, as visitors would.
    expect(
      (
        await page.request.post('/api/contact', {
          data: { name: 'Casey', email: contactEmail, organization: '', subject: 'Hello', message: 'A question', contactType: 'support' },
        })
      ).status(),
    ).toBe(201);
    expect((await page.request.post('/api/checkup-results', { data: { email: quizEmail, answers } })).status()).toBe(201);
    expect((await page.request.post('/api/newsletter/signup', { data: { email: newsEmail, name: 'Nia', organization: '' } })).ok()).toBe(true);
    await register(page.request, targetEmail, 'Target');
    const allyName = `Ally ${tag}`;
    const ally = await page.request.post('/api/allies/submit', {
      data: {
        name: allyName,
        tagline: 'We help',
        category: 'Gears',
        howTheyHelp: 'x'.repeat(150),
        whatMakesDifferent: 'Care',
        offerForMembers: '10% off',
        website: 'https://example.org',
        submitterName: 'Sam',
        submitterEmail: `ally.${tag}@example.org`,
      },
    });
    await signInAsAdmin(page, project);

    await visit('/admin');
    await expect(page.getByRole('heading', { level: 1, name: 'Admin Dashboard' })).toBeVisible();
    for (const card of ['Total Users', 'Premium Users', 'Check-ups', 'Newsletter Signups', 'Pending Allies', 'Contact Messages']) {
      await expect(page.getByRole('button', { name: new RegExp(`^${card}`) })).toBeVisible();
    }
    // Recent Activity is the default tab.
    await expect(page.getByRole('tab', { name: 'Recent Activity' })).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByText("Today's New Signups")).toBeVisible();
    await expect(page.getByText('This Month')).toBeVisible();
    await expect(page.getByRole('listitem').filter({ hasText: quizEmail })).toContainText('/80');

    // A card jumps to its tab.
    await page.getByRole('button', { name: /^Contact Messages/ }).click();
    await expect(page.getByRole('tab', { name: 'Contact Messages' })).toHaveAttribute('aria-selected', 'true');
    await search(page, /search contact messages/i, contactEmail);
    const contactRow = page.getByRole('row').filter({ hasText: contactEmail });
    await expect(contactRow).toHaveCount(1);
    await contactRow.getByLabel(/status of the message/i).selectOption('contacted');
    await expect(toast(page, 'Contact status updated')).toBeVisible();
    await contactRow.getByLabel(/outreach done/i).check();
    await expect(contactRow).toContainText('Done');
    await expectAccessible(page);

    await openTab(page, 'Newsletter');
    await search(page, /search newsletter signups/i, newsEmail);
    const newsRow = page.getByRole('row').filter({ hasText: newsEmail });
    await expect(newsRow).toContainText('Free Resources');
    await newsRow.getByLabel(/outreach done/i).check();
    await expect(newsRow).toContainText('Done');
    await expectAccessible(page);

    await openTab(page, 'Signups');
    await expect(page.getByRole('region', { name: 'Community signups table' })).toBeVisible();
    await expectAccessible(page);

    await openTab(page, 'Check-ups');
    await search(page, /search check-up results/i, quizEmail);
    const quizRow = page.getByRole('row').filter({ hasText: quizEmail });
    await expect(quizRow).toContainText('50/80');
    await expect(quizRow).toContainText('Hope & Coffee');
    // Beside the admin's status band, the grade the member was shown for the same total.
    await expect(quizRow).toContainText('D, Please Send Snacks');
    await quizRow.getByLabel(/outreach done/i).check();
    await expect(quizRow).toContainText('Done');
    await expectAccessible(page);

    await openTab(page, 'Users');
    await search(page, /search users/i, targetEmail);
    const userRow = page.getByRole('row').filter({ hasText: targetEmail });
    // Every action of the row is on screen without scrolling sideways, on a phone too.
    const width = page.viewportSize()!.width;
    for (const name of [`Admin: ${targetEmail}`, `Premium: ${targetEmail}`, `Delete ${targetEmail}`]) {
      const box = (await userRow.getByRole('button', { name }).boundingBox())!;
      expect(box.x + box.width, name).toBeLessThanOrEqual(width);
    }
    await userRow.getByRole('button', { name: `Admin: ${targetEmail}` }).click();
    await expect(toast(page, 'User admin status updated')).toBeVisible();
    await expect(userRow.getByRole('button', { name: `Admin: ${targetEmail}` })).toHaveAttribute('aria-pressed', 'true');
    await userRow.getByRole('button', { name: `Premium: ${targetEmail}` }).click();
    await expect(toast(page, 'User premium status updated')).toBeVisible();
    await expect(userRow.getByRole('button', { name: `Premium: ${targetEmail}` })).toHaveAttribute('aria-pressed', 'true');
    await userRow.getByRole('button', { name: `Delete ${targetEmail}` }).click();
    const confirmDelete = page.getByRole('alertdialog', { name: 'Delete this user?' });
    await expect(confirmDelete).toContainText('deleted permanently');
    await expectAccessible(page);
    await confirmDelete.getByRole('button', { name: 'Delete user' }).click();
    await expect(toast(page, 'User deleted')).toBeVisible();
    await expect(page.getByRole('row').filter({ hasText: targetEmail })).toHaveCount(0);
    await expectAccessible(page);

    // Removing one's own admin access is asked first; cancelling changes nothing.
    const adminEmail = `e2e-admin-${project}@example.org`;
    await search(page, /search users/i, adminEmail);
    const ownRow = page.getByRole('row').filter({ hasText: adminEmail });
    await ownRow.getByRole('button', { name: `Admin: ${adminEmail}` }).click();
    const confirmOwn = page.getByRole('alertdialog', { name: 'Remove your own admin access?' });
    await expect(confirmOwn).toContainText('only another admin can give it back');
    await confirmOwn.getByRole('button', { name: 'Cancel' }).click();
    await expect(confirmOwn).toHaveCount(0);
    await expect(ownRow.getByRole('button', { name: `Admin: ${adminEmail}` })).toHaveAttribute('aria-pressed', 'true');

    await openTab(page, 'Allies');
    await expect(page.getByRole('region', { name: 'Pending allies table' })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Approved allies table' })).toBeVisible();
    if (ally.ok()) {
      await search(page, /search pending allies/i, allyName);
      await page.getByRole('button', { name: `Approve ${allyName}` }).click();
      await page.getByRole('alertdialog').getByRole('button', { name: 'Approve ally' }).click();
      await expect(toast(page, 'Ally approved')).toBeVisible();
      await search(page, /search approved allies/i, allyName);
      const approvedRow = page.getByRole('region', { name: 'Approved allies table' }).getByRole('row').filter({ hasText: allyName });
      await expect(approvedRow).toContainText(`${'x'.repeat(100)}...`);
      await approvedRow.getByRole('button', { name: `Review ${allyName}` }).click();
      await expect(page.getByRole('dialog', { name: 'Ally Profile Review' })).toBeVisible();
      await expectAccessible(page);
      await page.keyboard.press('Escape');
      await approvedRow.getByRole('button', { name: `Unapprove ${allyName}` }).click();
      await page.getByRole('alertdialog').getByRole('button', { name: 'Move to pending' }).click();
      await expect(toast(page, 'Ally moved to pending review')).toBeVisible();
      await page.getByRole('button', { name: `Delete ${allyName}` }).click();
      await page.getByRole('alertdialog').getByRole('button', { name: 'Delete ally' }).click();
      await expect(toast(page, 'Ally deleted')).toBeVisible();
    } else {
      testInfo.annotations.push({ type: 'note', description: 'POST /api/allies/submit is not on this branch: ally changes are covered by the API tests.' });
    }
    await expectAccessible(page);

    await openTab(page, 'Audit log');
    await search(page, /search audit log/i, `e2e-admin-${project}`);
    await expect(page.getByRole('row').filter({ hasText: 'user.delete' }).first()).toBeVisible();
    await expectAccessible(page);

    await openTab(page, 'Reports');
    await expect(page.getByRole('img', { name: /^Check-ups:/ })).toBeVisible();
    await expect(page.getByRole('listitem').filter({ hasText: 'Check-Up completed' })).toContainText('of the step before');
    await expectAccessible(page);

    // The session ends: the next change says so and goes to sign in.
    await openTab(page, 'Contact Messages');
    await search(page, /search contact messages/i, contactEmail);
    await expect(contactRow).toHaveCount(1);
    await page.context().clearCookies();
    await contactRow.getByLabel(/status of the message/i).selectOption('resolved');
    await expect(toast(page, 'Unauthorized')).toContainText('Admin session expired. Please log in again.');
    await expect(page).toHaveURL(/\/auth/, { timeout: 5000 });
  });

  test('a change shows at once on a slow network, and a refused one puts the control back', async ({ page }, testInfo) => {
    const contactEmail = `slow.${testInfo.project.name}${Date.now().toString(36)}@example.org`;
    expect(
      (
        await page.request.post('/api/contact', {
          data: { name: 'Casey', email: contactEmail, organization: '', subject: 'Hello', message: 'A question', contactType: 'support' },
        })
      ).status(),
    ).toBe(201);
    await signInAsAdmin(page, testInfo.project.name);
    await page.goto('/admin');
    await openTab(page, 'Contact Messages');
    await search(page, /search contact messages/i, contactEmail);
    const row = page.getByRole('row').filter({ hasText: contactEmail });
    const box = row.getByLabel(/outreach done/i);
    const status = row.getByLabel(/status of the message/i);

    // Held by the network: the box stays ticked while its change is on the way, then says Done.
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/outreach', async (route) => {
      await held;
      await route.continue();
    });
    const sent = page.waitForRequest('**/outreach');
    await box.check();
    await sent;
    expect(await box.isChecked()).toBe(true);
    release();
    await expect(row).toContainText('Done');
    await page.unroute('**/outreach');

    // Refused: the box goes back without a toast, the status goes back with the spec's error.
    await page.route(/\/api\/admin\/contacts\/[^/]+\/(outreach|status)$/, (route) =>
      route.fulfill({ status: 500, json: { message: 'Internal Server Error' } }),
    );
    // A click, not uncheck(): the refusal can put the box back before uncheck() looks at it.
    await box.click();
    await expect(box).toBeChecked();
    await expect(row).toContainText('Done');
    await status.selectOption('resolved');
    await expect(toast(page, 'Error')).toContainText('Failed to update contact status');
    await expect(status).toHaveValue('new');
  });

  test('premium members come first: a premium support message is marked and listed first, and the Slack invitation goes out from the admin', async ({
    page,
    browser,
  }, testInfo) => {
    test.setTimeout(90_000);
    const project = testInfo.project.name;
    const tag = `${project}${Date.now().toString(36)}`;
    // A member whom the admin makes premium writes in while signed in.
    const memberContext = await browser.newContext({ baseURL: testInfo.project.use.baseURL });
    const memberEmail = `premium.${tag}@example.org`;
    const registered = await memberContext.request.post('/api/register', {
      data: { email: memberEmail, password: 'correct-horse', firstName: 'Priya', lastName: 'Member' },
    });
    expect(registered.status()).toBe(201);
    const memberId = ((await registered.json()) as { id: string }).id;
    await signInAsAdmin(page, project);
    expect((await page.request.patch(`/api/admin/users/${memberId}/premium`, { data: { isPremium: true } })).ok()).toBe(true);
    expect(
      (
        await memberContext.request.post('/api/contact', {
          data: { name: 'Priya', email: memberEmail, organization: '', subject: `Urgent ${tag}`, message: 'Board meeting tomorrow', contactType: 'support' },
        })
      ).status(),
    ).toBe(201);
    expect(
      (
        await page.request.post('/api/contact', {
          data: { name: 'Visitor', email: `visitor.${tag}@example.org`, organization: '', subject: `Later ${tag}`, message: 'No rush', contactType: 'support' },
        })
      ).status(),
    ).toBe(201);
    const ack = await waitForMail(memberEmail, /^We received your message$/);
    expect(ack.text).toContain('within 1 business day');
    await memberContext.close();

    await page.goto('/admin');
    await openTab(page, 'Contact Messages');
    const rows = page.getByRole('region', { name: 'Contact messages table' }).getByRole('row');
    await expect(rows.filter({ hasText: `Urgent ${tag}` })).toContainText('Premium');
    const texts = await rows.allTextContents();
    expect(texts.findIndex((text) => text.includes(`Urgent ${tag}`))).toBeLessThan(texts.findIndex((text) => text.includes(`Later ${tag}`)));

    await openTab(page, 'Slack');
    const waiting = page.getByRole('listitem').filter({ hasText: memberEmail });
    await expect(waiting).toContainText(/waiting \d+ hours?/);
    await expectAccessible(page);
    await waiting.getByRole('button', { name: 'Send invitation' }).click();
    await expect(toast(page, 'Success')).toContainText('Invitation sent.');
    await expect(page.locator('section[aria-labelledby="slack-invited"]').getByText(memberEmail)).toBeVisible();
    await expect(page.locator('section[aria-labelledby="slack-waiting"]').getByText(memberEmail)).toHaveCount(0);
    const invitation = await waitForMail(memberEmail, /^Your invitation to the premium Slack community$/);
    expect(invitation.text).toContain('https://join.slack.com/');
  });
});
