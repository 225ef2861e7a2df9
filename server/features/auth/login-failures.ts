import { sql } from 'drizzle-orm';
import type { FastifyReply } from 'fastify';
import type { Database } from '../../db/client';
import { HttpError } from '../../http/errors';

interface Counter {
  key: string;
  count: number;
  /** Seconds until the window ends. */
  ttl: number;
}

const rowsOf = (result: unknown) => (result as { rows: { key: string; count: number | string; ttl: number | string }[] }).rows;

/**
 * Failed sign-ins, counted per email and per (email, address) pair; see docs/auth.md.
 *
 * - Only failures count, and a correct password clears both counters of that email, so a
 *   member signing in often is never limited.
 * - An address that reached the limit for an email is refused for that email.
 * - An email that reached the limit is refused only from addresses that already failed on it:
 *   an address with no failures still gets its password checked, so strangers guessing from
 *   elsewhere cannot lock the owner out. Each such address gets one guess before its own pair is
 *   refused, and the route's per-address limit bounds them all.
 *
 * Counted in the rate_limits table beside the route limits, so every server of one database
 * counts the same failures, and a restart forgets nothing.
 */
export function createLoginFailures(db: Database, options: { max: number; windowMs: number }) {
  const keys = (email: string, ip: string) => {
    const normalized = email.trim().toLowerCase();
    return [`login-failures|email|${normalized}`, `login-failures|pair|${normalized}|${ip}`] as const;
  };

  const live = async (emailKey: string, pairKey: string): Promise<Counter[]> =>
    rowsOf(
      await db.execute(sql`
        select key, count, ceil(extract(epoch from (reset_at - now())))::int as ttl
        from rate_limits where key in (${emailKey}, ${pairKey}) and reset_at > now()`),
    ).map((row) => ({ key: row.key, count: Number(row.count), ttl: Number(row.ttl) }));

  return {
    /** Throws 429 with Retry-After when this address may not try this email now. */
    async check(email: string, ip: string, reply: FastifyReply): Promise<void> {
      const [emailKey, pairKey] = keys(email, ip);
      const counters = await live(emailKey, pairKey);
      const pair = counters.find((c) => c.key === pairKey);
      const byEmail = counters.find((c) => c.key === emailKey);
      const blocking = pair && pair.count >= options.max ? pair : byEmail && byEmail.count >= options.max && pair ? byEmail : undefined;
      if (!blocking) return;
      const seconds = Math.max(1, blocking.ttl);
      reply.header('retry-after', seconds);
      const minutes = Math.max(1, Math.ceil(seconds / 60));
      throw new HttpError(429, `Too many sign-in attempts for this email. Please wait ${minutes} minute${minutes === 1 ? '' : 's'} and try again.`);
    },
    async failed(email: string, ip: string): Promise<void> {
      for (const key of keys(email, ip)) {
        // One atomic upsert per counter: a window that has ended starts again at 1.
        await db.execute(sql`
          insert into rate_limits (key, count, reset_at)
          values (${key}, 1, now() + ${options.windowMs} * interval '1 millisecond')
          on conflict (key) do update set
            count = case when rate_limits.reset_at <= now() then 1 else rate_limits.count + 1 end,
            reset_at = case when rate_limits.reset_at <= now() then excluded.reset_at else rate_limits.reset_at end`);
      }
    },
    async succeeded(email: string, ip: string): Promise<void> {
      const [emailKey, pairKey] = keys(email, ip);
      await db.execute(sql`delete from rate_limits where key in (${emailKey}, ${pairKey})`);
    },
  };
}
