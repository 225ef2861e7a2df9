import { signInAsAdmin } from './accounts';
import { atBothWidths, expect, test } from './fixtures';
import { linkIn, waitForMail } from './mail';
import { baseURL } from '../playwright.config';

/*
 * Decision 046: the send dialog counts the audience as it opens, an admin makes a segment, and
 * the preferences link of an edition opens a page that saves topics, with and without scripts.
 * What is checked does not depend on the width: desktop only, with screenshots at both widths.
 */

test('the send dialog counts its audience, a segment is made, and an edition’s preferences link saves topics with and without scripts', async ({
  page,
  browser,
}, info) => {
  test.skip(info.project.name === 'mobile', 'what is saved and counted does not depend on the width (screenshots at both widths are taken)');
  test.setTimeout(150_000);
  const stamp = Date.now().toString(36);
  await signInAsAdmin(page, info.project.name);
  const reader = await browser.newContext({ baseURL: info.project.use.baseURL });
  const email = `prefs.${stamp}@example.org`;
  const registered = await reader.request.post('/api/register', { data: { email, password: 'correct-horse', firstName: 'Robin', lastName: 'Reader' } });
  expect(registered.status()).toBe(201);
  const { id: userId } = (await registered.json()) as { id: string };
  expect((await page.request.patch(`/api/admin/users/${userId}/premium`, { data: { isPremium: true } })).ok()).toBe(true);

  const title = `Members note ${stamp}`;
  const created = await page.request.post('/api/admin/editions', {
    data: { title, summary: '', slug: `members-note-${stamp}`, body: 'A short note.', audience: 'premium' },
  });
  expect(created.status()).toBe(201);

  await page.goto('/admin');
  await page.getByRole('tab', { name: 'Weekly Dish', exact: true }).click();
  // A segment, made in the admin: its row says how many it has now.
  await page.getByRole('button', { name: 'New segment' }).click();
  await page.getByLabel('Name').fill(`Fuel first ${stamp}`);
  await page.getByRole('checkbox', { name: 'Fuel' }).check();
  // Grades as the member's results named them, never the admin's status bands.
  await page.getByRole('checkbox', { name: 'D, Please Send Snacks' }).check();
  await atBothWidths(page, info, 'admin-segment-form');
  await page.getByRole('button', { name: 'Save segment' }).click();
  // The list's row, not the toast that names the segment too while it shows.
  const segmentRow = page
    .getByRole('listitem')
    .filter({ hasText: `Fuel first ${stamp}` })
    .filter({ hasText: /subscribers? now/ });
  await expect(segmentRow.getByText(/^[\d,]+ subscribers? now$/)).toBeVisible();
  await expect(segmentRow).toContainText('Weakest pillar: Fuel · Grade: D, Please Send Snacks');
  await atBothWidths(page, info, 'admin-segments');

  // The dialog's figure is the server's count as it opens.
  const { count } = (await (await page.request.get('/api/admin/editions/audience/premium')).json()) as { count: number };
  const row = page.getByRole('listitem').filter({ hasText: title });
  await row.getByRole('button', { name: 'Send now' }).click();
  const dialog = page.getByRole('alertdialog');
  await expect(dialog).toContainText(`will go to ${count.toLocaleString('en-US')} ${count === 1 ? 'person' : 'people'} (premium members only) now`);
  await page.screenshot({ path: info.outputPath('send-dialog-1280.png') });
  await dialog.getByRole('button', { name: 'Send now' }).click();

  const mail = await waitForMail(email, new RegExp(`^${title}$`), 60_000);
  const link = linkIn(mail, `${baseURL}/preferences?token=`);
  const prefs = await reader.newPage();
  await prefs.goto(link);
  await expect(prefs.locator('html[data-hydrated="true"]')).toHaveCount(1);
  await expect(prefs.getByRole('heading', { level: 1, name: 'Email preferences' })).toBeVisible();
  // Every kind of mail the address can leave (decision 071), each on until left.
  for (const topic of [
    'The Weekly Dish',
    'Webinar and event news',
    'Allies news',
    'Check-Up follow-ups',
    'Check-Up reminders',
    'Team Check-Up invitations',
    'Plan reminders',
  ])
    await expect(prefs.getByRole('checkbox', { name: new RegExp(topic) })).toBeChecked();
  await prefs.getByRole('checkbox', { name: /Webinar and event news/ }).uncheck();
  await prefs.getByRole('checkbox', { name: /Allies news/ }).press('Space');
  await prefs.getByRole('checkbox', { name: /Check-Up reminders/ }).uncheck();
  await prefs.getByRole('button', { name: 'Save my choices' }).click();
  await expect(prefs.getByRole('status')).toHaveText(
    'Your choices are saved. You receive: The Weekly Dish, Check-Up follow-ups, Team Check-Up invitations, Plan reminders.',
  );
  await atBothWidths(prefs, info, 'preferences-saved');

  // Without scripts: the server's page and its plain form, answered with the page again.
  const noScripts = await browser.newContext({ baseURL: info.project.use.baseURL, javaScriptEnabled: false });
  const plain = await noScripts.newPage();
  await plain.goto(link);
  await expect(plain.getByRole('checkbox', { name: /Allies news/ })).not.toBeChecked();
  await expect(plain.getByRole('checkbox', { name: /Check-Up reminders/ })).not.toBeChecked();
  await plain.getByRole('checkbox', { name: /The Weekly Dish/ }).uncheck();
  await plain.getByRole('checkbox', { name: /Check-Up follow-ups/ }).uncheck();
  await plain.getByRole('checkbox', { name: /Team Check-Up invitations/ }).uncheck();
  await plain.getByRole('checkbox', { name: /Plan reminders/ }).uncheck();
  await plain.getByRole('button', { name: 'Save my choices' }).click();
  await expect(plain.getByRole('status')).toHaveText('Your choices are saved. You receive none of these emails.');
  await expect(plain.getByRole('checkbox', { name: /The Weekly Dish/ })).not.toBeChecked();

  // A tampered link is refused, and says what to do.
  await prefs.goto(link.replace(/.{4}$/, 'AAAA'));
  await expect(prefs.getByRole('alert')).toContainText('This preferences link is not valid');
  await atBothWidths(prefs, info, 'preferences-tampered');
  await noScripts.close();
  await reader.close();
});
