import type { Page } from '@playwright/test';
import { signInAsAdmin } from './accounts';
import { atBothWidths, expect, test } from './fixtures';
import { waitForMail } from './mail';

/** The server's clock is the site's default time zone (America/New_York): what the admin types. */
const siteLocal = (offsetMinutes: number) => {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone: 'America/New_York',
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
  }).formatToParts(new Date(Date.now() + offsetMinutes * 60_000));
  const get = (type: string) => parts.find((p) => p.type === type)!.value;
  return `${get('year')}-${get('month')}-${get('day')}T${get('hour')}:${get('minute')}`;
};

async function scheduleWebinar(page: Page, title: string, startsAt: string) {
  await page.getByRole('button', { name: 'New webinar' }).click();
  await page.getByLabel('Title').fill(title);
  await page.getByLabel(/^Start \(America\/New_York time\)/).fill(startsAt);
  await page.getByLabel('Length (minutes)').fill('45');
  await page.getByLabel('Video room link').fill('https://meet.example.org/room-42');
  await page.getByLabel('Description (Markdown)').fill('Bring **one question** about your board.');
  await page.getByRole('button', { name: 'Save webinar' }).click();
  await expect(page.getByRole('heading', { name: 'Webinars', exact: true })).toBeVisible();
}

test.describe('premium webinars', () => {
  test('an admin schedules a webinar, a premium member signs up, gets the invitation and joins; the recording reaches the library', async ({
    page,
    browser,
  }, testInfo) => {
    test.skip(
      testInfo.project.name === 'mobile',
      "one run: the admin's list, the visitor's and the member's /webinars are scanned and photographed at 1280 and 375 px below",
    );
    test.setTimeout(120_000);
    const project = testInfo.project.name;
    const tag = `${project}${Date.now().toString(36)}`;
    const title = `Board fundraising live ${tag}`;
    await signInAsAdmin(page, project);
    await page.goto('/admin');
    await page.getByRole('tab', { name: 'Webinars', exact: true }).click();
    await expect(page.getByRole('heading', { name: 'Webinars', exact: true })).toBeVisible();
    // In ten minutes: the room is already open to the people signed up.
    await scheduleWebinar(page, title, siteLocal(10));
    // Rows of the admin's list (a toast naming the webinar is a list item too).
    const adminList = page.getByRole('region', { name: 'Webinars', exact: true });
    const row = adminList.getByRole('listitem').filter({ hasText: title });
    await expect(row).toContainText('Upcoming');
    await expect(row).toContainText('0 signed up');
    await atBothWidths(page, testInfo, 'webinars-admin');

    // A visitor sees what is coming, and the way to the plans.
    const visitorContext = await browser.newContext({ baseURL: testInfo.project.use.baseURL });
    const visitor = await visitorContext.newPage();
    await visitor.goto('/webinars');
    const teaser = visitor.getByRole('listitem').filter({ hasText: title });
    await expect(teaser).toContainText('Premium members sign up here');
    await expect(teaser.getByRole('link', { name: 'Join the webinar' })).toHaveCount(0);
    await expect(visitor.getByText('The library is part of premium membership.')).toBeVisible();
    await atBothWidths(visitor, testInfo, 'webinars-visitor');
    await visitorContext.close();

    // A premium member signs up in one click and the room link is there.
    const member = await browser.newContext({ baseURL: testInfo.project.use.baseURL });
    const email = `webinar.${tag}@example.org`;
    const registered = await member.request.post('/api/register', { data: { email, password: 'correct-horse', firstName: 'Lee', lastName: 'Member' } });
    const memberId = ((await registered.json()) as { id: string }).id;
    expect((await page.request.patch(`/api/admin/users/${memberId}/premium`, { data: { isPremium: true } })).ok()).toBe(true);
    const memberPage = await member.newPage();
    await memberPage.goto('/webinars');
    const card = memberPage.getByRole('listitem').filter({ hasText: title });
    await expect(card.locator('strong', { hasText: 'one question' })).toBeVisible();
    await card.getByRole('button', { name: 'Sign up' }).click();
    await expect(memberPage.getByRole('status').filter({ hasText: "You're signed up. The invitation is on its way to your inbox." }).first()).toBeVisible();
    await expect(card.getByText("You're signed up")).toBeVisible();
    await expect(card.getByRole('link', { name: /Join the webinar/ })).toHaveAttribute('href', 'https://meet.example.org/room-42');
    const invitation = await waitForMail(email, new RegExp(`^You're signed up: ${title}$`));
    expect(invitation.text).toContain('BEGIN:VCALENDAR');
    expect(invitation.text).toContain('METHOD:REQUEST');
    await atBothWidths(memberPage, testInfo, 'webinars-signed-up');

    // The premium hub shows it too.
    await memberPage.goto('/premium-resources');
    await expect(memberPage.getByRole('region', { name: 'Upcoming webinars' })).toBeVisible();

    // An earlier webinar gets its recording; the member finds it by searching the library.
    await page.reload();
    await page.getByRole('tab', { name: 'Webinars', exact: true }).click();
    await expect(adminList.getByRole('listitem').filter({ hasText: title })).toContainText('1 signed up');
    const earlier = `Cash reserves recorded ${tag}`;
    await scheduleWebinar(page, earlier, siteLocal(-3 * 24 * 60));
    const held = adminList.getByRole('listitem').filter({ hasText: earlier });
    await expect(held).toContainText('Held');
    await held.getByRole('button', { name: 'Add the recording' }).click();
    const form = held.getByRole('group', { name: `Recording of ${earlier}` });
    await form.getByLabel('Recording link').fill('javascript:alert(1)');
    await form.getByRole('button', { name: 'Save the recording' }).click();
    await expect(form.getByText('Recording link must be an address starting with https:// or http://')).toBeVisible();
    await form.getByLabel('Recording link').fill('https://video.example.org/reserves');
    await form.getByLabel('Summary (Markdown, optional)').fill('Three months of **reserves**, built in a year.');
    await form.getByRole('button', { name: 'Save the recording' }).click();
    await expect(held).toContainText('Recorded');

    await memberPage.goto('/webinars');
    await memberPage.getByLabel('Search the recordings').fill(`reserves recorded ${tag}`);
    await expect(memberPage.getByRole('status').filter({ hasText: /^1 recording for/ })).toBeVisible();
    const recording = memberPage.getByRole('listitem').filter({ hasText: earlier });
    await expect(recording.getByRole('link', { name: /Watch the recording/ })).toHaveAttribute('href', 'https://video.example.org/reserves');
    await memberPage.getByLabel('Search the recordings').fill(`nothing like this ${tag}`);
    await expect(memberPage.getByText('No recording matches that search.')).toBeVisible();
    await member.close();
  });
});
