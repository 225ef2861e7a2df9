import { expect } from 'vitest';
import { type AppAnswer, callApp } from './call-app';
import { uniqueEmail } from './unique-email';
import { SESSION_COOKIE } from '../http/sessions';

/** Test support for the auth tests: accounts made over HTTP, and the session cookie they get. */
export function sessionCookieOf(res: Pick<AppAnswer, 'headers'>): string | undefined {
  const line = res.headers.getSetCookie().find((c) => c.startsWith(`${SESSION_COOKIE}=`));
  const value = line?.split(';')[0];
  return value && value !== `${SESSION_COOKIE}=` ? value : undefined;
}

export interface TestAccount {
  email: string;
  password: string;
  cookie: string;
  user: Record<string, unknown>;
}

export async function registerAccount(baseUrl: string, label = 'member', overrides: Record<string, string> = {}): Promise<TestAccount> {
  const body = { email: uniqueEmail(label), password: 'correct-horse', firstName: 'Ada', lastName: 'Lovelace', ...overrides };
  const res = await callApp(`${baseUrl}/api/register`, 'POST', { body });
  expect(res.status).toBe(201);
  const cookie = sessionCookieOf(res);
  expect(cookie).toBeDefined();
  return { email: body.email, password: body.password, cookie: cookie!, user: res.json };
}

export const getUser = (baseUrl: string, cookie: string) => callApp(`${baseUrl}/api/user`, 'GET', { cookie });

/** No response may carry password material (a password, its hash or a token), at any depth. */
export function expectNoSecrets(json: unknown): void {
  const forbidden = /password|hash|token|secret/i;
  const walk = (value: unknown): void => {
    if (!value || typeof value !== 'object') return;
    for (const [key, inner] of Object.entries(value)) {
      expect(key).not.toMatch(forbidden);
      walk(inner);
    }
  };
  walk(json);
}
