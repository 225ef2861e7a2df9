import { sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { localBillingClock } from './schema';

/**
 * The billing clock: real time plus an offset kept in the database, so `npm run billing:clock`
 * can move renewals and period ends forward without waiting, and a restart keeps the move.
 * Only the local provider's offset can be non-zero (the clock route refuses under Stripe).
 */
export async function billingNow(db: Database): Promise<Date> {
  const [row] = await db.select({ offsetMs: localBillingClock.offsetMs }).from(localBillingClock).limit(1);
  return new Date(Date.now() + (row?.offsetMs ?? 0));
}

export async function advanceBillingClock(db: Database, ms: number): Promise<Date> {
  await db
    .insert(localBillingClock)
    .values({ id: 1, offsetMs: ms })
    .onConflictDoUpdate({ target: localBillingClock.id, set: { offsetMs: sql`${localBillingClock.offsetMs} + ${ms}` } });
  return billingNow(db);
}

const units: Record<string, number> = { s: 1000, m: 60_000, h: 3_600_000, d: 86_400_000 };

/** `31d`, `12h`, `90m`, `30s` as milliseconds; anything else (or over 5 years) is undefined. */
export function parseDuration(text: string): number | undefined {
  const match = /^(\d{1,5})([smhd])$/.exec(text.trim());
  if (!match) return undefined;
  const ms = Number(match[1]) * units[match[2]!]!;
  return ms > 0 && ms <= 5 * 366 * units.d! ? ms : undefined;
}
