import type { APIRequestContext, Locator } from '@playwright/test';
import { gradeScores, scoreAnswers } from '../shared/checkup/grading';
import { questions } from '../shared/checkup/questions';
import { DEFAULT_SITE_TIMEZONE, siteDate } from '../shared/site-year';
import { uniqueEmail } from '../server/test/unique-email';
import { baseURL } from '../playwright.config';
import { register, signInAsAdmin } from './accounts';
import { expect, expectAccessible, test } from './fixtures';
import { buyTeamPlan, joinTeam } from './team-setup';
import { linkIn, mailsTo, waitForMail } from './mail';

/**
 * From a result to a plan, as people use it, at the project's width (1280 or 375 px), each new page
 * scanned by axe: a personal plan (two suggested actions due the same day, one digest mail, one
 * marked done, the reassessment replacing the usual reminder, the next Check-Up saying whether it
 * worked), and a team plan (made from a round's result, an action given to a team member).
 */

type Answer = 1 | 2 | 3 | 4;

/** The answer given for each statement of the pillars in `values` (4, 'Totally true', is the most dysfunction), `others` for the rest. */
function answersFor(values: Partial<Record<string, Answer>>, others: Answer): Record<string, number> {
  return Object.fromEntries(questions.map((question) => [String(question.id), values[question.category] ?? others]));
}

/** The suggestions of a priority's list, each with its checkbox: not the items of the link lists nested in them. */
const suggestionsIn = (list: Locator) => list.getByRole('listitem').filter({ has: list.page().getByRole('checkbox') });

const percentOf = (answers: Record<string, number>, pillar: 'FUEL' | 'HUMANS') => gradeScores(scoreAnswers(answers)).pillars[pillar].percent;

/** The calendar day `days` after today on the site's clock (the e2e server's default zone), as a date input takes it. */
function dayAfterToday(days: number): string {
  const { year, month, day } = siteDate(new Date(), DEFAULT_SITE_TIMEZONE);
  return new Date(Date.UTC(year, month - 1, day + days, 12)).toISOString().slice(0, 10);
}

/** A Check-Up taken by the signed-in `request`'s account: the result's id. */
async function takeCheckup(request: APIRequestContext, email: string, answers: Record<string, number>): Promise<string> {
  const saved = await request.post('/api/checkup-results', { data: { email, answers } });
  expect(saved.status()).toBe(201);
  return ((await saved.json()) as { id: string }).id;
}

test.describe('plans', () => {
  test('a personal plan: from the result, two actions due one day (one digest), one done, the history, the reassessment, and whether it worked', async ({
    page,
    visit,
  }, info) => {
    test.setTimeout(120_000);
    const email = uniqueEmail(`plan-${info.project.name}`);
    await register(page.request, email, 'Dana');
    // Fuel clearly the weakest, Humans next: the proposal lists Fuel first.
    const first = answersFor({ FUEL: 4, HUMANS: 3 }, 2);
    const resultId = await takeCheckup(page.request, email, first);

    // The result's page offers to make a plan.
    await visit(`/checkup/results/${resultId}`);
    await page.screenshot({ path: info.outputPath(`results-make-a-plan-${info.project.name}.png`), fullPage: true });
    await page.getByRole('link', { name: 'Make a plan' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Make a plan' })).toBeVisible();
    await expectAccessible(page);

    // Nothing chosen: the shared schema's words, before anything is sent.
    await page.getByRole('button', { name: 'Make the plan' }).click();
    await expect(page.getByText('Choose at least one action')).toBeVisible();

    // Two suggestions of the weakest pillar, both due the same day inside the reminder window.
    const fuel = page.getByRole('list', { name: /^Suggestions: Fuel/ }).first();
    const suggestions = fuel.getByRole('checkbox');
    const titleOf = async (index: number) => (await suggestionsIn(fuel).nth(index).locator('label').first().innerText()).split('\n')[0]!;
    const titles: [string, string] = [await titleOf(0), await titleOf(1)];
    await suggestions.nth(0).check();
    await suggestions.nth(1).check();
    const due = dayAfterToday(1);
    await suggestionsIn(fuel).nth(0).getByLabel('Due date').fill(due);
    await suggestionsIn(fuel).nth(1).getByLabel('Due date').fill(due);
    await expect(page.getByText('It replaces the usual Check-Up reminder.')).toBeVisible();
    // A reassessment date of today is refused by the server, its words under the field until it changes.
    const reassess = page.getByLabel('Reassessment date');
    const defaultReassessOn = await reassess.inputValue();
    await reassess.fill(dayAfterToday(0));
    await page.getByRole('button', { name: 'Make the plan' }).click();
    await expect(page.getByText('Reassessment date must be after today.')).toBeVisible();
    await reassess.fill(defaultReassessOn);
    await expect(page.getByText('Reassessment date must be after today.')).toBeHidden();
    await suggestionsIn(fuel).nth(0).getByLabel('Note (optional)').fill('Ask the treasurer first');
    await page.screenshot({ path: info.outputPath(`plan-new-${info.project.name}.png`), fullPage: true });
    await page.getByRole('button', { name: 'Make the plan' }).click();

    // The plan's page: the actions by pillar, the reassessment replacing the usual reminder.
    await expect(page.getByRole('heading', { level: 1, name: /^Plan from / })).toBeVisible();
    await expect(page).toHaveURL(/\/plans\/[0-9a-f-]{36}$/);
    const planPath = new URL(page.url()).pathname;
    await expect(page.getByRole('heading', { level: 3, name: 'Fuel' })).toBeVisible();
    await expect(page.getByTestId('plan-action')).toHaveCount(2);
    await expect(page.getByTestId('reassess-line')).toContainText('This reminder replaces the usual Check-Up reminder: nobody gets both.');
    await expect(page.getByRole('link', { name: 'Add due dates to your calendar' })).toHaveAttribute('href', /\/api\/plans\/.+\/calendar\.ics$/);
    await expectAccessible(page);

    // One digest for the two actions due the same day, listing both, and only one (the server runs its
    // reminders seconds after a due date is saved; an action marked done before then is not reminded).
    const digest = await waitForMail(email, /^Your plan: 2 actions are due soon$/, 60_000);
    expect(digest.text).toContain(titles[0]);
    expect(digest.text).toContain(titles[1]);

    // One of them done: saved on its own, and the history says who did it.
    const done = page.getByTestId('plan-action').filter({ hasText: titles[0] });
    await done.getByLabel('Status').selectOption('done');
    await expect(done.getByText('Done', { exact: true }).first()).toBeVisible();
    const history = page.getByRole('list', { name: 'Who did what, newest first' });
    await expect(history.getByRole('listitem').first()).toContainText('done');
    await expect(history.getByRole('listitem').first()).toContainText('Dana');
    await page.screenshot({ path: info.outputPath(`plan-${info.project.name}.png`), fullPage: true });

    // /plans and the member home show the plan's progress and next action.
    await visit('/plans');
    await expect(page.getByText('1 of 2 done')).toBeVisible();
    await expect(page.getByRole('list', { name: 'Next actions' }).getByText(titles[1])).toBeVisible();
    await page.screenshot({ path: info.outputPath(`plans-${info.project.name}.png`), fullPage: true });
    await visit('/');
    await expect(page.getByRole('heading', { name: 'Your next actions' })).toBeVisible();
    await expect(page.getByRole('list', { name: 'Next actions' }).getByText(titles[1])).toBeVisible();
    await page.screenshot({ path: info.outputPath(`home-next-actions-${info.project.name}.png`), fullPage: true });

    // The next Check-Up: Fuel is healthier, and its result says so beside what was done.
    const second = answersFor({ HUMANS: 3 }, 2);
    const nextId = await takeCheckup(page.request, email, second);
    await visit(`/checkup/results/${nextId}`);
    const didItWork = page.getByRole('region', { name: 'Did it work?' });
    await expect(didItWork).toContainText(`Fuel: ${percentOf(first, 'FUEL')}% → ${percentOf(second, 'FUEL')}% after 1 of 2 actions`);
    await expect(didItWork.getByRole('link', { name: 'your plan' })).toHaveAttribute('href', planPath);
    await page.screenshot({ path: info.outputPath(`results-did-it-work-${info.project.name}.png`), fullPage: true });

    // Still the one digest, tens of seconds and several changes later.
    expect(mailsTo(email, /^Your plan: /)).toHaveLength(1);
  });

  test("a team plan: made from a round's result, an action given to a team member, one done, the history in the team's name", async ({
    page,
    browser,
    visit,
  }, info) => {
    test.setTimeout(120_000);
    const buyerEmail = uniqueEmail(`plan-buyer-${info.project.name}`);
    const memberEmail = uniqueEmail(`plan-member-${info.project.name}`);
    const outsideEmail = uniqueEmail(`plan-outside-${info.project.name}`);
    await register(page.request, buyerEmail, 'Tess');
    await buyTeamPlan(page.request);
    const member = await joinTeam(page.request, browser, info, memberEmail, 'Omar');

    // A round of three: the buyer, the member and someone from outside, all answering by their links.
    const rounds = (await (await page.request.get('/api/team/checkup/rounds')).json()) as { people: Array<{ userId: string; email: string }> };
    const started = await page.request.post('/api/team/checkup/rounds', {
      data: { name: 'Autumn round', closesOn: dayAfterToday(14), memberIds: rounds.people.map((person) => person.userId), emails: [outsideEmail] },
    });
    expect(started.ok()).toBe(true);
    const roundId = ((await started.json()) as { id: string }).id;
    for (const [index, address] of [buyerEmail, memberEmail, outsideEmail].entries()) {
      const link = linkIn(await waitForMail(address, /asks you to take a team Check-Up/), `${baseURL}/team-checkup/answer/`);
      const token = link.split('/').pop()!;
      const answered = await page.request.post(`/api/team-checkup/links/${token}`, {
        data: { answers: answersFor({ GEARS: index === 0 ? 4 : 3 }, 2), role: index === 2 ? 'board' : 'staff' },
      });
      expect(answered.ok()).toBe(true);
    }

    // The round's result: Make a plan.
    await visit(`/team-checkup/rounds/${roundId}/result`);
    await page.getByRole('link', { name: 'Make a plan' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Make a plan' })).toBeVisible();
    await expect(page.getByText('Team plan', { exact: true })).toBeVisible();
    await expectAccessible(page);
    const gears = page.getByRole('list', { name: /^Suggestions: Gears/ }).first();
    await gears.getByRole('checkbox').nth(0).check();
    await gears.getByRole('checkbox').nth(1).check();
    const action = (await suggestionsIn(gears).nth(1).locator('label').first().innerText()).split('\n')[0]!;
    await page.getByRole('button', { name: 'Make the plan' }).click();

    // The plan's page: the team's name; one action given to Omar, one marked done.
    await expect(page.getByRole('heading', { level: 1, name: /^Plan from / })).toBeVisible();
    await expect(page.getByText(/^Team plan · /)).toBeVisible();
    await expect(page.getByText(/ · shared with the people of Tess Tester’s team$/)).toBeVisible();
    const given = page.getByTestId('plan-action').filter({ hasText: action });
    await given.getByLabel('Owner').selectOption({ label: 'Omar Tester' });
    await expect(given.getByText('Owner: Omar Tester')).toBeVisible();
    const other = page.getByTestId('plan-action').filter({ hasNotText: action });
    await other.getByLabel('Status').selectOption('in-progress');
    await other.getByLabel('Status').selectOption('done');
    const history = page.getByRole('list', { name: 'Who did what, newest first' });
    await expect(history.getByRole('listitem').first()).toContainText('done');
    await expect(history.getByText(/Omar/)).toBeVisible();
    await expectAccessible(page);
    await page.screenshot({ path: info.outputPath(`team-plan-${info.project.name}.png`), fullPage: true });

    // The member sees the same plan and its history (every change says who made it), and changes the action given to them.
    const memberPage = await member.newPage();
    await memberPage.goto(new URL(page.url()).pathname);
    await expect(memberPage.getByRole('heading', { level: 1, name: /^Plan from / })).toBeVisible();
    await expect(memberPage.getByRole('list', { name: 'Who did what, newest first' }).getByText(/Tess/).first()).toBeVisible();
    await memberPage.getByTestId('plan-action').filter({ hasText: action }).getByLabel('Status').selectOption('in-progress');
    await expect(memberPage.getByRole('list', { name: 'Who did what, newest first' }).getByRole('listitem').first()).toContainText('Omar');
    await member.close();

    // The buyer's page still holds the action as it was: their change is refused with the server's words, and the action is read again.
    await given.getByLabel('Status').selectOption('dropped');
    await expect(given.getByRole('alert')).toBeVisible();
    await expect(given.getByLabel('Status')).toHaveValue('in-progress');
  });

  test("the admin's Plans tab: how many plans, and the figures held back under 10 plans", async ({ page, visit }, info) => {
    await signInAsAdmin(page, info.project.name);
    await visit('/admin');
    await page.getByRole('tab', { name: 'Plans', exact: true }).click();
    const panel = page.getByRole('region', { name: 'Plans' });
    await expect(panel.getByText(/^\d+ plans? made$/)).toBeVisible();
    await expect(panel.getByText(/^Counted on .+, and again every 15 minutes\.$/)).toBeVisible();
    await expect(panel.getByRole('table', { name: 'Average change per planned pillar' })).toBeVisible();
    await expect(panel.getByText('Shown from 10 plans on').first()).toBeVisible();
    await expectAccessible(page);
  });
});
