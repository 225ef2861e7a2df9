import type { Page } from '@playwright/test';
import sharp from 'sharp';
import { signInAsAdmin } from './accounts';
import { expect, expectAccessible, test } from './fixtures';

/** Each project edits its own guide: the two run at the same time against one server. */
const guideOf = { desktop: { slug: 'fuel', title: 'The Fuel Field Guide' }, mobile: { slug: 'future', title: 'The Future Field Guide' } } as const;

async function openContent(page: Page) {
  await page.goto('/admin');
  await page.getByRole('tab', { name: 'Content', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Content', exact: true })).toBeVisible();
}

const toast = (page: Page, title: string) => page.getByRole('status').filter({ hasText: title }).first();

test.describe('publishing from the admin', () => {
  test('an admin corrects a field guide, visitors see it at once, and the earlier version is restored', async ({ page, browser }, testInfo) => {
    test.skip(
      testInfo.project.name === 'mobile',
      "publishing and restoring are the same at every width (the guide pages and the admin's tabs are drawn at both by other specs)",
    );
    test.setTimeout(120_000);
    const project = testInfo.project.name as keyof typeof guideOf;
    const guide = guideOf[project];
    const correction = `A correction by the team, ${project} ${Date.now().toString(36)}.`;
    await signInAsAdmin(page, project);
    await openContent(page);
    await expect(page.getByRole('heading', { name: /Field guides/ })).toBeVisible();
    await expect(page.getByRole('heading', { name: /Resources library/ })).toBeVisible();
    await expectAccessible(page);
    await page.getByRole('button', { name: `Edit ${guide.title}` }).click();

    const body = page.getByLabel('Body (Markdown)');
    await expect(body).toHaveValue(/\S/);
    await body.press('ControlOrMeta+End');
    await body.pressSequentially(`\n\n${correction} `);
    await page.getByRole('button', { name: 'Bold' }).click();
    await page.keyboard.type('Keep a reserve');
    await expect(body).toHaveValue(/\*\*Keep a reserve\*\*$/);
    // The preview is the real page, rendered by the server with the draft.
    const preview = page.frameLocator('iframe[title="Page preview"]');
    await expect(preview.getByText(correction)).toBeVisible();
    await expect(preview.getByRole('heading', { level: 1, name: guide.title })).toBeVisible();

    await page.getByRole('button', { name: 'Save draft' }).click();
    await expect(toast(page, 'Draft saved')).toBeVisible();
    await expect(page.getByText('Published · unpublished changes')).toBeVisible();
    // Saved is not published: a visitor still reads the live version.
    const visitor = await browser.newPage({ baseURL: testInfo.project.use.baseURL });
    await visitor.goto(`/field-guide/${guide.slug}`);
    await expect(visitor.getByRole('heading', { level: 1, name: guide.title })).toBeVisible();
    await expect(visitor.getByText(correction)).toHaveCount(0);

    await page.getByRole('button', { name: 'Publish now' }).click();
    await expect(page.getByRole('alertdialog')).toContainText('will replace the live version on every page of the site at once');
    await page.getByRole('alertdialog').getByRole('button', { name: 'Publish now' }).click();
    await expect(toast(page, 'Published')).toBeVisible();
    await visitor.reload();
    await expect(visitor.getByText(correction)).toBeVisible();
    await expect(visitor.locator('strong', { hasText: 'Keep a reserve' })).toBeVisible();

    // The history: the new version is live, its changes are the added paragraph; the one before comes back.
    const versions = page.getByRole('region', { name: 'Published versions' });
    const rows = versions.getByRole('listitem');
    const latest = rows.first();
    await expect(latest).toContainText('Live');
    await latest.getByRole('button', { name: 'See changes' }).click();
    await expect(latest.locator('ins')).toContainText(correction);
    await expectAccessible(page);
    const previous = rows.nth(1);
    const previousNumber = /Version (\d+)/.exec((await previous.textContent()) ?? '')![1];
    await previous.getByRole('button', { name: 'Restore' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Restore' }).click();
    await expect(toast(page, 'Version restored')).toBeVisible();
    await expect(rows.first()).toContainText('Live');
    expect(await rows.count()).toBeGreaterThanOrEqual(Number(previousNumber) + 2);
    await expect(body).not.toHaveValue(new RegExp(correction));
    await visitor.reload();
    await expect(visitor.getByRole('heading', { level: 1, name: guide.title })).toBeVisible();
    await expect(visitor.getByText(correction)).toHaveCount(0);
    await visitor.close();
  });

  test('an admin adds a webinar recording with an image for premium members, and schedules a new resource', async ({ page, browser }, testInfo) => {
    test.skip(
      testInfo.project.name === 'mobile',
      "an upload and a schedule are the same at every width (the library and the admin's tabs are drawn at both by other specs)",
    );
    test.setTimeout(120_000);
    const project = testInfo.project.name;
    const tag = `${project}${Date.now().toString(36)}`;
    await signInAsAdmin(page, project);
    await openContent(page);
    await page.getByRole('button', { name: 'New premium page' }).click();
    await page.getByLabel('Title').fill(`Recording ${tag}: grants that renew`);
    await expect(page.getByLabel('Web address')).toHaveValue(`recording-${tag}-grants-that-renew`);
    await page.getByLabel('Summary').fill('The November webinar, recorded, with the slides.');
    const body = page.getByLabel('Body (Markdown)');
    await body.fill('Watch the recording, then read the three takeaways.\n\n');

    // An image, with alt text required.
    await page.getByRole('button', { name: 'Image' }).click();
    const upload = page.getByRole('group', { name: 'Upload an image' });
    await upload.getByLabel('Image file').setInputFiles({ name: 'not-really.png', mimeType: 'image/png', buffer: Buffer.from('just text') });
    await upload.getByRole('button', { name: 'Upload and insert' }).click();
    await expect(upload.getByText('Alt text is required')).toBeVisible();
    await upload.getByLabel('Alt text').fill('The first slide: three grant renewal habits');
    await upload.getByRole('button', { name: 'Upload and insert' }).click();
    await expect(upload.getByRole('alert')).toContainText('not a PNG, JPEG, WebP or GIF image');
    const png = await sharp({ create: { width: 1200, height: 630, channels: 3, background: '#1d6f5f' } })
      .png()
      .toBuffer();
    await upload.getByLabel('Image file').setInputFiles({ name: 'slide.png', mimeType: 'image/png', buffer: png });
    await upload.getByRole('button', { name: 'Upload and insert' }).click();
    await expect(upload).toHaveCount(0);
    await expect(body).toHaveValue(/!\[The first slide: three grant renewal habits\]\(\/media\/[0-9a-f-]{36}\.png\)/);
    await expect(page.frameLocator('iframe[title="Page preview"]').getByRole('img', { name: 'The first slide: three grant renewal habits' })).toBeVisible();
    await page.getByRole('button', { name: 'Publish now' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Publish now' }).click();
    await expect(toast(page, 'Published')).toBeVisible();
    await expect(page.getByRole('heading', { name: `Edit: Recording ${tag}: grants that renew` })).toBeVisible();

    // A premium member finds it in the hub, image and all.
    const member = await browser.newContext({ baseURL: testInfo.project.use.baseURL });
    const registered = await member.request.post('/api/register', {
      data: { email: `recording.${tag}@example.org`, password: 'correct-horse', firstName: 'Pat', lastName: 'Member' },
    });
    const memberId = ((await registered.json()) as { id: string }).id;
    expect((await page.request.patch(`/api/admin/users/${memberId}/premium`, { data: { isPremium: true } })).ok()).toBe(true);
    const memberPage = await member.newPage();
    await memberPage.goto('/premium-resources');
    await expect(memberPage.getByRole('heading', { name: `Recording ${tag}: grants that renew` })).toBeVisible();
    const image = memberPage
      .getByRole('region', { name: `Recording ${tag}: grants that renew` })
      .getByRole('img', { name: 'The first slide: three grant renewal habits' });
    // Loaded lazily: once it is scrolled to, it arrives (the phone copy on a narrow screen).
    await image.scrollIntoViewIfNeeded();
    await expect.poll(() => image.evaluate((element: HTMLImageElement) => element.naturalWidth)).toBe(project === 'mobile' ? 640 : 1200);
    expect(await image.evaluate((element: HTMLImageElement) => element.currentSrc)).toMatch(project === 'mobile' ? /-640\.webp$/ : /\.png$/);
    await expect(image).toBeVisible();
    await member.close();

    // A new resource, scheduled for tomorrow: listed as scheduled, not in the library yet.
    await page.getByRole('button', { name: 'Back to content' }).click();
    await page.getByRole('button', { name: 'New resource' }).click();
    await page.getByLabel('Title').fill(`Grant calendar ${tag}`);
    await page.getByLabel('Summary').fill('Every renewal date of the year on one page.');
    // A resource is listed under a pillar and a kind: said under each, and the first takes the focus.
    await page.getByRole('button', { name: 'Save draft' }).click();
    await expect(page.getByText('Pillar is required')).toBeVisible();
    await expect(page.getByText('Kind is required')).toBeVisible();
    await expect(page.getByLabel('Pillar')).toBeFocused();
    await page.getByLabel('Pillar').selectOption('Fuel');
    await page.getByLabel('Kind').fill('Template');
    await page.getByLabel('Body (Markdown)').fill('- January: annual reports\n- March: renewals');
    await page.getByLabel('Publish at (America/New_York time)').fill('2030-01-15T09:00');
    await page.getByRole('button', { name: 'Schedule' }).click();
    await expect(toast(page, 'Publishing scheduled')).toBeVisible();
    await expect(page.getByText(/Scheduled .*2030/).first()).toBeVisible();
    const library = await page.request.get('/api/resources');
    expect(((await library.json()) as { title: string }[]).map((r) => r.title)).not.toContain(`Grant calendar ${tag}`);
    await page.getByRole('button', { name: 'Back to content' }).click();
    await expect(
      page
        .getByRole('region', { name: /Resources library/ })
        .getByRole('listitem')
        .filter({ hasText: `Grant calendar ${tag}` }),
    ).toContainText('Scheduled');
  });

  test('two admins on the same page: the later save is told, and keeps its text', async ({ page }, testInfo) => {
    test.skip(testInfo.project.name === 'mobile', 'a conflict between two saves, the same at every width');
    test.setTimeout(90_000);
    const project = testInfo.project.name;
    const tag = `${project}${Date.now().toString(36)}`;
    await signInAsAdmin(page, project);
    // A page of its own, so the other project's run does not touch it.
    const created = await page.request.post('/api/admin/content', {
      data: { section: 'premium', slug: `shared-${tag}`, title: `Shared ${tag}`, summary: '', body: 'Start', fields: {} },
    });
    expect(created.status()).toBe(201);
    const second = await page.context().newPage();
    for (const tab of [page, second]) {
      await openContent(tab);
      await tab.getByRole('button', { name: `Edit Shared ${tag}` }).click();
      await expect(tab.getByLabel('Body (Markdown)')).toHaveValue('Start');
    }
    // Each admin works in the tab in front, as people do: a tab behind gets no animation frames,
    // and the toast's announcement (role status) is put on the page in one.
    await page.bringToFront();
    await page.getByLabel('Body (Markdown)').fill('First admin’s text');
    await page.getByRole('button', { name: 'Save draft' }).click();
    await expect(toast(page, 'Draft saved')).toBeVisible();
    await second.bringToFront();
    await second.getByLabel('Body (Markdown)').fill('Second admin’s text');
    await second.getByRole('button', { name: 'Save draft' }).click();
    await expect(second.getByRole('alert').filter({ hasText: 'changed by another admin or in another tab' })).toBeVisible();
    await expect(second.getByLabel('Body (Markdown)')).toHaveValue('Second admin’s text');
    // The text survives a reload of the tab too.
    await second.reload();
    await second.getByRole('tab', { name: 'Content', exact: true }).click();
    await second.getByRole('button', { name: `Edit Shared ${tag}` }).click();
    await expect(second.getByText('Your unsaved changes from earlier were restored.')).toBeVisible();
    await expect(second.getByLabel('Body (Markdown)')).toHaveValue('Second admin’s text');
    await expectAccessible(second);
    await second.close();
  });
});
