import type { Page } from '@playwright/test';
import { questions } from '../shared/checkup/questions';
import { signInAsAdmin } from './accounts';
import { expect, expectAccessible, test } from './fixtures';
import { linkIn, waitForMail } from './mail';
import { uniqueEmail } from '../server/test/unique-email';

const labels = ['Not true at all', 'A little true', 'Mostly true', 'Totally true'];
/** Each project writes the sequence of a pillar of its own (one sequence per target), and none the Check-Up spec's answers make weakest (Gears). */
const pillarFor: Record<string, { value: string; name: string; slug: string }> = {
  desktop: { value: 'IMPACT', name: 'Impact', slug: 'impact' },
  mobile: { value: 'FUTURE', name: 'Future', slug: 'future' },
};

/** Takes the Check-Up as a visitor, answering `weakest`'s statements "Totally true" and the rest "Not true at all". */
async function takeCheckup(page: Page, email: string, weakest: string) {
  await page.goto('/checkup');
  // Typed once the page is React's, as a person who waits for the page to answer.
  await expect(page.locator('html[data-hydrated="true"]')).toHaveCount(1);
  await page.getByLabel('Email address').fill(email);
  await page.getByRole('button', { name: 'Start the Check-Up' }).click();
  for (let i = 1; i <= 20; i++) {
    await expect(page.getByText(`Question ${i} of 20`, { exact: true })).toBeVisible();
    const text = (await page.locator('main fieldset legend h2').textContent())!;
    const question = questions.find((q) => q.text === text)!;
    await page.getByText(labels[question.category === weakest ? 3 : 0]!, { exact: true }).click();
    if (i < 20) await page.getByRole('button', { name: 'Next' }).click();
  }
  await page.getByRole('button', { name: 'See Results' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Your Check-Up Results' })).toBeVisible({ timeout: 10_000 });
}

test.describe('Check-Up follow-ups', () => {
  test('an admin writes a one-step sequence and switches it on; a visitor who takes the Check-Up gets it by email, and its links open', async ({
    page,
    browser,
  }, testInfo) => {
    test.skip(
      testInfo.project.name === 'mobile',
      "the sequence's editor, the mail and its links are the same at every width (the admin's tabs and the Check-Up run at both)",
    );
    test.setTimeout(180_000);
    const project = testInfo.project.name;
    const pillar = pillarFor[project] ?? pillarFor.desktop!;
    const stamp = Date.now().toString(36);
    const subject = `Your ${pillar.name} next steps ${project} ${stamp}`;
    await signInAsAdmin(page, project);
    await page.goto('/admin');
    await page.getByRole('tab', { name: 'Follow-ups', exact: true }).click();
    await expect(page.getByRole('heading', { name: 'Check-Up follow-ups', exact: true })).toBeVisible();
    await expectAccessible(page);

    await page.getByRole('button', { name: 'New sequence' }).click();
    // Nothing written yet: the schema's words under the fields.
    await page.getByRole('button', { name: 'Save sequence' }).click();
    await expect(page.getByText('Name is required')).toBeVisible();
    await page.getByLabel('Name').fill(`${pillar.name} starters ${stamp}`);
    // An overall target is the grade the member's results showed, named as they read it.
    await page.getByLabel('Who it is for').selectOption('grade');
    await expect(page.getByLabel('Target', { exact: true }).locator('option:not([value=""])')).toHaveText([
      'B, Mostly Functional (health score 70-79%)',
      'C, Held Together by Hope & Coffee (health score 60-69%)',
      'D, Please Send Snacks (health score below 60%)',
    ]);
    await page.getByLabel('Who it is for').selectOption('pillar');
    await page.getByLabel('Target', { exact: true }).selectOption(pillar.value);
    await page.getByLabel('Step 1: delay in days').fill('400');
    await page.getByLabel('Step 1: subject').fill(subject);
    await page.getByLabel('Step 1: body (Markdown)').fill(`Three things to try **this week**.\n\n- Pick one measure\n- Share it`);
    await page.getByLabel('Its resources').check();
    await page.getByLabel('Its Allies category').check();
    const preview = page.frameLocator('iframe[title="Follow-up email preview"]');
    await expect(preview.getByText('this week')).toBeVisible();
    await expect(preview.getByRole('link', { name: `Read the ${pillar.name} Field Guide` })).toBeVisible();
    await expectAccessible(page);
    await page.screenshot({ path: testInfo.outputPath('follow-ups-editor.png'), fullPage: true });
    await page.getByRole('button', { name: 'Save sequence' }).click();
    await expect(page.getByText('Delay must be between 0 and 365 days')).toBeVisible();
    await page.getByLabel('Step 1: delay in days').fill('0');
    await page.getByRole('button', { name: 'Save sequence' }).click();

    const row = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: `${pillar.name} starters ${stamp}`, exact: true }) });
    await expect(row.getByText('Off', { exact: true })).toBeVisible();
    await row.getByRole('button', { name: 'Switch on' }).click();
    await expect(page.getByRole('alertdialog')).toContainText(new RegExp(`\\d+ Check-Ups? of the last 90 days fell in “Weakest pillar: ${pillar.name}”`));
    await page.getByRole('alertdialog').getByRole('button', { name: 'Switch on' }).click();
    await expect(row.getByText('On', { exact: true })).toBeVisible();
    await expect(row.getByRole('table')).toContainText(subject);
    await expectAccessible(page);
    await page.screenshot({ path: testInfo.outputPath('follow-ups-admin.png'), fullPage: true });

    // A visitor in a browser of their own.
    const visitor = await browser.newContext({ baseURL: testInfo.project.use.baseURL });
    const visitorPage = await visitor.newPage();
    const email = uniqueEmail(`follow-up-${project}`);
    await takeCheckup(visitorPage, email, pillar.value);
    const mail = await waitForMail(email, new RegExp(subject), 90_000);
    expect(mail.headers).toContain('List-Unsubscribe-Post: List-Unsubscribe=One-Click');
    expect(mail.text).toContain('Three things to try');

    const origin = new URL(testInfo.project.use.baseURL!).origin;
    await visitorPage.goto(linkIn(mail, `${origin}/field-guide/${pillar.slug}`));
    await expect(visitorPage.getByRole('heading', { level: 1 })).toContainText(pillar.name);
    await visitorPage.goto(linkIn(mail, `${origin}/resources?pillar=${pillar.slug}`));
    await expect(visitorPage.getByRole('heading', { level: 1 })).toBeVisible();
    const allies = await visitorPage.goto(linkIn(mail, `${origin}/allies?category=${pillar.name}`));
    expect(allies?.ok()).toBe(true);
    await visitorPage.goto(linkIn(mail, `${origin}/follow-ups/unsubscribe?token=`));
    await expect(visitorPage.getByRole('heading', { level: 1, name: 'Stop Check-Up follow-ups' })).toBeVisible();
    await expect(visitorPage.getByText(email.toLowerCase())).toBeVisible();
    await expectAccessible(visitorPage);
    await visitorPage.getByRole('button', { name: 'Stop follow-ups' }).click();
    await expect(visitorPage.getByRole('status')).toContainText('You will receive no more Check-Up follow-ups.');
    await expectAccessible(visitorPage);
    await visitorPage.screenshot({ path: testInfo.outputPath('follow-ups-unsubscribe.png'), fullPage: true });

    // The admin sees the step sent.
    await page.reload();
    await page.getByRole('tab', { name: 'Follow-ups', exact: true }).click();
    const sentRow = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: `${pillar.name} starters ${stamp}`, exact: true }) });
    await expect(sentRow.getByRole('row').nth(1).getByRole('cell').nth(3)).toHaveText('1');
    await visitor.close();
  });
});
