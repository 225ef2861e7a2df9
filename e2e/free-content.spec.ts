import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { fieldGuides } from '../shared/content/field-guides';
import { siteDates } from '../shared/site-time';
import { DEFAULT_SITE_TIMEZONE } from '../shared/site-year';
import { pdfText } from '../server/test/pdf-text';
import { expect, expectAccessible, test } from './fixtures';
import { uniqueEmail } from '../server/test/unique-email';

const guide = (slug: string) => fieldGuides.find((g) => g.slug === slug)!;

async function expectOpenGuide(page: Page, slug: string) {
  const { title, back } = guide(slug);
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(page.locator('.prose-content h2').first()).toBeVisible();
  await expect(page.getByRole('link', { name: back.label }).first()).toHaveAttribute('href', back.to);
  await expect(page.getByRole('link', { name: 'Download PDF Guide' })).toHaveAttribute('href', `/api/guides/${slug}.pdf`);
  await expect(page.getByRole('heading', { name: 'Access Required' })).toHaveCount(0);
}

async function expectAccessRequired(page: Page) {
  await expect(page.getByRole('heading', { level: 1, name: 'Access Required' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Get Free Access' })).toHaveAttribute('href', '/newsletter');
  await expect(page.getByRole('link', { name: 'Go Premium' })).toHaveAttribute('href', '/premium');
  await expect(page.getByRole('link', { name: 'Download PDF Guide' })).toHaveCount(0);
}

/** How many resources are published (of a pillar), as the API says: the seeded ones and any a spec published. */
async function publishedResources(page: Page, pillar?: string): Promise<number> {
  const all = (await (await page.request.get('/api/resources')).json()) as { pillar: string }[];
  return all.filter((resource) => !pillar || resource.pillar === pillar).length;
}

test.describe('landing and field guides index', () => {
  test('the landing page shows the Check-Up and the community cards', async ({ page, visit }) => {
    await visit('/');
    await expect(page.getByText('Most Popular')).toBeVisible();
    await expect(page.getByText('$19/month', { exact: true })).toBeVisible();
    await expect(page.getByText('Leave whenever you want')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Take the Free Check-Up' })).toHaveAttribute('href', '/checkup');
    await expect(page.getByRole('link', { name: 'Join the Community' })).toHaveAttribute('href', '/pricing');
    await expect(page.getByText('500+', { exact: true })).toBeVisible();
    await expect(page.getByText('50+', { exact: true })).toBeVisible();
    await expect(page.getByRole('link', { name: 'All field guides' })).toHaveAttribute('href', '/field-guides');
  });

  test('/field-guides lists the five guides and a premium promo to /pricing', async ({ page, visit }) => {
    await visit('/field-guides');
    for (const { slug, title, readingTime } of fieldGuides) {
      const link = page.getByRole('link', { name: title, exact: true });
      await expect(link).toHaveAttribute('href', `/field-guide/${slug}`);
      await expect(page.getByRole('listitem').filter({ has: link })).toContainText(readingTime);
    }
    await expect(page.getByText('Fuel covers fundraising and financial sustainability.')).toBeVisible();
    await expect(page.getByRole('link', { name: 'See membership plans' })).toHaveAttribute('href', '/pricing');
    await page.getByRole('link', { name: 'The Future Field Guide', exact: true }).click();
    await expectOpenGuide(page, 'future');
  });

  test('/start-here and /five-pillars show their content and onward links', async ({ page, visit }) => {
    await visit('/start-here');
    await expect(page.getByRole('heading', { level: 1, name: 'Start Here' })).toBeVisible();
    await expect(page.getByRole('heading', { level: 2, name: 'How to use the site' })).toBeVisible();
    // The price comes from shared/pricing.ts, not from the Markdown.
    await expect(page.locator('article')).toContainText('$19 a month or $190 a year');
    await expect(page.locator('article')).not.toContainText('{{');
    await page.locator('article').getByRole('link', { name: 'five Field Guides' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'The Five Field Guides' })).toBeVisible();
    await visit('/five-pillars');
    await expect(page.getByRole('heading', { level: 1, name: 'The Five Pillars' })).toBeVisible();
    for (const name of ['Impact', 'Humans', 'Fuel', 'Gears', 'Future']) {
      await expect(page.getByRole('heading', { level: 2, name, exact: true })).toBeVisible();
    }
    await expect(page.getByRole('link', { name: 'Explore the Field Guides' })).toHaveAttribute('href', '/field-guides');
    await expect(page.getByRole('link', { name: 'See Pricing' })).toHaveAttribute('href', '/pricing');
  });
});

test.describe('field guide gating', () => {
  test('a visitor needs free access for Gears and Humans', async ({ page, visit }) => {
    for (const slug of ['gears', 'humans']) {
      await visit(`/field-guide/${slug}`);
      await expectAccessRequired(page);
    }
  });

  test('a visitor reads Fuel, Future and Impact, each with its back link, and the view is recorded', async ({ page, visit }) => {
    const view = page.waitForRequest((r) => r.url().endsWith('/api/events') && r.postDataJSON()?.kind === 'field_guide_view');
    await visit('/field-guide/fuel');
    expect((await view).postDataJSON()).toMatchObject({ kind: 'field_guide_view', path: '/field-guide/fuel', props: { slug: 'fuel' } });
    await expectOpenGuide(page, 'fuel');
    await visit('/field-guide/future');
    await expectOpenGuide(page, 'future');
    await visit('/field-guide/impact');
    await expectOpenGuide(page, 'impact');
    await page.getByRole('link', { name: 'Back to Start Here' }).first().click();
    await expect(page).toHaveURL(/\/start-here$/);
  });

  test('the newsletter flag opens Gears and Humans', async ({ page, visit }) => {
    await page.addInitScript(() => localStorage.setItem('nish_newsletter_signup', 'true'));
    await visit('/field-guide/gears');
    await expectOpenGuide(page, 'gears');
    // A checklist item is a labelled checkbox a reader can tick.
    const firstItem = page.locator('.prose-content input[type="checkbox"]').first();
    await firstItem.check();
    await expect(firstItem).toBeChecked();
    await visit('/field-guide/humans');
    await expectOpenGuide(page, 'humans');
  });

  test('getting free access from the gate unlocks the guide at once', async ({ page, visit }) => {
    await visit('/field-guide/gears');
    await expectAccessRequired(page);
    await page.evaluate(() => localStorage.setItem('nish_newsletter_signup', 'true'));
    await page.reload();
    await expectOpenGuide(page, 'gears');
  });

  // Premium-only gating (GuideGate's requirePremium) is covered by client/features/guides/gate.test.ts:
  // no guide requires premium today (docs/product.md §6).
  test('a signed-in free member reads Gears', async ({ page, visit }) => {
    const res = await page.request.post('/api/register', {
      data: { email: uniqueEmail('guides'), password: 'correct horse battery', firstName: 'Gina', lastName: 'Gears' },
    });
    expect(res.status()).toBe(201);
    await visit('/field-guide/gears');
    await expectOpenGuide(page, 'gears');
  });
});

test.describe('field guide PDF', () => {
  test('Download PDF Guide saves a real PDF of the guide', async ({ page, visit }) => {
    await page.addInitScript(() => localStorage.setItem('nish_newsletter_signup', 'true'));
    for (const slug of ['fuel', 'gears']) {
      await visit(`/field-guide/${slug}`);
      const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'Download PDF Guide' }).click()]);
      expect(download.suggestedFilename()).toBe(`${slug}-field-guide.pdf`);
      const file = readFileSync((await download.path())!);
      expect(file.subarray(0, 5).toString('latin1')).toBe('%PDF-');
      expect(pdfText(file).replace(/\s+/g, ' ')).toContain(guide(slug).title);
    }
  });
});

test.describe('resources library', () => {
  test('search, pillar filter, expanding a resource and the empty state', async ({ page, visit }) => {
    // 25 are seeded; another spec may have published one more meanwhile (the counts below are of seeded text only).
    const total = await publishedResources(page);
    await visit('/resources');
    const count = page.getByRole('status').filter({ hasText: /Showing/ });
    await expect(count).toHaveText(`Showing ${total} resources`);
    for (const name of ['Impact', 'Humans', 'Fuel', 'Gears', 'Future']) {
      await expect(page.getByRole('heading', { level: 2, name, exact: true })).toBeVisible();
    }

    await page.getByLabel('Search resources').fill('BOARD');
    await expect(count).toHaveText('Showing 16 resources');
    const gears = page.getByRole('button', { name: 'Gears', exact: true });
    await gears.click();
    await expect(gears).toHaveAttribute('aria-pressed', 'true');
    await expect(page.getByRole('button', { name: 'All', exact: true })).toHaveAttribute('aria-pressed', 'false');
    await expect(count).toHaveText('Showing 2 resources');
    await expect(page).toHaveURL(/[?&]pillar=gears/);
    await expect(page.getByRole('heading', { level: 2, name: 'Fuel', exact: true })).toHaveCount(0);

    const view = page.waitForRequest((r) => r.url().endsWith('/api/events') && r.postDataJSON()?.kind === 'resource_view');
    const toggle = page.getByRole('button', { name: /Data Backup and Password Manager Checklist/ });
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await toggle.click();
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect((await view).postDataJSON()).toMatchObject({ props: { id: 'data-backup-and-password-manager-checklist' } });
    const body = page.locator('#resource-data-backup-and-password-manager-checklist-body');
    await expect(body.getByRole('checkbox').first()).toBeVisible();
    const external = body.getByRole('link', { name: /NTEN.*\(opens in a new tab\)/ });
    await expect(external).toHaveAttribute('target', '_blank');
    await expect(external).toHaveAttribute('rel', 'noopener noreferrer');
    await expectAccessible(page);
    await toggle.click();
    await expect(body).toBeHidden();

    await page.getByLabel('Search resources').fill('zebra unicorn');
    await expect(count).toHaveText('Showing 0 resources');
    await expect(page.getByText(/No resources match/)).toBeVisible();
    await page.getByRole('button', { name: 'Clear filters' }).click();
    await expect(count).toHaveText(`Showing ${total} resources`);
    await expect(page.getByLabel('Search resources')).toBeFocused();
    await expect(page.getByLabel('Search resources')).toHaveValue('');
    await expect(page.getByRole('button', { name: 'All', exact: true })).toHaveAttribute('aria-pressed', 'true');
  });

  test('a pillar in the address opens the library filtered', async ({ page, visit }) => {
    const fuel = await publishedResources(page, 'Fuel');
    await visit('/resources?pillar=fuel');
    await expect(page.getByRole('status').filter({ hasText: /Showing/ })).toHaveText(`Showing ${fuel} resources`);
    await expect(page.getByRole('button', { name: 'Fuel', exact: true })).toHaveAttribute('aria-pressed', 'true');
  });

  test('a link to one resource opens it in view, with its button focused', async ({ page, visit }) => {
    const all = (await (await page.request.get('/api/resources')).json()) as { id: string; title: string }[];
    // The last of the list: far below the first screen, at both widths.
    const last = all.at(-1)!;
    await visit(`/resources?open=${last.id}`);
    const button = page.getByRole('button', { name: new RegExp(last.title.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')) });
    await expect(button).toHaveAttribute('aria-expanded', 'true');
    await expect(button).toBeFocused();
    await expect(button).toBeInViewport();
  });
});

test.describe('The Weekly Dish', () => {
  test('sample issue dialog, the four cards, recent editions and Subscribe Free', async ({ page, visit }) => {
    // The latest sent edition is the sample: the seeded issue 47, or one another spec sent since.
    const { latest, recent } = (await (await page.request.get('/api/editions')).json()) as {
      latest: { title: string; sentAt: string };
      recent: { title: string; issueNumber: number }[];
    };
    await visit('/weekly-dish');
    await expect(page.getByRole('heading', { level: 1, name: 'The Weekly Dish' })).toBeVisible();
    for (const title of ['Global Trends', 'Org Spotlights', 'Monthly Tips', 'Weekly Delivery']) {
      await expect(page.getByRole('heading', { level: 3, name: title, exact: true })).toBeVisible();
    }
    await expect(page.getByRole('heading', { level: 3, name: latest.title })).toBeVisible();
    const date = siteDates(DEFAULT_SITE_TIMEZONE).long(latest.sentAt);
    await expect(page.getByText(date).first()).toBeVisible();
    await expect(page.getByRole('button', { name: /^Read issue \d+/ })).toHaveCount(3);

    const open = page.getByRole('button', { name: 'View Sample Issue' });
    await open.click();
    const dialog = page.getByRole('dialog', { name: latest.title });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole('heading').first()).toBeVisible();
    await expectAccessible(page);
    // Focus stays inside the dialog.
    for (let i = 0; i < 4; i++) await page.keyboard.press('Tab');
    expect(await dialog.evaluate((el) => el.contains(document.activeElement))).toBe(true);
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(open).toBeFocused();

    await page.getByRole('button', { name: new RegExp(`^Read issue ${recent[0]!.issueNumber}:`) }).click();
    const recentDialog = page.getByRole('dialog');
    await expect(recentDialog.getByRole('heading', { level: 2 })).toHaveText(recent[0]!.title);
    await recentDialog.getByRole('button', { name: 'Close' }).click();
    await expect(recentDialog).toBeHidden();

    await page.getByRole('link', { name: 'Subscribe Free' }).first().click();
    await expect(page).toHaveURL(/\/newsletter$/);
  });
});
