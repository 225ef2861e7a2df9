import { createHmac } from 'node:crypto';
import { signInAsAdmin } from './accounts';
import { atBothWidths, expect, test } from './fixtures';
import { waitForMail } from './mail';
import { mailgunSigningKey } from '../playwright.config';

/*
 * Decision 043 in the admin: a copy of an edition bounces (Mailgun's webhook names it by its
 * Message-ID), the Bounces tab shows it with the mail server's words, the address is suppressed,
 * and an admin lifts the suppression after confirming. What is shown does not depend on the
 * width: desktop only, with screenshots at both widths.
 */

/** A Mailgun "failed" event for the copy whose Message-ID is `messageId`, signed as Mailgun signs. */
function mailgunBounce(messageId: string, recipient: string, diagnostic: string) {
  const timestamp = String(Math.floor(Date.now() / 1000));
  const token = `e2e${Date.now().toString(36)}${'0'.repeat(40)}`;
  const signature = createHmac('sha256', mailgunSigningKey).update(`${timestamp}${token}`).digest('hex');
  return {
    signature: { timestamp, token, signature },
    'event-data': {
      event: 'failed',
      severity: 'permanent',
      recipient,
      id: `e2e-${token}`,
      'delivery-status': { code: 550, message: diagnostic, description: '' },
      message: { headers: { 'message-id': messageId } },
    },
  };
}

test('a bounced copy shows in the Bounces tab with its diagnostic, and an admin lifts the suppression', async ({ page, browser }, info) => {
  test.skip(info.project.name === 'mobile', 'what is recorded and lifted does not depend on the width (screenshots at both widths are taken)');
  test.setTimeout(120_000);
  const stamp = Date.now().toString(36);
  await signInAsAdmin(page, info.project.name);
  const reader = await browser.newContext({ baseURL: info.project.use.baseURL });
  const email = `bounced.${stamp}@example.org`;
  const registered = await reader.request.post('/api/register', { data: { email, password: 'correct-horse', firstName: 'Bo', lastName: 'Unce' } });
  expect(registered.status()).toBe(201);
  const { id: userId } = (await registered.json()) as { id: string };
  await reader.close();
  expect((await page.request.patch(`/api/admin/users/${userId}/premium`, { data: { isPremium: true } })).ok()).toBe(true);

  const title = `Bounce check ${stamp}`;
  const created = await page.request.post('/api/admin/editions', {
    data: { title, summary: '', slug: `bounce-check-${stamp}`, body: 'A note that will not arrive.', audience: 'premium' },
  });
  expect(created.status()).toBe(201);
  const { id: editionId } = (await created.json()) as { id: string };
  expect((await page.request.post(`/api/admin/editions/${editionId}/send`, { data: {} })).ok()).toBe(true);
  const copy = await waitForMail(email, new RegExp(`^${title}$`), 60_000);
  const messageId = /^Message-ID: <([^>]+)>/im.exec(copy.headers)![1]!;

  // The provider reports the copy as undeliverable, a second time too (its retry): recorded once.
  const diagnostic = `5.1.1 <${email}>: Recipient address rejected: User unknown`;
  for (let i = 0; i < 2; i++) {
    expect((await page.request.post('/api/webhooks/mailgun', { data: mailgunBounce(messageId, email, diagnostic) })).status()).toBe(200);
  }

  await page.goto('/admin');
  await page.getByRole('tab', { name: 'Bounces', exact: true }).click();
  const bounces = page.getByRole('region', { name: 'Bounces and complaints table' });
  const bounce = bounces.getByRole('row').filter({ hasText: email });
  await expect(bounce).toHaveCount(1);
  await expect(bounce).toContainText('Hard bounce');
  await expect(bounce).toContainText(diagnostic);
  await expect(bounce).toContainText(title);
  const suppressed = page.getByRole('region', { name: 'Suppressed addresses table' }).getByRole('row').filter({ hasText: email });
  await expect(suppressed).toHaveCount(1);
  // Said once: the diagnostic starts with its status already.
  await expect(suppressed).toContainText(`Hard bounce: ${diagnostic}`);
  await atBothWidths(page, info, 'admin-bounces');

  // Lifting asks first; cancelling changes nothing.
  await suppressed.getByRole('button', { name: `Lift the suppression of ${email}` }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Lift this suppression?' });
  await expect(confirm).toContainText(`Editions go to ${email} again if it is still subscribed.`);
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(suppressed).toHaveCount(1);
  await suppressed.getByRole('button', { name: `Lift the suppression of ${email}` }).click();
  await confirm.getByRole('button', { name: 'Lift suppression' }).click();
  await expect(page.getByText('Suppression lifted: editions go to this address again if it is subscribed', { exact: true })).toBeVisible();
  await expect(suppressed).toHaveCount(0);
  // The bounce stays on record.
  await expect(bounce).toHaveCount(1);
});
