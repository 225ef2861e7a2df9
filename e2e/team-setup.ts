import type { APIRequestContext, Browser, TestInfo } from '@playwright/test';
import { baseURL } from '../playwright.config';
import { register } from './accounts';
import { withClockLock } from './billing-clock';
import { expect } from './fixtures';
import { linkIn, waitForMail } from './mail';

/** A monthly team plan of 3 seats, bought and paid by the signed-in `request` through the local provider. */
export async function buyTeamPlan(request: APIRequestContext) {
  const checkout = await request.post('/api/team/checkout', { data: { planType: 'monthly', seats: 3 } });
  expect(checkout.ok()).toBe(true);
  const id = ((await checkout.json()) as { url: string }).url.split('/').pop()!;
  await withClockLock(async () => {
    const paid = await request.post(`/api/billing/local/checkouts/${id}/pay`, { data: { cardNumber: '4242 4242 4242 4242', expiry: '12 / 34', cvc: '123' } });
    expect(paid.ok()).toBe(true);
  });
  await expect.poll(async () => ((await (await request.get('/api/team')).json()) as { team: unknown }).team).not.toBeNull();
}

/** `email` gets an account and joins the buyer's team with the invitation's link, in a browser of its own (signed in, returned). */
export async function joinTeam(buyer: APIRequestContext, browser: Browser, info: TestInfo, email: string, firstName: string) {
  expect((await buyer.post('/api/team/invitations', { data: { email } })).ok()).toBe(true);
  const context = await browser.newContext({ baseURL: info.project.use.baseURL });
  await register(context.request, email, firstName);
  const token = linkIn(await waitForMail(email, /invited you to/), `${baseURL}/team/join/`)
    .split('/')
    .pop()!;
  expect((await context.request.post(`/api/team/join/${token}`, { data: {} })).ok()).toBe(true);
  return context;
}
