import type { APIRequestContext, Page, PlaywrightWorkerArgs } from '@playwright/test';
import { baseURL } from '../playwright.config';
import { expect } from './fixtures';
import { linkIn, waitForMail } from './mail';

/** Registers `email` (or signs it in when it exists already, as on a spec's retry). */
export async function register(request: APIRequestContext, email: string, firstName = 'Ada') {
  const res = await request.post('/api/register', { data: { email, password: 'correct-horse', firstName, lastName: 'Tester' } });
  if (res.status() === 409) expect((await request.post('/api/login', { data: { email, password: 'correct-horse' } })).ok()).toBe(true);
  else expect(res.status()).toBe(201);
}

/** Registers `email` and confirms the address from the welcome email's link, as its owner would. */
export async function registerVerified(request: APIRequestContext, email: string, firstName = 'Ada') {
  await register(request, email, firstName);
  const token = new URL(linkIn(await waitForMail(email, /Welcome to/), `${baseURL}/verify-email?token=`)).searchParams.get('token');
  expect((await request.post('/api/account/verify-email', { data: { token } })).ok()).toBe(true);
}

/** The project's admin account: listed in ADMIN_EMAILS by playwright.config.ts, so make-admin grants it. Returns its email. */
export async function signInAsAdmin(page: Page, project: string): Promise<string> {
  const email = `e2e-admin-${project}@example.org`;
  await register(page.request, email, 'Root');
  expect((await page.request.post('/api/auth/make-admin')).ok()).toBe(true);
  return email;
}

/** The team grants `email` premium, as the project's admin signed in on a device of its own. */
export async function grantPremium(playwright: PlaywrightWorkerArgs['playwright'], project: string, email: string): Promise<void> {
  await asAdmin(playwright, project, email, 'premium', { isPremium: true });
}

/** The team makes `email` an admin, as the project's admin signed in on a device of its own. */
export async function grantAdmin(playwright: PlaywrightWorkerArgs['playwright'], project: string, email: string): Promise<void> {
  await asAdmin(playwright, project, email, 'admin', { isAdmin: true });
}

async function asAdmin(playwright: PlaywrightWorkerArgs['playwright'], project: string, email: string, field: 'premium' | 'admin', data: object) {
  const admin = await playwright.request.newContext({ baseURL, extraHTTPHeaders: { origin: baseURL } });
  await register(admin, `e2e-admin-${project}@example.org`, 'Root');
  expect((await admin.post('/api/auth/make-admin')).ok()).toBe(true);
  const { items } = await (await admin.get(`/api/admin/users?search=${encodeURIComponent(email)}`)).json();
  expect((await admin.patch(`/api/admin/users/${items[0].id}/${field}`, { data })).ok()).toBe(true);
  await admin.dispose();
}
