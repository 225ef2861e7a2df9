import type { APIRequestContext, Page } from '@playwright/test';
import { expect } from './fixtures';

/** Registers `email` (or signs it in when it exists already, as on a spec's retry). */
export async function register(request: APIRequestContext, email: string, firstName = 'Ada') {
  const res = await request.post('/api/register', { data: { email, password: 'correct-horse', firstName, lastName: 'Tester' } });
  if (res.status() === 409) expect((await request.post('/api/login', { data: { email, password: 'correct-horse' } })).ok()).toBe(true);
  else expect(res.status()).toBe(201);
}

/** The project's admin account: listed in ADMIN_EMAILS by playwright.config.ts, so make-admin grants it. Returns its email. */
export async function signInAsAdmin(page: Page, project: string): Promise<string> {
  const email = `e2e-admin-${project}@example.org`;
  await register(page.request, email, 'Root');
  expect((await page.request.post('/api/auth/make-admin')).ok()).toBe(true);
  return email;
}
