import type { FastifyReply } from 'fastify';
import type { Database } from '../../db/client';
import { HttpError } from '../../http/errors';
import { countHit, deleteCounters, liveCounters } from '../../http/rate-limit-store';

interface Counter {
  key: string;
  count: number;
  /** Seconds until the window ends. */
  ttl: number;
}

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
    (await liveCounters(db, [emailKey, pairKey])).map((row) => ({ ...row, ttl: Math.ceil(row.ttl / 1000) }));

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
      // One atomic count per counter: a window that has ended starts again at 1.
      for (const key of keys(email, ip)) await countHit(db, key, options.windowMs);
    },
    async succeeded(email: string, ip: string): Promise<void> {
      const [emailKey, pairKey] = keys(email, ip);
      await deleteCounters(db, [emailKey, pairKey]);
    },
  };
}
