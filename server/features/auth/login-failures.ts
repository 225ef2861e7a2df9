import type { FastifyReply } from 'fastify';
import { HttpError } from '../../http/errors';

interface Counter {
  count: number;
  resetAt: number;
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
 * In memory, like the route limits: counters reset on restart and are per process.
 */
export function createLoginFailures(options: { max: number; windowMs: number }) {
  const counters = new Map<string, Counter>();
  const now = () => Date.now();

  const live = (key: string): Counter | undefined => {
    const counter = counters.get(key);
    if (counter && counter.resetAt <= now()) {
      counters.delete(key);
      return undefined;
    }
    return counter;
  };
  const prune = () => {
    if (counters.size < 10_000) return;
    for (const [key, counter] of counters) if (counter.resetAt <= now()) counters.delete(key);
  };
  const bump = (key: string) => {
    const counter = live(key);
    if (counter) counter.count += 1;
    else counters.set(key, { count: 1, resetAt: now() + options.windowMs });
  };
  const keys = (email: string, ip: string) => [`email:${email.trim().toLowerCase()}`, `pair:${email.trim().toLowerCase()}:${ip}`] as const;

  return {
    /** Throws 429 with Retry-After when this address may not try this email now. */
    check(email: string, ip: string, reply: FastifyReply): void {
      const [emailKey, pairKey] = keys(email, ip);
      const pair = live(pairKey);
      const byEmail = live(emailKey);
      const blocking = pair && pair.count >= options.max ? pair : byEmail && byEmail.count >= options.max && pair ? byEmail : undefined;
      if (!blocking) return;
      const seconds = Math.max(1, Math.ceil((blocking.resetAt - now()) / 1000));
      reply.header('retry-after', seconds);
      const minutes = Math.max(1, Math.ceil(seconds / 60));
      throw new HttpError(429, `Too many sign-in attempts for this email. Please wait ${minutes} minute${minutes === 1 ? '' : 's'} and try again.`);
    },
    failed(email: string, ip: string): void {
      prune();
      for (const key of keys(email, ip)) bump(key);
    },
    succeeded(email: string, ip: string): void {
      const [emailKey, pairKey] = keys(email, ip);
      counters.delete(emailKey);
      counters.delete(pairKey);
    },
  };
}
