import type { FrameLocator, Locator, Page } from '@playwright/test';
import sharp from 'sharp';
import { signInAsAdmin } from './accounts';
import { expect, expectAccessible, test } from './fixtures';

/**
 * A resource written with the editor's own toolbar shows formatted, in the admin's preview and on
 * /resources, because both come from the one Markdown pipeline on the server: before, the
 * resources library drew bodies with a renderer of its own and showed `## Budget`,
 * `[the template](https://…)` and `![Chart](/media/…)` as they were typed.
 */
async function formattedBody(scope: Page | FrameLocator | Locator, tag: string) {
  await expect(scope.getByRole('heading', { name: `Budget ${tag}`, level: 2 })).toBeVisible();
  await expect(scope.locator('em', { hasText: 'quarterly' })).toBeVisible();
  await expect(scope.getByRole('link', { name: 'the template' })).toHaveAttribute('href', 'https://example.org/template');
  await expect(scope.locator('blockquote', { hasText: 'Less is more' })).toBeVisible();
  await expect(scope.getByRole('img', { name: `A budget chart ${tag}` })).toBeVisible();
  await expect(scope.getByRole('checkbox', { name: 'Name an owner' })).toBeVisible();
  // Nothing of the Markdown is left as typed.
  await expect(scope.getByText(/## Budget|\]\(https:|!\[A budget chart|\*quarterly\*/)).toHaveCount(0);
}

test('every toolbar button, written into a resource, shows formatted in the preview and on /resources', async ({ page, browser }, testInfo) => {
  test.skip(
    testInfo.project.name === 'mobile',
    "what the Markdown becomes is the same at every width (the content editor's toolbar runs at both in editor-toolbar.spec.ts)",
  );
  test.setTimeout(120_000);
  const project = testInfo.project.name;
  const tag = `${project}${Date.now().toString(36)}`;
  await signInAsAdmin(page, project);
  await page.goto('/admin');
  await page.getByRole('tab', { name: 'Content', exact: true }).click();
  await page.getByRole('button', { name: 'New resource' }).click();
  await page.getByLabel('Title').fill(`Budget worksheet ${tag}`);
  await page.getByLabel('Summary').fill('A budget in four steps.');
  await page.getByLabel('Pillar').selectOption('Fuel');
  await page.getByLabel('Kind').fill('Worksheet');

  const body = page.getByLabel('Body (Markdown)');
  await body.click();
  await page.getByRole('button', { name: 'Heading' }).click();
  await page.keyboard.type(`Budget ${tag}`);
  await body.pressSequentially('\n\nReview it ');
  await page.getByRole('button', { name: 'Italic' }).click();
  await page.keyboard.type('quarterly');
  await body.press('End');
  await body.pressSequentially(' with ');
  // Link: the selected words become the link's text, then its address is typed over "https://".
  await body.pressSequentially('the template');
  for (let i = 0; i < 'the template'.length; i++) await body.press('Shift+ArrowLeft');
  await page.getByRole('button', { name: 'Link' }).click();
  await page.keyboard.type('https://example.org/template');
  await body.press('End');
  await body.pressSequentially('.\n\n');
  await page.getByRole('button', { name: 'Quote' }).click();
  await page.keyboard.type('Less is more');
  await body.pressSequentially('\n\n- [ ] Name an owner\n\n');
  await page.getByRole('button', { name: 'Image' }).click();
  const upload = page.getByRole('group', { name: 'Upload an image' });
  const png = await sharp({ create: { width: 800, height: 400, channels: 3, background: '#0f5e56' } })
    .png()
    .toBuffer();
  await upload.getByLabel('Image file').setInputFiles({ name: 'chart.png', mimeType: 'image/png', buffer: png });
  await upload.getByLabel('Alt text').fill(`A budget chart ${tag}`);
  await upload.getByRole('button', { name: 'Upload and insert' }).click();
  await expect(upload).toHaveCount(0);
  await expect(body).toHaveValue(
    new RegExp(
      `^## Budget ${tag}\\n\\nReview it \\*quarterly\\* with \\[the template\\]\\(https://example\\.org/template\\)\\.\\n\\n> Less is more\\n\\n- \\[ \\] Name an owner\\n\\n!\\[A budget chart ${tag}\\]\\(/media/[0-9a-f-]{36}\\.png\\)`,
    ),
  );

  await formattedBody(page.frameLocator('iframe[title="Page preview"]'), tag);
  await page.getByRole('button', { name: 'Publish now' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Publish now' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Published' }).first()).toBeVisible();

  // A visitor of their own (a context, which the accessibility scan needs, not a bare page).
  const visitorContext = await browser.newContext({ baseURL: testInfo.project.use.baseURL });
  const visitor = await visitorContext.newPage();
  await visitor.goto(`/resources?q=${encodeURIComponent(tag)}`);
  const card = visitor.getByRole('listitem').filter({ hasText: `Budget worksheet ${tag}` });
  await card.getByRole('button', { name: new RegExp(`Budget worksheet ${tag}`) }).click();
  await formattedBody(card, tag);
  await expectAccessible(visitor);
  await visitor.screenshot({ path: testInfo.outputPath('resource-formatted.png'), fullPage: true });
  await visitorContext.close();
});
