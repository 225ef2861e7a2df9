import { eq, sql } from 'drizzle-orm';
import { users } from '../db/schema';
import { memberships } from '../features/membership/schema';
import type { TestApp } from './app';
import { callApp } from './call-app';

/** Test support for the payment tests: calls as a signed-in member, test cards, and what the database holds of memberships. */
export function memberApi(t: TestApp, cookie: string) {
  const call = (method: string, path: string, body?: unknown) => callApp(`${t.url}${path}`, method, { body, cookie });
  return {
    call,
    post: (path: string, body?: unknown) => call('POST', path, body),
    get: (path: string) => call('GET', path),
  };
}

export const goodCard = { cardNumber: '4242 4242 4242 4242', expiry: '12 / 34', cvc: '123' };
export const declinedCard = { cardNumber: '4000 0000 0000 0002', expiry: '12 / 34', cvc: '123' };
export const renewalFailsCard = { cardNumber: '4000 0000 0000 0341', expiry: '12 / 34', cvc: '123' };

export async function isPremium(t: TestApp, userId: string): Promise<boolean> {
  const [row] = await t.ctx.db.select({ isPremium: users.isPremium }).from(users).where(eq(users.id, userId));
  return row!.isPremium;
}

export function membershipsOf(t: TestApp, userId: string) {
  return t.ctx.db.select().from(memberships).where(eq(memberships.userId, userId));
}

export async function premiumSignupEvents(t: TestApp, since: Date) {
  const { rows } = await t.ctx.db.execute<{ props: Record<string, unknown> }>(
    sql`select props from usage_events where kind = 'premium_signup' and created_at >= ${since} order by id`,
  );
  return rows.map((r) => r.props);
}
