import type { Page } from '@playwright/test';
import { questions } from '../shared/checkup/questions';
import { expect, expectAccessible, test, uniqueEmail } from './fixtures';
import { linkIn, waitForMail } from './mail';

/**
 * Answers by question id, chosen so each pillar lands in a different band:
 * Impact 4 → 75% B, Humans 5 → 69% C, Fuel 8 → 50% D, Gears 6 → 63% C, Future 4 → 75% B;
 * total 27 → round(53/80 × 100) = 66% C.
 */
const answerFor = (id: number): 1 | 2 => (id === 8 || (id >= 9 && id <= 12) || id === 15 || id === 16 ? 2 : 1);
const labels = { 1: 'Not true at all', 2: 'A little true' } as const;
const expected = {
  overall: { grade: 'C', label: 'Held Together by Hope & Coffee', percent: '66%' },
  pillars: { IMPACT: ['75%', 'B'], HUMANS: ['69%', 'C'], FUEL: ['50%', 'D'], GEARS: ['63%', 'C'], FUTURE: ['75%', 'B'] },
} as const;

async function currentQuestionId(page: Page): Promise<number> {
  const text = (await page.locator('main form legend h2').innerText()).trim();
  const question = questions.find((q) => q.text === text);
  expect(question, `a known question: ${text}`).toBeDefined();
  return question!.id;
}

/** Answers all 20 by mouse and returns the order they came in. */
async function answerAllByMouse(page: Page): Promise<string[]> {
  const order: string[] = [];
  for (let n = 1; n <= 20; n++) {
    await expect(page.getByText(`Question ${n} of 20`)).toBeVisible();
    const next = page.getByRole('button', { name: n === 20 ? 'See Results' : 'Next' });
    await expect(next).toBeDisabled();
    const id = await currentQuestionId(page);
    order.push(questions.find((q) => q.id === id)!.text);
    await page.getByText(labels[answerFor(id)], { exact: true }).click();
    await expect(next).toBeEnabled();
    await next.click();
  }
  return order;
}

async function expectGrades(page: Page) {
  const overall = page.getByTestId('overall-grade');
  await expect(overall).toContainText(expected.overall.grade);
  await expect(overall).toContainText(expected.overall.label);
  await expect(overall).toContainText(expected.overall.percent);
  for (const [pillar, [percent, grade]] of Object.entries(expected.pillars)) {
    const row = page.locator(`tr[data-pillar="${pillar}"]`);
    await expect(row, pillar).toContainText(percent);
    await expect(row.locator('td').last(), pillar).toContainText(grade);
  }
}

test.describe('the Check-Up', () => {
  test.slow();

  test('by mouse: gate, 20 questions, overlay, grades, breakdown email with a working results link, retake reshuffles', async ({ page }) => {
    const email = uniqueEmail('checkup');
    await page.goto('/checkup');
    await expect(page.getByRole('heading', { level: 1, name: 'The Check-Up' })).toBeVisible();
    await expectAccessible(page);

    await page.getByRole('button', { name: 'Start the Check-Up' }).click();
    await expect(page.getByText('Email Required', { exact: true })).toBeVisible();
    await expect(page.getByText('Please enter your email to start the check-up.', { exact: true })).toBeVisible();

    await page.getByLabel('Email address').fill(email);
    await page.getByLabel('Email address').press('Enter');
    await expect(page.getByText('Great!', { exact: true })).toBeVisible();
    await expect(page.getByText("You now have access to free resources. Let's start your check-up!", { exact: true })).toBeVisible();
    expect(await page.evaluate(() => [localStorage.getItem('nish_newsletter_signup'), localStorage.getItem('nish_newsletter_email')])).toEqual(['true', email]);

    await expect(page.getByText('Question 1 of 20')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Previous' })).toBeDisabled();
    for (const label of ['Not true at all', 'A little true', 'Mostly true', 'Totally true']) await expect(page.getByText(label, { exact: true })).toBeVisible();
    await expectAccessible(page);
    const firstOrder = await answerAllByMouse(page);

    const overlay = page.getByText('You did it!');
    await expect(overlay).toBeVisible();
    await expect(page.getByRole('heading', { level: 1, name: 'Your Check-Up Results' })).toBeVisible({ timeout: 6000 });
    await expect(overlay).toBeHidden();
    await expectGrades(page);

    // One pillar section open at a time, each linking to its field guide.
    await page.getByRole('button', { name: /Fuel/ }).click();
    await expect(page.getByRole('link', { name: /Fuel Field Guide/ }).last()).toHaveAttribute('href', '/field-guide/fuel');
    await page.getByRole('button', { name: /Gears/ }).click();
    await expect(page.getByRole('button', { name: /Gears/ })).toHaveAttribute('aria-expanded', 'true');
    await expect(page.getByRole('button', { name: /Fuel/ })).toHaveAttribute('aria-expanded', 'false');
    for (const href of ['/resources', '/create-profile', '/newsletter', '/']) await expect(page.locator(`main a[href="${href}"]`).first()).toBeVisible();
    await expectAccessible(page);

    const breakdownEmail = page.getByLabel('Email for your breakdown');
    await expect(breakdownEmail).toHaveValue(email);
    await breakdownEmail.fill('');
    await page.getByRole('button', { name: /breakdown/i }).click();
    await expect(page.getByText('Please enter your email to receive your detailed breakdown.', { exact: true })).toBeVisible();
    await breakdownEmail.fill(email);
    await page.getByRole('button', { name: /breakdown/i }).click();
    await expect(page.getByText('Request submitted!', { exact: true })).toBeVisible();
    await expect(page.getByText("We'll review your results and send personalized recommendations to your email soon.", { exact: true })).toBeVisible();
    await expect(breakdownEmail).toHaveValue('');

    const mail = await waitForMail(email, /Your Check-Up breakdown: grade C \(Held Together by Hope & Coffee\)/);
    expect(mail.body).toContain('/field-guide/fuel');
    const resultsUrl = linkIn(mail, `${new URL(page.url()).origin}/checkup/results/`);

    await page.getByRole('button', { name: 'Take Quiz Again' }).click();
    await expect(page.getByLabel('Email address')).toHaveValue('');
    await page.getByLabel('Email address').fill(email);
    await page.getByRole('button', { name: 'Start the Check-Up' }).click();
    await expect(page.getByText('Question 1 of 20')).toBeVisible();
    const secondOrder: string[] = [];
    for (let n = 1; n <= 20; n++) {
      const id = await currentQuestionId(page);
      secondOrder.push(questions.find((q) => q.id === id)!.text);
      await page.keyboard.press(String(answerFor(id)));
      await page.keyboard.press('Enter');
      if (n < 20) await expect(page.getByText(`Question ${n + 1} of 20`)).toBeVisible();
    }
    // 20! orders: the same one twice would mean no reshuffle.
    expect(secondOrder).not.toEqual(firstOrder);
    expect([...secondOrder].sort()).toEqual([...firstOrder].sort());

    await page.goto(resultsUrl);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expectGrades(page);
  });

  test('by keyboard alone, skipping the gate for a visitor who already signed up', async ({ page }) => {
    const email = uniqueEmail('keys');
    await page.addInitScript((address) => {
      localStorage.setItem('nish_newsletter_signup', 'true');
      localStorage.setItem('nish_newsletter_email', address);
    }, email);
    const started = page.waitForRequest((r) => r.url().endsWith('/api/events') && r.postDataJSON()?.kind === 'quiz_start');
    await page.goto('/checkup');
    await started;
    await expect(page.getByText('Question 1 of 20')).toBeVisible();
    await page.keyboard.press('Enter'); // not answered yet: stays
    await expect(page.getByText('Question 1 of 20')).toBeVisible();
    const saved = page.waitForResponse((r) => r.url().endsWith('/api/checkup-results') && r.request().method() === 'POST');
    const completed = page.waitForRequest((r) => r.url().endsWith('/api/events') && r.postDataJSON()?.kind === 'quiz_complete');
    for (let n = 1; n <= 20; n++) {
      const id = await currentQuestionId(page);
      await page.keyboard.press(String(answerFor(id)));
      await expect(page.getByRole('radio', { name: labels[answerFor(id)] })).toBeChecked();
      await page.keyboard.press('Enter');
      if (n < 20) await expect(page.getByText(`Question ${n + 1} of 20`)).toBeVisible();
    }
    expect((await completed).postDataJSON().props).toEqual({ grade: 'C' });
    const stored = await (await saved).json();
    expect(stored).toMatchObject({ totalScore: 27, score: 27, grade: 'C', categoryScores: { IMPACT: 4, HUMANS: 5, FUEL: 8, GEARS: 6, FUTURE: 4 } });
    await expect(page.getByRole('heading', { level: 1, name: 'Your Check-Up Results' })).toBeVisible({ timeout: 6000 });
    await expectGrades(page);
  });
});
