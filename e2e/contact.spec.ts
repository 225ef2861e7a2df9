import type { Page } from '@playwright/test';
import { grantPremium } from './accounts';
import { expect, test } from './fixtures';
import { waitForMail } from './mail';
import { uniqueEmail } from '../server/test/unique-email';

/** A member signed in in this browser (page.request shares its cookies). */
async function registerMember(page: Page, label: string): Promise<string> {
  const email = uniqueEmail(label);
  expect((await page.request.post('/api/register', { data: { email, password: 'correct-horse', firstName: 'Grace', lastName: 'Hopper' } })).status()).toBe(201);
  return email;
}

async function send(page: Page) {
  await page.getByLabel('What is it about? *').selectOption('support');
  await page.getByLabel('Message *').fill('Our board meets next week: can you help?');
  await page.getByRole('button', { name: 'Send Message' }).click();
  await expect(page.getByRole('heading', { name: 'Message sent' })).toBeVisible();
}

test.describe('/contact for a signed-in member', () => {
  test('a premium member is promised 1 business day on the page, after sending and in the email, with their name and email filled in', async ({
    page,
    visit,
    playwright,
  }, testInfo) => {
    const email = await registerMember(page, 'contact-premium');
    await grantPremium(playwright, testInfo.project.name, email);

    await visit('/contact');
    await expect(page.getByTestId('reply-time')).toHaveText('Within 1 business day: as a premium member, your message goes to the front of the queue.');
    await expect(page.locator('main')).not.toContainText('1-2 business days');
    await expect(page.getByLabel('Name *')).toHaveValue('Grace Hopper');
    await expect(page.getByLabel('Email *')).toHaveValue(email);
    await page.screenshot({ path: testInfo.outputPath('contact-premium.png'), fullPage: true });

    await send(page);
    await expect(page.getByTestId('contact-sent')).toContainText('We reply within 1 business day,');
    await expect(page.locator('main')).not.toContainText('1-2 business days');
    expect((await waitForMail(email, /^We received your message$/)).text).toContain('reply within 1 business day');

    await page.getByRole('button', { name: 'Send another message' }).click();
    await expect(page.getByLabel('Name *')).toHaveValue('Grace Hopper');
    await expect(page.getByLabel('Email *')).toHaveValue(email);
    await expect(page.getByLabel('Message *')).toHaveValue('');
  });

  test('a free member is promised 1-2 business days, with their name and email filled in; a visitor reads both promises', async ({ page, visit }, testInfo) => {
    await visit('/contact');
    await expect(page.getByTestId('reply-time')).toHaveText('Within 1-2 business days; within 1 business day for premium members who write while signed in.');
    await expect(page.getByLabel('Name *')).toHaveValue('');

    const email = await registerMember(page, 'contact-free');
    await visit('/contact');
    await expect(page.getByTestId('reply-time')).toHaveText('Within 1-2 business days.');
    await expect(page.getByLabel('Name *')).toHaveValue('Grace Hopper');
    await expect(page.getByLabel('Email *')).toHaveValue(email);
    await page.screenshot({ path: testInfo.outputPath('contact-free.png'), fullPage: true });
    await send(page);
    await expect(page.getByTestId('contact-sent')).toContainText('We reply within 1-2 business days,');
    expect((await waitForMail(email, /^We received your message$/)).text).toContain('reply within 1-2 business days');
  });

  test('a premium member who sends before the page knows their account is promised 1 business day, as their email says', async ({
    page,
    playwright,
  }, testInfo) => {
    const email = await registerMember(page, 'contact-premium-early');
    await grantPremium(playwright, testInfo.project.name, email);
    // The account never arrives (a slow network, or its load failed): the page cannot tell a premium member.
    await page.route('**/api/user', () => {});
    await page.goto('/contact');
    await expect(page.locator('html[data-hydrated="true"]')).toHaveCount(1);
    await expect(page.getByTestId('reply-time')).toHaveText('Within 1-2 business days; within 1 business day for premium members who write while signed in.');
    await page.getByLabel('Name *').fill('Grace Hopper');
    await page.getByLabel('Email *').fill(email);
    await send(page);
    // The server knows who wrote: the page says the promise its acknowledgement makes.
    await expect(page.getByTestId('contact-sent')).toContainText('We reply within 1 business day,');
    expect((await waitForMail(email, /^We received your message$/)).text).toContain('reply within 1 business day');
    await page.screenshot({ path: testInfo.outputPath('contact-sent-premium-early.png'), fullPage: true });
    await page.unrouteAll({ behavior: 'ignoreErrors' });
  });
});
